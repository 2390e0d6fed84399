/** What every live table shows around its board: the turn timer, leaving, and the rematch. */
import type { GameView, SeatSession } from "../../../sdk/typescript/src/index";
import { announce, h, seatName } from "./dom";
import { errorText, t } from "./i18n";
import { rememberCreatedSeat } from "./seats";

const TICK_MS = 1000;
let ticking: ReturnType<typeof setInterval> | null = null;

function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** Every [data-deadline] on the page counts down, one shared tick for all. */
function tick(): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-deadline]")) {
    const left = (Date.parse(element.dataset["deadline"] ?? "") - Date.now()) / 1000;
    const who = element.dataset["who"] ?? "";
    element.textContent = left > 0 ? t.timeLeft(who, clock(left)) : t.timeUp(who);
  }
}

/** The turn timer: whose deadline it is and the time left (null without a timer). */
export function timerLine(view: GameView, names: string[]): HTMLElement | null {
  if (!view.deadline || view.finished) return null;
  const who = view.deadline_seats.map((seat) => (seat === view.seat ? t.you : seatName(names, seat, t.nobody))).join(", ");
  const line = h("p", { class: "timer", id: "timer", role: "timer", "data-deadline": view.deadline, "data-who": who });
  ticking ??= setInterval(tick, TICK_MS);
  queueMicrotask(tick);
  return line;
}

/** Leave the table, after a confirmation (`leave` does it): before the deal the seat opens
 * again, after it a server bot plays the seat from then on. */
export function leaveControl(view: GameView, leave: () => Promise<void>): HTMLElement | null {
  if (view.seat === null || view.finished || view.left[view.seat]) return null;
  const box = h("div", { class: "leave" });
  const waiting = view.phase === "waiting";
  const confirm = (): void => {
    box.replaceChildren(
      h("span", {}, waiting ? t.giveUpSeat : t.leaveConfirm),
      h("button", { type: "button", "data-key": "leave-yes", onclick: () => leave().catch((error: unknown) => announce(errorText(error), true)) }, t.yesLeave),
      h("button", { type: "button", class: "secondary", onclick: () => box.replaceChildren(ask) }, t.stay),
    );
  };
  const ask = h("button", { type: "button", class: "secondary", "data-key": "leave", onclick: confirm }, t.leaveTable);
  box.append(ask);
  return box;
}

/** Once the game is over: play again with the same players (each claims their own seat). */
export function rematchControl(session: SeatSession, view: GameView, names: string[], goTo: (url: string) => void): HTMLElement | null {
  if (!view.finished || view.seat === null || view.left[view.seat]) return null;
  const go = (): void => {
    announce(t.settingUpRematch);
    const creating = !view.rematch;
    session.rematch().then(
      (grant) => {
        // The first to ask sets the rematch up: like a game's creator, they may start it early.
        if (creating) rememberCreatedSeat(grant.id, { seat: grant.seat, name: seatName(names, view.seat), bot: null, token: grant.token });
        goTo(`/play/games/${grant.id}#token=${grant.token}`);
      },
      (error: unknown) => announce(errorText(error), true),
    );
  };
  const offered = view.rematch ? t.rematchOffered(names.length) : "";
  return h("p", { class: "rematch" }, offered, h("button", { type: "button", "data-key": "rematch", onclick: go }, view.rematch ? t.joinRematch : t.rematch));
}
