/** Score sheets for games played with real cards: create, read, add and correct rounds. */
import type { Api } from "./client";
import { unwrap } from "./errors";
import { withKey, withRetry, type RetryOptions } from "./retry";
import type { CreatedScoresheet, CreateScoresheetRequest, Scoresheet, ScoresheetRoundRequest } from "./types";

export class ScoreSheets {
  constructor(
    private readonly api: Api,
    private readonly retry: RetryOptions = {},
  ) {}

  async create(request: CreateScoresheetRequest, signal?: AbortSignal): Promise<CreatedScoresheet> {
    return withKey(async (headers) => unwrap(await this.api.POST("/scoresheets", { headers, body: request, signal })), this.retry, signal);
  }

  /** An edit with the edit token and one Idempotency-Key for all its attempts. */
  private edit<T>(editToken: string, signal: AbortSignal | undefined, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    return withKey((key) => send({ Authorization: `Bearer ${editToken}`, ...key }), this.retry, signal);
  }

  async get(id: string, signal?: AbortSignal): Promise<Scoresheet> {
    return withRetry(async () => unwrap(await this.api.GET("/scoresheets/{sheet_id}", { params: { path: { sheet_id: id } }, signal })), this.retry, signal);
  }

  async addRound(id: string, editToken: string, round: ScoresheetRoundRequest, signal?: AbortSignal): Promise<Scoresheet> {
    const params = { path: { sheet_id: id } };
    return this.edit(editToken, signal, async (headers) => unwrap(await this.api.POST("/scoresheets/{sheet_id}/rounds", { params, headers, body: round, signal })));
  }

  async correctLastRound(id: string, editToken: string, round: ScoresheetRoundRequest, signal?: AbortSignal): Promise<Scoresheet> {
    const params = { path: { sheet_id: id } };
    return this.edit(editToken, signal, async (headers) => unwrap(await this.api.PUT("/scoresheets/{sheet_id}/rounds/last", { params, headers, body: round, signal })));
  }

  async removeLastRound(id: string, editToken: string, signal?: AbortSignal): Promise<Scoresheet> {
    const params = { path: { sheet_id: id } };
    return this.edit(editToken, signal, async (headers) => unwrap(await this.api.DELETE("/scoresheets/{sheet_id}/rounds/last", { params, headers, signal })));
  }
}
