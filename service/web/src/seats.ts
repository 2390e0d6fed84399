/** The creator's seat tokens, kept in this browser so the table can hand out one link per seat. */
import type { CreatedGame } from "../../../sdk/typescript/src/index";
import { loadLocal, saveLocal } from "./dom";

export interface KnownSeat {
  seat: number;
  name: string;
  bot: string | null;
  token: string;
}

const KEY = "cardtable.games";
const KEEP = 20;

export function rememberGame(game: CreatedGame): void {
  const games = loadLocal<Record<string, KnownSeat[]>>(KEY, {});
  games[game.id] = game.players.map((player) => ({ seat: player.seat, name: player.name, bot: player.bot ?? null, token: player.token }));
  // Keep the newest few: old games expire on the server anyway.
  const ids = Object.keys(games);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete games[id];
  saveLocal(KEY, games);
}

export function knownSeats(gameId: string): KnownSeat[] {
  return loadLocal<Record<string, KnownSeat[]>>(KEY, {})[gameId] ?? [];
}

export function seatLink(gameId: string, token: string): string {
  return `${location.origin}/play/games/${gameId}#token=${token}`;
}
