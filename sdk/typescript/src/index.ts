/** The Cardtable TypeScript client: generated types, a seat session, typed errors. */
export { Cardtable, type Api, type CardtableOptions, type NewGame } from "./client";
export * from "./errors";
export { SeatSession, type Turn } from "./session";
export { ScoreSheets } from "./sheets";
export * from "./types";
export { sseMessages, type EventSourceMessage, type SseHandlers } from "./sse";
export {
  abortableSleep,
  eventPoll,
  eventStream,
  streamOrPoll,
  type ChangeFeed,
  type FeedOptions,
  type PollOptions,
  type StreamOptions,
} from "./watch";
