/** Score sheets for games played with real cards: create, read, add and correct rounds. */
import type { Api } from "./client";
import { unwrap } from "./errors";
import { withRetry, type RetryOptions } from "./retry";
import type { CreatedScoresheet, CreateScoresheetRequest, Scoresheet, ScoresheetRoundRequest } from "./types";

export class ScoreSheets {
  constructor(
    private readonly api: Api,
    private readonly retry: RetryOptions = {},
  ) {}

  async create(request: CreateScoresheetRequest, signal?: AbortSignal): Promise<CreatedScoresheet> {
    return unwrap(await this.api.POST("/scoresheets", { body: request, signal }));
  }

  async get(id: string, signal?: AbortSignal): Promise<Scoresheet> {
    return withRetry(async () => unwrap(await this.api.GET("/scoresheets/{sheet_id}", { params: { path: { sheet_id: id } }, signal })), this.retry, signal);
  }

  async addRound(id: string, editToken: string, round: ScoresheetRoundRequest, signal?: AbortSignal): Promise<Scoresheet> {
    return unwrap(
      await this.api.POST("/scoresheets/{sheet_id}/rounds", {
        params: { path: { sheet_id: id } },
        headers: { Authorization: `Bearer ${editToken}` },
        body: round,
        signal,
      }),
    );
  }

  async correctLastRound(id: string, editToken: string, round: ScoresheetRoundRequest, signal?: AbortSignal): Promise<Scoresheet> {
    return unwrap(
      await this.api.PUT("/scoresheets/{sheet_id}/rounds/last", {
        params: { path: { sheet_id: id } },
        headers: { Authorization: `Bearer ${editToken}` },
        body: round,
        signal,
      }),
    );
  }

  async removeLastRound(id: string, editToken: string, signal?: AbortSignal): Promise<Scoresheet> {
    return unwrap(
      await this.api.DELETE("/scoresheets/{sheet_id}/rounds/last", {
        params: { path: { sheet_id: id } },
        headers: { Authorization: `Bearer ${editToken}` },
        signal,
      }),
    );
  }
}
