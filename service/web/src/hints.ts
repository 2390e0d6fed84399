/** Hints and the post-game review, from the server's estimator (GET /games/{id}/hints and
 * /review). Casual games only: the server refuses hints in rated games and at tables with a
 * turn timer (409 `hints_unavailable`), so the button is not offered there. */
import type { GameEvent, Mistake, Move, PlayingView, SeatSession } from "../../../sdk/typescript/src/index";
import { h, seatName } from "./dom";
import { rendererOrNull } from "./games";
import { errorText, t } from "./i18n";

function at(move: Move): string {
  return "row" in move && "col" in move && typeof move.row === "number" && typeof move.col === "number" ? t.place(move.row + 1, move.col + 1) : "";
}

/** A move said as advice ("Draw a card", "Take the discard to row 2, column 3"). Skyjo's
 * moves name a cell whose card the advice does not know; other games say the move as the
 * log would, with "you". */
export function adviceFor(game: string, move: Move, seat: number, names: string[]): string {
  if (game === "skyjo") {
    if (move.type === "draw") return t.hintDraw;
    if (move.type === "take_discard") return t.hintTakeDiscard(at(move));
    if (move.type === "replace") return t.hintReplace(at(move));
    if (move.type === "discard_and_reveal") return t.hintDiscardReveal(at(move));
    if (move.type === "reveal") return t.hintReveal(at(move));
  }
  const event = { type: "move", version: 0, seat, move } as unknown as GameEvent;
  return rendererOrNull(game)?.describeMove(t.you, move, event, names) ?? JSON.stringify(move);
}

/** Hints are offered to a seat that may move now, at a casual table (no timer, not rated). */
export function offersHints(view: PlayingView, canMove: boolean): boolean {
  return canMove && !view.rated && view.turn_seconds === null && !view.finished;
}

/** "Hint" and the line it fills with the best move (for the version it was asked at). */
export function hintControl(session: SeatSession, view: PlayingView, names: string[]): HTMLElement {
  const line = h("p", { class: "hint-line", id: "hint-line", role: "status" });
  const button = h("button", { type: "button", class: "secondary", id: "hint", "data-key": "hint" }, t.hintButton);
  button.addEventListener("click", () => {
    button.disabled = true;
    line.textContent = t.hintThinking;
    session.hints().then(
      (hints) => {
        const best = hints.moves[0];
        line.textContent = best && hints.version === view.version ? t.hintBest(adviceFor(view.game, best.move as Move, hints.seat, names)) : t.hintStale;
      },
      (error: unknown) => (line.textContent = errorText(error)),
    ).finally(() => (button.disabled = false));
  });
  return h("div", { class: "hint-box" }, button, line);
}

function mistakeLine(game: string, seat: number, names: string[], mistake: Mistake, unit: string): HTMLElement {
  const played = adviceFor(game, mistake.move as Move, seat, names);
  const better = adviceFor(game, mistake.best_move as Move, seat, names);
  return h("li", { "data-turn": mistake.turn }, t.reviewMistake(mistake.turn + 1, played, better, t.reviewLoss(unit, mistake.loss)));
}

/** After the game: "Review the game" fetches, per player, the moves that cost the most. */
export function reviewControl(session: SeatSession, view: PlayingView, names: string[]): HTMLElement {
  const body = h("div", { id: "review-body" });
  const button = h("button", { type: "button", class: "secondary", id: "review", "data-key": "review" }, t.reviewButton);
  button.addEventListener("click", () => {
    button.disabled = true;
    body.replaceChildren(h("p", { role: "status" }, t.hintThinking));
    session.review().then(
      (review) => {
        body.replaceChildren(
          h("h2", {}, t.reviewTitle),
          ...review.seats.map((entry) =>
            h("div", { class: "review-seat", "data-seat": entry.seat }, h("h3", {}, seatName(names, entry.seat)), entry.mistakes.length ? h("ol", {}, entry.mistakes.map((mistake) => mistakeLine(view.game, entry.seat, names, mistake, review.unit))) : h("p", {}, t.reviewNoMistake)),
          ),
        );
      },
      (error: unknown) => {
        button.disabled = false;
        body.replaceChildren(h("p", { role: "alert" }, errorText(error)));
      },
    );
  });
  return h("div", { class: "review" }, button, body);
}
