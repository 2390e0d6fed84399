/** Motion for what the event feed says happened: a card travels from where it was taken to
 * where it lands, a card turned up flips, a removed column or a full building pile slides
 * out. A burst of events (a bot's turn) plays one event after another at a readable pace:
 * the board already shows the newest view, so the places of the events not played yet are
 * held back (hidden, or face down) until their turn. With `prefers-reduced-motion` nothing
 * moves and nothing is held back. Places are the boards' `data-place` keys. */

export interface Change {
  kind: "travel" | "flip" | "remove";
  /** The place the card lands on (travel), turns (flip) or leaves (remove). */
  to: string;
  /** Where a travelling card comes from (the first of these places on the board). */
  from?: string[];
  /** The face of a card that slides out (its place shows it gone already). */
  face?: { text: string; className: string };
  /** Played once the step's other changes are done (a full pile leaves after its last card). */
  after?: boolean;
}

export interface Step {
  version: number;
  changes: Change[];
}

/** How long one event's motion takes, and the pause after it: a bot's five moves take ~3 s. */
export const TRAVEL_MS = 420;
export const GAP_MS = 180;
/** At most this many moves wait their turn: a page catching up after an outage (or a tab
 * come back) plays the newest ones only, not minutes of play. */
const MAX_QUEUED = 8;

export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function placeOf(host: HTMLElement, key: string): HTMLElement | null {
  return host.querySelector<HTMLElement>(`[data-place="${CSS.escape(key)}"]`);
}

/** Hold back what a step shows until it plays: its landing places hidden, its flips face down. */
function holdBack(host: HTMLElement, step: Step): void {
  for (const change of step.changes) {
    const place = placeOf(host, change.to);
    if (place && change.kind !== "remove") place.classList.add(change.kind === "flip" ? "held-flip" : "held");
  }
}

function release(host: HTMLElement, step: Step): void {
  for (const change of step.changes) placeOf(host, change.to)?.classList.remove("held", "held-flip");
}

/** A copy of the landed card flies from the source's place to its own (FLIP: first the end
 * state is drawn, then the copy is moved there from the start). */
function travel(host: HTMLElement, change: Change): Animation | null {
  const target = placeOf(host, change.to);
  const source = (change.from ?? []).map((key) => placeOf(host, key)).find((place) => place !== null) ?? null;
  if (!target || !source) return null;
  const start = source.getBoundingClientRect();
  const end = target.getBoundingClientRect();
  const flying = target.cloneNode(true) as HTMLElement;
  flying.classList.remove("held", "held-flip", "changed");
  flying.removeAttribute("data-place");
  flying.setAttribute("aria-hidden", "true");
  flying.className += " flying";
  Object.assign(flying.style, { position: "fixed", left: `${end.left}px`, top: `${end.top}px`, width: `${end.width}px`, height: `${end.height}px`, margin: "0", pointerEvents: "none", zIndex: "10" });
  document.body.append(flying);
  // From the source's centre; a card source also gives its size (a hand's line does not).
  const dx = start.left + start.width / 2 - (end.left + end.width / 2);
  const dy = start.top + start.height / 2 - (end.top + end.height / 2);
  const scale = source.classList.contains("card") && end.width ? start.width / end.width : 1;
  const animation = flying.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }], { duration: TRAVEL_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
  void animation.finished.catch(() => undefined).finally(() => flying.remove());
  return animation;
}

function flip(host: HTMLElement, change: Change): Animation | null {
  return placeOf(host, change.to)?.animate([{ transform: "perspective(20rem) rotateY(90deg)" }, { transform: "perspective(20rem) rotateY(0)" }], { duration: TRAVEL_MS, easing: "ease-out" }) ?? null;
}

/** A copy of the card that left, over its now empty place, sliding down and away. */
function slideOut(host: HTMLElement, change: Change): Animation | null {
  const place = placeOf(host, change.to);
  if (!place) return null;
  const box = place.getBoundingClientRect();
  const leaving = document.createElement("span");
  leaving.className = `${change.face?.className ?? "card"} flying`;
  leaving.textContent = change.face?.text ?? "";
  leaving.setAttribute("aria-hidden", "true");
  Object.assign(leaving.style, { position: "fixed", left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px`, margin: "0", pointerEvents: "none", zIndex: "10" });
  document.body.append(leaving);
  const animation = leaving.animate([{ transform: "none", opacity: 1 }, { transform: "translateY(2.5rem) rotate(8deg)", opacity: 0 }], { duration: TRAVEL_MS, easing: "ease-in", fill: "forwards" });
  void animation.finished.catch(() => undefined).finally(() => leaving.remove());
  return animation;
}

const MOTIONS = { travel, flip, remove: slideOut };

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The steps still to play, in order; one player at a time. The host's `data-motion` says
 * `playing` or `idle`, and `data-motion-version` the version of the step on screen. */
export class MotionQueue {
  private readonly queue: Step[] = [];
  private running = false;

  constructor(private readonly host: HTMLElement) {}

  add(steps: Step[]): void {
    const moving = steps.filter((step) => step.changes.length);
    if (reducedMotion()) return; // nothing travels: the board shows the newest view at once
    this.queue.push(...moving);
    for (const dropped of this.queue.splice(0, Math.max(0, this.queue.length - MAX_QUEUED))) release(this.host, dropped);
    this.holdBack();
    if (!this.running) void this.run();
  }

  /** After the board was drawn again: the steps not played yet are held back again. */
  holdBack(): void {
    for (const step of this.queue) holdBack(this.host, step);
  }

  private async run(): Promise<void> {
    this.running = true;
    this.host.dataset["motion"] = "playing";
    for (let step = this.queue.shift(); step; step = this.queue.shift()) {
      release(this.host, step);
      this.host.dataset["motionVersion"] = String(step.version);
      // A step whose places are not on the board (a Skyjo draw already placed, a round's end
      // shown) only pauses; the others take their full time.
      for (const group of [step.changes.filter((change) => !change.after), step.changes.filter((change) => change.after)]) {
        const animations = group.map((change) => MOTIONS[change.kind](this.host, change)).filter((one): one is Animation => one !== null);
        if (animations.length) await Promise.all([wait(TRAVEL_MS), ...animations.map((animation) => animation.finished.catch(() => undefined))]);
      }
      await wait(GAP_MS);
    }
    this.host.dataset["motion"] = "idle";
    this.running = false;
  }
}
