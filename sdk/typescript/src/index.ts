/** The Cardtable TypeScript client: exact per-game types, a seat session that retries its
 * reads and follows the game through any outage, typed errors. */
export { Cardtable, type Api, type CardtableOptions, type NewGame } from "./client";
export * from "./errors";
export * from "./games";
export { abortableSleep, backoffDelay, isAbort, isRetryable, newIdempotencyKey, withRetry, type RetryInfo, type RetryOptions } from "./retry";
export { MAX_TICKET_WAIT, Players, PlayerSession, type Opponents, type PlayerEvent, type PlayerKind, type QueueFormat, type QueueOptions, type RatedGame, type TicketStatus } from "./players";
export { SeatSession, type EventFeedOf, type LegalMovesOf, type Turn } from "./session";
export { ScoreSheets, type EditOptions } from "./sheets";
export { sseMessages, type EventSourceMessage, type SseHandlers } from "./sse";
export * from "./types";
export { eventPoll, eventStream, streamOrPoll, type ChangeFeed, type FeedOptions, type FeedState, type PollOptions, type StreamOptions } from "./watch";

import type { GameName } from "./games";
import type { LegalMovesOf } from "./session";
/** The legal moves of one version (either game's). */
export type LegalMoves = LegalMovesOf<GameName>;
