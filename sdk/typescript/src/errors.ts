/** Typed errors: every API error body `{code, message, status, details}` becomes one class per code. */

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
  details?: Record<string, unknown>;
}

/** Any refusal by the server; `code` is the stable machine-readable code. */
export class CardtableError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown>;
  /** Seconds to wait before trying again, from the answer's Retry-After (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(body: ErrorBody, retryAfter?: number) {
    super(body.message);
    this.name = new.target.name;
    this.code = body.code;
    this.status = body.status;
    this.details = body.details ?? {};
    this.retryAfter = retryAfter;
  }
}

/** 412: the game moved on since the view the move was decided on. */
export class StaleVersion extends CardtableError {
  get currentVersion(): number | undefined {
    const value = this.details["current_version"];
    return typeof value === "number" ? value : undefined;
  }
}
/** 409: another move on the same version got in first. */
export class VersionConflict extends CardtableError {}
export class NotYourTurn extends CardtableError {}
export class GameOver extends CardtableError {}
export class IllegalMove extends CardtableError {}
export class WrongPhase extends CardtableError {}
export class MalformedMove extends CardtableError {}
export class InvalidToken extends CardtableError {}
export class NotFound extends CardtableError {}
export class ValidationError extends CardtableError {}
/** 503: the store is down or full, or this server holds all the waiting clients it can;
 * retry after `retryAfter` seconds. */
export class StoreUnavailable extends CardtableError {}
/** 429: too many requests from this client; retry after `retryAfter` seconds. */
export class RateLimited extends CardtableError {}
/** 409: the table still waits for players (no moves yet). */
export class GameNotStarted extends CardtableError {}
/** 409: every seat of the table is taken. */
export class NoOpenSeat extends CardtableError {}
/** 403: the invite does not open this table. */
export class InvalidInvite extends CardtableError {}
/** 409: the table was already dealt (start, or leave a seat before the deal). */
export class AlreadyStarted extends CardtableError {}
export class AlreadyLeft extends CardtableError {}
/** 409: a rematch before the game is over. */
export class GameNotOver extends CardtableError {}
export class InvalidName extends CardtableError {}
export class InvalidTableSettings extends CardtableError {}
/** Rated play: the name is another player's (ignoring case). */
export class NameTaken extends CardtableError {}
/** Rated play: this player already holds a waiting ticket. */
export class AlreadyQueued extends CardtableError {}
/** Rated play: the ticket to cancel was matched meanwhile; its game is this player's. */
export class AlreadyMatched extends CardtableError {}

/** The answer to a stream request was not an event stream (a proxy or an old server): follow
 * the game by long-poll instead. */
export class StreamUnsupported extends Error {
  override name = "StreamUnsupported";
}

const BY_CODE: Record<string, new (body: ErrorBody) => CardtableError> = {
  stale_version: StaleVersion,
  version_conflict: VersionConflict,
  not_your_turn: NotYourTurn,
  game_over: GameOver,
  illegal_move: IllegalMove,
  wrong_phase: WrongPhase,
  malformed_move: MalformedMove,
  token_required: InvalidToken,
  invalid_token: InvalidToken,
  not_found: NotFound,
  validation_error: ValidationError,
  store_unavailable: StoreUnavailable,
  store_full: StoreUnavailable,
  store_read_only: StoreUnavailable,
  too_many_waiting: StoreUnavailable,
  document_too_new: StoreUnavailable,
  rate_limited: RateLimited,
  too_many_streams: RateLimited,
  game_not_started: GameNotStarted,
  no_open_seat: NoOpenSeat,
  invalid_invite: InvalidInvite,
  already_started: AlreadyStarted,
  already_left: AlreadyLeft,
  game_not_over: GameNotOver,
  invalid_name: InvalidName,
  invalid_table_settings: InvalidTableSettings,
  name_taken: NameTaken,
  already_queued: AlreadyQueued,
  already_matched: AlreadyMatched,
};

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body["code"] === "string" && typeof body["message"] === "string";
}

/** Retry-After in seconds (the API sends seconds; an HTTP date is read too). */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get("Retry-After")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** The typed error for an answer that was not a success. */
export function errorFrom(status: number, body: unknown, headers?: Headers): CardtableError {
  const retryAfter = retryAfterSeconds(headers);
  if (!isErrorBody(body)) {
    // A proxy or a crash answered, not the API: keep the status, invent no code.
    const ByStatus = status === 503 ? StoreUnavailable : status === 429 ? RateLimited : CardtableError;
    return new ByStatus({ code: "http_error", message: `HTTP ${status}`, status }, retryAfter);
  }
  const ErrorClass = BY_CODE[body.code] ?? CardtableError;
  return new ErrorClass({ ...body, status: body.status ?? status }, retryAfter);
}

/** Worth trying again after a pause: the server is busy or briefly unable to answer (any
 * 503 or 429, whatever its code: a code added later is no reason to give up). */
export function isTransient(error: unknown): boolean {
  if (error instanceof StoreUnavailable || error instanceof RateLimited) return true;
  return error instanceof CardtableError && (error.status === 503 || error.status === 429);
}

/** The game changed under a decision: read it again and decide again (never resend blindly). */
export function isRaceLost(error: unknown): boolean {
  return error instanceof StaleVersion || error instanceof VersionConflict;
}

/** What openapi-fetch answers: data on success, the error body otherwise. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; a typed CardtableError otherwise. */
export function unwrap<T>(answer: Answer<T>): T {
  if (answer.response.ok && answer.data !== undefined) return answer.data;
  throw errorFrom(answer.response.status, answer.error, answer.response.headers);
}
