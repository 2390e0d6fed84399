/** Which renderer draws a game, looked up by the view's `game`: Skyjo and Skip-Bo have their
 * own boards; any other game the server hosts is drawn by the generic renderer from what its
 * view holds; a game the server does not host is an error the page shows. */
import type { Cardtable, GameEvent, Move, PlayingView } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { genericRenderer } from "./generic";
import { t } from "./i18n";
import type { Change } from "./motion";
import { skipBoRenderer } from "./skipbo";
import { skyjoRenderer } from "./skyjo";

/** "Quick game" or "Classic": the option values a preset fills in. */
export interface Preset {
  id: string;
  label: string;
  values: Record<string, string>;
}

/** A move's event (the feed's `move` events carry the seat and the move). */
export type MoveEvent = GameEvent & { move: Move; seat: number };

export interface Renderer {
  board: (ctx: BoardContext<PlayingView>) => Board;
  /** What a round's end shows besides the results (Skyjo: every grid face up). */
  roundEnd: (view: PlayingView, names: string[]) => HTMLElement | null;
  /** What another player's move changed on the board, to mark and to animate. */
  changes: (event: MoveEvent) => Change[];
  /** A sentence for another player's move, from its event. */
  describeMove: (who: string, move: Move, event: GameEvent, names: string[]) => string;
  presets: () => Preset[];
}

const RENDERERS: Record<string, Renderer> = { skyjo: skyjoRenderer, skipbo: skipBoRenderer };

/** The games the server hosts, by name, with their titles (filled in by `learnGames`). */
const hosted = new Map<string, string>();

export class UnknownGame extends Error {
  override name = "UnknownGame";
}

/** Ask the server once which games it hosts (the generic renderer draws the ones without a
 * board of their own). */
export async function learnGames(client: Cardtable): Promise<void> {
  if (hosted.size) return;
  for (const type of await client.gameTypes()) hosted.set(type.game, type.title);
}

export function rendererFor(game: string): Renderer {
  const renderer = rendererOrNull(game);
  if (!renderer) throw new UnknownGame(t.unknownGame(game));
  return renderer;
}

/** The renderer, or null for a game the page cannot draw (the board says so, loudly; the
 * log and the motion then stay quiet instead of failing every refresh). */
export function rendererOrNull(game: string): Renderer | null {
  return RENDERERS[game] ?? (hosted.has(game) ? genericRenderer : null);
}

/** The server lists its games in its folders' order; the page offers first the games it has
 * a board of its own for, in the order of RENDERERS (Skyjo, then Skip-Bo), then the rest. */
export function boardGamesFirst<T>(types: T[], name: (type: T) => string): T[] {
  const order = Object.keys(RENDERERS);
  const rank = (type: T): number => {
    const index = order.indexOf(name(type));
    return index === -1 ? order.length : index;
  };
  return [...types].sort((a, b) => rank(a) - rank(b));
}

/** The game's name for players: the catalogue's, else the server's title. */
export function gameTitle(game: string): string {
  return t.titles[game] ?? hosted.get(game) ?? game;
}
