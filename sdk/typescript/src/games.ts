/**
 * Exact shapes per game: moves, views and events as discriminated unions on `type` (moves,
 * events) and `game` (views), so that a move without its card or a misspelt field is a
 * compile error.
 *
 * Each game's moves and view come from openapi.yaml: src/games.generated.ts (written by
 * scripts/generate_typed.py, `make sdk`) names the games, their move types and shapes and
 * their views as src/schema.d.ts has them, so a new game gets its `MoveOf`, `ViewOf` and
 * `EventOf` with no edit here. Skyjo's and Skip-Bo's events are written by hand from
 * docs/events.md, tighter than the spec's (one object per `type` with every game's fields
 * optional); any other game's are the spec's with its own moves.
 * test/types/spec.test-d.ts checks them against the generated types.
 */
import type { GameName, SkipBoPlayDiscardMove, SkipBoPlayHandMove, SkipBoPlayStockMove, SpecMoves, SpecViews } from "./games.generated";
import { MOVE_TYPES } from "./games.generated";
import type { paths } from "./schema";

/** The JSON body of a route's 200 answer. */
type Ok<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;
/** The JSON body a route accepts. */
type Accepts<Operation> = Operation extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;

/** Each member of U gets the other members' fields as `?: undefined`: reading a field of
 * another variant (`move.row` on any move) is allowed and gives undefined, while an object
 * literal still must match one variant exactly. */
type AllKeys<U> = U extends unknown ? keyof U : never;
export type Exclusive<U, Keys extends PropertyKey = AllKeys<U>> = U extends unknown
  ? U & { [K in Exclude<Keys, keyof U>]?: undefined }
  : never;

/** The move as the spec describes it (today one object with every field optional). */
export type WireMove = Accepts<paths["/games/{game_id}/moves"]["post"]> extends { move: infer M } ? M : never;
/** A view as the spec describes it (a table still waiting, or a dealt game of either kind). */
export type WireView = Ok<paths["/games/{game_id}"]["get"]>;
/** An event as the spec describes it: a oneOf by `type` (MoveEvent, DealEvent, RoundEndEvent, ...), each with every game's own fields optional. */
export type WireEvent = Ok<paths["/games/{game_id}/events"]["get"]> extends { events: (infer E)[] } ? E : never;

export * from "./games.generated";

// ---------------------------------------------------------------------------------------
// Moves: each game's from the spec (src/games.generated.ts), exact
// ---------------------------------------------------------------------------------------

/** The moves of one game, exact (`move.row` on any move is allowed and undefined). */
type GameMove<G extends GameName> = Exclusive<SpecMoves[G]>;

/** A Skyjo grid position: row 0..2, column 0..3. */
export type SkyjoCellPosition = {
  row: number;
  col: number;
};
export type SkyjoMove = GameMove<"skyjo">;

/** A Skip-Bo card: 1..12, 0 for the SKIP-BO wild card. */
export type SkipBoCard = number;
/** A building pile (target) or a discard pile: 0..3. */
export type SkipBoPile = number;
/** Teams: the partner whose stock or discard pile is played from (left out for your own). */
export type SkipBoOwner = number;
// Today's names of the spec's Skip-Bo play shapes.
export type SkipBoPlayFromHand = SkipBoPlayHandMove;
export type SkipBoPlayFromStock = SkipBoPlayStockMove;
export type SkipBoPlayFromDiscard = SkipBoPlayDiscardMove;
export type SkipBoMove = GameMove<"skipbo">;

/** A move of any game; narrow it with `move.type` or isSkyjoMove / isSkipBoMove. */
export type AnyMove = Exclusive<SpecMoves[GameName]>;

const SKYJO_MOVES: ReadonlySet<string> = new Set(MOVE_TYPES.skyjo);
const SKIPBO_MOVES: ReadonlySet<string> = new Set(MOVE_TYPES.skipbo);

export function isSkyjoMove(move: AnyMove): move is Extract<AnyMove, SkyjoMove> {
  return SKYJO_MOVES.has(move.type);
}
export function isSkipBoMove(move: AnyMove): move is Extract<AnyMove, SkipBoMove> {
  return SKIPBO_MOVES.has(move.type);
}

// ---------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------

export type SkyjoView = SpecViews["skyjo"];
export type SkipBoView = SpecViews["skipbo"];
/** A table still waiting for players (any game). */
export type WaitingView = Extract<WireView, { phase: "waiting" }>;
export type PlayingView = SpecViews[GameName];
export type GameView = PlayingView | WaitingView;
/** A Skyjo grid cell: its value face up, null face down, "removed" with its column. */
export type SkyjoCell = SkyjoView["players"][number]["grid"][number];

export function isWaiting(view: GameView): view is WaitingView {
  return view.phase === "waiting";
}
export function isSkyjo(view: GameView): view is SkyjoView {
  return view.game === "skyjo" && view.phase !== "waiting";
}
export function isSkipBo(view: GameView): view is SkipBoView {
  return view.game === "skipbo" && view.phase !== "waiting";
}

// ---------------------------------------------------------------------------------------
// Events (docs/events.md)
// ---------------------------------------------------------------------------------------

type At<Type extends string> = {
  /** The version this change created. */
  version: number;
  type: Type;};
type Turn = {
  /** Whose turn it is now; null when no single seat is to play. */
  next_player: number | null;
  active_seats: number[];};

/** A seat was taken, or filled by a server bot when the game was started early. */
export type JoinEvent = At<"join"> & {
  seat: number;
  name: string;
  bot?: string;};
/** A player left: before the deal the seat opens again, after it a server bot plays it. */
export type LeaveEvent = At<"leave"> & {
  seat: number;
  bot?: string;};
/** The turn timer handed a seat to the server's bot. */
export type TakeoverEvent = At<"takeover"> & {
  seat: number;
  reason: string;
  bot: string;};
export type RematchEvent = At<"rematch"> & {
  /** The new game's id. */
  game_id: string;};
export type ReshuffleEvent = At<"reshuffle"> & {
  draw_pile_size: number;};
export type GameEndEvent = At<"game_end"> & {
  totals: number[];
  winners: number[];};
export type TableEvent = JoinEvent | LeaveEvent | TakeoverEvent | RematchEvent;

/** A Skyjo cell that changed: the value now face up, or "removed" with its column. */
export type SkyjoCellChange = {
  seat: number;
  row: number;
  col: number;
  card: number | "removed";};
export type SkyjoFinalLap = {
  finisher: number;
  still_to_play: number[];};
export type SkyjoMoveEvent = At<"move"> & Turn & {
  seat: number;
  move: SkyjoMove;
  /** Left out when the move ends the round (`round_end` carries every grid). */
  cells?: SkyjoCellChange[];
  discard_top?: number;
  draw_pile_size?: number;
  /** Own: the card this seat just drew. */
  drawn?: number;
  /** Set by the move that revealed a grid's last card. */
  final_lap?: SkyjoFinalLap;};
export type SkyjoRoundEndEvent = At<"round_end"> & {
  round: number;
  scores: number[];
  totals: number[];
  card_totals: number[];
  finisher: number;
  finisher_doubled: boolean;
  /** Every grid at the end of the round, all face up. */
  grids: (number | "removed")[][];
  /** Per seat, the positions turned up by the final reveal. */
  revealed: number[][];};
export type SkyjoDealEvent = At<"deal"> & Turn & {
  round: number;
  discard_top: number;
  draw_pile_size: number;};
export type SkyjoEvent = Exclusive<SkyjoMoveEvent | SkyjoRoundEndEvent | SkyjoDealEvent | ReshuffleEvent | GameEndEvent | TableEvent>;

export type SkipBoMoveEvent = At<"move"> & Turn & {
  seat: number;
  move: SkipBoMove;
  /** The value of the card moved (0 = SKIP-BO). */
  card: number | null;
  /** The building pile that reached 12 and was cleared. */
  completed_pile?: number;
  /** After a play from a stock: the card uncovered (null: empty) and the cards left. */
  stock_top?: number | null;
  stock_size?: number;
  hand_sizes?: number[];
  /** Own: the cards that came into this seat's hand. */
  drew?: number[];};
export type SkipBoRoundEndEvent = At<"round_end"> & {
  round: number;
  scores: number[];
  totals: number[];
  /** Nobody won the round. */
  drawn: boolean;
  winner: number | null;
  winning_team: number[] | null;
  stocks_left: number[];};
export type SkipBoDealEvent = At<"deal"> & Turn & {
  round: number;
  first_player: number;
  stock_tops: (number | null)[];
  stock_sizes: number[];
  hand_sizes: number[];
  /** Own: this seat's new hand. */
  hand?: number[];};
export type SkipBoEvent = Exclusive<SkipBoMoveEvent | SkipBoRoundEndEvent | SkipBoDealEvent | ReshuffleEvent | GameEndEvent | TableEvent>;

/** An event of either game; narrow it with `event.type`, and by game with the view's `game`. */
export type AnyEvent = Exclusive<SkyjoEvent | SkipBoEvent>;

// ---------------------------------------------------------------------------------------
// By game
// ---------------------------------------------------------------------------------------

/** The events of the games whose events are written by hand above; any other game's are
 * the spec's events with its own moves. */
type HandEvents = { skyjo: SkyjoEvent; skipbo: SkipBoEvent };
type SpecEventOf<M> = Exclusive<WireEvent extends infer E ? (E extends { type: "move" } ? Omit<E, "move"> & { move: M } : E) : never>;
/** The moves of game G (every game's when G is all of them). */
export type MoveOf<G extends GameName> = [GameName] extends [G] ? AnyMove : GameMove<G>;
/** The views a seat of game G gets: the waiting table, then the game's own. */
export type ViewOf<G extends GameName> = SpecViews[G] | WaitingView;
export type EventOf<G extends GameName> = [GameName] extends [G]
  ? AnyEvent
  : G extends keyof HandEvents
    ? HandEvents[G]
    : SpecEventOf<MoveOf<G>>;
