/** A player's profile page: name and kind, the rating and rated games of each game, and the
 * rating history as a chart (inline SVG: one line from the rating before the oldest game
 * shown to the rating after the newest) with the recent games listed below it. */
import type { Cardtable, HistoryEntry, RatedGame } from "../../../sdk/typescript/src/index";
import { announce, h } from "./dom";
import { gameTitle } from "./games";
import { lang } from "./i18n";
import { formatRating } from "./leaderboard";
import { RATED_GAMES, ratedErrorText, rt, storedPlayer } from "./rated";

const HISTORY_PAGE = 100;
const SVG = "http://www.w3.org/2000/svg";

/** One rated game as the chart and the list need it. */
export interface RatedResult {
  gameId: string;
  when: Date | null;
  place: number;
  before: number;
  after: number;
}

export function readResult(entry: HistoryEntry): RatedResult {
  const when = new Date(entry.date);
  return { gameId: entry.game_id, when: Number.isNaN(when.getTime()) ? null : when, place: entry.placement, before: entry.before, after: entry.after };
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** The ratings to draw, oldest first: the rating before the oldest game, then after each. */
export function ratingPoints(newestFirst: RatedResult[]): number[] {
  const oldestFirst = [...newestFirst].reverse();
  const first = oldestFirst[0];
  return first ? [first.before, ...oldestFirst.map((result) => result.after)] : [];
}

/** The history as a line chart that scales to its container (a 360 px phone included). */
export function ratingChart(points: number[], game: string): SVGSVGElement {
  const width = 320;
  const height = 160;
  const pad = { left: 44, right: 8, top: 10, bottom: 18 };
  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = high - low || 1;
  const x = (index: number): number => pad.left + (points.length === 1 ? 0 : (index * (width - pad.left - pad.right)) / (points.length - 1));
  const y = (value: number): number => pad.top + ((high - value) * (height - pad.top - pad.bottom)) / span;
  const line = points.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const label = rt.historyChart(game, formatRating(points[0]!), formatRating(points[points.length - 1]!), Math.max(0, points.length - 1));
  const axis = (value: number): SVGTextElement => svg("text", { x: pad.left - 6, y: y(value) + 4, "text-anchor": "end", class: "axis" }, formatRating(value));
  return svg(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "rating-chart", preserveAspectRatio: "xMidYMid meet" },
    svg("title", {}, label),
    svg("line", { x1: pad.left, x2: width - pad.right, y1: y(high), y2: y(high), class: "grid" }),
    svg("line", { x1: pad.left, x2: width - pad.right, y1: y(low), y2: y(low), class: "grid" }),
    axis(high),
    ...(high !== low ? [axis(low)] : []),
    svg("polyline", { points: line, class: "rating-line", fill: "none" }),
    ...points.map((value, index) => svg("circle", { cx: x(index).toFixed(1), cy: y(value).toFixed(1), r: 2.5, class: "rating-point" })),
  );
}

function change(result: RatedResult): string {
  const delta = result.after - result.before;
  return `${delta >= 0 ? "+" : "−"}${formatRating(Math.abs(delta))}`;
}

function historyRow(result: RatedResult): HTMLElement {
  const date = result.when ? result.when.toLocaleDateString(lang, { day: "numeric", month: "short", year: "numeric" }) : "";
  return h(
    "tr",
    {},
    h("td", {}, date),
    h("td", { class: "number" }, result.place),
    h("td", { class: "number" }, formatRating(result.after)),
    h("td", { class: "number" }, change(result)),
    h("td", {}, h("a", { href: `/play/replay/${encodeURIComponent(result.gameId)}` }, rt.openGame)),
  );
}

/** The chart and the recent games of one game, from the player's latest rated games. */
function historySection(history: HistoryEntry[], game: RatedGame): HTMLElement {
  const section = h("section", { class: "history", "data-game": game, "aria-labelledby": `history-${game}` }, h("h2", { id: `history-${game}` }, `${rt.history} · ${gameTitle(game)}`));
  const results = history.filter((entry) => entry.game === game).map(readResult);
  const points = ratingPoints(results);
  if (points.length === 0) {
    section.append(h("p", {}, rt.noHistory));
    return section;
  }
  section.append(
    h("div", { class: "chart" }, ratingChart(points, gameTitle(game))),
    h("h3", {}, rt.recentGames),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "rated-games" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, rt.when), h("th", { scope: "col", class: "number" }, rt.place), h("th", { scope: "col", class: "number" }, rt.rating), h("th", { scope: "col", class: "number" }, rt.change), h("th", { scope: "col" }, rt.openGame))),
        h("tbody", {}, ...results.slice(0, 10).map(historyRow)),
      ),
    ),
  );
  return section;
}

export async function showProfile(root: HTMLElement, client: Cardtable, playerId: string): Promise<void> {
  const profile = await client.players.profile(playerId);
  const mine = storedPlayer()?.id === profile.id;
  const ratings = h(
    "dl",
    { class: "fields ratings", id: "ratings" },
    ...RATED_GAMES.flatMap((game) => {
      const rating = profile.ratings[game];
      return [h("dt", {}, rt.ratingIn(gameTitle(game))), h("dd", { "data-game": game }, rating ? `${formatRating(rating.rating)} · ${rt.gamesCount(rating.games)}` : "—")];
    }),
  );
  root.replaceChildren(
    h("h1", {}, rt.profileOf(profile.name)),
    h("p", {}, `${profile.kind === "bot" ? rt.kindBot : rt.kindHuman}`, mine ? ` · ${rt.you}` : ""),
    ratings,
  );
  const played = RATED_GAMES.filter((game) => (profile.ratings[game]?.games ?? 0) > 0);
  if (played.length > 0) {
    try {
      const history = (await client.players.history(profile.id, { limit: HISTORY_PAGE })).games;
      root.append(...played.map((game) => historySection(history, game)));
    } catch (error) {
      root.append(h("p", { role: "alert" }, ratedErrorText(error)));
    }
  }
  if (played.length === 0) root.append(h("p", {}, rt.noHistory));
  root.append(h("p", {}, h("a", { href: "/play/now" }, rt.playNow), " · ", h("a", { href: "/play/leaderboard" }, rt.leaderboard)));
  root.dataset["loaded"] = "true";
  announce("");
}
