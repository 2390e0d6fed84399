/** Rated play: lasting players with a secret key, the matchmaking queue and its tickets,
 * profiles, rating histories and leaderboards (the contract's "Rated play" section).
 *
 * The requests are sent here rather than through the typed `api`, so that a page served by
 * an older server (without these routes) still loads; the answers' types are the generated
 * ones (types.ts). Every write sends one Idempotency-Key
 * for all its attempts (a resent enqueue gets the first ticket), reads are retried as
 * they are, and a player's key only ever travels in `Authorization: Bearer`. */
import { errorFrom } from "./errors";
import { abortableSleep, backoffDelay, hintedSeconds, isRetryable, withKey, withRetry, type RetryOptions } from "./retry";
import { sseMessages } from "./sse";
import type { HistoryPage, LeaderboardPage, NewKey, NewPlayer, Profile, Ticket } from "./types";

export type PlayerKind = "human" | "bot";
export type Opponents = "humans" | "bots" | "any";
/** What a queue request may add to the game and the table size. */
export interface QueueOptions {
  opponents?: Opponents;
  /** A Skip-Bo team table (4 or 6 players): matched only with other team tickets. */
  teams?: boolean;
}
export type TicketStatus = "waiting" | "matched" | "cancelled" | "expired";
export type RatedGame = "skyjo" | "skipbo";
/** `"duplicate"`: a duplicate set (a bot against bots only): the same deal once from every
 * seat rotation, rated once on the set; the matched ticket lists every game in `games`. */
export type QueueFormat = "single" | "duplicate";

/** One event of a player's own feed: `matched` (a ticket's game_id, seat and token),
 * `turn` and `game_end` (game_id, seat, version), `ticket` (cancelled or expired). */
export type PlayerEvent = { type: "matched" | "turn" | "game_end" | "ticket"; [field: string]: unknown };

/** The longest the server holds a ticket's long-poll. */
export const MAX_TICKET_WAIT = 30;

type Fetcher = (request: Request) => Promise<Response>;

function path(...parts: string[]): string {
  return "/" + parts.map(encodeURIComponent).join("/");
}

/** Sends one request and reads its JSON, or throws the typed error of its answer. */
export class PlayersApi {
  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: Fetcher,
    private readonly retry: RetryOptions = {},
  ) {}

  private async send<T>(method: string, url: string, init: { body?: unknown; key?: string; headers?: Record<string, string>; query?: Record<string, string | number | undefined>; signal?: AbortSignal | undefined }): Promise<T> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined) query.set(name, String(value));
    const text = query.toString();
    const search = text ? `?${text}` : "";
    const base = this.baseUrl.replace(/\/$/, "");
    const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
    if (init.key) headers["Authorization"] = `Bearer ${init.key}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const target = new URL(`${base}${url}${search}`, globalThis.location?.href ?? "http://localhost/");
    const request = new Request(target, {
      method,
      headers,
      cache: "no-store",
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const response = await this.fetcher(request);
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorFrom(response.status, body, response.headers);
    return body as T;
  }

  /** Opens a Server-Sent Events stream with the player's key (EventSource cannot send it). */
  async stream(url: string, key: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const base = this.baseUrl.replace(/\/$/, "");
    const target = new URL(`${base}${url}`, globalThis.location?.href ?? "http://localhost/");
    const request = new Request(target, { headers: { Accept: "text/event-stream", Authorization: `Bearer ${key}` }, cache: "no-store", signal });
    const response = await this.fetcher(request);
    if (!response.ok || !response.body) throw errorFrom(response.status, await response.json().catch(() => undefined), response.headers);
    return response.body;
  }

  read<T>(url: string, options: { key?: string; query?: Record<string, string | number | undefined>; signal?: AbortSignal | undefined } = {}): Promise<T> {
    return withRetry(() => this.send<T>("GET", url, options), this.retry, options.signal);
  }

  write<T>(method: string, url: string, options: { body?: unknown; key?: string; signal?: AbortSignal | undefined } = {}): Promise<T> {
    return withKey((headers) => this.send<T>(method, url, { ...options, headers }), this.retry, options.signal);
  }
}

/** What anyone may do: create players, read profiles, histories and leaderboards. */
export class Players {
  constructor(private readonly api: PlayersApi) {}

  /** A lasting identity; its `key` is shown only in this answer. NameTaken when the name
   * is another player's (ignoring case). */
  create(name: string, kind: PlayerKind = "human", signal?: AbortSignal): Promise<NewPlayer> {
    return this.api.write<NewPlayer>("POST", "/players", { body: { name, kind }, signal });
  }

  profile(id: string, signal?: AbortSignal): Promise<Profile> {
    return this.api.read<Profile>(path("players", id), { signal });
  }

  /** One page of a player's rated games, newest first; pass `next` as `cursor`. */
  history(id: string, query: { limit?: number; cursor?: string } = {}, signal?: AbortSignal): Promise<HistoryPage> {
    return this.api.read<HistoryPage>(path("players", id, "games"), { query, signal });
  }

  /** One page of a game's leaderboard, highest rating first; pass `next` as `cursor`. */
  leaderboard(game: RatedGame, query: { kind?: PlayerKind; limit?: number; cursor?: string } = {}, signal?: AbortSignal): Promise<LeaderboardPage> {
    return this.api.read<LeaderboardPage>("/leaderboard", { query: { game, ...query }, signal });
  }

  /** Act as the player whose key this is. */
  as(key: string, id?: string): PlayerSession {
    return new PlayerSession(this.api, key, id);
  }
}

/** One player acting with its key: the queue, renaming, rotating the key. */
export class PlayerSession {
  constructor(
    private readonly api: PlayersApi,
    public key: string,
    public readonly id?: string,
  ) {}

  private requireId(): string {
    if (this.id === undefined) throw new Error("this session does not know its player's id");
    return this.id;
  }

  profile(signal?: AbortSignal): Promise<Profile> {
    return this.api.read<Profile>(path("players", this.requireId()), { signal });
  }

  /** Wait for a table of `players` in `game` (`opponents` by default the player's kind;
   * or `{ opponents, teams }`, `teams: true` asking for a Skip-Bo team table of 4 or 6,
   * partners opposite, rated as teams). AlreadyQueued while this player holds another
   * waiting ticket. */
  enqueue(
    game: RatedGame,
    players = 2,
    opponents?: Opponents | QueueOptions,
    signal?: AbortSignal,
  ): Promise<Ticket> {
    const options = typeof opponents === "object" ? opponents : { opponents };
    const body = {
      game,
      players,
      ...(options.opponents === undefined ? {} : { opponents: options.opponents }),
      ...(options.teams ? { teams: true } : {}),
    };
    return this.api.write<Ticket>("POST", "/queue", { body, key: this.key, signal });
  }

  /** Queue this bot for a duplicate set against bots: once matched, the ticket's `games`
   * holds the game id, seat and token of every rotation (play them all). */
  enqueueDuplicate(game: RatedGame, players = 2, signal?: AbortSignal): Promise<Ticket> {
    const body = { game, players, opponents: "bots", format: "duplicate" satisfies QueueFormat };
    return this.api.write<Ticket>("POST", "/queue", { body, key: this.key, signal });
  }

  /** The ticket now, or with `waitSeconds` as soon as a waiting ticket's status changes. */
  ticket(ticket: string, waitSeconds?: number, signal?: AbortSignal): Promise<Ticket> {
    const query = waitSeconds ? { wait: Math.min(waitSeconds, MAX_TICKET_WAIT) } : {};
    return this.api.read<Ticket>(path("queue", ticket), { key: this.key, query, signal });
  }

  /** Long-polls the ticket until it is no longer waiting (or the signal aborts). */
  async waitForMatch(ticket: string, signal?: AbortSignal, waitSeconds = 25): Promise<Ticket> {
    let current = await this.ticket(ticket, undefined, signal);
    while (current.status === "waiting") {
      signal?.throwIfAborted();
      const asked = Date.now();
      current = await this.ticket(ticket, waitSeconds, signal);
      // A server that answers at once is asked again a second later, not in a tight loop.
      if (current.status === "waiting" && Date.now() - asked < 1000) await new Promise((done) => setTimeout(done, 1000));
    }
    return current;
  }

  /** Follows this player's own event feed (one connection for all its games) until the
   * signal aborts, reconnecting after a lost connection or a busy server as reads retry. */
  async events(onEvent: (event: PlayerEvent) => void, signal: AbortSignal): Promise<void> {
    const url = path("players", this.requireId(), "events");
    for (let failures = 0; !signal.aborted; ) {
      try {
        const body = await this.api.stream(url, this.key, signal);
        for await (const message of sseMessages(body)) {
          failures = 0;
          if (message.data) onEvent(JSON.parse(message.data) as PlayerEvent);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (!isRetryable(error)) throw error;
        failures += 1;
        await abortableSleep(backoffDelay(failures, {}, hintedSeconds(error)), signal);
      }
    }
  }

  /** Leave the queue. AlreadyMatched when the ticket was matched meanwhile. */
  cancel(ticket: string, signal?: AbortSignal): Promise<Ticket> {
    return this.api.write<Ticket>("DELETE", path("queue", ticket), { key: this.key, signal });
  }

  /** Take another name (NameTaken when it is another player's). */
  rename(name: string, signal?: AbortSignal): Promise<Profile> {
    return this.api.write<Profile>("PATCH", path("players", this.requireId()), { body: { name }, key: this.key, signal });
  }

  /** A new key (the old one stops working); the session keeps it and returns it. */
  async rotateKey(signal?: AbortSignal): Promise<string> {
    const fresh = await this.api.write<NewKey>("POST", path("players", this.requireId(), "key"), { key: this.key, signal });
    this.key = fresh.key;
    return fresh.key;
  }
}
