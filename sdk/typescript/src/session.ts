/** A seat session: tracks the game's version, sends it as If-Match, and watches for changes. */
import type { Api } from "./client";
import { errorFrom, StreamUnsupported, unwrap } from "./errors";
import type { EventFeed, GameEvent, GameView, LegalMoves, Move, MoveResult, Score, SeatGrant, TableChange } from "./types";
import { streamOrPoll, type ChangeFeed } from "./watch";

export interface Turn {
  view: GameView;
  legal: LegalMoves;
}

export class SeatSession {
  /** The version of the last view or move answer this session saw; null before the first. */
  version: number | null = null;

  constructor(
    readonly api: Api,
    readonly gameId: string,
    readonly token: string,
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

  async view(): Promise<GameView> {
    const view = unwrap(await this.api.GET("/games/{game_id}", { params: this.path(), headers: this.auth }));
    this.seen(view.version);
    return view;
  }

  async legalMoves(): Promise<LegalMoves> {
    return unwrap(
      await this.api.GET("/games/{game_id}/legal-moves", { params: this.path(), headers: this.auth }),
    );
  }

  /** A view and the legal moves of one same version (reads again if a move slipped between). */
  async turn(): Promise<Turn> {
    for (;;) {
      const view = await this.view();
      const legal = await this.legalMoves();
      if (legal.version === view.version) return { view, legal };
    }
  }

  /** Apply a move decided on the last view seen; 412 StaleVersion if the game moved since. */
  async move(move: Move): Promise<MoveResult> {
    const headers: Record<string, string> = { ...this.auth };
    if (this.version !== null) headers["If-Match"] = `"${this.version}"`;
    const result = unwrap(
      await this.api.POST("/games/{game_id}/moves", { params: this.path(), headers, body: { move } }),
    );
    this.seen(result.version);
    return result;
  }

  /** Leave the table: before the deal the seat opens again, after it a server bot plays it. */
  async leave(): Promise<TableChange> {
    return unwrap(await this.api.POST("/games/{game_id}/leave", { params: this.path(), headers: this.auth }));
  }

  /** Deal now (the creator's seat): server bots of the kind `fill` take the open seats. */
  async start(fill: "greedy" | "random" = "greedy"): Promise<TableChange> {
    return unwrap(await this.api.POST("/games/{game_id}/start", { params: this.path(), headers: this.auth, body: { fill } }));
  }

  /** Once the game is over: this seat in its rematch (the first call creates it). */
  async rematch(): Promise<SeatGrant> {
    return unwrap(await this.api.POST("/games/{game_id}/rematch", { params: this.path(), headers: this.auth }));
  }

  async score(): Promise<Score> {
    return unwrap(await this.api.GET("/games/{game_id}/score", { params: this.path(), headers: this.auth }));
  }

  /** The view if the game moved past `known`, else null once `waitSeconds` pass (long-poll). */
  async poll(known: number, waitSeconds: number, signal?: AbortSignal): Promise<GameView | null> {
    const answer = await this.api.GET("/games/{game_id}", {
      params: { ...this.path(), query: { wait: waitSeconds } },
      headers: { ...this.auth, "If-None-Match": `"${known}"` },
      signal,
    });
    if (answer.response.status === 304) return null;
    if (!answer.response.ok || answer.data === undefined) {
      throw errorFrom(answer.response.status, answer.error, answer.response.headers);
    }
    this.seen(answer.data.version);
    return answer.data;
  }

  /** The events after version `since`, as this seat may see them; with `waitSeconds`, waits
   * up to that long for the next change when nothing happened yet (long-poll). */
  async events(since: number, waitSeconds?: number, signal?: AbortSignal): Promise<EventFeed> {
    const query = waitSeconds === undefined ? { since } : { since, wait: waitSeconds };
    const headers = { ...this.auth, Accept: "application/json" };
    // The operation answers JSON or a stream; this request asks for JSON.
    return unwrap(await this.api.GET("/games/{game_id}/events", { params: { ...this.path(), query }, headers, signal })) as EventFeed;
  }

  /**
   * The Server-Sent Events stream of every event after `since` (sent as Last-Event-ID too,
   * so a resumed stream neither repeats nor skips), or null when the game is over and
   * nothing follows `since` (204).
   */
  async stream(since: number, signal?: AbortSignal): Promise<ReadableStream<Uint8Array> | null> {
    const headers = { ...this.auth, Accept: "text/event-stream", "Last-Event-ID": String(since) };
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
   * after a lost connection, and by long-poll where a stream cannot be read.
   */
  watch(onEvent: (event: GameEvent) => void, signal: AbortSignal, feed: ChangeFeed = streamOrPoll()): Promise<void> {
    return feed(this, onEvent, signal);
  }
}
