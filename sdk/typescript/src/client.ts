/** The entry point: one `Cardtable` per server, wrapping the generated openapi-fetch client. */
import createClient from "openapi-fetch";
import { unwrap } from "./errors";
import { SeatSession } from "./session";
import { ScoreSheets } from "./sheets";
import type { CreatedGame, CreateGameRequest, GameType, paths } from "./types";

export type Api = ReturnType<typeof createClient<paths>>;

export interface CardtableOptions {
  /** A fetch to use instead of the global one (tests, instrumentation). */
  fetch?: typeof fetch;
}

export class Cardtable {
  readonly api: Api;
  readonly sheets: ScoreSheets;

  /** `baseUrl` is the server's root ("" in a page served by the server itself). */
  constructor(baseUrl = "", options: CardtableOptions = {}) {
    // no-store: views change with every move, and polls carry their own If-None-Match.
    this.api = createClient<paths>({ baseUrl, cache: "no-store", fetch: options.fetch });
    this.sheets = new ScoreSheets(this.api);
  }

  async gameTypes(): Promise<GameType[]> {
    return unwrap(await this.api.GET("/game-types")).games;
  }

  async createGame(request: CreateGameRequest): Promise<CreatedGame> {
    return unwrap(await this.api.POST("/games", { body: request }));
  }

  /** Play one seat of a game with that seat's token (from createGame or an invite link). */
  seat(gameId: string, token: string): SeatSession {
    return new SeatSession(this.api, gameId, token);
  }
}
