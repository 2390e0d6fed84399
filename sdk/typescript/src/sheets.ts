/** Score sheets for games played with real cards: create, read, add and correct rounds. */
import type { Api } from "./client";
import { unwrap } from "./errors";
import { newIdempotencyKey, withRetry, type RetryOptions } from "./retry";
import type { CreatedScoresheet, CreateScoresheetRequest, Scoresheet, ScoresheetRoundRequest } from "./types";

/** How an edit is sent: `ifMatch` refuses it (412 `stale_version`, a StaleVersion error) when
 * the sheet moved on since that version (another phone entered a round); `idempotencyKey`
 * is the caller's, kept for every send of one entry (a second tap, a retry after an outage),
 * so that the server makes one write of it. */
export interface EditOptions {
  signal?: AbortSignal;
  ifMatch?: number;
  idempotencyKey?: string;
}

function editOptions(options: AbortSignal | EditOptions | undefined): EditOptions {
  return options === undefined ? {} : options instanceof AbortSignal ? { signal: options } : options;
}

export class ScoreSheets {
  constructor(
    private readonly api: Api,
    private readonly retry: RetryOptions = {},
  ) {}

  async create(request: CreateScoresheetRequest, signal?: AbortSignal): Promise<CreatedScoresheet> {
    const headers = { "Idempotency-Key": newIdempotencyKey() };
    return withRetry(async () => unwrap(await this.api.POST("/scoresheets", { headers, body: request, signal })), this.retry, signal);
  }

  /** An edit with the edit token, one Idempotency-Key for all its attempts, and If-Match. */
  private edit<T>(editToken: string, options: EditOptions, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${editToken}`, "Idempotency-Key": options.idempotencyKey ?? newIdempotencyKey() };
    if (options.ifMatch !== undefined) headers["If-Match"] = `"${options.ifMatch}"`;
    return withRetry(() => send(headers), this.retry, options.signal);
  }

  /** The sheet if it changed since `version` (If-None-Match), else null: a cheap poll. With
   * `waitSeconds` (up to 30), a long-poll: the server answers as soon as another phone
   * changes the sheet, or null after that long. */
  async changedSince(id: string, version: number, signal?: AbortSignal, waitSeconds = 0): Promise<Scoresheet | null> {
    const headers = { "If-None-Match": `"${version}"` };
    const params = { path: { sheet_id: id }, query: waitSeconds ? { wait: waitSeconds } : {} };
    return withRetry(async () => {
      const answer = await this.api.GET("/scoresheets/{sheet_id}", { params, headers, signal });
      return answer.response.status === 304 ? null : unwrap(answer);
    }, this.retry, signal);
  }

  async get(id: string, signal?: AbortSignal): Promise<Scoresheet> {
    return withRetry(async () => unwrap(await this.api.GET("/scoresheets/{sheet_id}", { params: { path: { sheet_id: id } }, signal })), this.retry, signal);
  }

  async addRound(id: string, editToken: string, round: ScoresheetRoundRequest, options?: AbortSignal | EditOptions): Promise<Scoresheet> {
    const params = { path: { sheet_id: id } };
    const { signal } = editOptions(options);
    return this.edit(editToken, editOptions(options), async (headers) => unwrap(await this.api.POST("/scoresheets/{sheet_id}/rounds", { params, headers, body: round, signal })));
  }

  async correctLastRound(id: string, editToken: string, round: ScoresheetRoundRequest, options?: AbortSignal | EditOptions): Promise<Scoresheet> {
    const params = { path: { sheet_id: id } };
    const { signal } = editOptions(options);
    return this.edit(editToken, editOptions(options), async (headers) => unwrap(await this.api.PUT("/scoresheets/{sheet_id}/rounds/last", { params, headers, body: round, signal })));
  }

  async removeLastRound(id: string, editToken: string, options?: AbortSignal | EditOptions): Promise<Scoresheet> {
    const params = { path: { sheet_id: id } };
    const { signal } = editOptions(options);
    return this.edit(editToken, editOptions(options), async (headers) => unwrap(await this.api.DELETE("/scoresheets/{sheet_id}/rounds/last", { params, headers, signal })));
  }
}
