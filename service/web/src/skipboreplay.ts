/** A Skip-Bo replay's boards, rebuilt from the record: the deal holds the stocks and the
 * draw pile (top first), each reshuffle entry the new draw pile; the rules the engine follows
 * (a hand is filled up to 5 at the start of a turn and when emptied by building; a pile of
 * 12 is set aside; a discard ends the turn) make every later table. A finished game's
 * record is public, so every hand is shown. */
import type { GameEvent, Move } from "../../../sdk/typescript/src/index";
import { h } from "./dom";
import { describe } from "./happenings";
import { t } from "./i18n";
import type { Entry, Step } from "./replay";
import { cardClass, cardName } from "./skipbo";

const HAND_SIZE = 5;
const FULL_PILE = 12;

interface Table {
  round: number;
  stocks: number[][];
  hands: number[][];
  discards: number[][][];
  building: number[][];
  drawPile: number[];
  setAside: number[];
}

function clone(table: Table): Table {
  return structuredClone(table);
}

/** Fill a hand up to 5; an empty draw pile is formed again from the next reshuffle entry. */
function refill(table: Table, seat: number, reshuffles: number[][]): void {
  const hand = table.hands[seat];
  while (hand && hand.length < HAND_SIZE) {
    if (!table.drawPile.length) {
      const order = table.setAside.length ? reshuffles.shift() : undefined;
      if (!order) return;
      table.setAside = [];
      table.drawPile = [...order];
    }
    const card = table.drawPile.shift();
    if (card !== undefined) hand.push(card);
  }
}

function take(list: number[] | undefined, card: number | undefined): void {
  const index = list && card !== undefined ? list.indexOf(card) : -1;
  if (list && index >= 0) list.splice(index, 1);
}

function perform(table: Table, seat: number, move: Move, reshuffles: number[][]): void {
  const n = table.hands.length;
  if (move.type === "play") {
    const owner = move.owner ?? seat;
    let card: number | undefined = move.card;
    if (move.source === "hand") take(table.hands[seat], move.card);
    else if (move.source === "stock") card = table.stocks[owner]?.shift();
    else card = table.discards[owner]?.[move.pile ?? 0]?.pop();
    const pile = table.building[move.target ?? 0];
    if (pile && card !== undefined) pile.push(card);
    if (pile && pile.length === FULL_PILE) table.setAside.push(...pile.splice(0));
    if (move.source === "hand" && !table.hands[seat]?.length) refill(table, seat, reshuffles);
    return;
  }
  if (move.type === "discard") {
    take(table.hands[seat], move.card);
    table.discards[seat]?.[move.pile ?? 0]?.push(move.card ?? 0);
  }
  refill(table, (seat + 1) % n, reshuffles);
}

/** The card a move plays (the log names it only for hand cards): the top of its source. */
function movedCard(table: Table, seat: number, move: Move): number | undefined {
  const owner = move.owner ?? seat;
  if (move.source === "stock") return table.stocks[owner]?.[0];
  if (move.source === "discard") return table.discards[owner]?.[move.pile ?? 0]?.at(-1);
  return move.card;
}

function deal(entry: Entry & { stocks?: number[][]; first_player?: number }, reshuffles: number[][]): Table {
  const stocks = (entry.stocks ?? []).map((stock) => [...stock]);
  const table: Table = { round: entry.round ?? 1, stocks, hands: stocks.map(() => []), discards: stocks.map(() => [[], [], [], []]), building: [[], [], [], []], drawPile: [...(entry.draw_pile ?? [])], setAside: [] };
  refill(table, entry.first_player ?? 0, reshuffles);
  return table;
}

function card(value: number | undefined, label: string): HTMLElement {
  return h("span", { class: cardClass(value ?? null), role: "img", "aria-label": label }, value === undefined ? "—" : cardName(value));
}

function board(table: Table, names: string[]): HTMLElement {
  const top = (pile: number[] | undefined): number | undefined => pile?.[pile.length - 1];
  return h(
    "div",
    { class: "skipbo felt", id: "replay-table" },
    h("h2", { class: "visually-hidden" }, t.table),
    h("section", { class: "building", "aria-label": t.buildingPiles }, h("h3", {}, t.buildingPiles), h("div", { class: "row" }, table.building.map((pile, slot) => h("div", { class: "pile", "data-building": slot }, card(top(pile), t.buildingPile(slot + 1, pile.length ? t.topOf(cardName(top(pile) ?? 0)) : t.emptyComma, pile.length + 1))))), h("p", { class: "small" }, t.drawAndAside(table.drawPile.length, table.setAside.length))),
    h(
      "div",
      { class: "players" },
      table.stocks.map((stock, seat) =>
        h(
          "section",
          { class: "player", "aria-label": names[seat] ?? "", "data-seat": seat },
          h("h3", {}, names[seat] ?? ""),
          h("div", { class: "row" }, h("div", { class: "pile", "data-stock": seat }, card(stock[0], t.stockLabel(names[seat] ?? "", cardName(stock[0]), stock.length)), h("span", {}, t.stock(stock.length)))),
          h("div", { class: "row", role: "group", "aria-label": t.handOf(names[seat] ?? ""), "data-hand": seat }, (table.hands[seat] ?? []).map((value) => card(value, t.handCard(cardName(value))))),
          h("div", { class: "row" }, (table.discards[seat] ?? []).map((pile, index) => card(top(pile), t.pileOf(names[seat] ?? "", t.discardPileOf(index + 1, pile.length ? pile.map(cardName).join(", ") : t.empty))))),
        ),
      ),
    ),
  );
}

/** Every Skip-Bo table of the game, one per deal and per move. */
export function skipBoSteps(log: Entry[], names: string[]): Step[] {
  const steps: Step[] = [];
  let table: Table | null = null;
  log.forEach((entry, index) => {
    // The reshuffles a deal or a move needed are logged right after it.
    const reshuffles: number[][] = [];
    for (let at = index + 1; log[at]?.type === "reshuffle"; at += 1) reshuffles.push([...(log[at]?.draw_pile ?? [])]);
    if (entry.type === "deal") {
      table = deal(entry, reshuffles);
      const shown = table;
      steps.push({ round: shown.round, said: t.logDealt(String(shown.round)), draw: () => board(shown, names) });
      return;
    }
    if (entry.type !== "move" || !table || !entry.move) return;
    const event = { type: "move", version: 0, seat: entry.seat, move: entry.move, card: movedCard(table, entry.seat ?? 0, entry.move) };
    const said = describe(event as GameEvent, "skipbo", names, null) ?? "";
    table = clone(table);
    perform(table, entry.seat ?? 0, entry.move, reshuffles);
    const shown = table;
    steps.push({ round: shown.round, said, draw: () => board(shown, names) });
  });
  return steps;
}
