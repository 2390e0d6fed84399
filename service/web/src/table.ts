/** A seat at a live game: reads view + legal moves, sends moves, and follows the other players. */
import type { Cardtable, GameView, Move, SkipBoView, SkyjoView, Turn } from "../../../sdk/typescript/src/index";
import { isRaceLost } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { announce, errorText, fragmentParam, h, replaceKeepingFocus, seatName } from "./dom";
import { knownSeats, seatLink } from "./seats";
import { skipBoBoard } from "./skipbo";
import { skyjoBoard } from "./skyjo";

function boardFor(turn: Turn, previous: GameView | null, names: string[], send: (move: Move) => void, redraw: () => void): Board {
  const base = { legal: turn.legal.moves, names, send, redraw, previous: previous?.game === turn.view.game ? previous : null };
  return turn.view.game === "skyjo"
    ? skyjoBoard({ ...base, view: turn.view } as BoardContext<SkyjoView>)
    : skipBoBoard({ ...base, view: turn.view } as BoardContext<SkipBoView>);
}

function roundsTable(view: GameView, names: string[]): HTMLElement {
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

function outcome(view: GameView, names: string[]): HTMLElement | null {
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
  return `${title} · round ${view.round} · ${you}`;
}

export async function showTable(root: HTMLElement, client: Cardtable, gameId: string): Promise<void> {
  const token = fragmentParam("token");
  if (!token) {
    root.replaceChildren(h("h1", {}, "No seat in this link"), h("p", {}, "Ask the game's creator for your seat's link (it ends with #token=…)."));
    return;
  }
  const session = client.seat(gameId, token);
  const title = h("h1", {});
  const promptLine = h("p", { class: "prompt", "aria-live": "polite" });
  const host = h("div", { id: "table", "data-version": "-1", "data-busy": "false" });
  const extras = h("div", {});
  root.replaceChildren(title, promptLine, host, extras, h("p", {}, h("a", { href: "/play/" }, "New game")));
  let turn: Turn | null = null;
  // The view before the current one, kept while only local choices redraw the board.
  let previous: GameView | null = null;
  let board: Board | null = null;
  let busy = false;

  const render = (): void => {
    if (!turn) return;
    const names = turn.view.players.map((player) => player.name);
    board = boardFor(turn, previous, names, send, render);
    title.textContent = heading(turn.view, names);
    promptLine.textContent = board.prompt;
    replaceKeepingFocus(host, board.content);
    host.dataset["version"] = String(turn.view.version);
    host.dataset["finished"] = String(turn.view.finished);
    extras.replaceChildren(...[outcome(turn.view, names), roundsTable(turn.view, names), seatLinks(gameId, token)].filter((node): node is HTMLElement => node !== null));
  };
  const refresh = async (): Promise<void> => {
    const next = await session.turn();
    // Two refreshes may cross: never draw an older version over a newer one.
    if (!turn || next.view.version > turn.view.version) {
      previous = turn?.view ?? null;
      turn = next;
    }
    render();
  };
  async function sendMove(move: Move): Promise<void> {
    busy = true;
    host.dataset["busy"] = "true";
    try {
      await session.move(move);
      announce("");
    } catch (error) {
      announce(isRaceLost(error) ? "The game moved on meanwhile: look again and choose again." : errorText(error), true);
    } finally {
      busy = false;
      await refresh().catch((error: unknown) => announce(errorText(error), true));
      host.dataset["busy"] = "false";
    }
  }
  function send(move: Move): void {
    if (!busy) void sendMove(move);
  }

  await refresh();
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
    board?.keys[event.key]?.();
  });
  const stop = new AbortController();
  addEventListener("pagehide", () => stop.abort());
  // The seam for the event feed: watch() long-polls today and can follow SSE later.
  void session.watch(() => { if (!busy) refresh().catch((error: unknown) => announce(errorText(error), true)); }, stop.signal);
}
