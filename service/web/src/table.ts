/** A seat at a live game: reads view + legal moves, sends moves, and follows the other players. */
import type { Cardtable, GameEvent, GameView, LegalMoves, Move, PlayingView, Review, Turn, WaitingView } from "../../../sdk/typescript/src/index";
import { isRaceLost, isWaiting, SeatSession, unwrap } from "../../../sdk/typescript/src/index";
import type { Board } from "./board";
import { ChatPanel } from "./chat";
import { followDrags } from "./drag";
import { hintControl, offersHints, reviewControl } from "./hints";
import { announce, fragmentParam, h, replaceKeepingFocus, seatName } from "./dom";
import { changedPlaces, describe } from "./happenings";
import { errorText, t } from "./i18n";
import { follow, isFinal, type LinkState, pause, pauseFor } from "./live";
import { showJoinForm } from "./lobby";
import { heldSeat, holdSeat, knownSeats, seatLink, watchLink } from "./seats";
import { gameTitle, type MoveEvent, rendererFor, rendererOrNull } from "./games";
import { type Step, MotionQueue, TRAVEL_MS, GAP_MS } from "./motion";
import { signalTurn, soundSwitch } from "./signals";
import { leaveControl, rematchControl, timerLine } from "./tablecontrols";
import { waitingRoom } from "./waiting";

function boardFor(turn: Turn & { view: PlayingView }, changed: Set<string>, names: string[], send: (move: Move) => void, redraw: () => void): Board {
  try {
    return rendererFor(turn.view.game).board({ view: turn.view, legal: turn.legal.moves, names, send, redraw, changed });
  } catch (error) {
    // A game this page cannot draw: say so on the table, loudly, instead of a blank board.
    announce(errorText(error), true);
    return { content: h("p", { class: "status error", id: "board-error", role: "alert" }, errorText(error)), prompt: "", keys: {} };
  }
}

function roundsTable(view: PlayingView, names: string[]): HTMLElement {
  const rounds: { round: number; scores: number[] }[] = view.rounds;
  return h(
    "section",
    { class: "scores", "aria-label": t.scores },
    h("h2", {}, t.scores),
    h(
      "div",
      { class: "scroll", tabindex: 0 },
      h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.round), names.map((name) => h("th", { scope: "col" }, name)))),
      h(
        "tbody",
        {},
        rounds.map((round) => h("tr", {}, h("th", { scope: "row" }, round.round), round.scores.map((score) => h("td", {}, score)))),
        h("tr", { class: "total" }, h("th", { scope: "row" }, t.total), view.totals.map((total) => h("td", {}, total))),
      ),
      ),
    ),
  );
}

/** The seats from first to last: the winners' totals say which way the game counts (Skyjo's
 * lowest total wins, Skip-Bo's highest). */
function ranking(view: PlayingView): number[] {
  const seats = view.totals.map((_, seat) => seat);
  const best = view.winners[0];
  const lowWins = best === undefined || (view.totals[best] ?? 0) <= Math.min(...view.totals);
  return seats.sort((a, b) => (lowWins ? 1 : -1) * ((view.totals[a] ?? 0) - (view.totals[b] ?? 0)));
}

/** The end of the game, at the top of the table (in view on a phone): the winner, the
 * ranking with the totals, the rematch and the replay. */
function gameEnd(view: PlayingView, names: string[], page: SeatPage): HTMLElement | null {
  if (!view.finished) return null;
  const text = view.winners.length ? t.winners(view.winners.map((seat) => seatName(names, seat))) : t.drawnGame;
  return h(
    "section",
    { class: "moment game-end", id: "game-end", role: "dialog", "aria-labelledby": "outcome" },
    h("p", { class: "outcome", id: "outcome", role: "status" }, t.gameOver(text)),
    h("ol", { class: "ranking", "aria-label": t.standings }, ranking(view).map((seat) => h("li", { class: view.winners.includes(seat) ? "winner" : "" }, h("span", {}, seatName(names, seat)), " ", h("span", { class: "total" }, t.points(view.totals[seat] ?? 0))))),
    rematchControl(page.session, view, names, page.goTo),
    h("p", {}, h("a", { href: `/play/replay/${view.id}`, "data-replay": "" }, t.replayLink)),
    page.review(view, names),
  );
}

/** For the game's creator: one link per other human seat, each carrying that seat's token. */
function seatLinks(gameId: string, myToken: string): HTMLElement | null {
  const seats = knownSeats(gameId).filter((seat) => !seat.bot && seat.token !== myToken);
  if (!seats.length) return null;
  return h(
    "section",
    { class: "links", "aria-label": t.invite },
    h("h2", {}, t.invite),
    h("p", {}, t.inviteHint),
    h("ul", {}, seats.map((seat) => h("li", {}, h("a", { href: seatLink(gameId, seat.token), target: "_blank", rel: "noopener", "data-seat-link": seat.seat }, t.seatOf(seat.name))))),
  );
}

/** Links to pass on: this seat's own (to go on playing on another device) and the watch link. */
function shareLinks(session: SeatSession): HTMLElement {
  const field = (id: string, label: string, value: string): HTMLElement =>
    h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, readonly: true, value, size: 40 }));
  return h(
    "details",
    { class: "share" },
    h("summary", {}, session.token ? t.linksSummary : t.watchSummary),
    session.token ? field("own-seat-link", t.ownSeatLink, seatLink(session.gameId, session.token)) : null,
    field("watch-link", t.watchLinkLabel, watchLink(session.gameId)),
  );
}

function heading(view: GameView, names: string[]): string {
  const you = view.seat === null ? t.youWatch : t.youAre(seatName(names, view.seat));
  return t.heading(gameTitle(view.game), isWaiting(view) ? t.waitingForPlayers : t.roundN(view.round), you);
}

function namesOf(view: GameView): string[] {
  return isWaiting(view) ? view.seats.map((seat) => seat.name ?? t.seatN(seat.seat + 1)) : view.players.map((player) => player.name);
}

/** Around the board: the outcome, the scores, the timer, the seat links, leaving, rematch. */
function extrasFor(view: GameView, names: string[], page: SeatPage): HTMLElement[] {
  const { session } = page;
  const parts: (HTMLElement | null)[] = [page.hint(view, names)];
  if (!isWaiting(view)) parts.push(roundsTable(view, names), seatLinks(session.gameId, session.token));
  parts.push(leaveControl(view, page.leave), shareLinks(session), session.token ? soundSwitch() : null);
  return parts.filter((node): node is HTMLElement => node !== null);
}

function waitingBoard(view: WaitingView, session: SeatSession, refresh: () => void): Board {
  const prompt = view.open_seats === 1 ? t.waitingOne : t.waitingMany(view.open_seats);
  return { content: waitingRoom(view, session, refresh), prompt, keys: {} };
}

/** How long a round's end stays on screen when nobody clicks "next round". */
const ROUND_END_MS = 20_000;
/** The pace at which a burst of moves is told in the log, one line after another. */
const LOG_PACE_MS = TRAVEL_MS + GAP_MS;

/** A round just ended: every grid face up and the scores stay until this person says
 * "next round" (or a short timer), although the next round is dealt already. */
function roundEnd(view: PlayingView, names: string[], results: Element | null, next: () => void): HTMLElement {
  const round = view.last_round && "round" in view.last_round ? view.last_round.round : 0;
  // The scores (who doubled and why) and the button first: in view on a phone; the grids after.
  return h(
    "section",
    { class: "moment round-end", id: "round-end", role: "dialog", "aria-labelledby": "round-end-title" },
    h("h2", { id: "round-end-title" }, t.roundOver(round)),
    results,
    h("button", { type: "button", "data-key": "next-round", onclick: next }, t.nextRound),
    rendererOrNull(view.game)?.roundEnd(view, names),
  );
}

/** One seat's page: draws the newest view with its legal moves, sends moves, and follows the
 * game's event feed, marking and narrating what the other players did. */
class SeatPage {
  private turn: Turn | null = null;
  private board: Board | null = null;
  private busy = false;
  private refreshing = false;
  private leaving = false;
  private inFlight: Promise<void> = Promise.resolve();
  private again = false;
  /** Events not drawn yet, and the places the last drawn ones changed. */
  private unseen: GameEvent[] = [];
  private changed = new Set<string>();
  private readonly title = h("h1", {});
  private readonly promptLine = h("p", { class: "prompt", "aria-live": "polite" });
  private readonly host = h("div", { id: "table", "data-version": "-1", "data-busy": "false", "data-motion": "idle" });
  /** Other players' moves to animate, in order, once the board that shows them is drawn. */
  private readonly motion = new MotionQueue(this.host);
  private steps: Step[] = [];
  private readonly log = h("ol", { class: "log", "aria-live": "polite", id: "log", tabindex: 0, reversed: true });
  private readonly extras = h("div", {});
  private readonly timerSlot = h("div", { class: "timer-slot" });
  /** The last round whose end this person has seen; null before the first view. */
  private seenRound: number | null = null;
  private roundTimer: ReturnType<typeof setTimeout> | null = null;
  /** The moment last brought into view ("round", "game"), so that it is scrolled to once. */
  private momentShown: string | null = null;

  /** The hint control and the review of the version they were made for: a redraw of the
   * same version keeps what they show. */
  private hintShown: { version: number; element: HTMLElement | null } | null = null;
  private reviewShown: HTMLElement | null = null;

  hint(view: GameView, names: string[]): HTMLElement | null {
    if (this.hintShown?.version !== view.version) {
      const offered = !isWaiting(view) && this.session.token !== "" && offersHints(view, (this.turn?.legal.moves.length ?? 0) > 0);
      this.hintShown = { version: view.version, element: offered && !isWaiting(view) ? hintControl(this.session, view, names) : null };
    }
    return this.hintShown.element;
  }

  review(view: PlayingView, names: string[]): HTMLElement {
    this.reviewShown ??= reviewControl(this.session, view, names);
    return this.reviewShown;
  }

  private readonly linkLine = h("p", { class: "link", id: "link", role: "status", "data-state": "connecting" }, t.linkConnecting);

  constructor(
    readonly session: SeatSession,
    private readonly stop: AbortController,
    private readonly chat: ChatPanel,
  ) {}

  private stopWatching(): void {
    this.stop.abort();
  }

  private root: HTMLElement | null = null;

  mount(root: HTMLElement): void {
    this.root = root;
    const lastMoves = h("section", { class: "last-moves", "aria-label": t.gameLog }, h("h2", {}, t.gameLog), this.log);
    const links = h("p", { class: "page-links" }, h("a", { href: "/play/" }, t.newGameLink), " · ", h("a", { href: "/play/rules", "data-rules": "" }, t.rules));
    root.replaceChildren(this.title, this.linkLine, this.timerSlot, this.promptLine, this.host, this.chat.element, lastMoves, this.extras, links);
    followDrags(this.host, () => this.board?.drop);
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
      this.board?.keys[event.key]?.();
    });
  }

  readonly render = (): void => {
    const turn = this.turn;
    if (!turn) return;
    const view = turn.view;
    const names = namesOf(view);
    const refresh = (): void => this.requestRefresh();
    this.board = isWaiting(view) ? waitingBoard(view, this.session, refresh) : boardFor({ ...turn, view }, this.changed, names, (move) => this.send(move), this.render);
    this.title.textContent = heading(view, names);
    const left = view.seat !== null && view.left[view.seat];
    const held = !isWaiting(view) && this.holdsRoundEnd(view);
    this.promptLine.textContent = left ? t.youLeft : held ? t.nextRoundWhenReady : this.board.prompt;
    const content = held ? roundEnd(view, names, this.board.content.querySelector(".results"), this.nextRound) : this.board.content;
    if (held) this.board = { ...this.board, keys: {} };
    const ending = isWaiting(view) ? null : gameEnd(view, names, this);
    replaceKeepingFocus(this.host, ...(ending ? [ending, content] : [content]));
    // A moment (a round's end, the game's end) comes into view once, where the table is.
    const moment = held ? "round" : ending ? "game" : null;
    if (moment !== null && moment !== this.momentShown) this.host.scrollIntoView({ block: "start" });
    this.momentShown = moment;
    this.host.dataset["version"] = String(view.version);
    this.chat.setSeat(view.seat);
    this.host.dataset["phase"] = view.phase;
    this.host.dataset["finished"] = String(view.finished);
    this.host.dataset["held"] = String(held);
    this.timerSlot.replaceChildren(...[timerLine(view, names)].filter((node): node is HTMLElement => node !== null));
    this.extras.replaceChildren(...extrasFor(view, names, this));
    this.motion.add(this.steps.splice(0));
    this.motion.holdBack();
    signalTurn(!held && turn.legal.moves.length > 0, gameTitle(view.game));
    const rules = this.root?.querySelector<HTMLAnchorElement>("[data-rules]");
    if (rules) rules.href = `/play/rules#${view.game}`;
  };

  /** True while a round that ended since this page opened waits for "next round". */
  private holdsRoundEnd(view: PlayingView): boolean {
    const round = view.last_round && "round" in view.last_round ? view.last_round.round : 0;
    this.seenRound ??= round; // the page opened after that round's end: nothing to hold
    if (view.finished || round <= this.seenRound) return false;
    this.roundTimer ??= setTimeout(this.nextRound, ROUND_END_MS);
    return true;
  }

  readonly nextRound = (): void => {
    const view = this.turn?.view;
    if (this.roundTimer !== null) clearTimeout(this.roundTimer);
    this.roundTimer = null;
    if (view && !isWaiting(view) && view.last_round && "round" in view.last_round) this.seenRound = view.last_round.round;
    this.render();
  };

  /** Mark and narrate the events up to the version drawn; the later ones wait for their view. */
  private takeEvents(): void {
    const shown = this.turn?.view;
    if (!shown) return;
    const arrived = this.unseen.filter((event) => event.version <= shown.version);
    this.unseen = this.unseen.filter((event) => event.version > shown.version);
    this.changed = changedPlaces(arrived, shown.seat, shown.game);
    const names = namesOf(shown);
    // Several moves at once (a bot's turn): they come in one after another, at a readable pace.
    let order = 0;
    for (const event of arrived) {
      // Every move travels on the board, this seat's own ones too (drawn already: they play
      // as soon as their event arrives, in the order of the game).
      if (event.type === "move" && event.move && event.seat !== undefined) this.steps.push({ version: event.version, changes: rendererOrNull(shown.game)?.changes(event as MoveEvent) ?? [] });
      // This seat's own moves are told too ("You …"): the log is the whole game's.
      const text = describe(event, shown.game, names, shown.seat);
      if (!text) continue;
      const line = h("li", { "data-version": event.version, class: "fresh" }, text);
      line.style.animationDelay = `${LOG_PACE_MS * order}ms`;
      order += 1;
      this.log.prepend(line);
    }
  }

  async refresh(): Promise<void> {
    const next = await this.session.turn();
    // Two refreshes may cross: never draw an older version over a newer one.
    if (!this.turn || next.view.version > this.turn.view.version) {
      this.turn = next;
      this.takeEvents();
      this.holdSeat(next.view);
    }
    this.render();
  }

  /** Keep this seat in the browser (per game): /play/ lists it, and the bare table link
   * opens it again even when the link with the token is lost. */
  private holdSeat(view: GameView): void {
    if (view.seat === null || !this.session.token) return;
    const names = namesOf(view);
    holdSeat({ gameId: this.session.gameId, token: this.session.token, seat: view.seat, name: seatName(names, view.seat), game: view.game, finished: view.finished });
  }

  /** The connection indicator: live, reconnecting (with the next try), offline. */
  readonly showLink = (state: LinkState, retryInMs?: number): void => {
    this.linkLine.dataset["state"] = state;
    const seconds = retryInMs === undefined ? 0 : Math.max(1, Math.round(retryInMs / 1000));
    this.linkLine.textContent =
      state === "live" ? t.linkLive : state === "connecting" ? t.linkConnecting : state === "offline" ? t.linkOffline(seconds) : t.linkLost(seconds);
  };

  /** One refresh at a time; an event that arrives meanwhile asks for one more. A failed read
   * is tried again, with back-off and jitter, until it succeeds (or the seat is gone). */
  requestRefresh(): void {
    if (this.leaving) return;
    if (this.refreshing || this.busy) {
      this.again = true;
      return;
    }
    this.refreshing = true;
    this.inFlight = this.refreshUntilDone().finally(() => {
      this.refreshing = false;
      if (this.again) {
        this.again = false;
        this.requestRefresh();
      }
    });
  }

  async refreshUntilDone(): Promise<void> {
    for (let failures = 1; !this.leaving; failures += 1) {
      try {
        await this.refresh();
        if (failures > 1) this.showLink("live");
        return;
      } catch (error) {
        if (isFinal(error)) return announce(errorText(error), true);
        const wait = pauseFor(failures, error);
        this.showLink(navigator.onLine === false ? "offline" : "reconnecting", wait);
        await pause(wait, this.stop.signal);
        if (this.stop.signal.aborted) return;
      }
    }
  }

  /** Go to another page once the read in flight is answered (never cut a request short). */
  /** Leave the seat. Before the deal its token dies with it: stop reading first, then go
   * to the lobby; after the deal a bot plays it and this page watches on. */
  readonly leave = async (): Promise<void> => {
    const waiting = this.turn !== null && isWaiting(this.turn.view);
    if (!waiting) return void (await this.session.leave(), this.requestRefresh());
    this.leaving = true; // no new reads: they would carry a dead token
    await this.inFlight;
    await this.session.leave().catch((error: unknown) => {
      this.leaving = false; // still seated: keep following the table
      throw error;
    });
    this.stopWatching();
    location.assign("/play/lobby");
  };

  readonly goTo = (url: string): void => {
    this.leaving = true;
    this.stopWatching();
    void this.inFlight.finally(() => location.assign(url));
  };

  readonly onEvent = (event: GameEvent): void => {
    this.unseen.push(event);
    if (this.turn && event.version <= this.turn.view.version) {
      this.takeEvents(); // the view came first (our own move's answer): mark it now
      this.render();
    } else this.requestRefresh();
  };

  private async sendMove(move: Move): Promise<void> {
    this.busy = true;
    this.host.dataset["busy"] = "true";
    try {
      await this.session.move(move);
      announce("");
    } catch (error) {
      announce(isRaceLost(error) ? t.raceLost : errorText(error), true);
    } finally {
      this.busy = false;
      this.again = false;
      await this.refreshUntilDone();
      this.host.dataset["busy"] = "false";
    }
  }

  private send(move: Move): void {
    if (!this.busy) void this.sendMove(move);
  }
}

/** A spectator: the public view, no legal moves, no token sent. */
class Spectator extends SeatSession {
  override async view(): Promise<GameView> {
    const view = unwrap(await this.api.GET("/games/{game_id}", { params: { path: { game_id: this.gameId } } }));
    this.version = view.version;
    return view;
  }

  override async review(): Promise<Review> {
    return unwrap(await this.api.GET("/games/{game_id}/review", { params: { path: { game_id: this.gameId } } }));
  }

  override async legalMoves(): Promise<LegalMoves> {
    return { version: this.version ?? 0, seat: -1, moves: [] } as unknown as LegalMoves;
  }
}

/** The seat this page plays: the token in the fragment, else one this browser holds (put
 * back into the fragment, so the address bar is again a link that reopens the seat). */
function seatToken(gameId: string): string | null {
  const token = fragmentParam("token");
  if (token) return token;
  if (fragmentParam("watch") !== null) return null;
  const held = heldSeat(gameId);
  if (held) history.replaceState(null, "", `#token=${held.token}`);
  return held?.token ?? null;
}

export async function showTable(root: HTMLElement, client: Cardtable, gameId: string): Promise<void> {
  const invite = fragmentParam("invite");
  const token = seatToken(gameId);
  if (!token && invite) return showJoinForm(root, client, gameId, invite);
  const session = token ? client.seat(gameId, token) : new Spectator(client.api, gameId, "");
  const stop = new AbortController();
  const chat = new ChatPanel(client, gameId, token ? session : null);
  const page = new SeatPage(session, stop, chat);
  page.mount(root);
  void chat.follow(stop.signal);
  await page.refreshUntilDone();
  addEventListener("pagehide", () => stop.abort());
  addEventListener("online", () => page.requestRefresh());
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && page.requestRefresh());
  // Other players' moves arrive as events (Server-Sent Events over fetch, long-poll where a
  // stream cannot be read); each one brings the view and legal moves of its version.
  const target = { api: client.api, gameId, token };
  const handlers = {
    onEvent: page.onEvent,
    onState: (state: LinkState, retryInMs?: number) => {
      page.showLink(state, retryInMs);
      if (state === "live") page.requestRefresh(); // back after an outage: catch up at once
    },
  };
  follow(target, session.version ?? 0, handlers, stop.signal)
    .then(() => awaitRematch(session, page, stop.signal))
    .catch((error: unknown) => {
      if (!stop.signal.aborted) announce(errorText(error), true);
    });
}

/** After the end the event stream stops; the only change left is a rematch being set up,
 * which a long-poll of the view notices (so the other players are offered to join it). */
async function awaitRematch(session: SeatSession, page: SeatPage, signal: AbortSignal): Promise<void> {
  page.showLink("live");
  if (!session.token) return; // a spectator is offered no rematch
  for (let failures = 0; !signal.aborted; ) {
    try {
      const view = await session.poll(session.version ?? 0, 25, signal);
      failures = 0;
      if (view === null) continue;
      page.requestRefresh();
      if (view.rematch) return;
    } catch (error) {
      if (signal.aborted || isFinal(error)) return;
      failures += 1;
      await pause(pauseFor(failures, error), signal);
    }
  }
}
