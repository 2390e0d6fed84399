/** Following a game live and never giving up: the event stream, resumed after an outage of
 * any length from the last event id seen (`<version>` or `<version>.<k>`), with back-off and
 * jitter between tries, a watchdog for a line that went silent, and JSON long-polls where a
 * stream cannot be read. The TypeScript client's own feed stops after a few failures; a
 * person's table must not, so the page keeps its own loop (on the client's typed errors). */
import type { Api, EventFeed, GameEvent } from "../../../sdk/typescript/src/index";
import { CardtableError, errorFrom, sseMessages } from "../../../sdk/typescript/src/index";

/** What the connection indicator shows. */
export type LinkState = "live" | "connecting" | "reconnecting" | "offline";

export interface Followed {
  api: Api;
  gameId: string;
  /** The seat's token; null for a spectator. */
  token: string | null;
}

export interface FollowHandlers {
  onEvent: (event: GameEvent) => void;
  /** The connection changed; `retryInMs` is the pause before the next try. */
  onState: (state: LinkState, retryInMs?: number) => void;
}

/** Silence longer than this (the server sends a heartbeat every 15 s) means a dead line. */
const SILENCE_MS = 40_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 15_000;
const POLL_SECONDS = 25;
/** Refusals that no retry can change: a dead token, a game gone, a malformed request. */
const FINAL_STATUSES = new Set([401, 403, 404, 410, 422]);

export function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** True for errors a later try may not meet (network errors, 5xx, 409, 429 are retried). */
export function isFinal(error: unknown): boolean {
  return error instanceof CardtableError && FINAL_STATUSES.has(error.status);
}

/** Exponential back-off with jitter (half to all of the step), the server's Retry-After first. */
export function pauseFor(failures: number, error: unknown): number {
  const hinted = error instanceof CardtableError ? error.retryAfter : undefined;
  if (hinted !== undefined) return hinted * 1000 * (1 + Math.random() * 0.2);
  const step = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, failures - 1));
  return step / 2 + Math.random() * (step / 2);
}

/** Sleep `ms`, cut short when the browser comes back online or the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      removeEventListener("online", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener("online", done);
    signal.addEventListener("abort", done);
  });
}

/** An SSE id as a sortable pair: `17.2` → [17, 2]; `17` (the version's last event) → [17, ∞]. */
function idKey(id: string): [number, number] {
  const [version, k] = id.split(".");
  return [Number(version), k === undefined ? Infinity : Number(k)];
}

function after(a: [number, number], b: [number, number]): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

class StreamCut extends Error {
  override name = "StreamCut";
}

class NoStream extends Error {
  override name = "NoStream";
}

/** Where the page is in the game's events, and how to ask for the rest. */
class Cursor {
  key: [number, number];
  /** The server refused a `<version>.<k>` Last-Event-ID: resume by version, skip by count. */
  plainIds = false;
  /** Events of the last version delivered (to skip them when resuming by version). */
  ofVersion = 0;
  over = false;

  constructor(version: number) {
    this.key = [version, Infinity];
  }

  /** The version to resume after and how many of the next version's events were seen. */
  get resume(): { since: number; skip: number } {
    const [version, k] = this.key;
    return k === Infinity ? { since: version, skip: 0 } : { since: version - 1, skip: this.ofVersion };
  }

  get lastId(): string {
    const [version, k] = this.key;
    return k === Infinity ? String(version) : `${version}.${k}`;
  }

  deliver(event: GameEvent, key: [number, number], onEvent: (event: GameEvent) => void): void {
    this.ofVersion = key[0] === this.key[0] ? this.ofVersion + 1 : 1;
    this.key = key;
    if (event.type === "game_end") this.over = true;
    onEvent(event);
  }
}

/** One stream, read until the game ends (true) or the line is cut (throws). */
async function readStream(target: Followed, cursor: Cursor, handlers: FollowHandlers, signal: AbortSignal): Promise<void> {
  const line = new AbortController();
  const stop = (): void => line.abort();
  signal.addEventListener("abort", stop);
  // The browser says the network is gone: drop the line now rather than at the watchdog.
  addEventListener("offline", stop);
  let watchdog = setTimeout(stop, SILENCE_MS);
  const alive = (): void => {
    clearTimeout(watchdog);
    watchdog = setTimeout(stop, SILENCE_MS);
  };
  try {
    const { since, skip } = cursor.resume;
    const resumeId = cursor.plainIds ? String(since) : cursor.lastId;
    const headers = { ...authHeaders(target.token), Accept: "text/event-stream", "Last-Event-ID": resumeId };
    const query = cursor.plainIds ? { since } : { since: cursor.key[0] };
    const answer = await target.api.GET("/games/{game_id}/events", { params: { path: { game_id: target.gameId }, query }, headers, parseAs: "stream", signal: line.signal });
    const { response } = answer;
    if (response.status === 204) return void (cursor.over = true);
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      const error = errorFrom(response.status, body, response.headers);
      if (error.code === "invalid_header" && !cursor.plainIds) cursor.plainIds = true;
      throw error;
    }
    if (!response.headers.get("Content-Type")?.startsWith("text/event-stream") || !response.body) {
      await response.body?.cancel();
      throw new NoStream("no event stream here");
    }
    handlers.onState("live");
    let skipped = 0;
    let fresh = true;
    // Every chunk (events and heartbeat comments alike) proves the line is alive.
    const watched = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, out) => (alive(), out.enqueue(chunk)) }));
    for await (const message of sseMessages(watched)) {
      if (signal.aborted) return;
      const event = JSON.parse(message.data) as GameEvent;
      const key = message.id ? idKey(message.id) : ([event.version, Infinity] as [number, number]);
      // Resumed by version after a cut inside one: the events of it seen already.
      if (cursor.plainIds && skip && event.version === since + 1 && skipped < skip) {
        skipped += 1;
        continue;
      }
      // Never twice: an older id, or the same id again at the start of a new connection.
      const seen = !after(key, cursor.key) && (fresh || after(cursor.key, key));
      if (seen) continue;
      fresh = false;
      cursor.deliver(event, key, handlers.onEvent);
      // After game_end the server may keep the stream open (a rematch): stop here.
      if (cursor.over) return;
    }
    throw new StreamCut("the event stream ended");
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener("abort", stop);
    removeEventListener("offline", stop);
  }
}

/** One JSON long-poll (where streams cannot be read): true once the game is over. */
async function pollOnce(target: Followed, cursor: Cursor, handlers: FollowHandlers, signal: AbortSignal): Promise<void> {
  const { since, skip } = cursor.resume;
  const headers = { ...authHeaders(target.token), Accept: "application/json" };
  const answer = await target.api.GET("/games/{game_id}/events", { params: { path: { game_id: target.gameId }, query: { since, wait: POLL_SECONDS } }, headers, signal });
  if (!answer.response.ok || answer.data === undefined) throw errorFrom(answer.response.status, answer.error, answer.response.headers);
  handlers.onState("live");
  const feed = answer.data as EventFeed;
  let skipped = 0;
  feed.events.forEach((event, index) => {
    if (signal.aborted) return;
    if (event.version === since + 1 && skipped < skip) return void (skipped += 1);
    const last = feed.events[index + 1]?.version !== event.version;
    cursor.deliver(event, [event.version, last ? Infinity : index], handlers.onEvent);
  });
}

/**
 * Call `onEvent` with every event after `version`, in order, none twice, until the game ends
 * or `signal` aborts; reconnects after any failure, however long the outage (a final refusal,
 * such as a dead token, ends it with that error).
 */
export async function follow(target: Followed, version: number, handlers: FollowHandlers, signal: AbortSignal): Promise<void> {
  const cursor = new Cursor(version);
  let failures = 0;
  let streams = true;
  while (!signal.aborted && !cursor.over) {
    const before = cursor.lastId;
    try {
      if (streams) await readStream(target, cursor, handlers, signal);
      else await pollOnce(target, cursor, handlers, signal);
      failures = 0;
    } catch (error) {
      if (signal.aborted) return;
      if (isFinal(error)) throw error;
      if (error instanceof NoStream) streams = false;
      // A cut after events arrived starts the back-off again from its first step.
      failures = cursor.lastId === before ? failures + 1 : 1;
      const wait = error instanceof NoStream ? 0 : pauseFor(failures, error);
      handlers.onState(navigator.onLine === false ? "offline" : "reconnecting", wait);
      await pause(wait, signal);
      if (!signal.aborted) handlers.onState("connecting");
    }
  }
}
