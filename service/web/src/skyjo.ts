/** The Skyjo board: every grid, the piles, the drawn card, setup reveals, final lap, round results. */
import type { Move, SkyjoView } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { moveButton, sameMove } from "./board";
import { h, seatName } from "./dom";

type Cell = SkyjoView["players"][number]["grid"][number];
type Mode = "swap" | "discard" | "take" | null;

// A local choice between two clicks (take the discard, then pick a cell); forgotten on any change.
let mode: Mode = null;
let modeVersion = -1;

function cardClass(cell: Cell): string {
  if (cell === null) return "card face-down";
  if (cell === "removed") return "card removed";
  if (cell < 0) return "card neg";
  if (cell === 0) return "card zero";
  if (cell <= 4) return "card low";
  if (cell <= 8) return "card mid";
  return "card high";
}

function cellText(cell: Cell): string {
  if (cell === null) return "face down";
  if (cell === "removed") return "removed";
  return String(cell);
}

function place(position: number): string {
  return `row ${Math.floor(position / 4) + 1}, column ${(position % 4) + 1}`;
}

/** The move a click on a cell makes in the current step and mode. */
function cellMove(view: SkyjoView, legal: Move[], position: number): Move | undefined {
  const at = { row: Math.floor(position / 4), col: position % 4 };
  const type = view.step === "reveal" ? "reveal" : view.step === "choose" ? (mode === "take" ? "take_discard" : null) : mode === "discard" ? "discard_and_reveal" : "replace";
  return type ? legal.find((move) => sameMove(move, { type, ...at })) : undefined;
}

function actionLabel(move: Move, view: SkyjoView, position: number, cell: Cell): string {
  const where = `${place(position)} (${cellText(cell)})`;
  if (move.type === "reveal") return `Turn up ${where}`;
  if (move.type === "take_discard") return `Put the discarded ${view.discard_top} at ${where}`;
  if (move.type === "replace") return `Swap the drawn card with ${where}`;
  return `Turn up ${where}`;
}

function grid(ctx: BoardContext<SkyjoView>, seat: number): HTMLElement {
  const { view, legal, send } = ctx;
  const player = view.players[seat];
  const mine = seat === view.seat;
  const cells = (player?.grid ?? []).map((cell, position) => {
    const move = mine ? cellMove(view, legal, position) : undefined;
    const changed = ctx.changed.has(`cell-${seat}-${position}`);
    const attrs = { class: `${cardClass(cell)}${changed ? " changed" : ""}`, "data-key": `cell-${seat}-${position}`, "data-facedown": String(cell === null) };
    if (!mine) return h("span", { ...attrs, role: "img", "aria-label": `${place(position)}: ${cellText(cell)}` }, cell === null ? "" : cellText(cell));
    const button = moveButton(cell === null ? "" : cell === "removed" ? "—" : String(cell), move, send, attrs);
    button.setAttribute("aria-label", move ? actionLabel(move, view, position, cell) : `${place(position)}: ${cellText(cell)}`);
    return button;
  });
  return h("div", { class: "grid", role: "group", "aria-label": `${player?.name ?? ""}'s cards` }, cells);
}

function playerPanel(ctx: BoardContext<SkyjoView>, seat: number): HTMLElement {
  const { view } = ctx;
  const player = view.players[seat];
  if (!player) return h("div");
  const acting = view.active_seats.includes(seat);
  const badges = [
    seat === view.seat ? "you" : null,
    view.bots[seat] ? `${view.bots[seat]} bot` : null,
    acting ? (view.phase === "setup" ? `turns up ${player.reveals_left}` : "to play") : null,
    player.holding_drawn ? "holds a drawn card" : null,
  ].filter(Boolean);
  return h(
    "section",
    { class: acting ? "player acting" : "player", "aria-label": player.name, "data-seat": seat },
    h("h3", {}, player.name, badges.length ? h("span", { class: "badges" }, ` (${badges.join(", ")})`) : null),
    grid(ctx, seat),
    h("p", { class: "small" }, `Face up: ${player.visible_sum} points · ${player.face_down} face down · total ${player.total}`),
  );
}

function modeButton(label: string, value: Mode, key: string, ctx: BoardContext<SkyjoView>): HTMLButtonElement {
  return h("button", { type: "button", class: "secondary", "aria-pressed": String(mode === value), "data-key": `mode-${value}`, "data-mode": value, "aria-keyshortcuts": key, onclick: () => { mode = mode === value && value === "take" ? null : value; ctx.redraw(); } }, label);
}

function piles(ctx: BoardContext<SkyjoView>): HTMLElement {
  const { view, legal, send } = ctx;
  const drawn = view.drawn && "seat" in view.drawn ? view.drawn : null;
  const draw = legal.find((move) => move.type === "draw");
  const canTake = legal.some((move) => move.type === "take_discard");
  const actions: HTMLElement[] = [];
  if (view.step === "choose" && view.seat !== null && view.active_seats.includes(view.seat)) {
    actions.push(moveButton("Draw a card", draw, send, { "data-key": "draw", "aria-keyshortcuts": "d" }));
    if (canTake) actions.push(modeButton(`Take the discarded ${view.discard_top}`, "take", "t", ctx));
  }
  if (view.step === "place_drawn" && drawn?.seat === view.seat) {
    actions.push(modeButton("Swap it with one of your cards", "swap", "s", ctx), modeButton("Discard it and turn up a card", "discard", "x", ctx));
  }
  return h(
    "section",
    { class: "piles", "aria-label": "Piles" },
    h("div", { class: "pile" }, h("span", { class: "card face-down", role: "img", "aria-label": `Draw pile, ${view.draw_pile_size} cards` }, ""), h("span", {}, `Draw pile: ${view.draw_pile_size}`)),
    h("div", { class: "pile" }, h("span", { class: `${cardClass(view.discard_top)}${ctx.changed.has("discard") ? " changed" : ""}`, role: "img", "aria-label": `Discard pile top: ${view.discard_top}` }, view.discard_top), h("span", {}, `Discard: ${view.discard_size}`)),
    drawn ? h("div", { class: "pile" }, h("span", { class: cardClass(drawn.card ?? null), role: "img", "aria-label": drawn.card === null ? `${seatName(ctx.names, drawn.seat)} holds a drawn card` : `Your drawn card: ${drawn.card}` }, drawn.card ?? ""), h("span", {}, drawn.card === null ? `${seatName(ctx.names, drawn.seat)} drew` : "You drew")) : null,
    actions.length ? h("div", { class: "actions" }, actions) : null,
  );
}

function lastRound(ctx: BoardContext<SkyjoView>): HTMLElement | null {
  const result = ctx.view.last_round && "round" in ctx.view.last_round ? ctx.view.last_round : null;
  if (!result) return null;
  return h(
    "section",
    { class: "results", "aria-label": `Round ${result.round} results` },
    h("h3", {}, `Round ${result.round} results`),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Cards"), h("th", { scope: "col" }, "Round score"))),
      h(
        "tbody",
        {},
        result.scores.map((score, seat) => {
          const doubled = seat === result.finisher && result.finisher_doubled;
          return h(
            "tr",
            {},
            h("th", { scope: "row" }, ctx.names[seat] ?? "", seat === result.finisher ? " (finished the round)" : ""),
            h("td", {}, result.card_totals[seat] ?? ""),
            h("td", { class: doubled ? "doubled" : "" }, score, doubled ? " (doubled: not strictly lowest)" : ""),
          );
        }),
      ),
    ),
  );
}

function prompt(view: SkyjoView, names: string[], legal: Move[]): string {
  if (view.finished) return "The game is over.";
  const lap = view.final_lap && "finisher" in view.final_lap ? `Final lap: ${seatName(names, view.final_lap.finisher)} turned up every card. ` : "";
  if (legal.length === 0) return `${lap}${view.phase === "setup" ? "Waiting for the others to turn up their cards." : `${seatName(names, view.current_player)} is playing.`}`;
  if (view.step === "reveal") return `${lap}Turn up a card of your grid.`;
  if (view.step === "choose") return `${lap}Your turn: draw a card (d) or take the discard (t), then pick a cell.`;
  return `${lap}${mode === "discard" ? "Pick a face-down card to turn up." : "Pick a card to swap with the drawn one, or discard it (x)."}`;
}

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
  const content = h("div", { class: "skyjo" }, piles(ctx), h("div", { class: "players" }, seats.map((seat) => playerPanel(ctx, seat))), lastRound(ctx));
  return { content, prompt: prompt(view, ctx.names, ctx.legal), keys };
}
