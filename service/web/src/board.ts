/** What a game's board gets from the table and gives back: the same shape for Skyjo and Skip-Bo. */
import type { GameView, Move } from "../../../sdk/typescript/src/index";
import type { DropHandler } from "./drag";

export interface BoardContext<V extends GameView> {
  view: V;
  /** The places the other players' last moves changed (from the event feed): highlighted. */
  changed: Set<string>;
  /** The legal moves of this seat at this version (empty while others act). */
  legal: Move[];
  names: string[];
  send: (move: Move) => void;
  /** Draw again after a local choice (a selected card, a chosen mode). */
  redraw: () => void;
}

export interface Board {
  content: HTMLElement;
  /** What this seat should do now, in words. */
  prompt: string;
  /** Keyboard shortcuts (a key to an action) while this board is shown. */
  keys: Record<string, () => void>;
  /** What a card dragged from one place (`data-drag`) and dropped on another (`data-drop`) plays. */
  drop?: DropHandler;
}

/** Keyboard hints ("d draws") only where there is a keyboard to press them: a fine pointer
 * that can hover (a touch screen has neither). */
export function hasKeyboard(): boolean {
  return typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;
}

export function moveButton(label: string, move: Move | undefined, send: (move: Move) => void, extra: Record<string, string> = {}): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  for (const [name, value] of Object.entries(extra)) button.setAttribute(name, value);
  if (move) {
    button.dataset["move"] = JSON.stringify(move);
    button.addEventListener("click", () => send(move));
  } else button.disabled = true;
  return button;
}

export function sameMove(a: Move, b: Partial<Move>): boolean {
  return Object.entries(b).every(([key, value]) => (a as Record<string, unknown>)[key] === value);
}
