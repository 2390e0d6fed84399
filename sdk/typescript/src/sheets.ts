/** Score sheets for games played with real cards: create, read, add and correct rounds. */
import type { Api } from "./client";
import { unwrap } from "./errors";
import type { CreatedScoresheet, CreateScoresheetRequest, Scoresheet, ScoresheetRoundRequest } from "./types";

export class ScoreSheets {
  constructor(private readonly api: Api) {}

  async create(request: CreateScoresheetRequest): Promise<CreatedScoresheet> {
    return unwrap(await this.api.POST("/scoresheets", { body: request }));
  }

  async get(id: string): Promise<Scoresheet> {
    return unwrap(await this.api.GET("/scoresheets/{sheet_id}", { params: { path: { sheet_id: id } } }));
  }

  async addRound(id: string, editToken: string, round: ScoresheetRoundRequest): Promise<Scoresheet> {
    return unwrap(
      await this.api.POST("/scoresheets/{sheet_id}/rounds", {
        params: { path: { sheet_id: id } },
        headers: { Authorization: `Bearer ${editToken}` },
        body: round,
      }),
    );
  }

  async correctLastRound(id: string, editToken: string, round: ScoresheetRoundRequest): Promise<Scoresheet> {
    return unwrap(
      await this.api.PUT("/scoresheets/{sheet_id}/rounds/last", {
        params: { path: { sheet_id: id } },
        headers: { Authorization: `Bearer ${editToken}` },
        body: round,
      }),
    );
  }

  async removeLastRound(id: string, editToken: string): Promise<Scoresheet> {
    return unwrap(
      await this.api.DELETE("/scoresheets/{sheet_id}/rounds/last", {
        params: { path: { sheet_id: id } },
        headers: { Authorization: `Bearer ${editToken}` },
      }),
    );
  }
}
