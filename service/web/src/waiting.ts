/** The waiting room of a table with open seats: who sits where, the invite link, and (for
 * the creator) starting early with server bots in the open seats. */
import type { PublicSeat, SeatSession, WaitingView } from "../../../sdk/typescript/src/index";
import { announce, h } from "./dom";
import { errorText, t } from "./i18n";
import { inviteLink, knownInvite, knownSeats } from "./seats";

function seatText(seat: PublicSeat, me: number | null): string {
  if (seat.open) return seat.reserved ? (seat.name ? t.seatKeptFor(seat.name) : t.seatKept) : t.seatOpen;
  const who = seat.bot ? t.botOf(seat.name ?? "", seat.bot) : (seat.name ?? "");
  return seat.seat === me ? t.youMark(who) : who;
}

function inviteBox(gameId: string): HTMLElement | null {
  const invite = knownInvite(gameId);
  if (!invite) return null;
  const link = inviteLink(gameId, invite);
  const field = h("input", { id: "invite-link", readonly: true, value: link, size: 40, "data-invite-link": "" });
  const copy = (): void => {
    field.select();
    navigator.clipboard?.writeText(link).then(() => announce(t.copied), () => announce(t.selectToCopy));
  };
  return h(
    "div",
    { class: "field invite" },
    h("label", { for: field.id }, t.inviteLinkLabel),
    field,
    h("button", { type: "button", class: "secondary", onclick: copy }, t.copy),
  );
}

/** The creator (its browser knows the game's seats) may deal now with bots in the open seats. */
function startControl(session: SeatSession, gameId: string, onDone: () => void): HTMLElement | null {
  if (!knownSeats(gameId).some((seat) => seat.token === session.token)) return null;
  const start = (): void => {
    session.start("greedy").then(onDone, (error: unknown) => announce(errorText(error), true));
  };
  return h("button", { type: "button", "data-key": "start", onclick: start }, t.startNow);
}

export function waitingRoom(view: WaitingView, session: SeatSession, onChange: () => void): HTMLElement {
  return h(
    "section",
    { class: "waiting", "aria-label": t.waitingRoom },
    h("h2", {}, t.waitingFor(view.open_seats)),
    h("ol", { class: "seats" }, view.seats.map((seat) => h("li", { "data-seat": seat.seat, "data-open": String(seat.open) }, seatText(seat, view.seat)))),
    h("p", { class: "small" }, view.public ? t.listed : t.inviteOnly, view.turn_seconds ? t.timerSeconds(view.turn_seconds) : ""),
    inviteBox(view.id),
    startControl(session, view.id, onChange),
  );
}
