/** A seat session: tracks the game's version, sends it as If-Match, and watches for changes. */
import type { Api } from "./client";
import { errorFrom, unwrap } from "./errors";
import type { GameView, LegalMoves, Move, MoveResult, Score } from "./types";
import { longPoll, type ChangeFeed } from "./watch";

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
    if (!answer.response.ok || answer.data === undefined) throw errorFrom(answer.response.status, answer.error);
    this.seen(answer.data.version);
    return answer.data;
  }

  /**
   * Call `onView` with each new view until `signal` aborts or the game is over. Today the feed long-polls; the
   * event stream (EventSource with resume) plugs in here as another ChangeFeed.
   */
  watch(onView: (view: GameView) => void, signal: AbortSignal, feed: ChangeFeed = longPoll()): Promise<void> {
    return feed(this, onView, signal);
  }
}
