/** What the other players just did, read from the event feed: which places to mark on the
 * board and a sentence for each change (shown in the table's live "Last moves" list). */
import type { GameEvent } from "../../../sdk/typescript/src/index";
import { seatName } from "./dom";
import { type MoveEvent, rendererOrNull } from "./games";
import { t } from "./i18n";

/** The board places another player's events changed (the boards' `data-place` keys). */
export function changedPlaces(events: GameEvent[], me: number | null, game: string): Set<string> {
  const places = new Set<string>();
  for (const event of events) {
    if (event.type !== "move" || event.seat === me || event.seat === undefined || !event.move) continue;
    for (const change of rendererOrNull(game)?.changes(event as MoveEvent) ?? []) for (const place of [change.to, ...(change.from ?? [])]) places.add(place);
  }
  return places;
}

/** A sentence for one event as a player at the table would say it; null for none. */
export function describe(event: GameEvent, game: string, names: string[], me: number | null): string | null {
  const who = event.seat === me ? t.you : seatName(names, event.seat, t.nobody);
  if (event.type === "move" && event.move) {
    return rendererOrNull(game)?.describeMove(who, event.move, event, names) ?? null;
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
