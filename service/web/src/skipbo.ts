/** The Skip-Bo board: hand, every stock, the four building piles, discard piles, partners. */
import type { GameEvent, Move, SkipBoView } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { hasKeyboard, moveButton } from "./board";
import { h, seatName } from "./dom";
import type { MoveEvent, Preset, Renderer } from "./games";
import { t } from "./i18n";
import type { Change } from "./motion";

// The card picked up (a source key) while its destination is chosen; forgotten on any change.
let selected: string | null = null;
let selectedVersion = -1;

export function cardName(card: number | null | undefined): string {
  if (card === null || card === undefined) return t.empty;
  return card === 0 ? t.skipBo : String(card);
}

/** The text on a card's face: a dash for an empty place (its label says "empty"). */
function cardFace(card: number | null | undefined): string {
  return card === null || card === undefined ? "—" : cardName(card);
}

export function cardClass(card: number | null | undefined): string {
  if (card === null || card === undefined) return "card empty";
  if (card === 0) return "card wild";
  return card <= 4 ? "card sb-low" : card <= 8 ? "card sb-mid" : "card sb-high";
}

/** Where a move takes its card from, as a key shared by the source's button. */
function sourceKey(move: Move, me: number): string | null {
  if (move.type === "discard") return `hand:${move.card}`;
  if (move.type !== "play") return null;
  if (move.source === "hand") return `hand:${move.card}`;
  if (move.source === "stock") return `stock:${move.owner ?? me}`;
  return `discard:${move.owner ?? me}:${move.pile}`;
}

function targetKey(move: Move): string {
  return move.type === "discard" ? `pile:${move.pile}` : `build:${move.target}`;
}

function movesFrom(ctx: BoardContext<SkipBoView>, source: string): Move[] {
  return ctx.legal.filter((move) => sourceKey(move, ctx.view.seat ?? -1) === source);
}

function sourceButton(ctx: BoardContext<SkipBoView>, key: string, card: number | null, label: string): HTMLButtonElement {
  const usable = movesFrom(ctx, key).length > 0;
  return h("button", { type: "button", class: `${cardClass(card)} source`, "data-source": key, "data-drag": key, "data-key": `source-${key}`, "aria-pressed": String(selected === key), "aria-label": `${label}${selected === key ? t.pickedUp : ""}`, disabled: !usable, onclick: () => { selected = selected === key ? null : key; ctx.redraw(); } }, cardFace(card));
}

function targetMove(ctx: BoardContext<SkipBoView>, target: string): Move | undefined {
  return selected ? movesFrom(ctx, selected).find((move) => targetKey(move) === target) : undefined;
}

function buildingPiles(ctx: BoardContext<SkipBoView>): HTMLElement {
  return h(
    "section",
    { class: "building", "aria-label": t.buildingPiles },
    h("h3", {}, t.buildingPiles),
    h("div", { class: "row" }, ctx.view.building_piles.map((pile) => {
      const label = t.buildingPile(pile.slot + 1, pile.size ? t.topOf(cardName(pile.top_card)) : t.emptyComma, pile.next);
      const move = targetMove(ctx, `build:${pile.slot}`);
      const changed = ctx.changed.has(`build:${pile.slot}`);
      const button = moveButton(pile.size ? cardName(pile.top_card) : "—", move, ctx.send, { class: `${cardClass(pile.top_card)}${changed ? " changed" : ""}`, "data-target": `build:${pile.slot}`, "data-key": `build-${pile.slot}`, "data-place": `build:${pile.slot}`, "data-drop": `build:${pile.slot}` });
      button.setAttribute("aria-label", move ? t.playOnto(label) : label);
      return h("div", { class: "pile" }, button, h("span", {}, t.needs(pile.next)));
    })),
    h("p", { class: "small" }, t.drawAndAside(ctx.view.draw_pile_size, ctx.view.set_aside_size)),
  );
}

function discardPiles(ctx: BoardContext<SkipBoView>, seat: number, usable: boolean): HTMLElement {
  const player = ctx.view.players[seat];
  return h("div", { class: "row" }, (player?.discard_piles ?? []).map((pile, index) => {
    const top = pile[pile.length - 1] ?? null;
    const cards = t.discardPileOf(index + 1, pile.length ? pile.map(cardName).join(", ") : t.empty);
    const discard = seat === ctx.view.seat ? targetMove(ctx, `pile:${index}`) : undefined;
    let control: HTMLElement;
    if (discard) {
      control = moveButton(cardFace(top), discard, ctx.send, { class: cardClass(top), "data-target": `pile:${index}`, "data-key": `pile-${index}`, "aria-label": t.discardOnto(cards) });
    } else if (usable && top !== null) {
      control = sourceButton(ctx, `discard:${seat}:${index}`, top, t.topOfPile(player?.name ?? "", cards));
    } else control = h("span", { class: cardClass(top), role: "img", "aria-label": t.pileOf(player?.name ?? "", cards) }, cardFace(top));
    control.classList.toggle("changed", ctx.changed.has(`pile:${seat}:${index}`));
    control.dataset["place"] = `pile:${seat}:${index}`;
    if (seat === ctx.view.seat) control.dataset["drop"] = `pile:${index}`;
    return h("div", { class: "pile" }, control, h("span", { class: "small", "aria-hidden": "true" }, pile.length > 1 ? t.under(pile.slice(0, -1).map(cardName).join(" ")) : " "));
  }));
}

function playerPanel(ctx: BoardContext<SkipBoView>, seat: number): HTMLElement {
  const { view } = ctx;
  const player = view.players[seat];
  if (!player) return h("div");
  const me = view.seat;
  const usable = seat === me || (me !== null && player.partner === me);
  const badges = [seat === me ? t.badgeYou : null, view.bots[seat] ? t.badgeBot(view.bots[seat] ?? "") : null, player.partner !== null ? t.partnerOf(seatName(ctx.names, player.partner)) : null, view.current_player === seat && !view.finished ? t.badgeToPlay : null].filter(Boolean);
  const stockLabel = t.stockLabel(player.name, cardName(player.stock_top), player.stock_size);
  const stock = usable && player.stock_top !== null ? sourceButton(ctx, `stock:${seat}`, player.stock_top, stockLabel) : h("span", { class: cardClass(player.stock_top), role: "img", "aria-label": stockLabel }, cardFace(player.stock_top));
  stock.classList.toggle("changed", ctx.changed.has(`stock:${seat}`));
  stock.dataset["place"] = `stock:${seat}`;
  return h(
    "section",
    { class: `${view.current_player === seat ? "player acting" : "player"}${seat === me ? " me" : ""}`, "aria-label": player.name, "data-seat": seat },
    h("h3", {}, player.name, badges.length ? h("span", { class: "badges" }, ` (${badges.join(", ")})`) : null),
    h("div", { class: "row" }, h("div", { class: "pile" }, stock, h("span", {}, t.stock(player.stock_size))), h("p", { class: "small", "data-place": `hand:${seat}` }, t.handLine(player.hand_size, t.points(player.total)))),
    discardPiles(ctx, seat, usable),
  );
}

function hand(ctx: BoardContext<SkipBoView>): HTMLElement | null {
  const cards = ctx.view.hand;
  if (!cards) return null;
  const pass = ctx.legal.find((move) => move.type === "pass");
  return h(
    "section",
    { class: "hand", "aria-label": t.yourHand },
    h("h3", {}, t.yourHand),
    h("div", { class: "row" }, cards.map((card, index) => {
      const button = sourceButton(ctx, `hand:${card}`, card, t.handCard(cardName(card)));
      button.dataset["key"] = `hand-${index}`;
      return button;
    })),
    pass ? moveButton(t.passEmpty, pass, ctx.send, { "data-key": "pass" }) : null,
  );
}

/** A match of several rounds: how the last round ended and what each seat scored. */
function lastRound(ctx: BoardContext<SkipBoView>): HTMLElement | null {
  const result = ctx.view.last_round && "round" in ctx.view.last_round ? ctx.view.last_round : null;
  if (!result) return null;
  const headline = result.drawn ? t.drawnRound : t.emptiedStock(seatName(ctx.names, result.winner));
  return h(
    "section",
    { class: "results", "aria-label": t.roundResults(result.round) },
    h("h3", {}, t.roundHeadline(result.round, headline)),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.player), h("th", { scope: "col" }, t.stockLeft), h("th", { scope: "col" }, t.pointsHeader))),
      h("tbody", {}, result.scores.map((score, seat) => h("tr", {}, h("th", { scope: "row" }, ctx.names[seat] ?? ""), h("td", {}, result.stocks_left[seat] ?? ""), h("td", {}, score)))),
    ),
  );
}

function prompt(ctx: BoardContext<SkipBoView>): string {
  const { view } = ctx;
  if (view.finished) return t.theGameIsOver;
  if (ctx.legal.length === 0) return t.isPlaying(seatName(ctx.names, view.current_player));
  if (selected) return `${t.promptPickTarget}${hasKeyboard() ? t.keysPutBack : ""}`;
  return view.step === "discard" ? t.promptDiscard : t.promptPlay;
}

/** Skip-Bo's consequences of a move: a card travels from a stock, a discard pile or the hand
 * to a building pile (a full pile then leaves), or from the hand to a discard pile. */
function changes(event: MoveEvent): Change[] {
  const { move } = event;
  const seat = event.seat ?? 0;
  if (move.type === "discard") return [{ kind: "travel", to: `pile:${seat}:${move.pile}`, from: [`hand:${seat}`] }];
  if (move.type !== "play") return [];
  const owner = move.owner ?? seat;
  const from = move.source === "stock" ? `stock:${owner}` : move.source === "discard" ? `pile:${owner}:${move.pile}` : `hand:${seat}`;
  const landed: Change = { kind: "travel", to: `build:${move.target}`, from: [from] };
  return event["completed_pile"] === undefined ? [landed] : [landed, { kind: "remove", to: `build:${move.target}`, after: true, face: { text: "12", className: cardClass(12) } }];
}

function describeMove(who: string, move: Move, event: GameEvent, names: string[]): string {
  if (move.type === "pass") return t.logPassed(who);
  const card = cardName((event["card"] as number | undefined) ?? move.card);
  if (move.type === "discard") return t.logSbDiscard(who, card, (move.pile ?? 0) + 1);
  const owner = move.owner !== undefined && move.owner !== event.seat ? t.ownerOf(seatName(names, move.owner)) : "";
  const from = move.source === "stock" ? t.fromStock(owner) : move.source === "discard" ? t.fromDiscard(owner, (move.pile ?? 0) + 1) : t.fromHand;
  const completed = event["completed_pile"] !== undefined ? t.fullPile : "";
  return t.logPlayed(who, card, from, (move.target ?? 0) + 1, completed);
}

export const skipBoRenderer: Renderer = {
  board: (ctx) => skipBoBoard(ctx as unknown as BoardContext<SkipBoView>),
  roundEnd: () => null,
  changes,
  describeMove,
  presets: (): Preset[] => [{ id: "quick", label: t.presetSkipBoQuick, values: { stock_size: "10" } }, { id: "classic", label: t.presetSkipBoClassic, values: { stock_size: "" } }],
};

export function skipBoBoard(ctx: BoardContext<SkipBoView>): Board {
  if (selectedVersion !== ctx.view.version || (selected && movesFrom(ctx, selected).length === 0)) {
    selected = null;
    selectedVersion = ctx.view.version;
  }
  const seats = ctx.view.players.map((player) => player.seat);
  // Around the table: the others across, the building piles in the middle, you nearest.
  const me = ctx.view.seat;
  const others = seats.filter((seat) => seat !== me);
  const mine = me === null ? null : h("div", { class: "players mine" }, playerPanel(ctx, me));
  const content = h("div", { class: "skipbo felt" }, h("h2", { class: "visually-hidden" }, t.table), h("div", { class: "players others", role: "region", tabindex: 0, "aria-label": t.otherPlayers }, others.map((seat) => playerPanel(ctx, seat))), buildingPiles(ctx), mine, hand(ctx), lastRound(ctx));
  // A card dragged from where it lies onto a building pile or one of this seat's discard piles.
  const drop = (from: string, to: string): boolean => {
    const move = movesFrom(ctx, from).find((candidate) => targetKey(candidate) === to);
    if (move) ctx.send(move);
    return move !== undefined;
  };
  return { content, prompt: prompt(ctx), keys: { Escape: () => { selected = null; ctx.redraw(); } }, drop };
}
