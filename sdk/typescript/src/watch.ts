/** Change feeds for SeatSession.watch: how a seat hears of every change of its game, as events. */
import { isTransient, StreamUnsupported } from "./errors";
import type { SeatSession } from "./session";
import { sseMessages } from "./sse";
import type { GameEvent } from "./types";

/** Follows one seat's game: calls onEvent with every event after the last version the
 * session saw, in order, until the game ends or signal aborts. */
export type ChangeFeed = (
  session: SeatSession,
  onEvent: (event: GameEvent) => void,
  signal: AbortSignal,
) => Promise<void>;

export interface FeedOptions {
  /** Longest pause between reconnections after errors. */
  maxBackoffMs?: number;
  /** Failures in a row (lost connections, 503s) before the feed gives up with the last one. */
  maxFailures?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface PollOptions extends FeedOptions {
  /** Seconds the server holds each poll when nothing happened (at most 30). */
  waitSeconds?: number;
  /** Pause after an empty answer that came back early (a busy server). */
  busyPauseMs?: number;
}

export interface StreamOptions extends FeedOptions {
  /** Failed streams in a row, none of which delivered anything, before streamOrPoll()
   * gives streaming up and long-polls instead (a proxy that buffers or cuts streams). */
  streamAttempts?: number;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}

/** Where a feed is in the game, shared when streamOrPoll() hands over to long-polls. */
interface Cursor {
  since: number;
  over: boolean;
}

/** Reconnection pauses: the server's Retry-After first, its `retry:` after a lost stream,
 * else an exponential back-off; throws once failures keep coming. */
class Backoff {
  failures = 0;
  retryMs: number | null = null;

  constructor(private readonly options: FeedOptions) {}

  async after(error: unknown, signal: AbortSignal): Promise<void> {
    this.failures += 1;
    if (this.failures > (this.options.maxFailures ?? 8)) throw error;
    const hinted = error instanceof Error && "retryAfter" in error ? (error.retryAfter as number | undefined) : undefined;
    const backoff = Math.min(this.options.maxBackoffMs ?? 15000, 250 * 2 ** this.failures);
    const pause = hinted !== undefined ? hinted * 1000 : this.failures === 1 && this.retryMs !== null ? this.retryMs : backoff;
    await (this.options.sleep ?? abortableSleep)(pause, signal);
  }
}

/** Errors worth a reconnection: lost connections, a busy server, a stream that ended. */
function retryable(error: unknown): boolean {
  return isTransient(error) || error instanceof TypeError || error instanceof StreamEnded || error instanceof SyntaxError;
}

class StreamEnded extends Error {
  override name = "StreamEnded";
}

function deliver(cursor: Cursor, event: GameEvent, onEvent: (event: GameEvent) => void): void {
  if (event.version < cursor.since) return; // never hand out an older change again
  cursor.since = event.version;
  if (event.type === "game_end") cursor.over = true;
  onEvent(event);
}

/** One stream, read until the game ends; throws StreamEnded when it stops before. */
async function readStream(session: SeatSession, cursor: Cursor, onEvent: (event: GameEvent) => void, signal: AbortSignal, backoff: Backoff): Promise<void> {
  const body = await session.stream(cursor.since, signal);
  if (body === null) {
    cursor.over = true; // 204: the game is over and nothing follows
    return;
  }
  for await (const message of sseMessages(body, { onRetry: (ms) => (backoff.retryMs = ms) })) {
    if (signal.aborted) return; // stopped: hand out nothing more
    backoff.failures = 0;
    deliver(cursor, JSON.parse(message.data) as GameEvent, onEvent);
    // After game_end the server keeps the stream open for a rematch; the watch ends here
    // (leaving the loop cancels the body).
    if (cursor.over) return;
  }
  // Without game_end the server stopped (a restart) or a proxy cut the line.
  throw new StreamEnded("the event stream ended");
}

async function followStream(session: SeatSession, cursor: Cursor, onEvent: (event: GameEvent) => void, signal: AbortSignal, options: StreamOptions): Promise<void> {
  const backoff = new Backoff(options);
  while (!signal.aborted && !cursor.over) {
    try {
      await readStream(session, cursor, onEvent, signal, backoff);
    } catch (error) {
      if (signal.aborted) return;
      if (!retryable(error)) throw error;
      // backoff.failures counts the streams in a row that failed without delivering anything.
      if (backoff.failures + 1 >= (options.streamAttempts ?? Infinity)) throw new StreamUnsupported("the event stream keeps failing");
      await backoff.after(error, signal);
    }
  }
}

async function followPolls(session: SeatSession, cursor: Cursor, onEvent: (event: GameEvent) => void, signal: AbortSignal, options: PollOptions): Promise<void> {
  const waitSeconds = options.waitSeconds ?? 25;
  const backoff = new Backoff(options);
  while (!signal.aborted && !cursor.over) {
    const started = Date.now();
    try {
      const answer = await session.events(cursor.since, waitSeconds, signal);
      backoff.failures = 0;
      for (const event of answer.events) if (!signal.aborted) deliver(cursor, event, onEvent);
      // An empty answer at once: a busy server, or a game over before `since` (nothing will come).
      if (!answer.events.length && Date.now() - started < (waitSeconds * 1000) / 2) {
        if ((await session.view()).finished) return;
        await (options.sleep ?? abortableSleep)(options.busyPauseMs ?? 1000, signal);
      }
    } catch (error) {
      if (signal.aborted) return;
      if (!retryable(error)) throw error;
      await backoff.after(error, signal);
    }
  }
}

/** A feed starts after the last version its session saw, or at the current one. */
async function start(session: SeatSession): Promise<Cursor> {
  return { since: session.version ?? (await session.view()).version, over: false };
}

/** Server-Sent Events over fetch(): resumes with Last-Event-ID after a lost connection,
 * waits out 503/429 for Retry-After. */
export function eventStream(options: StreamOptions = {}): ChangeFeed {
  return async (session, onEvent, signal) => followStream(session, await start(session), onEvent, signal, options);
}

/** GET /games/{id}/events?since=V&wait=N again and again (JSON long-polls). */
export function eventPoll(options: PollOptions = {}): ChangeFeed {
  return async (session, onEvent, signal) => followPolls(session, await start(session), onEvent, signal, options);
}

/** The event stream, and long-polls from where it stopped when streams cannot be read here
 * (a fetch without readable bodies, a proxy that buffers, strips or keeps cutting them). */
export function streamOrPoll(options: StreamOptions & PollOptions = {}): ChangeFeed {
  return async (session, onEvent, signal) => {
    const cursor = await start(session);
    try {
      await followStream(session, cursor, onEvent, signal, { streamAttempts: 3, ...options });
    } catch (error) {
      if (!(error instanceof StreamUnsupported)) throw error;
      await followPolls(session, cursor, onEvent, signal, options);
    }
  };
}
