/** The lobby (public tables waiting for players) and joining a table, from there or by an
 * invite link: the seat's token comes back once and goes into the page's URL fragment. */
import type { Cardtable, LobbyGame } from "../../../sdk/typescript/src/index";
import { announce, h, loadLocal, saveLocal } from "./dom";
import { gameTitle } from "./games";
import { errorText, t } from "./i18n";
import { rememberInvite } from "./seats";

const NAME_KEY = "cardtable.name";
const REFRESH_MS = 5000;
let stopRefreshing = (): void => undefined;

const titleOf = gameTitle;

function nameField(id: string): HTMLInputElement {
  return h("input", { id, name: "name", required: true, maxlength: 40, autocomplete: "nickname", value: loadLocal<string>(NAME_KEY, "") });
}

/** Take a seat and open the table with the new token (kept in the URL: a reload keeps the seat). */
async function join(client: Cardtable, gameId: string, name: string, invite?: string): Promise<void> {
  saveLocal(NAME_KEY, name);
  announce(t.takingSeat);
  const grant = await client.join(gameId, name, invite);
  if (invite) rememberInvite(gameId, invite);
  stopRefreshing();
  const samePage = location.pathname === `/play/games/${grant.id}`;
  location.assign(`/play/games/${grant.id}#token=${grant.token}`);
  // From the invite link only the fragment changes, which loads nothing by itself.
  if (samePage) location.reload();
}

/** A table's invite link opened without a seat: ask for a name, then join. */
export function showJoinForm(root: HTMLElement, client: Cardtable, gameId: string, invite: string): void {
  const name = nameField("join-name");
  const form = h(
    "form",
    { class: "join", "aria-label": t.joinTable },
    h("div", { class: "field" }, h("label", { for: name.id }, t.yourName), name),
    h("button", { type: "submit" }, t.takeSeat),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    join(client, gameId, name.value.trim(), invite).catch((error: unknown) => announce(errorText(error), true));
  });
  root.replaceChildren(h("h1", {}, t.invited), form, h("p", {}, h("a", { href: "/play/lobby" }, t.otherTables)));
}

function seatsText(game: LobbyGame): string {
  return game.players.map((seat) => (seat.open ? t.openSeat : seat.bot ? t.botSeat(seat.name ?? "") : (seat.name ?? ""))).join(", ");
}

function lobbyRow(client: Cardtable, game: LobbyGame, name: HTMLInputElement): HTMLElement {
  const timer = game.turn_seconds ? t.perTurn(game.turn_seconds) : t.noTimer;
  const take = (): void => {
    if (!name.reportValidity()) return;
    join(client, game.id, name.value.trim()).catch((error: unknown) => announce(errorText(error), true));
  };
  return h(
    "li",
    { class: "lobby-game", "data-game-id": game.id },
    h("strong", {}, titleOf(game.game)),
    ` · ${seatsText(game)} · ${t.openCount(game.open_seats)} · ${timer} `,
    h("button", { type: "button", "data-join": game.id, onclick: take, "aria-label": t.joinLabel(titleOf(game.game), seatsText(game)) }, t.join),
    " ",
    h("a", { href: `/play/games/${game.id}#watch`, "data-watch": game.id, "aria-label": t.watchLabel(titleOf(game.game), seatsText(game)) }, t.watch),
  );
}

export async function showLobby(root: HTMLElement, client: Cardtable): Promise<void> {
  const name = nameField("lobby-name");
  const list = h("ul", { class: "lobby", id: "lobby", "aria-live": "polite" });
  const more = h("button", { type: "button", class: "secondary", hidden: true }, t.olderTables);
  let next: string | null = null;
  let paged = false;
  const show = async (cursor?: string): Promise<void> => {
    const page = await client.lobby(cursor ? { cursor } : {});
    const rows = page.games.map((game) => lobbyRow(client, game, name));
    if (cursor) list.append(...rows);
    else list.replaceChildren(...(rows.length ? rows : [h("li", {}, t.noTables)]));
    next = page.next;
    more.hidden = next === null;
    list.dataset["loaded"] = "true";
  };
  more.addEventListener("click", () => {
    paged = true; // keep the older tables shown: no more refreshing of the first page
    if (next) show(next).catch((error: unknown) => announce(errorText(error), true));
  });
  root.replaceChildren(
    h("h1", {}, t.lobby),
    h("p", {}, t.lobbyIntro, h("a", { href: "/play/" }, t.startNew), "."),
    h("div", { class: "field" }, h("label", { for: name.id }, t.yourName), name),
    list,
    more,
  );
  await show();
  // Tables fill and open all the time: look again every few seconds while the page is shown.
  const timer = setInterval(() => {
    if (!paged && document.visibilityState === "visible") show().catch((error: unknown) => announce(errorText(error), true));
  }, REFRESH_MS);
  stopRefreshing = () => clearInterval(timer);
  addEventListener("pagehide", stopRefreshing);
}
