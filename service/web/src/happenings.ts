/** What the other players just did, read from the event feed: which places to mark on the
 * board and a sentence for each change (shown in the table's live "Last moves" list). */
import type { GameEvent, Move } from "../../../sdk/typescript/src/index";
import { seatName } from "./dom";

/** Any game's move read field by field (the exact `Move` is a union per game and type). */
export type MoveFields = { type: string; source?: string } & Partial<Record<"row" | "col" | "card" | "target" | "pile" | "owner", number>>;

interface Cell {
  seat: number;
  row: number;
  col: number;
  card: number | "removed";
}

function place(row: number, col: number): string {
  return `row ${row + 1}, column ${col + 1}`;
}

function cardName(card: unknown): string {
  return card === 0 ? "SKIP-BO" : String(card);
}

/** The board places (the boards' own keys) another player's event changed. */
export function changedPlaces(events: GameEvent[], me: number | null): Set<string> {
  const places = new Set<string>();
  for (const event of events) {
    if (event.type !== "move" || event.seat === me || event.seat === undefined || !event.move) continue;
    const move: MoveFields = event.move;
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

function skyjoMove(who: string, move: MoveFields, cells: Cell[]): string {
  const cell = cells.find((one) => one.card !== "removed");
  const at = move.row !== undefined && move.col !== undefined ? place(move.row, move.col) : "";
  const removed = cells.some((one) => one.card === "removed") ? " and completed a column, which is removed" : "";
  if (move.type === "draw") return `${who} drew a card`;
  if (move.type === "reveal") return `${who} turned up ${cell ? cell.card : "a card"} at ${at}`;
  if (move.type === "take_discard") return `${who} took the discarded ${cell?.card ?? "card"} into ${at}${removed}`;
  if (move.type === "replace") return `${who} put the drawn ${cell?.card ?? "card"} at ${at}${removed}`;
  return `${who} discarded the drawn card and turned up ${cell ? cell.card : "a card"} at ${at}${removed}`;
}

function skipBoMove(who: string, move: MoveFields, event: GameEvent, names: string[]): string {
  if (move.type === "pass") return `${who} passed`;
  const card = cardName(event["card"] ?? move.card);
  if (move.type === "discard") return `${who} discarded ${card} onto discard pile ${(move.pile ?? 0) + 1}`;
  const owner = move.owner !== undefined && move.owner !== event.seat ? `${seatName(names, move.owner)}'s ` : "";
  const from = move.source === "stock" ? `${owner}stock` : move.source === "discard" ? `${owner}discard pile ${(move.pile ?? 0) + 1}` : "hand";
  const completed = event["completed_pile"] !== undefined ? " (a full pile, set aside)" : "";
  return `${who} played ${card} from ${from} onto building pile ${(move.target ?? 0) + 1}${completed}`;
}

/** A sentence for one event as a player at the table would say it; null for none. */
export function describe(event: GameEvent, game: string, names: string[], me: number | null): string | null {
  const who = event.seat === me ? "You" : seatName(names, event.seat);
  if (event.type === "move" && event.move) {
    const cells = (event["cells"] as Cell[] | undefined) ?? [];
    return game === "skyjo" ? skyjoMove(who, event.move, cells) : skipBoMove(who, event.move, event, names);
  }
  if (event.type === "round_end") return `Round ${String(event["round"])} is over.`;
  if (event.type === "deal") return `Round ${String(event["round"])} is dealt.`;
  if (event.type === "game_end") return "The game is over.";
  if (event.type === "join") return `${String(event["name"])} sat down at seat ${(event.seat ?? 0) + 1}.`;
  if (event.type === "leave") return `${who} left the table.`;
  if (event.type === "takeover") return `The server's bot now plays for ${seatName(names, event.seat)}.`;
  if (event.type === "rematch") return "A rematch is set up.";
  return null;
}
