/** Change feeds for SeatSession.watch: how a seat hears of every change of its game, as
 * events, in order, none lost and none repeated, through outages of any length. */
import { StreamUnsupported } from "./errors";
import type { AnyEvent } from "./games";
import { abortableSleep, backoffDelay, hintedSeconds, isRetryable } from "./retry";
import type { SeatSession } from "./session";
import { sseMessages } from "./sse";

/** Follows one seat's game: calls onEvent with every event after the last version the
 * session saw, in order, until the game ends or signal aborts. */
export type ChangeFeed = (session: SeatSession, onEvent: (event: AnyEvent) => void, signal: AbortSignal) => Promise<void>;

/** Where a feed is, for a page that shows it: `connecting` (a stream asked for),
 * `live` (a stream open or a poll answered), `retrying` (after a failure, for `delayMs`). */
export interface FeedState {
  status: "connecting" | "live" | "retrying";
  via: "stream" | "poll";
  /** Failures in a row. */
  failures: number;
  delayMs?: number;
  error?: unknown;
}

export interface FeedOptions {
  /** Longest pause between two attempts after failures (default 15 s). */
  maxBackoffMs?: number;
  /** Failures in a row before the feed gives up with the last one (default: never). */
  maxFailures?: number;
  onState?: (state: FeedState) => void;
  /** Math.random by default (the jitter). */
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface PollOptions extends FeedOptions {
  /** Seconds the server holds each poll when nothing happened (at most 30). */
  waitSeconds?: number;
  /** Pause after an empty answer that came back early (a busy server). */
  busyPauseMs?: number;
}

export interface StreamOptions extends FeedOptions {
  /** Streams in a row that opened and then brought nothing at all (not even the server's
   * `retry:` line or a heartbeat) before streamOrPoll() gives streaming up and long-polls
   * instead (a proxy that buffers or cuts streams). Failures to connect do not count. */
  streamAttempts?: number;
}

export { abortableSleep };

/**
 * Where a feed is in the game, shared when streamOrPoll() hands over to long-polls.
 * A version's events may be several (a move that ends a round, then the deal); a stream
 * marks each but the last `<version>.<k>`, so a feed cut between them knows how many of
 * the next version it has already delivered.
 */
interface Cursor {
  /** The last version whose events were all delivered. */
  since: number;
  /** Events of version `since + 1` delivered already. */
  within: number;
  over: boolean;
}

/** The stream's Last-Event-ID for a cursor. */
function lastEventId(cursor: Cursor): string {
  return cursor.within ? `${cursor.since + 1}.${cursor.within}` : String(cursor.since);
}

/** Moves the cursor past one delivered event; `id` is its stream id, if it came by stream. */
function advance(cursor: Cursor, event: AnyEvent, id: string | undefined): void {
  const match = id === undefined ? null : /^(\d+)(?:\.(\d+))?$/.exec(id);
  if (match?.[2] !== undefined) {
    cursor.since = Number(match[1]) - 1;
    cursor.within = Number(match[2]);
  } else {
    cursor.since = match ? Number(match[1]) : event.version;
    cursor.within = 0;
  }
  if (event.type === "game_end") cursor.over = true;
}

/** Pauses between attempts: the server's Retry-After first, its `retry:` after a stream
 * that was live, else exponential back-off, all with jitter; throws after maxFailures. */
class Pauses {
  failures = 0;
  /** The server's `retry:` (ms), used once after a stream that delivered. */
  retryMs: number | null = null;

  constructor(
    private readonly options: FeedOptions,
    private readonly via: FeedState["via"],
  ) {}

  /** The stream opened or a poll answered. */
  live(): void {
    this.options.onState?.({ status: "live", via: this.via, failures: this.failures });
  }

  async after(error: unknown, signal: AbortSignal): Promise<void> {
    this.failures += 1;
    if (this.failures > (this.options.maxFailures ?? Infinity)) throw error;
    const random = this.options.random ?? Math.random;
    const hinted = hintedSeconds(error);
    const delayMs =
      hinted === undefined && this.failures === 1 && this.retryMs !== null
        ? Math.round(this.retryMs * (1 + random() * 0.1))
        : backoffDelay(this.failures, { maxDelayMs: this.options.maxBackoffMs, random }, hinted);
    this.options.onState?.({ status: "retrying", via: this.via, failures: this.failures, delayMs, error });
    await (this.options.sleep ?? abortableSleep)(delayMs, signal);
  }
}

/** Errors worth another attempt: lost connections, a busy server, a stream that ended. */
function retryable(error: unknown): boolean {
  return isRetryable(error) || error instanceof StreamEnded || error instanceof SyntaxError;
}

class StreamEnded extends Error {
  override name = "StreamEnded";
}

/** What one stream did before it stopped. */
interface Line {
  opened: boolean;
  /** Anything at all arrived: a message, the `retry:` line, a heartbeat. */
  heard: boolean;
}

/** One stream, read until the game ends; throws StreamEnded when it stops before. */
async function readStream(session: SeatSession, cursor: Cursor, onEvent: (event: AnyEvent) => void, signal: AbortSignal, pauses: Pauses, line: Line): Promise<void> {
  const body = await session.stream(lastEventId(cursor), signal);
  if (body === null) {
    cursor.over = true; // 204: the game is over and nothing follows
    return;
  }
  line.opened = true;
  pauses.live();
  const handlers = {
    onRetry: (ms: number) => {
      pauses.retryMs = ms;
      line.heard = true;
    },
    onComment: () => (line.heard = true),
  };
  for await (const message of sseMessages(body, handlers)) {
    if (signal.aborted) return; // stopped: hand out nothing more
    line.heard = true;
    pauses.failures = 0; // the stream delivers: a later cut starts the back-off afresh
    const event = JSON.parse(message.data) as AnyEvent;
    if (event.version < cursor.since) continue; // never hand out an older change again
    advance(cursor, event, message.id);
    onEvent(event);
    // After game_end the server keeps the stream open for a rematch; the watch ends here
    // (leaving the loop cancels the body).
    if (cursor.over) return;
  }
  // Without game_end the server stopped (a restart) or a proxy cut the line.
  throw new StreamEnded("the event stream ended");
}

async function followStream(session: SeatSession, cursor: Cursor, onEvent: (event: AnyEvent) => void, signal: AbortSignal, options: StreamOptions): Promise<void> {
  const pauses = new Pauses(options, "stream");
  let silent = 0;
  while (!signal.aborted && !cursor.over) {
    const line: Line = { opened: false, heard: false };
    try {
      options.onState?.({ status: "connecting", via: "stream", failures: pauses.failures });
      await readStream(session, cursor, onEvent, signal, pauses, line);
    } catch (error) {
      if (signal.aborted) return;
      if (!retryable(error)) throw error;
      silent = line.heard ? 0 : line.opened ? silent + 1 : silent;
      if (silent >= (options.streamAttempts ?? Infinity)) throw new StreamUnsupported("the event stream keeps failing");
      await pauses.after(error, signal);
    }
  }
}

async function followPolls(session: SeatSession, cursor: Cursor, onEvent: (event: AnyEvent) => void, signal: AbortSignal, options: PollOptions): Promise<void> {
  const waitSeconds = options.waitSeconds ?? 25;
  const pauses = new Pauses(options, "poll");
  while (!signal.aborted && !cursor.over) {
    const started = Date.now();
    try {
      const answer = await session.events(cursor.since, waitSeconds, signal, { attempts: 1 });
      pauses.failures = 0;
      pauses.live();
      // A stream cut between the events of one version delivered the first `within`.
      let skip = cursor.within;
      for (const event of answer.events) {
        if (signal.aborted || cursor.over) break;
        if (event.version === cursor.since + 1 && skip > 0) {
          skip -= 1;
          continue;
        }
        advance(cursor, event, undefined);
        onEvent(event);
      }
      // An empty answer at once: a busy server, or a game over before `since` (nothing will come).
      if (!answer.events.length && Date.now() - started < (waitSeconds * 1000) / 2) {
        if ((await session.view(signal)).finished) return;
        await (options.sleep ?? abortableSleep)(options.busyPauseMs ?? 1000, signal);
      }
    } catch (error) {
      if (signal.aborted) return;
      if (!retryable(error)) throw error;
      await pauses.after(error, signal);
    }
  }
}

/** A feed starts after the last version its session saw, or at the current one. */
async function start(session: SeatSession, signal: AbortSignal): Promise<Cursor> {
  return { since: session.version ?? (await session.view(signal)).version, within: 0, over: false };
}

/** Server-Sent Events over fetch(): resumes with Last-Event-ID after any lost connection,
 * waits out 503/429 for Retry-After, never gives up unless told to. */
export function eventStream(options: StreamOptions = {}): ChangeFeed {
  return async (session, onEvent, signal) => followStream(session, await start(session, signal), onEvent, signal, options);
}

/** GET /games/{id}/events?since=V&wait=N again and again (JSON long-polls). */
export function eventPoll(options: PollOptions = {}): ChangeFeed {
  return async (session, onEvent, signal) => followPolls(session, await start(session, signal), onEvent, signal, options);
}

/** The event stream, and long-polls from where it stopped when streams cannot be read here
 * (a fetch without readable bodies, a proxy that buffers, strips or keeps cutting them). */
export function streamOrPoll(options: StreamOptions & PollOptions = {}): ChangeFeed {
  return async (session, onEvent, signal) => {
    const cursor = await start(session, signal);
    try {
      await followStream(session, cursor, onEvent, signal, { streamAttempts: 3, ...options });
    } catch (error) {
      if (!(error instanceof StreamUnsupported)) throw error;
      await followPolls(session, cursor, onEvent, signal, options);
    }
  };
}
