/** Drag and drop of cards, by mouse, pen or finger (pointer events): a card with
 * `data-drag="<key>"` is picked up, follows the pointer as a ghost, and is dropped on a place
 * with `data-drop="<key>"`; the board decides what that drop plays. A press that does not move
 * stays a tap (the card's own click). Every drag has a tap-and-button twin, so keyboards and
 * screen readers lose nothing. */

/** What the current board does with a card dropped on a place: true when it played or chose. */
export type DropHandler = (from: string, to: string) => boolean;

/** How far (px) a press travels before it is a drag, not a tap. */
const DRAG_AFTER_PX = 8;

interface Pressed {
  from: string;
  source: HTMLElement;
  pointerId: number;
  x: number;
  y: number;
  ghost: HTMLElement | null;
}

function dropPlace(x: number, y: number): string | null {
  const under = document.elementFromPoint(x, y);
  return under instanceof Element ? (under.closest<HTMLElement>("[data-drop]")?.dataset["drop"] ?? null) : null;
}

function markTarget(x: number, y: number): void {
  const under = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-drop]") ?? null;
  for (const element of document.querySelectorAll(".drop-over")) if (element !== under) element.classList.remove("drop-over");
  under?.classList.add("drop-over");
}

/** Follow drags inside `host`; `handler()` is the board shown when the card is dropped. */
export function followDrags(host: HTMLElement, handler: () => DropHandler | undefined): void {
  let pressed: Pressed | null = null;
  let swallowClick = false;

  const end = (): void => {
    pressed?.ghost?.remove();
    pressed?.source.classList.remove("dragging");
    for (const element of document.querySelectorAll(".drop-over")) element.classList.remove("drop-over");
    pressed = null;
  };

  host.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const source = (event.target as Element).closest<HTMLElement>("[data-drag]");
    if (!source || (source instanceof HTMLButtonElement && source.disabled)) return;
    pressed = { from: source.dataset["drag"] ?? "", source, pointerId: event.pointerId, x: event.clientX, y: event.clientY, ghost: null };
  });
  host.addEventListener("pointermove", (event) => {
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    if (!pressed.ghost) {
      if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) < DRAG_AFTER_PX) return;
      const box = pressed.source.getBoundingClientRect();
      const ghost = pressed.source.cloneNode(true) as HTMLElement;
      ghost.removeAttribute("id");
      ghost.removeAttribute("data-key");
      ghost.removeAttribute("data-place");
      ghost.removeAttribute("data-drag");
      ghost.removeAttribute("data-drop");
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("ghost");
      Object.assign(ghost.style, { width: `${box.width}px`, height: `${box.height}px`, left: `${box.left}px`, top: `${box.top}px` });
      document.body.append(ghost);
      pressed.ghost = ghost;
      pressed.source.classList.add("dragging");
      try {
        host.setPointerCapture(event.pointerId); // keep the moves coming outside the host
      } catch {
        // The pointer may be gone already: the drag ends at its next event.
      }
    }
    event.preventDefault();
    pressed.ghost.style.transform = `translate(${event.clientX - pressed.x}px, ${event.clientY - pressed.y}px)`;
    markTarget(event.clientX, event.clientY);
  });
  host.addEventListener("pointerup", (event) => {
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    const { from, ghost } = pressed;
    end();
    if (!ghost) return; // a tap: the click that follows plays it
    swallowClick = true; // the click the browser sends after the drop is not a tap
    setTimeout(() => (swallowClick = false), 0);
    const to = dropPlace(event.clientX, event.clientY);
    if (to !== null && to !== from) handler()?.(from, to);
  });
  host.addEventListener("pointercancel", end);
  host.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    },
    true,
  );
}
