/** The Skip-Bo board: hand, every stock, the four building piles, discard piles, partners. */
import type { Move, SkipBoView } from "../../../sdk/typescript/src/index";
import type { Board, BoardContext } from "./board";
import { moveButton } from "./board";
import { h, seatName } from "./dom";
import type { MoveFields } from "./happenings";

// The card picked up (a source key) while its destination is chosen; forgotten on any change.
let selected: string | null = null;
let selectedVersion = -1;

export function cardName(card: number | null | undefined): string {
  if (card === null || card === undefined) return "empty";
  return card === 0 ? "SKIP-BO" : String(card);
}

/** The text on a card's face: a dash for an empty place (its label says "empty"). */
function cardFace(card: number | null | undefined): string {
  return card === null || card === undefined ? "—" : cardName(card);
}

function cardClass(card: number | null | undefined): string {
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

function targetKey(move: MoveFields): string {
  return move.type === "discard" ? `pile:${move.pile}` : `build:${move.target}`;
}

function movesFrom(ctx: BoardContext<SkipBoView>, source: string): Move[] {
  return ctx.legal.filter((move) => sourceKey(move, ctx.view.seat ?? -1) === source);
}

function sourceButton(ctx: BoardContext<SkipBoView>, key: string, card: number | null, label: string): HTMLButtonElement {
  const usable = movesFrom(ctx, key).length > 0;
  return h("button", { type: "button", class: `${cardClass(card)} source`, "data-source": key, "data-key": `source-${key}`, "aria-pressed": String(selected === key), "aria-label": `${label}${selected === key ? " (picked up)" : ""}`, disabled: !usable, onclick: () => { selected = selected === key ? null : key; ctx.redraw(); } }, cardFace(card));
}

function targetMove(ctx: BoardContext<SkipBoView>, target: string): Move | undefined {
  return selected ? movesFrom(ctx, selected).find((move) => targetKey(move) === target) : undefined;
}

function buildingPiles(ctx: BoardContext<SkipBoView>): HTMLElement {
  return h(
    "section",
    { class: "building", "aria-label": "Building piles" },
    h("h3", {}, "Building piles"),
    h("div", { class: "row" }, ctx.view.building_piles.map((pile) => {
      const label = `Building pile ${pile.slot + 1}: ${pile.size ? `top ${cardName(pile.top_card)}, ` : "empty, "}needs ${pile.next}`;
      const move = targetMove(ctx, `build:${pile.slot}`);
      const changed = ctx.changed.has(`build:${pile.slot}`);
      const button = moveButton(pile.size ? cardName(pile.top_card) : "—", move, ctx.send, { class: `${cardClass(pile.top_card)}${changed ? " changed" : ""}`, "data-target": `build:${pile.slot}`, "data-key": `build-${pile.slot}` });
      button.setAttribute("aria-label", move ? `Play onto ${label}` : label);
      return h("div", { class: "pile" }, button, h("span", {}, `needs ${pile.next}`));
    })),
    h("p", { class: "small" }, `Draw pile: ${ctx.view.draw_pile_size} · set aside: ${ctx.view.set_aside_size}`),
  );
}

function discardPiles(ctx: BoardContext<SkipBoView>, seat: number, usable: boolean): HTMLElement {
  const player = ctx.view.players[seat];
  return h("div", { class: "row" }, (player?.discard_piles ?? []).map((pile, index) => {
    const top = pile[pile.length - 1] ?? null;
    const cards = `discard pile ${index + 1}: ${pile.length ? pile.map(cardName).join(", ") : "empty"}`;
    const discard = seat === ctx.view.seat ? targetMove(ctx, `pile:${index}`) : undefined;
    let control: HTMLElement;
    if (discard) {
      control = moveButton(cardFace(top), discard, ctx.send, { class: cardClass(top), "data-target": `pile:${index}`, "data-key": `pile-${index}`, "aria-label": `Discard onto your ${cards}` });
    } else if (usable && top !== null) {
      control = sourceButton(ctx, `discard:${seat}:${index}`, top, `Top of ${player?.name}'s ${cards}`);
    } else control = h("span", { class: cardClass(top), role: "img", "aria-label": `${player?.name}'s ${cards}` }, cardFace(top));
    control.classList.toggle("changed", ctx.changed.has(`pile:${seat}:${index}`));
    return h("div", { class: "pile" }, control, h("span", { class: "small", "aria-hidden": "true" }, pile.length > 1 ? `under: ${pile.slice(0, -1).map(cardName).join(" ")}` : " "));
  }));
}

function playerPanel(ctx: BoardContext<SkipBoView>, seat: number): HTMLElement {
  const { view } = ctx;
  const player = view.players[seat];
  if (!player) return h("div");
  const me = view.seat;
  const usable = seat === me || (me !== null && player.partner === me);
  const badges = [seat === me ? "you" : null, view.bots[seat] ? `${view.bots[seat]} bot` : null, player.partner !== null ? `partner of ${seatName(ctx.names, player.partner)}` : null, view.current_player === seat && !view.finished ? "to play" : null].filter(Boolean);
  const stockLabel = `${player.name}'s stock: top ${cardName(player.stock_top)}, ${player.stock_size} cards`;
  const stock = usable && player.stock_top !== null ? sourceButton(ctx, `stock:${seat}`, player.stock_top, stockLabel) : h("span", { class: cardClass(player.stock_top), role: "img", "aria-label": stockLabel }, cardFace(player.stock_top));
  stock.classList.toggle("changed", ctx.changed.has(`stock:${seat}`));
  return h(
    "section",
    { class: view.current_player === seat ? "player acting" : "player", "aria-label": player.name, "data-seat": seat },
    h("h3", {}, player.name, badges.length ? h("span", { class: "badges" }, ` (${badges.join(", ")})`) : null),
    h("div", { class: "row" }, h("div", { class: "pile" }, stock, h("span", {}, `stock ${player.stock_size}`)), h("p", { class: "small" }, `${player.hand_size} cards in hand · total ${player.total}`)),
    discardPiles(ctx, seat, usable),
  );
}

function hand(ctx: BoardContext<SkipBoView>): HTMLElement | null {
  const cards = ctx.view.hand;
  if (!cards) return null;
  const pass = ctx.legal.find((move) => move.type === "pass");
  return h(
    "section",
    { class: "hand", "aria-label": "Your hand" },
    h("h3", {}, "Your hand"),
    h("div", { class: "row" }, cards.map((card, index) => {
      const button = sourceButton(ctx, `hand:${card}`, card, `Hand card ${cardName(card)}`);
      button.dataset["key"] = `hand-${index}`;
      return button;
    })),
    pass ? moveButton("Pass (empty hand)", pass, ctx.send, { "data-key": "pass" }) : null,
  );
}

/** A match of several rounds: how the last round ended and what each seat scored. */
function lastRound(ctx: BoardContext<SkipBoView>): HTMLElement | null {
  const result = ctx.view.last_round && "round" in ctx.view.last_round ? ctx.view.last_round : null;
  if (!result) return null;
  const headline = result.drawn ? "nobody won (a drawn round)" : `${seatName(ctx.names, result.winner)} emptied their stock`;
  return h(
    "section",
    { class: "results", "aria-label": `Round ${result.round} results` },
    h("h3", {}, `Round ${result.round}: ${headline}`),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Stock left"), h("th", { scope: "col" }, "Points"))),
      h("tbody", {}, result.scores.map((score, seat) => h("tr", {}, h("th", { scope: "row" }, ctx.names[seat] ?? ""), h("td", {}, result.stocks_left[seat] ?? ""), h("td", {}, score)))),
    ),
  );
}

function prompt(ctx: BoardContext<SkipBoView>): string {
  const { view } = ctx;
  if (view.finished) return "The game is over.";
  if (ctx.legal.length === 0) return `${seatName(ctx.names, view.current_player)} is playing.`;
  if (selected) return "Now pick a building pile, or one of your discard piles to end your turn. Escape puts the card back.";
  return view.step === "discard" ? "Your turn: pick a hand card to discard." : "Your turn: pick a card (stock, hand or discard top), then where it goes.";
}

export function skipBoBoard(ctx: BoardContext<SkipBoView>): Board {
  if (selectedVersion !== ctx.view.version || (selected && movesFrom(ctx, selected).length === 0)) {
    selected = null;
    selectedVersion = ctx.view.version;
  }
  const seats = ctx.view.players.map((player) => player.seat);
  const content = h("div", { class: "skipbo" }, buildingPiles(ctx), hand(ctx), h("div", { class: "players" }, seats.map((seat) => playerPanel(ctx, seat))), lastRound(ctx));
  return { content, prompt: prompt(ctx), keys: { Escape: () => { selected = null; ctx.redraw(); } } };
}
