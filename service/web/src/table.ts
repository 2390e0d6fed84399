/** A seat at a live game: reads view + legal moves, sends moves, and follows the other players. */
import type { Cardtable, GameEvent, GameView, Move, PlayingView, SeatSession, SkipBoView, SkyjoView, Turn, WaitingView } from "../../../sdk/typescript/src/index";
import { abortableSleep, isRaceLost, isTransient, isWaiting } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { announce, errorText, fragmentParam, h, replaceKeepingFocus, seatName } from "./dom";
import { changedPlaces, describe } from "./happenings";
import { showJoinForm } from "./lobby";
import { knownSeats, seatLink } from "./seats";
import { skipBoBoard } from "./skipbo";
import { skyjoBoard } from "./skyjo";
import { leaveControl, rematchControl, timerLine } from "./tablecontrols";
import { waitingRoom } from "./waiting";

function boardFor(turn: Turn & { view: PlayingView }, changed: Set<string>, names: string[], send: (move: Move) => void, redraw: () => void): Board {
  const base = { legal: turn.legal.moves, names, send, redraw, changed };
  return turn.view.game === "skyjo"
    ? skyjoBoard({ ...base, view: turn.view } as BoardContext<SkyjoView>)
    : skipBoBoard({ ...base, view: turn.view } as BoardContext<SkipBoView>);
}

function roundsTable(view: PlayingView, names: string[]): HTMLElement {
  const rounds: { round: number; scores: number[] }[] = view.rounds;
  return h(
    "section",
    { class: "scores", "aria-label": "Scores" },
    h("h2", {}, "Scores"),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Round"), names.map((name) => h("th", { scope: "col" }, name)))),
      h(
        "tbody",
        {},
        rounds.map((round) => h("tr", {}, h("th", { scope: "row" }, round.round), round.scores.map((score) => h("td", {}, score)))),
        h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"), view.totals.map((total) => h("td", {}, total))),
      ),
    ),
  );
}

function outcome(view: PlayingView, names: string[]): HTMLElement | null {
  if (!view.finished) return null;
  const text = view.winners.length ? `Winner${view.winners.length > 1 ? "s" : ""}: ${view.winners.map((seat) => seatName(names, seat)).join(" and ")}` : "No winner: the game was drawn.";
  return h("p", { class: "outcome", id: "outcome", role: "status" }, `Game over. ${text}.`);
}

/** For the game's creator: one link per other human seat, each carrying that seat's token. */
function seatLinks(gameId: string, myToken: string): HTMLElement | null {
  const seats = knownSeats(gameId).filter((seat) => !seat.bot && seat.token !== myToken);
  if (!seats.length) return null;
  return h(
    "section",
    { class: "links", "aria-label": "Seat links" },
    h("h2", {}, "Invite the other players"),
    h("p", {}, "Send each person their own link; it lets them play that seat."),
    h("ul", {}, seats.map((seat) => h("li", {}, h("a", { href: seatLink(gameId, seat.token), target: "_blank", rel: "noopener", "data-seat-link": seat.seat }, `${seat.name}'s seat`)))),
  );
}

function heading(view: GameView, names: string[]): string {
  const title = view.game === "skyjo" ? "Skyjo" : "Skip-Bo";
  const you = view.seat === null ? "watching" : `you are ${seatName(names, view.seat)}`;
  return `${title} · ${isWaiting(view) ? "waiting for players" : `round ${view.round}`} · ${you}`;
}

function namesOf(view: GameView): string[] {
  return isWaiting(view) ? view.seats.map((seat) => seat.name ?? `seat ${seat.seat + 1}`) : view.players.map((player) => player.name);
}

/** Around the board: the outcome, the scores, the timer, the seat links, leaving, rematch. */
function extrasFor(view: GameView, names: string[], page: SeatPage, after: () => void): HTMLElement[] {
  const { session } = page;
  const parts = [timerLine(view, names)];
  if (!isWaiting(view)) parts.push(outcome(view, names), rematchControl(session, view, names, page.goTo), roundsTable(view, names), seatLinks(session.gameId, session.token));
  parts.push(leaveControl(session, view, after));
  return parts.filter((node): node is HTMLElement => node !== null);
}

function waitingBoard(view: WaitingView, session: SeatSession, refresh: () => void): Board {
  const prompt = view.open_seats === 1 ? "Waiting for one more player." : `Waiting for ${view.open_seats} more players.`;
  return { content: waitingRoom(view, session, refresh), prompt, keys: {} };
}

const LOG_LENGTH = 6;

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
  private readonly host = h("div", { id: "table", "data-version": "-1", "data-busy": "false" });
  private readonly log = h("ol", { class: "log", "aria-live": "polite", id: "log" });
  private readonly extras = h("div", {});

  constructor(
    readonly session: SeatSession,
    private readonly stopWatching: () => void,
  ) {}

  mount(root: HTMLElement): void {
    const lastMoves = h("section", { class: "last-moves", "aria-label": "Last moves" }, h("h2", {}, "Last moves"), this.log);
    root.replaceChildren(this.title, this.promptLine, this.host, lastMoves, this.extras, h("p", {}, h("a", { href: "/play/" }, "New game")));
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
    this.promptLine.textContent = left ? "You left this game: the server's bot plays your seat." : this.board.prompt;
    replaceKeepingFocus(this.host, this.board.content);
    this.host.dataset["version"] = String(view.version);
    this.host.dataset["phase"] = view.phase;
    this.host.dataset["finished"] = String(view.finished);
    const leftWhileWaiting = (): void => this.goTo("/play/lobby");
    this.extras.replaceChildren(...extrasFor(view, names, this, isWaiting(view) ? leftWhileWaiting : refresh));
  };

  /** Mark and narrate the events up to the version drawn; the later ones wait for their view. */
  private takeEvents(): void {
    const shown = this.turn?.view;
    if (!shown) return;
    const arrived = this.unseen.filter((event) => event.version <= shown.version);
    this.unseen = this.unseen.filter((event) => event.version > shown.version);
    this.changed = changedPlaces(arrived, shown.seat);
    const names = namesOf(shown);
    for (const event of arrived) {
      const text = event.seat === shown.seat && event.type === "move" ? null : describe(event, shown.game, names, shown.seat);
      if (text) this.log.prepend(h("li", { "data-version": event.version }, text));
    }
    while (this.log.children.length > LOG_LENGTH) this.log.lastElementChild?.remove();
  }

  async refresh(): Promise<void> {
    const next = await this.session.turn();
    // Two refreshes may cross: never draw an older version over a newer one.
    if (!this.turn || next.view.version > this.turn.view.version) {
      this.turn = next;
      this.takeEvents();
    }
    this.render();
  }

  /** One refresh at a time; an event that arrives meanwhile asks for one more. */
  requestRefresh(): void {
    if (this.leaving) return;
    if (this.refreshing || this.busy) {
      this.again = true;
      return;
    }
    this.refreshing = true;
    this.inFlight = this.refresh()
      .catch((error: unknown) => announce(errorText(error), true))
      .finally(() => {
        this.refreshing = false;
        if (this.again) {
          this.again = false;
          this.requestRefresh();
        }
      });
  }

  /** Go to another page once the read in flight is answered (never cut a request short). */
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
      announce(isRaceLost(error) ? "The game moved on meanwhile: look again and choose again." : errorText(error), true);
    } finally {
      this.busy = false;
      this.again = false;
      await this.refresh().catch((error: unknown) => announce(errorText(error), true));
      this.host.dataset["busy"] = "false";
    }
  }

  private send(move: Move): void {
    if (!this.busy) void this.sendMove(move);
  }
}

export async function showTable(root: HTMLElement, client: Cardtable, gameId: string): Promise<void> {
  const token = fragmentParam("token");
  const invite = fragmentParam("invite");
  if (!token && invite) return showJoinForm(root, client, gameId, invite);
  if (!token) {
    root.replaceChildren(h("h1", {}, "No seat in this link"), h("p", {}, "Ask the game's creator for your seat's link (it ends with #token=…)."));
    return;
  }
  const session = client.seat(gameId, token);
  const stop = new AbortController();
  const page = new SeatPage(session, () => stop.abort());
  page.mount(root);
  await page.refresh();
  addEventListener("pagehide", () => stop.abort());
  // Other players' moves arrive as events (Server-Sent Events over fetch, long-poll where a
  // stream cannot be read); each one brings the view and legal moves of its version.
  session
    .watch(page.onEvent, stop.signal)
    .then(() => awaitRematch(session, page, stop.signal))
    .catch((error: unknown) => {
      if (!stop.signal.aborted) announce(`Lost touch with the game (${errorText(error)}): reload the page.`, true);
    });
}

/** After the end the event stream stops; the only change left is a rematch being set up,
 * which a long-poll of the view notices (so the other players are offered to join it). */
async function awaitRematch(session: SeatSession, page: SeatPage, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    const view = await session.poll(session.version ?? 0, 25, signal).catch(async (error: unknown) => {
      if (!signal.aborted && !isTransient(error)) throw error;
      await abortableSleep(2000, signal);
      return null;
    });
    if (view === null) continue;
    page.requestRefresh();
    if (view.rematch) return;
  }
}
