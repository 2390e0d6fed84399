/** A tiny DOM builder and the page's shared bits: status messages, local storage, focus keeping. */

type Attr = string | number | boolean | null | undefined | ((event: Event) => void);
type Child = Node | string | number | null | undefined | false;

/** Build an element: attributes (`on…` ones become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** Replace a container's content, keeping keyboard focus on the element with the same data-key. */
export function replaceKeepingFocus(container: HTMLElement, ...content: Node[]): void {
  const focused = document.activeElement as HTMLElement | null;
  const key = focused && container.contains(focused) ? focused.dataset["key"] : undefined;
  container.replaceChildren(...content);
  if (key) container.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
}

/** Announce a message in the page's live region (errors are shown as alerts). */
export function announce(text: string, isError = false): void {
  const region = document.getElementById("status");
  if (!region) return;
  region.textContent = text;
  region.className = isError ? "status error" : "status";
  region.setAttribute("role", isError ? "alert" : "status");
}

/** JSON in localStorage, tolerant of a full or disabled storage (private windows). */
export function loadLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function saveLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works, it just forgets.
  }
}

/** A value of the URL fragment, e.g. the seat token in `#token=…`. */
export function fragmentParam(name: string): string | null {
  return new URLSearchParams(location.hash.slice(1)).get(name);
}

export function seatName(names: string[], seat: number | null | undefined, nobody = "—"): string {
  return seat === null || seat === undefined ? nobody : (names[seat] ?? String(seat + 1));
}
