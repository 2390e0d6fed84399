/** What the other players just did, read from the event feed: which places to mark on the
 * board and a sentence for each change (shown in the table's live "Last moves" list). */
import type { GameEvent, Move } from "../../../sdk/typescript/src/index";
import { seatName } from "./dom";
import { t } from "./i18n";

interface Cell {
  seat: number;
  row: number;
  col: number;
  card: number | "removed";
}

function place(row: number, col: number): string {
  return t.place(row + 1, col + 1);
}

function cardName(card: unknown): string {
  return card === 0 ? t.skipBo : String(card);
}

/** The board places (the boards' own keys) another player's event changed. */
export function changedPlaces(events: GameEvent[], me: number | null): Set<string> {
  const places = new Set<string>();
  for (const event of events) {
    if (event.type !== "move" || event.seat === me || event.seat === undefined || !event.move) continue;
    const move = event.move;
    for (const cell of (event["cells"] as Cell[] | undefined) ?? []) places.add(`cell-${cell.seat}-${cell.row * 4 + cell.col}`);
    if (event["discard_top"] !== undefined) places.add("discard");
    if (move.type === "play") {
      places.add(`build:${move.target}`);
      const owner = move.owner ?? event.seat;
      places.add(move.source === "stock" ? `stock:${owner}` : move.source === "discard" ? `pile:${owner}:${move.pile}` : "");
    }
    if (move.type === "discard") places.add(`pile:${event.seat}:${move.pile}`);
  }
  places.delete("");
  return places;
}

function skyjoMove(who: string, move: Move, cells: Cell[]): string {
  const cell = cells.find((one) => one.card !== "removed");
  const at = move.row !== undefined && move.col !== undefined ? place(move.row, move.col) : "";
  const removed = cells.some((one) => one.card === "removed") ? t.columnRemoved : "";
  if (move.type === "draw") return t.logDrew(who);
  if (move.type === "reveal") return t.logTurnedUp(who, cell ? String(cell.card) : t.aCard, at);
  if (move.type === "take_discard") return t.logTook(who, cell ? String(cell.card) : t.card, at, removed);
  if (move.type === "replace") return t.logPut(who, cell ? String(cell.card) : t.card, at, removed);
  return t.logDiscarded(who, cell ? String(cell.card) : t.aCard, at, removed);
}

function skipBoMove(who: string, move: Move, event: GameEvent, names: string[]): string {
  if (move.type === "pass") return t.logPassed(who);
  const card = cardName(event["card"] ?? move.card);
  if (move.type === "discard") return t.logSbDiscard(who, card, (move.pile ?? 0) + 1);
  const owner = move.owner !== undefined && move.owner !== event.seat ? t.ownerOf(seatName(names, move.owner)) : "";
  const from = move.source === "stock" ? t.fromStock(owner) : move.source === "discard" ? t.fromDiscard(owner, (move.pile ?? 0) + 1) : t.fromHand;
  const completed = event["completed_pile"] !== undefined ? t.fullPile : "";
  return t.logPlayed(who, card, from, (move.target ?? 0) + 1, completed);
}

/** A sentence for one event as a player at the table would say it; null for none. */
export function describe(event: GameEvent, game: string, names: string[], me: number | null): string | null {
  const who = event.seat === me ? t.you : seatName(names, event.seat, t.nobody);
  if (event.type === "move" && event.move) {
    const cells = (event["cells"] as Cell[] | undefined) ?? [];
    return game === "skyjo" ? skyjoMove(who, event.move, cells) : skipBoMove(who, event.move, event, names);
  }
  if (event.type === "round_end") return t.logRoundOver(String(event["round"]));
  if (event.type === "deal") return t.logDealt(String(event["round"]));
  if (event.type === "game_end") return t.logGameOver;
  if (event.type === "join") return t.logSat(String(event["name"]), (event.seat ?? 0) + 1);
  if (event.type === "leave") return t.logLeft(who);
  if (event.type === "takeover") return t.logTakeover(seatName(names, event.seat, t.nobody));
  if (event.type === "rematch") return t.logRematch;
  return null;
}
