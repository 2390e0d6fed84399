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

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = new.target.name;
    this.code = body.code;
    this.status = body.status;
    this.details = body.details ?? {};
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
/** 503: the store is down; retry after `retryAfter` seconds. */
export class StoreUnavailable extends CardtableError {}

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
};

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body["code"] === "string" && typeof body["message"] === "string";
}

/** The typed error for an answer that was not a success. */
export function errorFrom(status: number, body: unknown): CardtableError {
  if (!isErrorBody(body)) {
    // A proxy or a crash answered, not the API: keep the status, invent no code.
    return new CardtableError({ code: "http_error", message: `HTTP ${status}`, status });
  }
  const ErrorClass = BY_CODE[body.code] ?? CardtableError;
  return new ErrorClass({ ...body, status: body.status ?? status });
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
  throw errorFrom(answer.response.status, answer.error);
}
