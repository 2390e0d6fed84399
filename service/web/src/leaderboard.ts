/** The leaderboard page: one game's rated players, highest rating first, people, bots or
 * both, paged with the server's cursor. The game and kind are in the URL's query, so a
 * view of the board can be shared. */
import type { Cardtable, LeaderboardRow, PlayerKind, RatedGame } from "../../../sdk/typescript/src/index";
import { announce, h } from "./dom";
import { gameTitle } from "./games";
import { RATED_GAMES, ratedErrorText, rt, storedPlayer } from "./rated";

const PAGE = 50;

export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

function kindText(kind: string): string {
  return kind === "bot" ? rt.kindBot : rt.kindHuman;
}

function boardLink(game: RatedGame, kind: PlayerKind | null, label: string, pressed: boolean, data: string): HTMLElement {
  const query = new URLSearchParams({ game, ...(kind ? { kind } : {}) });
  return h("a", { href: `/play/leaderboard?${query}`, class: "choice", "aria-current": pressed ? "page" : null, "data-choice": data }, label);
}

export async function showLeaderboard(root: HTMLElement, client: Cardtable): Promise<void> {
  const query = new URLSearchParams(location.search);
  const game: RatedGame = RATED_GAMES.includes(query.get("game") as RatedGame) ? (query.get("game") as RatedGame) : "skyjo";
  const asked = query.get("kind");
  const kind: PlayerKind | null = asked === "human" || asked === "bot" ? asked : null;
  const mine = storedPlayer()?.id;
  const body = h("tbody", { id: "leaderboard-rows" });
  const more = h("button", { type: "button", class: "secondary", hidden: true }, rt.morePlayers);
  const empty = h("p", { hidden: true }, rt.nobodyRated);
  let rank = 0;
  let next: string | null = null;
  const row = (player: LeaderboardRow): HTMLElement => {
    rank += 1;
    return h(
      "tr",
      { "data-player": player.id, class: player.id === mine ? "me" : null },
      h("td", {}, player.rank),
      h("th", { scope: "row" }, h("a", { href: `/play/players/${encodeURIComponent(player.id)}` }, player.name), player.kind === "bot" ? h("span", { class: "kind-inline" }, ` · ${rt.kindBot}`) : null),
      h("td", { class: "kind" }, kindText(player.kind)),
      h("td", { class: "number" }, formatRating(player.rating)),
      h("td", { class: "number" }, player.games),
    );
  };
  const show = async (cursor?: string): Promise<void> => {
    const page = await client.players.leaderboard(game, { ...(kind ? { kind } : {}), limit: PAGE, ...(cursor ? { cursor } : {}) });
    body.append(...page.players.map(row));
    next = page.next;
    more.hidden = next === null;
    empty.hidden = rank > 0;
    body.dataset["loaded"] = "true";
  };
  more.addEventListener("click", () => {
    if (next) show(next).catch((error: unknown) => announce(ratedErrorText(error), true));
  });
  const games = h("nav", { class: "choices", "aria-label": rt.game }, ...RATED_GAMES.map((which) => boardLink(which, kind, gameTitle(which), which === game, which)));
  const kinds = h(
    "nav",
    { class: "choices", "aria-label": rt.kindFilter },
    boardLink(game, null, rt.everyone, kind === null, "all"),
    boardLink(game, "human", rt.humans, kind === "human", "human"),
    boardLink(game, "bot", rt.bots, kind === "bot", "bot"),
  );
  root.replaceChildren(
    h("h1", {}, rt.leaderboardOf(gameTitle(game))),
    games,
    kinds,
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "leaderboard" },
        h("caption", { class: "visually-hidden" }, rt.leaderboardOf(gameTitle(game))),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, rt.rank), h("th", { scope: "col" }, rt.name), h("th", { scope: "col", class: "kind" }, rt.kind), h("th", { scope: "col", class: "number" }, rt.rating), h("th", { scope: "col", class: "number" }, rt.games))),
        body,
      ),
    ),
    empty,
    more,
    h("p", {}, h("a", { href: "/play/now" }, rt.playNow)),
  );
  await show();
}
