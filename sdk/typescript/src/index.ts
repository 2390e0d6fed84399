/** The Cardtable TypeScript client: generated types, a seat session, typed errors. */
export { Cardtable, type Api, type CardtableOptions } from "./client";
export * from "./errors";
export { SeatSession, type Turn } from "./session";
export { ScoreSheets } from "./sheets";
export * from "./types";
export { abortableSleep, longPoll, type ChangeFeed, type LongPollOptions } from "./watch";
