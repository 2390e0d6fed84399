/** Trying calls again: exponential back-off with jitter, the server's Retry-After first,
 * until the call succeeds, a refusal that waiting cannot cure comes, the time bound is
 * used up, or the signal aborts. Reads as they are; writes only with an Idempotency-Key
 * drawn once per call (`withKey`), so that a resend after a lost answer gets the first
 * answer back instead of acting twice. */
import { CardtableError, isTransient } from "./errors";

export interface RetryOptions {
  /** Attempts in all, the first one included; unlimited by default (stop with a signal). */
  attempts?: number;
  /** The longest a call goes on retrying, in ms: no new attempt would start after it
   * (unlimited by default). */
  totalMs?: number;
  /** The pause after the first failure; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Called before each pause (to show "reconnecting…"). */
  onRetry?: (retry: RetryInfo) => void;
  /** Math.random by default; the jitter is a fraction of each pause. */
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export interface RetryInfo {
  /** Failures in a row so far (1 before the second attempt). */
  failures: number;
  /** The pause before the next attempt. */
  delayMs: number;
  error: unknown;
}

/** Waits `ms`, or less when `signal` aborts (never throws). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });
}

/** The request was stopped by its AbortSignal (not a failure to retry). */
export function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/**
 * Worth the same request again after a pause: the network failed (fetch rejects with a
 * TypeError), the server is briefly unable to answer (503, 429), or a proxy in front of it
 * answered 502 or 504. A 500 is a bug and other refusals will not change by waiting.
 */
export function isRetryable(error: unknown): boolean {
  if (isAbort(error)) return false;
  if (error instanceof TypeError) return true;
  if (isTransient(error)) return true;
  return error instanceof CardtableError && (error.status === 502 || error.status === 504);
}

/** The pause after `failures` failures in a row: a random point in the upper half of the
 * exponential step (so clients cut at once do not come back at once), or the server's
 * Retry-After plus up to a tenth of it. */
export function backoffDelay(failures: number, options: RetryOptions = {}, retryAfterSeconds?: number): number {
  const random = options.random ?? Math.random;
  if (retryAfterSeconds !== undefined) {
    const hinted = retryAfterSeconds * 1000;
    return Math.round(hinted + random() * hinted * 0.1);
  }
  const step = Math.min(options.maxDelayMs ?? 15_000, (options.baseDelayMs ?? 250) * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Seconds the server asked to wait, from a typed error's Retry-After. */
export function hintedSeconds(error: unknown): number | undefined {
  return error instanceof CardtableError ? error.retryAfter : undefined;
}

/** Runs `attempt` until it succeeds; retryable failures wait and try again, others throw. */
export async function withRetry<T>(attempt: () => Promise<T>, options: RetryOptions = {}, signal?: AbortSignal): Promise<T> {
  const attempts = options.attempts ?? Infinity;
  const started = Date.now();
  for (let failures = 0; ; ) {
    try {
      return await attempt();
    } catch (error) {
      failures += 1;
      if (signal?.aborted || !isRetryable(error) || failures >= attempts) throw error;
      const delayMs = backoffDelay(failures, options, hintedSeconds(error));
      if (Date.now() - started + delayMs > (options.totalMs ?? Infinity)) throw error;
      options.onRetry?.({ failures, delayMs, error });
      await (options.sleep ?? abortableSleep)(delayMs, signal);
      signal?.throwIfAborted();
    }
  }
}

/** A fresh Idempotency-Key: 128 random bits as 32 hex digits (getRandomValues works in
 * pages served over plain http too, where randomUUID does not). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Sends an unsafe request with one Idempotency-Key for all its attempts (`send` gets the
 * header to add), retried as `withRetry` does: the server answers a resend of a write that
 * happened with its first answer. */
export function withKey<T>(send: (key: { "Idempotency-Key": string }) => Promise<T>, options: RetryOptions = {}, signal?: AbortSignal): Promise<T> {
  const key = { "Idempotency-Key": newIdempotencyKey() };
  return withRetry(() => send(key), options, signal);
}
