// Compile-time tests of the exact types (tsc --noEmit; each @ts-expect-error must be an error).
import type { AnyEvent, Cardtable, GameView, Move, SkipBoMove, SkyjoMove, SkyjoView } from "../../src/index";
import { isSkipBo, isSkyjo } from "../../src/index";

declare const table: Cardtable;
declare const any: GameView;

export async function moves(): Promise<void> {
  const skipbo = table.seat("g", "t", "skipbo");
  await skipbo.move({ type: "play", source: "hand", card: 0, target: 1 });
  await skipbo.move({ type: "play", source: "stock", target: 2 });
  // @ts-expect-error: a play from the hand without its card
  await skipbo.move({ type: "play", source: "hand", target: 1 });
  // @ts-expect-error: a play without its source
  await skipbo.move({ type: "play", card: 3, target: 1 });
  // @ts-expect-error: a Skyjo move at a Skip-Bo seat
  await skipbo.move({ type: "draw" });
  // @ts-expect-error: a discard names its pile
  const discard: SkipBoMove = { type: "discard", card: 4 };
  // @ts-expect-error: a stock play has no pile
  const stock: SkipBoMove = { type: "play", source: "stock", target: 0, pile: 1 };
  const skyjo = table.seat("g", "t", "skyjo");
  await skyjo.move({ type: "reveal", row: 0, col: 1 });
  // @ts-expect-error: a reveal without its column
  await skyjo.move({ type: "reveal", row: 0 });
  // @ts-expect-error: a draw takes no position
  const draw: SkyjoMove = { type: "draw", row: 1, col: 1 };
  // @ts-expect-error: a misspelt move type
  const typo: Move = { type: "reveals", row: 0, col: 0 };
  // @ts-expect-error: {type:"play"} without its card, at a seat of either game
  await table.seat("g", "t").move({ type: "play" });
  void [discard, stock, draw, typo];
}

export async function views(): Promise<void> {
  const view = await table.seat("g", "t", "skyjo").view();
  if (view.phase === "waiting") return;
  const grid: (number | "removed" | null)[] = view.players[0]!.grid;
  // @ts-expect-error: a misspelt view field
  void view.playerz;
  // @ts-expect-error: a Skip-Bo field on a Skyjo view
  void view.building_piles;
  if (isSkyjo(any)) void any.discard_top;
  if (isSkipBo(any)) void any.building_piles[0]!.next;
  // @ts-expect-error: not narrowed: either game's view
  void any.discard_top;
  const skyjoView: SkyjoView = view;
  const card: number | null | undefined = skyjoView.drawn?.card;
  void [grid, card];
}

export function events(event: AnyEvent): void {
  if (event.type === "move" && event.cells) {
    const card: number | "removed" = event.cells[0]!.card;
    void card;
  }
  if (event.type === "round_end") void event.scores;
  if (event.type === "rematch") {
    const id: string = event.game_id;
    void id;
  }
  // @ts-expect-error: a misspelt event field
  void event.cellz;
}
