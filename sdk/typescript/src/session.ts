/** A seat session: tracks the game's version, sends it as If-Match, and watches for changes. */
import type { Api } from "./client";
import { errorFrom, StreamUnsupported, unwrap } from "./errors";
import type { EventOf, GameName, MoveOf, ViewOf } from "./games";
import { withKey, withRetry, type RetryOptions } from "./retry";
import type { ChatMessage, ChatPost, Hints, MoveResult, Review, Score, SeatGrant, TableChange } from "./types";
import { streamOrPoll, type ChangeFeed } from "./watch";

/** The legal moves of one version, for this seat. */
export interface LegalMovesOf<G extends GameName> {
  version: number;
  seat: number;
  moves: MoveOf<G>[];
}

/** What happened after a version, as this seat may see it. */
export interface EventFeedOf<G extends GameName> {
  /** The game's version now. */
  version: number;
  events: EventOf<G>[];
}

export interface Turn<G extends GameName = GameName> {
  view: ViewOf<G>;
  legal: LegalMovesOf<G>;
}

/**
 * One seat of one game. `G` is the game when the caller knows it (`table.seat(id, token,
 * "skyjo")`): moves, views and events are then that game's exact types.
 *
 * Reads (view, legal moves, score, polls, events) are tried again after a network failure,
 * a 503 or 429 (after its Retry-After) or a proxy's 502/504, with back-off and jitter, as
 * the Cardtable's `retry` options say; so are writes (moves, leave, start, rematch), each
 * with one Idempotency-Key for all its attempts and the same If-Match, so a move whose
 * answer was lost is applied once. Every method takes an AbortSignal.
 */
export class SeatSession<G extends GameName = GameName> {
  /** The version of the last view or move answer this session saw; null before the first. */
  version: number | null = null;

  constructor(
    readonly api: Api,
    readonly gameId: string,
    readonly token: string,
    readonly retry: RetryOptions = {},
  ) {}

  private get auth(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}` };
  }

  private path() {
    return { path: { game_id: this.gameId } };
  }

  private seen(version: number): void {
    this.version = version;
  }

  private read<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return withRetry(attempt, this.retry, signal);
  }

  private write<T>(send: (key: { "Idempotency-Key": string }) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return withKey(send, this.retry, signal);
  }

  async view(signal?: AbortSignal): Promise<ViewOf<G>> {
    const view = await this.read(async () => unwrap(await this.api.GET("/games/{game_id}", { params: this.path(), headers: this.auth, signal })), signal);
    this.seen(view.version);
    return view as ViewOf<G>;
  }

  async legalMoves(signal?: AbortSignal): Promise<LegalMovesOf<G>> {
    const legal = await this.read(async () => unwrap(await this.api.GET("/games/{game_id}/legal-moves", { params: this.path(), headers: this.auth, signal })), signal);
    return legal as LegalMovesOf<G>;
  }

  /** A view and the legal moves of one same version (reads again if a move slipped between). */
  async turn(signal?: AbortSignal): Promise<Turn<G>> {
    for (;;) {
      const view = await this.view(signal);
      const legal = await this.legalMoves(signal);
      if (legal.version === view.version) return { view, legal };
    }
  }

  /** Apply a move decided on the last view seen; 412 StaleVersion if the game moved since. */
  async move(move: MoveOf<G>, signal?: AbortSignal): Promise<MoveResult> {
    const headers: Record<string, string> = { ...this.auth };
    if (this.version !== null) headers["If-Match"] = `"${this.version}"`;
    const result = await this.write(async (key) => unwrap(await this.api.POST("/games/{game_id}/moves", { params: this.path(), headers: { ...headers, ...key }, body: { move }, signal })), signal);
    this.seen(result.version);
    return result;
  }

  /** Leave the table: before the deal the seat opens again, after it a server bot plays it. */
  async leave(signal?: AbortSignal): Promise<TableChange> {
    return this.write(async (key) => unwrap(await this.api.POST("/games/{game_id}/leave", { params: this.path(), headers: { ...this.auth, ...key }, signal })), signal);
  }

  /** Deal now (the creator's seat): server bots of the kind `fill` take the open seats. */
  async start(fill: "greedy" | "random" = "greedy", signal?: AbortSignal): Promise<TableChange> {
    return this.write(async (key) => unwrap(await this.api.POST("/games/{game_id}/start", { params: this.path(), headers: { ...this.auth, ...key }, body: { fill }, signal })), signal);
  }

  /** Once the game is over: this seat in its rematch (the first call creates it). */
  async rematch(signal?: AbortSignal): Promise<SeatGrant> {
    return this.write(async (key) => unwrap(await this.api.POST("/games/{game_id}/rematch", { params: this.path(), headers: { ...this.auth, ...key }, signal })), signal);
  }

  /** Post a chat message (`{text}`) or an emote (`{emote}`) as this seat: one
   * Idempotency-Key for all its attempts, so a lost answer never posts it twice. It never
   * changes the game's version. */
  async chat(post: ChatPost, signal?: AbortSignal): Promise<ChatMessage> {
    return this.write(async (key) => unwrap(await this.api.POST("/games/{game_id}/chat", { params: this.path(), headers: { ...this.auth, ...key }, body: post, signal })), signal);
  }

  /**
   * Each legal move of this seat with the server's estimate, best first (casual games only:
   * `hints_unavailable` in rated and timed games; `not_your_turn` when the seat may not act).
   */
  async hints(signal?: AbortSignal): Promise<Hints> {
    return this.read(async () => unwrap(await this.api.GET("/games/{game_id}/hints", { params: this.path(), headers: this.auth, signal })), signal);
  }

  /** A finished game's review: per seat, the moves that lost the most (`game_not_over` before). */
  async review(signal?: AbortSignal): Promise<Review> {
    return this.read(async () => unwrap(await this.api.GET("/games/{game_id}/review", { params: this.path(), headers: this.auth, signal })), signal);
  }

  async score(signal?: AbortSignal): Promise<Score> {
    return this.read(async () => unwrap(await this.api.GET("/games/{game_id}/score", { params: this.path(), headers: this.auth, signal })), signal);
  }

  /** The view if the game moved past `known`, else null once `waitSeconds` pass (long-poll). */
  async poll(known: number, waitSeconds: number, signal?: AbortSignal): Promise<ViewOf<G> | null> {
    const view = await this.read(async () => {
      const answer = await this.api.GET("/games/{game_id}", {
        params: { ...this.path(), query: { wait: waitSeconds } },
        headers: { ...this.auth, "If-None-Match": `"${known}"` },
        signal,
      });
      if (answer.response.status === 304) return null;
      return unwrap(answer);
    }, signal);
    if (view === null) return null;
    this.seen(view.version);
    return view as ViewOf<G>;
  }

  /** The events after version `since`, as this seat may see them; with `waitSeconds`, waits
   * up to that long for the next change when nothing happened yet (long-poll). */
  async events(since: number, waitSeconds?: number, signal?: AbortSignal, retry: RetryOptions = this.retry): Promise<EventFeedOf<G>> {
    const query = waitSeconds === undefined ? { since } : { since, wait: waitSeconds };
    const headers = { ...this.auth, Accept: "application/json" };
    // The operation answers JSON or a stream; this request asks for JSON.
    const answer = async () => unwrap(await this.api.GET("/games/{game_id}/events", { params: { ...this.path(), query }, headers, signal }));
    const feed = await withRetry(answer, retry, signal);
    return feed as unknown as EventFeedOf<G>;
  }

  /**
   * The Server-Sent Events stream of every event after `lastEventId` (a version, or
   * `<version>.<k>` for an event that was not the last of its version: sent as
   * Last-Event-ID, so a resumed stream neither repeats nor skips), or null when the game
   * is over and nothing follows (204). Not retried: the feeds do that.
   */
  async stream(lastEventId: number | string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array> | null> {
    const id = String(lastEventId);
    const headers = { ...this.auth, Accept: "text/event-stream", "Last-Event-ID": id };
    const since = Math.max(0, Number.parseInt(id, 10) - (id.includes(".") ? 1 : 0)) || 0;
    const answer = await this.api.GET("/games/{game_id}/events", {
      params: { ...this.path(), query: { since } },
      headers,
      parseAs: "stream",
      signal,
    });
    const { response } = answer;
    if (response.status === 204) return null;
    if (!response.ok) throw errorFrom(response.status, answer.error, response.headers);
    if (!response.headers.get("Content-Type")?.startsWith("text/event-stream") || !response.body) {
      await response.body?.cancel();
      throw new StreamUnsupported(`expected an event stream, got ${response.headers.get("Content-Type") ?? "nothing"}`);
    }
    return response.body;
  }

  /**
   * Call `onEvent` with every event after the last version this session saw (the current
   * one if none), in order, until the game ends or `signal` aborts. By default the events
   * come by Server-Sent Events, read with fetch() so the seat's token goes along, resumed
   * after any outage, and by long-poll where a stream cannot be read.
   */
  watch(onEvent: (event: EventOf<G>) => void, signal: AbortSignal, feed: ChangeFeed = streamOrPoll()): Promise<void> {
    return feed(this as unknown as SeatSession, onEvent as (event: EventOf<GameName>) => void, signal);
  }
}
