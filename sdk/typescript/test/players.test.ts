// Rated play on a real server (CARDTABLE_URL, set by tests/web/test_typescript.py): players,
// profiles, the queue and its tickets, a rated game, the leaderboard, through `table.players`.
import { describe, expect, it } from "vitest";
import { AlreadyMatched, AlreadyQueued, Cardtable, CardtableError, InvalidToken, NameTaken, type PlayerEvent } from "../src/index";

const url = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env["CARDTABLE_URL"];

function fresh(prefix: string): string {
  return `${prefix}${Math.random().toString(16).slice(2, 10)}`;
}

describe.skipIf(!url)("rated play", () => {
  const table = new Cardtable(url);

  it("creates a player once, shows its key once, and refuses its name in another case", async () => {
    const name = fresh("Ts");
    const created = await table.players.create(name, "human");
    expect(created.key.length).toBeGreaterThanOrEqual(22);
    const profile = await table.players.profile(created.id);
    expect(profile).toMatchObject({ id: created.id, name, kind: "human" });
    expect(profile.ratings.skyjo?.games).toBe(0);
    expect(JSON.stringify(profile)).not.toContain(created.key);
    await expect(table.players.create(name.toUpperCase(), "bot")).rejects.toBeInstanceOf(NameTaken);
  });

  it("holds one waiting ticket at a time, for its player only, until cancelled", async () => {
    const bot = await table.players.create(fresh("TsWait"), "bot");
    const me = table.players.as(bot.key, bot.id);
    const ticket = await me.enqueue("skyjo", 2, "humans");
    expect(ticket.status).toBe("waiting");
    await expect(me.enqueue("skyjo", 2, "bots")).rejects.toBeInstanceOf(AlreadyQueued);
    expect((await me.ticket(ticket.ticket, 1)).status).toBe("waiting");
    const other = await table.players.create(fresh("TsOther"), "bot");
    const refused = await table.players.as(other.key).ticket(ticket.ticket).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CardtableError);
    expect([403, 404]).toContain((refused as CardtableError).status);
    await expect(table.players.as("not-a-key").enqueue("skyjo")).rejects.toBeInstanceOf(InvalidToken);
    expect((await me.cancel(ticket.ticket)).status).toBe("cancelled");
    expect((await me.ticket(ticket.ticket)).status).toBe("cancelled");
  });

  it("queues for a Skip-Bo team table, seated with partners opposite", async () => {
    const bot = await table.players.create(fresh("TsTeam"), "bot");
    const me = table.players.as(bot.key, bot.id);
    const queued = await me.enqueue("skipbo", 4, { opponents: "bots", teams: true });
    expect(queued.teams).toBe(true);
    const matched = await me.waitForMatch(queued.ticket);
    expect(matched).toMatchObject({ status: "matched", teams: true });
    const seat = table.seat(matched.game_id!, matched.token!, "skipbo");
    const view = (await seat.view()) as unknown as { options: { teams: boolean }; teams: number[][] };
    expect(view.options.teams).toBe(true);
    expect(view.teams).toEqual([[0, 2], [1, 3]]);
    await seat.leave();
  });

  it("a bot is matched with a server bot; the rated game ends and the leaderboard lists it", async () => {
    const bot = await table.players.create(fresh("TsRated"), "bot");
    const me = table.players.as(bot.key, bot.id);
    const matched = await me.waitForMatch((await me.enqueue("skyjo", 2, "bots")).ticket);
    expect(matched.status).toBe("matched");
    await expect(me.cancel(matched.ticket)).rejects.toBeInstanceOf(AlreadyMatched);
    const seat = table.seat(matched.game_id!, matched.token!, "skyjo");
    const view = (await seat.view()) as unknown as { rated: boolean; players: { player?: string }[] };
    expect(view.rated).toBe(true);
    expect(view.players[matched.seat!]?.player).toBe(bot.id);
    // Leaving hands the seat to the server's bot: the game plays to its end, and the
    // leaver is rated last.
    await seat.leave();
    let score = (await seat.score()) as unknown as { ratings?: { player: string; before: number; after: number }[] };
    for (let tries = 0; !score.ratings && tries < 600; tries += 1) {
      await new Promise((done) => setTimeout(done, 100));
      score = (await seat.score()) as unknown as typeof score;
    }
    const mine = score.ratings!.find((entry) => entry.player === bot.id)!;
    expect(mine.after).toBeLessThan(mine.before);
    const profile = await me.profile();
    expect(profile.ratings.skyjo).toMatchObject({ games: 1, rating: mine.after });
    const board = await table.players.leaderboard("skyjo", { kind: "bot", limit: 200 });
    expect(board.players.find((row) => row.id === bot.id)).toMatchObject({ kind: "bot", games: 1, rating: mine.after });
    const ratings = board.players.map((row) => row.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("a duplicate set: one game a seat rotation, rated once when its last game ends", async () => {
    const bot = await table.players.create(fresh("TsDup"), "bot");
    const me = table.players.as(bot.key, bot.id);
    const matched = await me.waitForMatch((await me.enqueueDuplicate("skyjo", 2)).ticket);
    expect(matched.status).toBe("matched");
    expect(matched.format).toBe("duplicate");
    const games = matched.games!;
    expect(games).toHaveLength(2);
    expect(games[0]).toMatchObject({ game_id: matched.game_id, seat: matched.seat });
    expect(games[1]!.seat).toBe((matched.seat! + 1) % 2);
    const seats = games.map((game) => table.seat(game.game_id, game.token, "skyjo"));
    for (const [index, seat] of seats.entries()) {
      const view = (await seat.view()) as unknown as { set: { id: string; index: number; size: number } };
      expect(view.set).toEqual({ id: matched.set_id, index, size: 2 });
      await seat.leave(); // the server's bot plays the seat to the end; the leaver places last
    }
    type Score = { finished: boolean; set: { pending: boolean }; ratings?: { player: string }[] };
    let scores: Score[] = [];
    for (let tries = 0; tries < 600; tries += 1) {
      scores = (await Promise.all(seats.map((seat) => seat.score()))) as unknown as Score[];
      if (scores.every((score) => score.ratings)) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    for (const score of scores) {
      expect(score.set.pending).toBe(false);
      expect(score.ratings!.map((entry) => entry.player)).toContain(bot.id);
    }
    expect((await me.profile()).ratings.skyjo).toMatchObject({ games: 1 });
  });

  it("renames, rotates the key, and lists the rated games in the history", async () => {
    const bot = await table.players.create(fresh("TsHist"), "bot");
    const me = table.players.as(bot.key, bot.id);
    const matched = await me.waitForMatch((await me.enqueue("skyjo", 2, "bots")).ticket);
    const seat = table.seat(matched.game_id!, matched.token!, "skyjo");
    await seat.leave();
    // Reading the game lets the server's bots play on (they play in slices, as it is read).
    for (let tries = 0; !(await seat.view()).finished && tries < 600; tries += 1) await new Promise((done) => setTimeout(done, 100));
    const history = await table.players.history(bot.id, { limit: 5 });
    expect(history.games).toHaveLength(1);
    expect(history.games[0]).toMatchObject({ game_id: matched.game_id, game: "skyjo", placement: 2, players: 2 });
    const name = fresh("TsNew");
    expect((await me.rename(name)).name).toBe(name);
    expect((await table.players.profile(bot.id)).name).toBe(name);
    const oldKey = me.key;
    const newKey = await me.rotateKey();
    expect(newKey).not.toBe(oldKey);
    expect(me.key).toBe(newKey);
    await expect(table.players.as(oldKey).enqueue("skyjo")).rejects.toBeInstanceOf(InvalidToken);
  });

  it("the player's own feed says when a ticket is matched, with its seat's token", async () => {
    const bot = await table.players.create(fresh("TsFeed"), "bot");
    const me = table.players.as(bot.key, bot.id);
    const stop = new AbortController();
    const heard: PlayerEvent[] = [];
    const following = me.events((event) => {
      heard.push(event);
      if (event.type === "turn") stop.abort();
    }, stop.signal);
    const ticket = await me.enqueue("skyjo", 2, "bots");
    await following;
    const matched = await me.ticket(ticket.ticket);
    expect(heard[0]).toMatchObject({ type: "matched", ticket: ticket.ticket, game_id: matched.game_id, seat: matched.seat, token: matched.token });
    expect(heard.at(-1)).toMatchObject({ type: "turn", game_id: matched.game_id, seat: matched.seat });
  });
});
