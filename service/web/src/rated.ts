/** Rated play at the web table: the guest player kept in this browser (created on first
 * use, renamable) and "Play now": queue for a 2-player game, wait, then open the matched
 * game's table with this player's seat token. The leaderboard and profiles are in
 * leaderboard.ts and profile.ts. */
import { CardtableError, unwrap, type Cardtable, type Opponents, type PlayerSession, type RatedGame, type Ticket } from "../../../sdk/typescript/src/index";
import { announce, h, loadLocal, saveLocal } from "./dom";
import { gameTitle } from "./games";
import { errorText, lang } from "./i18n";
import { ratedEn, type RatedCatalogue } from "./lang/rated-en";
import { ratedFr } from "./lang/rated-fr";

/** The rated pages' strings in the page's language. */
export const rt: RatedCatalogue = lang === "fr" ? ratedFr : ratedEn;

export const RATED_GAMES: RatedGame[] = ["skyjo", "skipbo"];
const PLAYER_KEY = "cardtable.player";
const TICKET_KEY = "cardtable.ticket";
const CHOICE_KEY = "cardtable.playNow";

/** This browser's player: its key is the player, so it stays in this browser only. */
export interface StoredPlayer {
  id: string;
  name: string;
  key: string;
}

export function storedPlayer(): StoredPlayer | null {
  const player = loadLocal<StoredPlayer | null>(PLAYER_KEY, null);
  return player && typeof player.id === "string" && typeof player.key === "string" ? player : null;
}

/** An error as a player reads it, with rated play's own codes. */
export function ratedErrorText(error: unknown): string {
  if (error instanceof CardtableError && rt.errors[error.code]) return rt.errors[error.code]!;
  return errorText(error);
}

/** The start page's links to rated play (one line: "Rated play: Play now · Leaderboard"). */
export function ratedLinks(): HTMLElement {
  const mine = storedPlayer();
  return h(
    "p",
    { class: "rated-links" },
    `${rt.ratedLinks} `,
    h("a", { href: "/play/now" }, rt.playNow),
    " · ",
    h("a", { href: "/play/leaderboard" }, rt.leaderboard),
    mine ? " · " : null,
    mine ? h("a", { href: `/play/players/${encodeURIComponent(mine.id)}` }, rt.yourProfile) : null,
  );
}

function guestName(): string {
  const digits = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(3)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${rt.guestPrefix}-${digits}`;
}

/** This browser's player, created as a guest the first time (a taken name: another draw). */
async function ensurePlayer(client: Cardtable): Promise<StoredPlayer> {
  const known = storedPlayer();
  if (known) return known;
  announce(rt.creatingPlayer);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const created = await client.players.create(guestName(), "human");
      const player = { id: created.id, name: created.name, key: created.key };
      saveLocal(PLAYER_KEY, player);
      announce("");
      return player;
    } catch (error) {
      if (!(error instanceof CardtableError && error.code === "name_taken") || attempt >= 3) throw error;
    }
  }
}

function openTable(ticket: Ticket): void {
  saveLocal(TICKET_KEY, null);
  announce(rt.matched);
  location.assign(`/play/games/${encodeURIComponent(ticket.game_id!)}#token=${ticket.token!}`);
}

function renameForm(client: Cardtable, player: StoredPlayer, shown: HTMLElement): HTMLElement {
  const input = h("input", { id: "player-name", name: "name", required: true, maxlength: 40, autocomplete: "nickname", value: player.name });
  const form = h(
    "form",
    { class: "rename", "aria-label": rt.rename },
    h("div", { class: "field" }, h("label", { for: input.id }, rt.newName), input, h("button", { type: "submit", class: "secondary" }, rt.rename)),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    client.players
      .as(player.key, player.id)
      .rename(name)
      .then((profile) => {
        player.name = profile.name;
        saveLocal(PLAYER_KEY, player);
        shown.textContent = profile.name;
        announce(rt.renamed(profile.name));
      })
      .catch((error: unknown) => announce(ratedErrorText(error), true));
  });
  return form;
}

export async function showPlayNow(root: HTMLElement, client: Cardtable): Promise<void> {
  const player = await ensurePlayer(client);
  const session: PlayerSession = client.players.as(player.key, player.id);
  const choice = loadLocal<{ game: RatedGame; bots: boolean }>(CHOICE_KEY, { game: "skyjo", bots: true });
  const name = h("strong", { id: "my-name" }, player.name);
  const game = h("select", { id: "rated-game", name: "game" }, ...RATED_GAMES.map((which) => h("option", { value: which, selected: which === choice.game }, gameTitle(which))));
  const bots = h("input", { id: "rated-bots", type: "checkbox", name: "bots", checked: choice.bots });
  const find = h("button", { type: "submit", id: "find-game" }, rt.queue);
  const stop = h("button", { type: "button", class: "secondary", id: "stop-looking", hidden: true }, rt.cancel);
  const state = h("p", { class: "queue-state", id: "queue-state", "aria-live": "polite" });
  let waiting: { ticket: string; abort: AbortController } | null = null;

  const setWaiting = (on: boolean): void => {
    find.hidden = on;
    stop.hidden = !on;
    game.disabled = on;
    bots.disabled = on;
    state.textContent = on ? rt.waiting : "";
  };
  const follow = async (ticket: string): Promise<void> => {
    const abort = new AbortController();
    waiting = { ticket, abort };
    saveLocal(TICKET_KEY, ticket);
    setWaiting(true);
    try {
      const done = await session.waitForMatch(ticket, abort.signal);
      if (done.status === "matched") return openTable(done);
      saveLocal(TICKET_KEY, null);
      setWaiting(false);
      state.textContent = done.status === "expired" ? rt.expired : rt.cancelled;
    } catch (error) {
      if (abort.signal.aborted) return;
      setWaiting(false);
      announce(ratedErrorText(error), true);
    }
  };
  const form = h(
    "form",
    { class: "play-now", "aria-label": rt.playNow },
    h("div", { class: "field" }, h("label", { for: game.id }, rt.game), game),
    h("div", { class: "field check" }, bots, h("label", { for: bots.id }, rt.againstBots)),
    h("div", { class: "actions" }, find, " ", stop),
    state,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const picked = game.value as RatedGame;
    saveLocal(CHOICE_KEY, { game: picked, bots: bots.checked });
    const opponents: Opponents = bots.checked ? "any" : "humans";
    session
      .enqueue(picked, 2, opponents)
      .then((ticket) => follow(ticket.ticket))
      .catch((error: unknown) => announce(ratedErrorText(error), true));
  });
  stop.addEventListener("click", () => {
    const current = waiting;
    if (!current) return;
    current.abort.abort();
    waiting = null;
    session
      .cancel(current.ticket)
      .then(() => {
        saveLocal(TICKET_KEY, null);
        setWaiting(false);
        state.textContent = rt.cancelled;
      })
      .catch(async (error: unknown) => {
        // Matched meanwhile: the game is this player's, open it.
        if (error instanceof CardtableError && error.code === "already_matched") return openTable(await session.ticket(current.ticket));
        announce(ratedErrorText(error), true);
      });
  });
  addEventListener("pagehide", () => waiting?.abort.abort());
  root.replaceChildren(
    h("h1", {}, rt.playNow),
    h("p", {}, rt.playNowIntro),
    h("section", { class: "me", "aria-labelledby": "me-title" }, h("h2", { id: "me-title" }, rt.yourPlayer), h("p", {}, `${rt.you}: `, name, " · ", h("a", { href: `/play/players/${encodeURIComponent(player.id)}` }, rt.yourProfile)), renameForm(client, player, name)),
    form,
    h("p", {}, h("a", { href: "/play/leaderboard" }, rt.leaderboard)),
  );
  // A reload while waiting keeps the place in the queue.
  const pending = loadLocal<string | null>(TICKET_KEY, null);
  if (pending) {
    const ticket = await session.ticket(pending).catch(() => null);
    if (ticket?.status === "matched") return openTable(ticket);
    if (ticket?.status === "waiting") void follow(ticket.ticket);
    else saveLocal(TICKET_KEY, null);
  }
}

/** How a rating moved, signed: "+12.5", "−3.0". */
export function signed(delta: number): string {
  return `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)}`;
}

/** Once this browser's player's rated game ends at its table: the rating it had and has
 * now, with links to the profile and to another game, under the table. Kept out of the
 * table's own code: it watches the table's `data-finished`, then reads the score once. */
export function watchRatedEnd(root: HTMLElement, client: Cardtable, gameId: string): void {
  const me = storedPlayer();
  if (!me) return;
  const observer = new MutationObserver(() => {
    const table = root.querySelector<HTMLElement>("#table");
    if (!table || table.dataset["finished"] !== "true") return;
    observer.disconnect();
    showRatingChange(table, client, gameId, me).catch(() => undefined);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-finished"] });
}

async function showRatingChange(table: HTMLElement, client: Cardtable, gameId: string, me: StoredPlayer): Promise<void> {
  const params = { path: { game_id: gameId } };
  const view = unwrap(await client.api.GET("/games/{game_id}", { params })) as { rated?: boolean; players?: { player?: string | null }[] };
  if (!view.rated || !view.players?.some((seat) => seat.player === me.id)) return;
  // The ratings are settled as the game ends; a read a moment later may be needed.
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const score = unwrap(await client.api.GET("/games/{game_id}/score", { params }));
    const mine = score.ratings?.find((entry) => entry.player === me.id);
    if (mine) {
      table.after(
        h(
          "p",
          { class: "rated-end", id: "rated-end", role: "status" },
          rt.ratingNow(mine.before.toFixed(1), mine.after.toFixed(1), signed(mine.after - mine.before)),
          " ",
          h("a", { href: `/play/players/${encodeURIComponent(me.id)}` }, rt.yourProfile),
          " · ",
          h("a", { href: "/play/now" }, rt.playAgain),
        ),
      );
      return;
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
}
