/** The waiting room of a table with open seats: who sits where, the invite link, and (for
 * the creator) starting early with server bots in the open seats. */
import type { PublicSeat, SeatSession, WaitingView } from "../../../sdk/typescript/src/index";
import { announce, errorText, h } from "./dom";
import { inviteLink, knownInvite, knownSeats } from "./seats";

function seatText(seat: PublicSeat, me: number | null): string {
  if (seat.open) return seat.reserved ? "kept for its player from the last game" : "open";
  const who = seat.bot ? `${seat.name ?? ""} (the server's ${seat.bot} bot)` : (seat.name ?? "");
  return seat.seat === me ? `${who} (you)` : who;
}

function inviteBox(gameId: string): HTMLElement | null {
  const invite = knownInvite(gameId);
  if (!invite) return null;
  const link = inviteLink(gameId, invite);
  const field = h("input", { id: "invite-link", readonly: true, value: link, size: 40, "data-invite-link": "" });
  const copy = (): void => {
    field.select();
    navigator.clipboard?.writeText(link).then(() => announce("The invite link is copied."), () => announce("Select the link and copy it."));
  };
  return h(
    "div",
    { class: "field invite" },
    h("label", { for: field.id }, "Invite link: whoever opens it may take an open seat"),
    field,
    h("button", { type: "button", class: "secondary", onclick: copy }, "Copy"),
  );
}

/** The creator (its browser knows the game's seats) may deal now with bots in the open seats. */
function startControl(session: SeatSession, gameId: string, onDone: () => void): HTMLElement | null {
  if (!knownSeats(gameId).some((seat) => seat.token === session.token)) return null;
  const start = (): void => {
    session.start("greedy").then(onDone, (error: unknown) => announce(errorText(error), true));
  };
  return h("button", { type: "button", "data-key": "start", onclick: start }, "Start now: server bots take the open seats");
}

export function waitingRoom(view: WaitingView, session: SeatSession, onChange: () => void): HTMLElement {
  const plural = view.open_seats === 1 ? "seat is" : "seats are";
  return h(
    "section",
    { class: "waiting", "aria-label": "Waiting room" },
    h("h2", {}, `Waiting for players: ${view.open_seats} ${plural} open`),
    h("ol", { class: "seats" }, view.seats.map((seat) => h("li", { "data-seat": seat.seat, "data-open": String(seat.open) }, seatText(seat, view.seat)))),
    h("p", { class: "small" }, view.public ? "This table is listed in the lobby." : "This table is invite-only.", view.turn_seconds ? ` Turn timer: ${view.turn_seconds} seconds.` : ""),
    inviteBox(view.id),
    startControl(session, view.id, onChange),
  );
}
