/** Change feeds for SeatSession.watch: how a seat learns that the game moved. */
import { isRaceLost, StoreUnavailable } from "./errors";
import type { SeatSession } from "./session";
import type { GameView } from "./types";

/** Follows one seat's game, calling onView with every newer view, until signal aborts or
 * the game is over. */
export type ChangeFeed = (
  session: SeatSession,
  onView: (view: GameView) => void,
  signal: AbortSignal,
) => Promise<void>;

export interface LongPollOptions {
  /** Seconds the server holds each poll (at most 30). */
  waitSeconds?: number;
  /** Pause after an answer that came back unchanged before the wait was up (busy server). */
  busyPauseMs?: number;
  /** Longest back-off after errors. */
  maxBackoffMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
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

/** GET /games/{id}?wait=N with If-None-Match, again and again: 304 means nothing changed. */
export function longPoll(options: LongPollOptions = {}): ChangeFeed {
  const waitSeconds = options.waitSeconds ?? 25;
  const busyPauseMs = options.busyPauseMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 15000;
  const sleep = options.sleep ?? abortableSleep;
  return async (session, onView, signal) => {
    let failures = 0;
    while (!signal.aborted) {
      const known = session.version;
      const started = Date.now();
      try {
        // A session that has seen nothing yet starts from the current view.
        const view = known === null ? await session.view() : await session.poll(known, waitSeconds, signal);
        failures = 0;
        if (view !== null) {
          onView(view);
          if (view.finished) return; // nothing more can happen in this game
        }
        // The server answers at once when all its long-poll slots are busy: don't spin.
        else if (Date.now() - started < (waitSeconds * 1000) / 2) await sleep(busyPauseMs, signal);
      } catch (error) {
        if (signal.aborted) return;
        if (isRaceLost(error)) continue;
        failures += 1;
        const retryAfter = error instanceof StoreUnavailable ? 2000 : 0;
        await sleep(Math.max(retryAfter, Math.min(maxBackoffMs, 250 * 2 ** failures)), signal);
      }
    }
  };
}
