/** The generic renderer: a hosted game with no board of its own, drawn from what its view
 * holds. The fields every view shares are the table's (title, prompt, scores); the game's
 * own fields are shown by their names, each player's beside their name, the viewer's `hand`
 * as cards, and every legal move is a button saying its fields. */
import type { GameEvent, Move, PlayingView } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { moveButton } from "./board";
import { h, seatName } from "./dom";
import type { Renderer } from "./games";
import { t } from "./i18n";

/** The fields of every view (docs/adding-a-game.md) and of every table: not the game's own. */
const SHARED = new Set([
  ...["game", "version", "seat", "phase", "round", "current_player", "active_seats", "step", "finished", "options", "totals", "rounds", "winners", "players", "hand", "last_round"],
  // The table's: seating, bots, the timer, the lobby, rematches.
  ...["id", "left", "bots", "bot_reasons", "seats", "open_seats", "seeded", "public", "turn_seconds", "deadline", "deadline_seats", "rematch", "rematch_of"],
]);

type Fields = Record<string, unknown>;

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.map(shown).join(" ") : "—";
  if (value === null || value === undefined) return "—";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function fieldList(fields: Fields, skip: Set<string>): HTMLElement {
  const entries = Object.entries(fields).filter(([name]) => !skip.has(name));
  return h("dl", { class: "fields" }, entries.map(([name, value]) => [h("dt", {}, name), h("dd", { "data-field": name }, shown(value))]).flat());
}

/** A move in words: its type, then each field and value ("play · rank 4"). */
export function moveLabel(move: Move): string {
  const fields = Object.entries(move).filter(([name]) => name !== "type");
  return [move.type, ...fields.map(([name, value]) => `${name} ${shown(value)}`)].join(" · ");
}

function playerPanel(view: PlayingView, seat: number, player: Fields): HTMLElement {
  const acting = view.active_seats.includes(seat);
  const badges = [seat === view.seat ? t.badgeYou : null, acting ? t.badgeToPlay : null].filter(Boolean);
  return h(
    "section",
    { class: `${acting ? "player acting" : "player"}${seat === view.seat ? " me" : ""}`, "aria-label": String(player["name"] ?? seat + 1), "data-seat": seat },
    h("h3", {}, String(player["name"] ?? seat + 1), badges.length ? h("span", { class: "badges" }, ` (${badges.join(", ")})`) : null),
    fieldList(player, new Set(["seat", "name"])),
  );
}

function board(ctx: BoardContext<PlayingView>): Board {
  const view = ctx.view as PlayingView & Fields;
  const players = (Array.isArray(view["players"]) ? view["players"] : []) as Fields[];
  const hand = Array.isArray(view["hand"]) ? (view["hand"] as unknown[]) : null;
  const own = Object.fromEntries(Object.entries(view).filter(([name]) => !SHARED.has(name)));
  const moves = ctx.legal.map((move, index) => moveButton(moveLabel(move), move, ctx.send, { "data-key": `move-${index}` }));
  const content = h(
    "div",
    { class: "generic felt", "data-renderer": "generic" },
    h("h2", { class: "visually-hidden" }, t.table),
    h("div", { class: "players others" }, players.map((player, seat) => playerPanel(view, seat, player))),
    h("section", { class: "piles", "aria-label": t.table }, fieldList(own, new Set())),
    hand ? h("section", { class: "hand", "aria-label": t.yourHand }, h("h3", {}, t.yourHand), h("div", { class: "row" }, hand.map((card) => h("span", { class: "card sb-mid", role: "img", "aria-label": shown(card) }, shown(card))))) : null,
    moves.length ? h("div", { class: "actions", role: "group", "aria-label": t.yourMoves }, moves) : null,
  );
  const prompt = view.finished ? t.theGameIsOver : ctx.legal.length ? t.promptGeneric : t.isPlaying(seatName(ctx.names, view.current_player));
  return { content, prompt, keys: {} };
}

export const genericRenderer: Renderer = {
  board,
  roundEnd: () => null,
  changes: () => [],
  describeMove: (who: string, move: Move, _event: GameEvent) => t.logGenericMove(who, moveLabel(move)),
  presets: () => [],
};
