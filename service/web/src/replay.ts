/** Replay of a finished game from its record (GET /games/{id}/record, read as a spectator):
 * step forward and back, play and pause, jump to a round. A Skyjo record deals every card,
 * so the page rebuilds each grid step by step (the contract's rules: the card exchanged out
 * goes on the discard first, a column of three equal face-up cards goes on top of it, a
 * reshuffle keeps the discard's top); Skip-Bo's are rebuilt in skipboreplay.ts; any other
 * game's replay tells the moves one by one. */
import type { Cardtable, GameEvent, Move } from "../../../sdk/typescript/src/index";
import { unwrap } from "../../../sdk/typescript/src/index";
import { h } from "./dom";
import { describe } from "./happenings";
import { t } from "./i18n";
import { skipBoSteps } from "./skipboreplay";
import { gameTitle, rendererFor } from "./games";

export interface Entry {
  type: string;
  seat?: number;
  move?: Move;
  round?: number;
  grids?: number[][];
  discard?: number;
  draw_pile?: number[];
}

type Card = { value: number; up: boolean } | "removed";

interface Table {
  round: number;
  grids: Card[][];
  discard: number[];
  drawPile: number[];
  drawn: number | null;
  /** What this step did, in words. */
  said: string;
}

const PACE_MS = 700;

/** One step of a replay: what it did, in words, and the board after it (none: the log). */
export interface Step {
  round: number;
  said: string;
  draw?: () => HTMLElement;
}

/** A game without a replay board of its own: its moves told one by one. */
function logSteps(game: string) {
  return (log: Entry[], names: string[]): Step[] =>
    log.map((entry) => ({ round: entry.round ?? 0, said: entry.type === "move" ? (describe(moveEvent(entry), game, names, null) ?? "") : entry.type === "deal" ? t.logDealt(String(entry.round ?? 1)) : "" })).filter((step) => step.said);
}

function clone(table: Table): Table {
  return { ...table, grids: table.grids.map((grid) => grid.map((card) => (card === "removed" ? card : { ...card }))), discard: [...table.discard], drawPile: [...table.drawPile] };
}

function removeColumns(grid: Card[], discard: number[]): boolean {
  let removed = false;
  for (let col = 0; col < 4; col += 1) {
    const cells = [col, col + 4, col + 8].map((index) => grid[index]);
    const values = cells.map((card) => (card && card !== "removed" && card.up ? card.value : null));
    if (values[0] === null || values.some((value) => value !== values[0])) continue;
    for (const index of [col, col + 4, col + 8]) {
      const card = grid[index];
      if (card && card !== "removed") discard.push(card.value);
      grid[index] = "removed";
    }
    removed = true;
  }
  return removed;
}

function cellAt(move: Move): number {
  return (move.row ?? 0) * 4 + (move.col ?? 0);
}

/** A Skyjo draw; an empty draw pile is first formed again (the record's reshuffle entry
 * follows the draw that needed it) from the discard pile, whose top stays. */
function drawCard(table: Table, reshuffle: number[] | null): void {
  if (!table.drawPile.length && reshuffle) {
    table.discard = table.discard.slice(-1);
    table.drawPile = [...reshuffle];
  }
  table.drawn = table.drawPile.shift() ?? null;
}

function placeCard(table: Table, seat: number, move: Move): void {
  const cells = table.grids[seat];
  if (!cells) return;
  const index = cellAt(move);
  const card = cells[index];
  if (!card || card === "removed") return;
  if (move.type === "reveal") card.up = true;
  else if (move.type === "discard_and_reveal") {
    if (table.drawn !== null) table.discard.push(table.drawn);
    table.drawn = null;
    card.up = true;
  } else {
    const incoming = move.type === "take_discard" ? table.discard.pop() : table.drawn;
    table.drawn = null;
    if (incoming === undefined || incoming === null) return;
    table.discard.push(card.value);
    cells[index] = { value: incoming, up: true };
  }
  removeColumns(cells, table.discard);
}

/** The value a Skyjo move shows on its cell: the card turned up, taken or put down. */
function cardPlaced(table: Table, seat: number, move: Move): number | null {
  const card = table.grids[seat]?.[cellAt(move)];
  if (!card || card === "removed") return null;
  if (move.type === "reveal" || move.type === "discard_and_reveal") return card.value;
  if (move.type === "take_discard") return table.discard[table.discard.length - 1] ?? null;
  return table.drawn;
}

/** Every Skyjo table of the game, one per step (a round's end is a step of its own). */
function skyjoSteps(log: Entry[], names: string[]): Step[] {
  const steps: Step[] = [];
  const shown = (table: Table): Step => ({ round: table.round, said: table.said, draw: () => skyjoTable(table, names) });
  let table: Table | null = null;
  const endRound = (): void => {
    if (!table) return;
    table = clone(table);
    for (const grid of table.grids) {
      for (const card of grid) if (card !== "removed") card.up = true;
      removeColumns(grid, table.discard);
    }
    table.said = t.logRoundOver(String(table.round));
    steps.push(shown(table));
  };
  log.forEach((entry, index) => {
    if (entry.type === "deal") {
      endRound();
      table = { round: entry.round ?? 1, grids: (entry.grids ?? []).map((grid) => grid.map((value) => ({ value, up: false }))), discard: [entry.discard ?? 0], drawPile: [...(entry.draw_pile ?? [])], drawn: null, said: t.logDealt(String(entry.round ?? 1)) };
      steps.push(shown(table));
      return;
    }
    if (entry.type !== "move" || !table || !entry.move) return;
    table = clone(table);
    const next = log[index + 1];
    // The card a move turns up or puts down, read before it lands (a column may leave after).
    const placed = entry.move.type === "draw" ? null : cardPlaced(table, entry.seat ?? 0, entry.move);
    if (entry.move.type === "draw") drawCard(table, next?.type === "reshuffle" ? (next.draw_pile ?? null) : null);
    else placeCard(table, entry.seat ?? 0, entry.move);
    const cells = placed === null ? [] : [{ seat: entry.seat ?? 0, row: entry.move.row, col: entry.move.col, card: placed }];
    table.said = describe({ ...moveEvent(entry), cells } as GameEvent, "skyjo", names, null) ?? "";
    steps.push(shown(table));
  });
  endRound();
  return steps;
}

function moveEvent(entry: Entry): GameEvent {
  return { type: "move", version: 0, seat: entry.seat, move: entry.move } as GameEvent;
}

function cardView(card: Card): HTMLElement {
  if (card === "removed") return h("span", { class: "card removed", role: "img", "aria-label": t.removed }, "");
  if (!card.up) return h("span", { class: "card face-down", role: "img", "aria-label": t.faceDown }, "");
  const band = card.value < 0 ? "neg" : card.value === 0 ? "zero" : card.value <= 4 ? "low" : card.value <= 8 ? "mid" : "high";
  return h("span", { class: `card ${band}`, role: "img", "aria-label": String(card.value) }, card.value);
}

function skyjoTable(table: Table, names: string[]): HTMLElement {
  const sum = (grid: Card[]): number => grid.reduce((total, card) => total + (card !== "removed" && card.up ? card.value : 0), 0);
  return h(
    "div",
    { class: "skyjo felt", id: "replay-table" },
    h("h2", { class: "visually-hidden" }, t.table),
    h(
      "div",
      { class: "players others" },
      table.grids.map((grid, seat) =>
        h("section", { class: "player", "aria-label": names[seat] ?? "", "data-seat": seat }, h("h3", {}, names[seat] ?? ""), h("div", { class: "grid" }, grid.map(cardView)), h("p", { class: "small" }, t.points(sum(grid)))),
      ),
    ),
    h("section", { class: "piles", "aria-label": t.piles }, h("div", { class: "pile" }, h("span", { class: "card face-down", role: "img", "aria-label": t.drawPileLabel(table.drawPile.length) }, ""), h("span", {}, t.drawPile(table.drawPile.length))), h("div", { class: "pile" }, cardView({ value: table.discard[table.discard.length - 1] ?? 0, up: true }), h("span", {}, t.discardCount(table.discard.length)))),
  );
}

export async function showReplay(root: HTMLElement, client: Cardtable, gameId: string): Promise<void> {
  const record = unwrap(await client.api.GET("/games/{game_id}/record", { params: { path: { game_id: gameId } } }));
  const names = record.players.map((player) => player.name ?? "");
  const log = record.log as unknown as Entry[];
  rendererFor(record.game); // a game this page cannot show fails loudly here (UnknownGame)
  const steps: Step[] = (BOARDS[record.game] ?? logSteps(record.game))(log, names);
  // Skip-Bo moves carry no round: each belongs to the last deal's.
  let round = 1;
  for (const step of steps) {
    if (step.round) round = step.round;
    else step.round = round;
  }
  let at = 0;
  let playing: ReturnType<typeof setInterval> | null = null;
  const board = h("div", {});
  const counter = h("p", { id: "replay-step", "aria-live": "polite" });
  const said = h("p", { class: "prompt", id: "replay-said" });
  const playButton = h("button", { type: "button", "data-key": "replay-play", "aria-pressed": "false" }, t.replayPlay);
  const seek = h("input", { type: "range", id: "replay-seek", min: 0, max: steps.length - 1, value: 0 });
  seek.addEventListener("input", () => (pause(), go(Number(seek.value))));
  const show = (): void => {
    const step = steps[at];
    if (!step) return;
    seek.value = String(at);
    counter.textContent = t.replayStep(at + 1, steps.length, step.round);
    counter.dataset["step"] = String(at);
    said.textContent = step.said;
    board.replaceChildren(step.draw?.() ?? h("ol", { class: "log", start: 1 }, steps.slice(0, at + 1).map((one) => h("li", {}, one.said))));
  };
  const go = (to: number): void => {
    at = Math.max(0, Math.min(steps.length - 1, to));
    show();
  };
  const pause = (): void => {
    if (playing !== null) clearInterval(playing);
    playing = null;
    playButton.textContent = t.replayPlay;
    playButton.setAttribute("aria-pressed", "false");
  };
  playButton.addEventListener("click", () => {
    if (playing !== null) return pause();
    playButton.textContent = t.replayPause;
    playButton.setAttribute("aria-pressed", "true");
    playing = setInterval(() => (at >= steps.length - 1 ? pause() : go(at + 1)), PACE_MS);
  });
  const rounds = [...new Set(steps.map((step) => step.round))];
  root.replaceChildren(
    h("h1", {}, t.replayOf(gameTitle(record.game), names.join(", "))),
    h(
      "div",
      { class: "actions replay-controls", role: "group", "aria-label": t.replayControls },
      h("button", { type: "button", class: "secondary", "data-key": "replay-back", onclick: () => (pause(), go(at - 1)) }, t.replayBack),
      playButton,
      h("button", { type: "button", class: "secondary", "data-key": "replay-forward", onclick: () => (pause(), go(at + 1)) }, t.replayForward),
    ),
    h("div", { class: "actions", role: "group", "aria-label": t.replayRounds, hidden: rounds.length < 2 }, rounds.map((number) => h("button", { type: "button", class: "secondary", "data-round": number, onclick: () => (pause(), go(steps.findIndex((step) => step.round === number))) }, t.roundN(number)))),
    h("div", { class: "field" }, h("label", { for: seek.id }, t.replaySeek), seek),
    counter,
    said,
    board,
    h("p", {}, h("a", { href: `/play/games/${gameId}#watch` }, t.replayBackToTable), " · ", h("a", { href: "/play/" }, t.newGameLink)),
  );
  show();
}

/** The games whose replay rebuilds the board step by step from the record's card orders. */
const BOARDS: Record<string, (log: Entry[], names: string[]) => Step[]> = { skyjo: skyjoSteps, skipbo: skipBoSteps };
