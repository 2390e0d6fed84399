/** The creator's seat tokens and invite, kept in this browser so the table can hand out one
 * link per seat and the invite link. */
import type { CreatedGame } from "../../../sdk/typescript/src/index";
import { loadLocal, saveLocal } from "./dom";

export interface KnownSeat {
  seat: number;
  name: string;
  bot: string | null;
  token: string;
}

const KEY = "cardtable.games";
const INVITES = "cardtable.invites";
const KEEP = 20;

/** Keep a value per game, only for the newest few games: old games expire on the server. */
function keep<T>(key: string, gameId: string, value: T): void {
  const games = loadLocal<Record<string, T>>(key, {});
  games[gameId] = value;
  const ids = Object.keys(games);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete games[id];
  saveLocal(key, games);
}

export function rememberGame(game: CreatedGame): void {
  const seats = game.players.filter((player) => player.token).map((player) => ({ seat: player.seat, name: player.name ?? "", bot: player.bot ?? null, token: player.token ?? "" }));
  keep(KEY, game.id, seats);
  if (game.invite) keep(INVITES, game.id, game.invite);
}

/** The seat of a game this browser set up (a rematch): its waiting room offers "start now". */
export function rememberCreatedSeat(gameId: string, seat: KnownSeat): void {
  keep(KEY, gameId, [seat]);
}

/** The invite of a game this browser created or joined by invite; null when unknown. */
export function knownInvite(gameId: string): string | null {
  return loadLocal<Record<string, string>>(INVITES, {})[gameId] ?? null;
}

export function rememberInvite(gameId: string, invite: string): void {
  keep(INVITES, gameId, invite);
}

export function inviteLink(gameId: string, invite: string): string {
  return `${location.origin}/play/games/${gameId}#invite=${invite}`;
}

export function knownSeats(gameId: string): KnownSeat[] {
  return loadLocal<Record<string, KnownSeat[]>>(KEY, {})[gameId] ?? [];
}

export function seatLink(gameId: string, token: string): string {
  return `${location.origin}/play/games/${gameId}#token=${token}`;
}

/** A seat this browser holds: its token and what the "your games" list shows. */
export interface HeldSeat {
  gameId: string;
  token: string;
  seat: number | null;
  name: string;
  game: string;
  finished: boolean;
  /** When this browser last opened it (ms since the epoch): the list is newest first. */
  seen: number;
}

const HELD = "cardtable.held";
const HELD_KEEP = 30;

export function heldSeats(): HeldSeat[] {
  const held = Object.values(loadLocal<Record<string, HeldSeat>>(HELD, {}));
  return held.sort((a, b) => b.seen - a.seen);
}

export function heldSeat(gameId: string): HeldSeat | null {
  return loadLocal<Record<string, HeldSeat>>(HELD, {})[gameId] ?? null;
}

/** Keep (or refresh) a seat this person holds, so that /play/ can return them to it. */
export function holdSeat(seat: Omit<HeldSeat, "seen">): void {
  const held = loadLocal<Record<string, HeldSeat>>(HELD, {});
  held[seat.gameId] = { ...seat, seen: Date.now() };
  const newest = Object.values(held).sort((a, b) => b.seen - a.seen).slice(0, HELD_KEEP);
  saveLocal(HELD, Object.fromEntries(newest.map((one) => [one.gameId, one])));
}

export function forgetSeat(gameId: string): void {
  const held = loadLocal<Record<string, HeldSeat>>(HELD, {});
  delete held[gameId];
  saveLocal(HELD, held);
}

export function watchLink(gameId: string): string {
  return `${location.origin}/play/games/${gameId}#watch`;
}
