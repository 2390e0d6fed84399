// Live tables on a real server (CARDTABLE_URL, set by tests/web/test_typescript.py): the
// lobby, joining, starting early, leaving and the rematch, through the client's methods.
import { describe, expect, it } from "vitest";
import { AlreadyLeft, Cardtable, GameNotOver, InvalidInvite, isWaiting, NoOpenSeat, type GameEvent } from "../src/index";

const url = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env["CARDTABLE_URL"];

describe.skipIf(!url)("live tables", () => {
  const table = new Cardtable(url);

  async function openTable(options: { public?: boolean; seats?: number } = {}) {
    const players = [{ name: "Ann" }, ...Array.from({ length: options.seats ?? 1 }, () => ({ open: true as const }))];
    const game = await table.createGame({ game: "skyjo", players, options: { max_rounds: 1 }, public: options.public ?? false });
    const ann = table.seat(game.id, game.players[0]!.token!);
    return { game, ann };
  }

  it("lists public tables in the lobby, without tokens, and deals when the last seat is taken", async () => {
    const { game, ann } = await openTable({ public: true });
    const listed = (await table.lobby({ game: "skyjo", limit: 100 })).games.find((entry) => entry.id === game.id);
    expect(listed?.open_seats).toBe(1);
    expect(JSON.stringify(listed)).not.toContain("token");
    const before = await ann.view();
    expect(isWaiting(before)).toBe(true);
    const heard: GameEvent[] = [];
    const stop = new AbortController();
    const watching = ann.watch((event) => {
      heard.push(event);
      if (event.type === "join") stop.abort();
    }, stop.signal);
    const grant = await table.join(game.id, "Bea");
    await watching;
    expect(heard).toContainEqual(expect.objectContaining({ type: "join", seat: 1, name: "Bea" }));
    const dealt = await table.seat(game.id, grant.token).view();
    expect(dealt.phase).toBe("setup");
    expect(grant.version).toBe(dealt.version);
  });

  it("an invite-only table takes its invite, and each seat once", async () => {
    const { game } = await openTable();
    await expect(table.join(game.id, "Eve", "not-the-invite")).rejects.toBeInstanceOf(InvalidInvite);
    await table.join(game.id, "Bea", game.invite!);
    await expect(table.join(game.id, "Cy", game.invite!)).rejects.toBeInstanceOf(NoOpenSeat);
  });

  it("the creator starts early with bots; a player who leaves is played by a bot", async () => {
    const { game, ann } = await openTable({ seats: 2 });
    const bea = table.seat(game.id, (await table.join(game.id, "Bea", game.invite!)).token);
    await ann.start("greedy");
    const view = await ann.view();
    expect(isWaiting(view)).toBe(false);
    expect(view.bots[2]).toBe("greedy");
    await bea.leave();
    await expect(bea.leave()).rejects.toBeInstanceOf(AlreadyLeft);
    expect((await ann.view()).left[1]).toBe(true);
  });

  it("a rematch only once the game is over; each player claims their own seat", async () => {
    const { game, ann } = await openTable();
    const bea = table.seat(game.id, (await table.join(game.id, "Bea", game.invite!)).token);
    await expect(ann.rematch()).rejects.toBeInstanceOf(GameNotOver);
    // Both draw and turn up a card each turn (the round ends once every card is up).
    for (let view = await ann.view(); !view.finished; view = await ann.view()) {
      if (isWaiting(view)) throw new Error("the game was dealt");
      const seat = [ann, bea][view.active_seats[0]!]!;
      const { legal } = await seat.turn();
      const prefer = (type: string) => legal.moves.find((move) => move.type === type);
      await seat.move(prefer("discard_and_reveal") ?? prefer("draw") ?? legal.moves[0]!);
    }
    const mine = await ann.rematch();
    expect((await ann.view()).rematch).toBe(mine.id);
    const hers = await bea.rematch();
    expect([hers.id, hers.seat]).toEqual([mine.id, 1]);
  });
  it("chat: a seat posts once per key, anyone reads, a long-poll wakes, the game's version stays", async () => {
    const { game, ann } = await openTable();
    const bea = table.seat(game.id, (await table.join(game.id, "Bea", game.invite!)).token);
    const before = (await ann.view()).version;
    const waiting = table.chat(game.id, 0, 20);
    const posted = await ann.chat({ text: "<i>salut</i>" });
    expect(posted).toMatchObject({ seq: 1, seat: 0, name: "Ann", text: "<i>salut</i>" });
    expect((await waiting).messages.map((message) => message.seq)).toEqual([1]);
    await bea.chat({ emote: "good_game" });
    const page = await table.chat(game.id, 1);
    expect(page.seq).toBe(2);
    expect(page.messages).toEqual([expect.objectContaining({ seat: 1, emote: "good_game" })]);
    expect((await ann.view()).version).toBe(before);
  });
});
