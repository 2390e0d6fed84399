// Against a real Cardtable server: CARDTABLE_URL is set by tests/web/test_typescript.py.
import { describe, expect, it } from "vitest";
import { Cardtable, IllegalMove, InvalidToken, NotFound, StaleVersion, WrongPhase, type GameEvent, type SkyjoView } from "../src/index";

const url = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env["CARDTABLE_URL"];

describe.skipIf(!url)("a seat session on a live server", () => {
  const table = new Cardtable(url);

  async function twoSeats() {
    const game = await table.createGame({ game: "skyjo", players: [{ name: "Ann" }, { name: "Ben" }], seed: 5 });
    const [ann, ben] = game.players.map((player) => table.seat(game.id, player.token!));
    if (!ann || !ben) throw new Error("two seats expected");
    return { game, ann, ben };
  }

  it("reads game types with every option", async () => {
    const types = await table.gameTypes();
    expect(types.map((type) => type.game).sort()).toEqual(["skipbo", "skyjo"]);
    const skyjo = types.find((type) => type.game === "skyjo");
    expect(skyjo?.options.map((option) => option.name)).toContain("finisher_penalty");
  });

  it("tracks the version, sends If-Match and refuses a move decided on a stale view", async () => {
    const { ann, ben } = await twoSeats();
    const { view, legal } = await ann.turn();
    expect(ann.version).toBe(view.version);
    expect(legal.moves.length).toBeGreaterThan(0);
    await ben.view();
    await ben.move({ type: "reveal", row: 0, col: 0 });
    expect(ben.version).toBe(view.version + 1);
    const stale = await ann.move({ type: "reveal", row: 1, col: 1 }).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(StaleVersion);
    expect((stale as StaleVersion).currentVersion).toBe(view.version + 1);
    await ann.view();
    const applied = await ann.move({ type: "reveal", row: 1, col: 1 });
    expect(applied.version).toBe(view.version + 2);
    expect((applied.view as SkyjoView).players[0]?.grid[5]).not.toBeNull();
  });

  it("turns refusals into typed errors", async () => {
    const { game, ann } = await twoSeats();
    await ann.view();
    await expect(ann.move({ type: "draw" })).rejects.toBeInstanceOf(WrongPhase);
    await ann.move({ type: "reveal", row: 0, col: 0 });
    await expect(ann.move({ type: "reveal", row: 0, col: 0 })).rejects.toBeInstanceOf(IllegalMove);
    await expect(table.seat(game.id, "not-a-token").view()).rejects.toBeInstanceOf(InvalidToken);
    await expect(table.seat("no-such-game", "x").view()).rejects.toBeInstanceOf(NotFound);
  });

  it("long-polls: poll answers null while nothing changes, the new view once it does", async () => {
    const { ann, ben } = await twoSeats();
    const view = await ann.view();
    expect(await ann.poll(view.version, 0)).toBeNull();
    await ben.view();
    await ben.move({ type: "reveal", row: 2, col: 3 });
    const next = await ann.poll(view.version, 5);
    expect(next?.version).toBe(view.version + 1);
  });

  it("watch() delivers the other seat's move as an event, by the event stream", async () => {
    const { ann, ben } = await twoSeats();
    await ann.view();
    const stop = new AbortController();
    const seen = new Promise<GameEvent>((resolve) => {
      void ann.watch((event) => resolve(event), stop.signal);
    });
    await ben.view();
    await ben.move({ type: "reveal", row: 0, col: 2 });
    expect(await seen).toMatchObject({ version: 1, type: "move", seat: 1, cells: [{ seat: 1, row: 0, col: 2 }] });
    stop.abort();
  });

  it("watch() ends by itself once the game is over", async () => {
    const game = await table.createGame({ game: "skyjo", players: [{ name: "A", bot: "greedy" }, { name: "B", bot: "random" }], options: { max_rounds: 1 }, seed: 2 });
    const seat = table.seat(game.id, game.players[0]!.token!);
    seat.version = 0;
    const seen: string[] = [];
    await seat.watch((event) => seen.push(event.type), new AbortController().signal);
    expect(seen.at(-1)).toBe("game_end");
  });

  it("keeps score sheets", async () => {
    const sheet = await table.sheets.create({ game: "skyjo", players: ["Manon", "Nico", "Patou"] });
    const after = await table.sheets.addRound(sheet.id, sheet.edit_token, { card_totals: [12, 8, 12], finisher: 0 });
    expect(after.rounds[0]?.scores).toEqual([24, 8, 12]);
    const fixed = await table.sheets.correctLastRound(sheet.id, sheet.edit_token, { card_totals: [10, 24, 10], finisher: 0 });
    expect(fixed.totals).toEqual([20, 24, 10]);
    expect((await table.sheets.removeLastRound(sheet.id, sheet.edit_token)).rounds).toEqual([]);
    expect((await table.sheets.get(sheet.id)).version).toBe(fixed.version + 1);
  });

  it("refuses a sheet edit decided on an older version, and polls by version", async () => {
    const sheet = await table.sheets.create({ game: "skyjo", players: ["Manon", "Nico"] });
    const read = await table.sheets.get(sheet.id);
    expect(await table.sheets.changedSince(sheet.id, read.version)).toBeNull();
    const round = { card_totals: [5, 9], finisher: 0 };
    const first = await table.sheets.addRound(sheet.id, sheet.edit_token, round, { ifMatch: read.version });
    await expect(table.sheets.addRound(sheet.id, sheet.edit_token, round, { ifMatch: read.version })).rejects.toBeInstanceOf(StaleVersion);
    expect((await table.sheets.changedSince(sheet.id, read.version))?.rounds).toHaveLength(1);
    // One key, two sends (a double tap): one round.
    const key = { idempotencyKey: "a".repeat(32), ifMatch: first.version };
    await table.sheets.addRound(sheet.id, sheet.edit_token, round, key);
    expect((await table.sheets.addRound(sheet.id, sheet.edit_token, round, key)).rounds).toHaveLength(2);
  });
});
