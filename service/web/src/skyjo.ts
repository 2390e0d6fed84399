/** The Skyjo board: every grid, the piles, the drawn card, setup reveals, final lap, round results. */
import type { GameEvent, Move, PlayingView, SkyjoView } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { hasKeyboard, moveButton, sameMove } from "./board";
import { h, seatName } from "./dom";
import type { MoveEvent, Preset, Renderer } from "./games";
import { t } from "./i18n";
import type { Change } from "./motion";

type Cell = SkyjoView["players"][number]["grid"][number];
type Mode = "swap" | "discard" | "take" | null;

// A local choice between two clicks (take the discard, then pick a cell); forgotten on any change.
let mode: Mode = null;
let modeVersion = -1;

export function cardClass(cell: Cell): string {
  if (cell === null) return "card face-down";
  if (cell === "removed") return "card removed";
  if (cell < 0) return "card neg";
  if (cell === 0) return "card zero";
  if (cell <= 4) return "card low";
  if (cell <= 8) return "card mid";
  return "card high";
}

function cellText(cell: Cell): string {
  if (cell === null) return t.faceDown;
  if (cell === "removed") return t.removed;
  return String(cell);
}

function place(position: number): string {
  return t.place(Math.floor(position / 4) + 1, (position % 4) + 1);
}

/** The move a click on a cell makes in the current step and mode. */
function cellMove(view: SkyjoView, legal: Move[], position: number): Move | undefined {
  const at = { row: Math.floor(position / 4), col: position % 4 };
  const type = view.step === "reveal" ? "reveal" : view.step === "choose" ? (mode === "take" ? "take_discard" : null) : mode === "discard" ? "discard_and_reveal" : "replace";
  return type ? legal.find((move) => sameMove(move, { type, ...at })) : undefined;
}

function actionLabel(move: Move, view: SkyjoView, position: number, cell: Cell): string {
  const where = `${place(position)} (${cellText(cell)})`;
  if (move.type === "take_discard") return t.putDiscarded(String(view.discard_top), where);
  if (move.type === "replace") return t.swapDrawn(where);
  return t.turnUp(where);
}

function grid(ctx: BoardContext<SkyjoView>, seat: number): HTMLElement {
  const { view, legal, send } = ctx;
  const player = view.players[seat];
  const mine = seat === view.seat;
  const cells = (player?.grid ?? []).map((cell, position) => {
    const move = mine ? cellMove(view, legal, position) : undefined;
    const changed = ctx.changed.has(`cell-${seat}-${position}`);
    const attrs = { class: `${cardClass(cell)}${changed ? " changed" : ""}`, "data-key": `cell-${seat}-${position}`, "data-place": `cell-${seat}-${position}`, "data-facedown": String(cell === null) };
    if (!mine) return h("span", { ...attrs, role: "img", "aria-label": `${place(position)}: ${cellText(cell)}` }, cell === null ? "" : cellText(cell));
    const button = moveButton(cell === null ? "" : cell === "removed" ? "—" : String(cell), move, send, { ...attrs, "data-drop": `cell-${seat}-${position}` });
    button.setAttribute("aria-label", move ? actionLabel(move, view, position, cell) : `${place(position)}: ${cellText(cell)}`);
    return button;
  });
  return h("div", { class: "grid", role: "group", "aria-label": t.cardsOf(player?.name ?? "") }, cells);
}

function playerPanel(ctx: BoardContext<SkyjoView>, seat: number): HTMLElement {
  const { view } = ctx;
  const player = view.players[seat];
  if (!player) return h("div");
  const acting = view.active_seats.includes(seat);
  const badges = [
    seat === view.seat ? t.badgeYou : null,
    view.bots[seat] ? t.badgeBot(view.bots[seat] ?? "") : null,
    acting ? (view.phase === "setup" ? t.badgeTurnsUp(player.reveals_left) : t.badgeToPlay) : null,
    player.holding_drawn ? t.badgeHolds : null,
  ].filter(Boolean);
  return h(
    "section",
    { class: `${acting ? "player acting" : "player"}${seat === view.seat ? " me" : ""}`, "aria-label": player.name, "data-seat": seat },
    h("h3", {}, player.name, badges.length ? h("span", { class: "badges" }, ` (${badges.join(", ")})`) : null),
    grid(ctx, seat),
    h("p", { class: "small" }, t.faceUpLine(t.points(player.visible_sum), player.face_down, t.points(player.total))),
  );
}

/** A pile or the drawn card as a button that picks how the drawn card is played (or, in the
 * choose step, that the discard is taken): tap it, or use its key. */
function modeCard(face: string, value: Mode, key: string, ctx: BoardContext<SkyjoView>, attrs: Record<string, string>): HTMLButtonElement {
  const toggle = (): void => {
    mode = mode !== value ? value : value === "take" ? null : "swap";
    ctx.redraw();
  };
  return h("button", { type: "button", ...attrs, "aria-pressed": String(mode === value), "data-key": `mode-${value}`, "data-mode": value, "aria-keyshortcuts": key, onclick: toggle }, face);
}

/** The draw pile, the discard and the card drawn: what to tap (or drag) at each step. */
function piles(ctx: BoardContext<SkyjoView>): HTMLElement {
  const { view, legal, send } = ctx;
  const drawn = view.drawn && "seat" in view.drawn ? view.drawn : null;
  const draw = legal.find((move) => move.type === "draw");
  const canTake = legal.some((move) => move.type === "take_discard");
  const choosing = view.step === "choose" && view.seat !== null && view.active_seats.includes(view.seat);
  const placing = view.step === "place_drawn" && drawn !== null && drawn.seat === view.seat;
  const top = String(view.discard_top);
  const discardClass = `${cardClass(view.discard_top)}${ctx.changed.has("discard") ? " changed" : ""}`;

  const drawPile =
    choosing && draw
      ? moveButton("", draw, send, { class: "card face-down", "data-key": "draw", "data-place": "draw", "data-drag": "draw", "aria-keyshortcuts": "d", "aria-label": `${t.drawCard} (${t.drawPileLabel(view.draw_pile_size)})` })
      : h("span", { class: "card face-down", role: "img", "data-place": "draw", "aria-label": t.drawPileLabel(view.draw_pile_size) }, "");
  let discard: HTMLElement;
  if (choosing && canTake) discard = modeCard(top, "take", "t", ctx, { class: discardClass, "data-place": "discard", "data-drag": "discard", "aria-label": t.takeDiscarded(top) });
  else if (placing) discard = modeCard(top, "discard", "x", ctx, { class: discardClass, "data-place": "discard", "data-drop": "discard", "aria-label": `${t.discardMode} (${t.discardTop(top)})` });
  else discard = h("span", { class: discardClass, role: "img", "data-place": "discard", "aria-label": t.discardTop(top) }, view.discard_top);
  let held: HTMLElement | null = null;
  if (drawn && placing) held = modeCard(String(drawn.card ?? ""), "swap", "s", ctx, { class: cardClass(drawn.card ?? null), "data-place": "drawn", "data-drag": "drawn", "aria-label": `${t.yourDrawn(String(drawn.card))}: ${t.swapMode}` });
  else if (drawn) held = h("span", { class: cardClass(drawn.card ?? null), role: "img", "data-place": "drawn", "aria-label": drawn.card === null ? t.holdsDrawn(seatName(ctx.names, drawn.seat)) : t.yourDrawn(String(drawn.card)) }, drawn.card ?? "");
  return h(
    "section",
    { class: "piles", "aria-label": t.piles },
    h("div", { class: "pile" }, drawPile, h("span", {}, choosing && draw ? t.tapToDraw : t.drawPile(view.draw_pile_size))),
    h("div", { class: "pile" }, discard, h("span", {}, choosing && canTake ? t.tapToTake : placing ? t.tapToDiscard : t.discardCount(view.discard_size))),
    held ? h("div", { class: "pile drawn" }, held, h("span", {}, drawn?.card === null ? t.drew(seatName(ctx.names, drawn.seat)) : t.youDrew)) : null,
  );
}

/** A card dragged onto a place of this seat's grid (or the drawn card onto the discard). */
function dropHandler(ctx: BoardContext<SkyjoView>) {
  return (from: string, to: string): boolean => {
    const { view, legal, send } = ctx;
    if (from === "drawn" && to === "discard") {
      mode = "discard";
      ctx.redraw();
      return true;
    }
    const cell = /^cell-(\d+)-(\d+)$/.exec(to);
    if (!cell || Number(cell[1]) !== view.seat) return false;
    const position = Number(cell[2]);
    const at = { row: Math.floor(position / 4), col: position % 4 };
    const type = from === "discard" ? "take_discard" : from === "drawn" ? (mode === "discard" ? "discard_and_reveal" : "replace") : null;
    const move = from === "draw" ? legal.find((candidate) => candidate.type === "draw") : type ? legal.find((candidate) => sameMove(candidate, { type, ...at })) : undefined;
    if (move) send(move);
    return move !== undefined;
  };
}

/** Every grid as the round ended, all cards face up (the final reveals marked). */
export function finalGrids(view: SkyjoView, names: string[]): HTMLElement | null {
  const result = view.last_round && "round" in view.last_round ? view.last_round : null;
  if (!result) return null;
  return h(
    "div",
    { class: "players final-grids" },
    result.grids.map((cells, seat) =>
      h(
        "section",
        { class: "player", "aria-label": t.finalCards(names[seat] ?? "", result.round) },
        h("h3", {}, names[seat] ?? "", seat === result.finisher ? t.wentOutFirst : ""),
        h("div", { class: "grid" }, cells.map((cell, position) => h("span", { class: `${cardClass(cell)}${result.revealed[seat]?.includes(position) ? " changed" : ""}`, role: "img", "aria-label": `${place(position)}: ${cellText(cell)}` }, cell === "removed" ? "" : cellText(cell)))),
      ),
    ),
  );
}

function lastRound(ctx: BoardContext<SkyjoView>): HTMLElement | null {
  const result = ctx.view.last_round && "round" in ctx.view.last_round ? ctx.view.last_round : null;
  if (!result) return null;
  return h(
    "section",
    { class: "results", "aria-label": t.roundResults(result.round) },
    h("h3", {}, t.roundResults(result.round)),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.player), h("th", { scope: "col" }, t.cards), h("th", { scope: "col" }, t.roundScore))),
      h(
        "tbody",
        {},
        result.scores.map((score, seat) => {
          const doubled = seat === result.finisher && result.finisher_doubled;
          return h(
            "tr",
            {},
            h("th", { scope: "row" }, ctx.names[seat] ?? "", seat === result.finisher ? t.wentOut : ""),
            h("td", {}, result.card_totals[seat] ?? ""),
            h("td", { class: doubled ? "doubled" : "" }, score, doubled ? t.doubled(String(result.card_totals[seat] ?? "")) : ""),
          );
        }),
      ),
    ),
  );
}

function prompt(view: SkyjoView, names: string[], legal: Move[]): string {
  if (view.finished) return t.theGameIsOver;
  const lap = view.final_lap && "finisher" in view.final_lap ? t.finalLap(seatName(names, view.final_lap.finisher)) : "";
  if (legal.length === 0) return `${lap}${view.phase === "setup" ? t.waitSetup : t.isPlaying(seatName(names, view.current_player))}`;
  if (view.step === "reveal") return `${lap}${t.promptReveal}`;
  const keys = hasKeyboard();
  if (view.step === "choose") return `${lap}${t.promptChoose}${keys ? t.keysChoose : ""}`;
  return `${lap}${mode === "discard" ? t.promptPickFaceDown : `${t.promptSwap}${keys ? t.keysSwap : ""}`}`;
}

interface EventCell {
  seat: number;
  row: number;
  col: number;
  card: number | "removed";
}

function cellsOf(event: GameEvent): EventCell[] {
  return (event["cells"] as EventCell[] | undefined) ?? [];
}

/** Skyjo's consequences of a move: a card from the draw pile, the discard or the drawn card
 * lands in a grid; the card it replaces goes to the discard; a reveal flips; three equal
 * face-up cards of a column leave the grid. */
function changes(event: MoveEvent): Change[] {
  const move = event.move;
  if (move.type === "draw") return [{ kind: "travel", to: "drawn", from: ["draw"] }];
  const out: Change[] = [];
  const top = event["discard_top"];
  for (const cell of cellsOf(event)) {
    const place = `cell-${cell.seat}-${cell.row * 4 + cell.col}`;
    if (cell.card === "removed") out.push({ kind: "remove", to: place, after: true, face: typeof top === "number" ? { text: String(top), className: cardClass(top) } : undefined });
    else if (move.type === "reveal" || move.type === "discard_and_reveal") out.push({ kind: "flip", to: place });
    else out.push({ kind: "travel", to: place, from: move.type === "take_discard" ? ["discard"] : ["drawn", "draw"] }, { kind: "travel", to: "discard", from: [place] });
  }
  if (move.type === "discard_and_reveal") out.push({ kind: "travel", to: "discard", from: ["drawn", "draw"] });
  return out;
}

function describeMove(who: string, move: Move, event: GameEvent): string {
  const cells = cellsOf(event);
  const cell = cells.find((one) => one.card !== "removed");
  const at = move.row !== undefined && move.col !== undefined ? place(move.row * 4 + move.col) : "";
  const removed = cells.some((one) => one.card === "removed") ? t.columnRemoved : "";
  if (move.type === "draw") return t.logDrew(who);
  if (move.type === "reveal") return t.logTurnedUp(who, cell ? String(cell.card) : t.aCard, at);
  if (move.type === "take_discard") return t.logTook(who, cell ? String(cell.card) : "", at, removed);
  if (move.type === "replace") return t.logPut(who, cell ? String(cell.card) : "", at, removed);
  return t.logDiscarded(who, cell ? String(cell.card) : t.aCard, at, removed);
}

export const skyjoRenderer: Renderer = {
  board: (ctx) => skyjoBoard(ctx as unknown as BoardContext<SkyjoView>),
  roundEnd: (view: PlayingView, names: string[]) => finalGrids(view as SkyjoView, names),
  changes,
  describeMove,
  presets: (): Preset[] => [{ id: "quick", label: t.presetSkyjoQuick, values: { max_rounds: "1" } }, { id: "classic", label: t.presetSkyjoClassic, values: { max_rounds: "", end_score: "100" } }],
};

export function skyjoBoard(ctx: BoardContext<SkyjoView>): Board {
  const { view } = ctx;
  if (modeVersion !== view.version) {
    mode = view.step === "place_drawn" ? "swap" : null;
    modeVersion = view.version;
  }
  const seats = view.players.map((player) => player.seat);
  const keys: Record<string, () => void> = {
    d: () => document.querySelector<HTMLButtonElement>("[data-key=draw]:not([disabled])")?.click(),
    t: () => document.querySelector<HTMLButtonElement>("[data-mode=take]")?.click(),
    s: () => document.querySelector<HTMLButtonElement>("[data-mode=swap]")?.click(),
    x: () => document.querySelector<HTMLButtonElement>("[data-mode=discard]")?.click(),
  };
  // Around the table: the others across, the piles in the middle, your own grid nearest you.
  const others = seats.filter((seat) => seat !== view.seat);
  const mine = view.seat === null ? null : h("div", { class: "players mine" }, playerPanel(ctx, view.seat));
  const content = h("div", { class: "skyjo felt" }, h("h2", { class: "visually-hidden" }, t.table), h("div", { class: "players others", role: "region", tabindex: 0, "aria-label": t.otherPlayers }, others.map((seat) => playerPanel(ctx, seat))), piles(ctx), mine, lastRound(ctx));
  return { content, prompt: prompt(view, ctx.names, ctx.legal), keys, drop: dropHandler(ctx) };
}
