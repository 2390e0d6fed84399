/** The entry point: one `Cardtable` per server, wrapping the generated openapi-fetch client. */
import createClient from "openapi-fetch";
import { unwrap } from "./errors";
import type { GameName } from "./games";
import { withKey, withRetry, type RetryOptions } from "./retry";
import { Players, PlayersApi } from "./players";
import type { paths } from "./schema";
import { SeatSession } from "./session";
import { ScoreSheets } from "./sheets";
import type { ChatPage, CreatedGame, CreateGameRequest, GameType, GameTypes, LobbyPage, SeatGrant } from "./types";

export type Api = ReturnType<typeof createClient<paths>>;

/** A new game's request; `public` may be left out (not listed in the lobby). */
export type NewGame<G extends GameName = GameName> = Omit<CreateGameRequest, "public" | "game"> & { game: G; public?: boolean };

export interface CardtableOptions {
  /** A fetch to use instead of the global one (tests, instrumentation); it is given a Request. */
  fetch?: (request: Request) => Promise<Response>;
  /** How calls are tried again after a network failure or a busy server (see RetryOptions):
   * reads, and writes with their Idempotency-Key (every write sends one); by default
   * without end, with back-off from 250 ms to 15 s and jitter; pass a signal to the call or
   * `totalMs` to bound it, or `{ attempts: 1 }` to get every failure at once. */
  retry?: RetryOptions;
}

export class Cardtable {
  readonly api: Api;
  readonly sheets: ScoreSheets;
  /** Rated play: players, profiles, leaderboards, and `players.as(key, id)` for the queue. */
  readonly players: Players;
  readonly retry: RetryOptions;

  /** `baseUrl` is the server's root ("" in a page served by the server itself). */
  constructor(baseUrl = "", options: CardtableOptions = {}) {
    // The global fetch is looked up at each request (a page or a test may replace it).
    const fetcher = options.fetch ?? ((input: Request) => globalThis.fetch(input));
    // no-store: views change with every move, and polls carry their own If-None-Match.
    this.api = createClient<paths>({ baseUrl, cache: "no-store", fetch: fetcher });
    this.retry = options.retry ?? {};
    this.sheets = new ScoreSheets(this.api, this.retry);
    this.players = new Players(new PlayersApi(baseUrl, fetcher, this.retry));
  }

  async gameTypes(signal?: AbortSignal): Promise<GameType[]> {
    return (await this.catalog(signal)).games;
  }

  /** Every game type with its options, and the table settings (turn timer) of any game. */
  async catalog(signal?: AbortSignal): Promise<GameTypes> {
    return withRetry(async () => unwrap(await this.api.GET("/game-types", { signal })), this.retry, signal);
  }

  /** The lobby: public games still waiting for players, newest first; pass `next` on. */
  async lobby(query: { game?: GameName; cursor?: string; limit?: number } = {}, signal?: AbortSignal): Promise<LobbyPage> {
    return withRetry(async () => unwrap(await this.api.GET("/games", { params: { query: { open: true, ...query } }, signal })), this.retry, signal);
  }

  /** Take an open seat (with the invite, or without it at a public table); the answer's
   * token is shown only here: play with `seat(grant.id, grant.token)`. */
  async join(gameId: string, name: string, invite?: string, signal?: AbortSignal): Promise<SeatGrant> {
    const body = invite === undefined ? { name } : { name, invite };
    const params = { path: { game_id: gameId } };
    return withKey(async (headers) => unwrap(await this.api.POST("/games/{game_id}/join", { params, headers, body, signal })), this.retry, signal);
  }

  /** Create a game; its `game` is kept in the answer's type, for `seat(…, created.game)`. */
  async createGame<G extends GameName>(request: NewGame<G>, signal?: AbortSignal): Promise<CreatedGame & { game: G }> {
    const body = { public: false, ...request };
    const created = await withKey(async (headers) => unwrap(await this.api.POST("/games", { headers, body, signal })), this.retry, signal);
    return created as CreatedGame & { game: G };
  }

  /** A table's chat after message `since` (anyone may read it, spectators too); with
   * `waitSeconds`, a long-poll for the next message. A `seq` below `since`: the chat expired
   * and started again, read it from 0. Seats post with `seat(…).chat(…)`. */
  async chat(gameId: string, since = 0, waitSeconds = 0, signal?: AbortSignal): Promise<ChatPage> {
    const params = { path: { game_id: gameId }, query: { since, wait: waitSeconds } };
    return withRetry(async () => unwrap(await this.api.GET("/games/{game_id}/chat", { params, signal })), this.retry, signal);
  }

  /**
   * Play one seat of a game with that seat's token (from createGame or an invite link).
   * Name the game (`"skyjo"`, `"skipbo"`, or a created game's `game`) to get its exact
   * moves, views and events; without it they are either game's.
   */
  seat<G extends GameName = GameName>(gameId: string, token: string, _game?: G): SeatSession<G> {
    return new SeatSession<G>(this.api, gameId, token, this.retry);
  }
}
