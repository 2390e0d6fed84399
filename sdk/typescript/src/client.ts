/** The entry point: one `Cardtable` per server, wrapping the generated openapi-fetch client. */
import createClient from "openapi-fetch";
import { unwrap } from "./errors";
import { SeatSession } from "./session";
import { ScoreSheets } from "./sheets";
import type { CreatedGame, CreateGameRequest, GameType, GameTypes, LobbyPage, paths, SeatGrant } from "./types";

export type Api = ReturnType<typeof createClient<paths>>;

/** A new game's request; `public` may be left out (not listed in the lobby). */
export type NewGame = Omit<CreateGameRequest, "public"> & { public?: boolean };

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
    return (await this.catalog()).games;
  }

  /** Every game type with its options, and the table settings (turn timer) of any game. */
  async catalog(): Promise<GameTypes> {
    return unwrap(await this.api.GET("/game-types"));
  }

  /** The lobby: public games still waiting for players, newest first; pass `next` on. */
  async lobby(query: { game?: "skyjo" | "skipbo"; cursor?: string; limit?: number } = {}): Promise<LobbyPage> {
    return unwrap(await this.api.GET("/games", { params: { query: { open: true, ...query } } }));
  }

  /** Take an open seat (with the invite, or without it at a public table); the answer's
   * token is shown only here: play with `seat(grant.id, grant.token)`. */
  async join(gameId: string, name: string, invite?: string): Promise<SeatGrant> {
    const body = invite === undefined ? { name } : { name, invite };
    return unwrap(await this.api.POST("/games/{game_id}/join", { params: { path: { game_id: gameId } }, body }));
  }

  async createGame(request: NewGame): Promise<CreatedGame> {
    return unwrap(await this.api.POST("/games", { body: { public: false, ...request } }));
  }

  /** Play one seat of a game with that seat's token (from createGame or an invite link). */
  seat(gameId: string, token: string): SeatSession {
    return new SeatSession(this.api, gameId, token);
  }
}
