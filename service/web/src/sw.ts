/** The web table's service worker, served at /play/sw.js (scope /play/): the table shell and
 * the score sheets open without a network.
 *
 * Network first, always: online, every page, asset and answer is the server's own (the
 * assets are revalidated on each load, so a release shows at once); a good answer is kept,
 * and only when the network fails is the kept copy used. What is kept: the shell (every
 * /play/ page is the one index.html, kept as /play/), its assets, and the two API answers a
 * score sheet needs to open offline: GET /game-types and GET /scoresheets/{id} (a sheet is
 * public to whoever has its id). Nothing else of the API goes through this worker: game
 * views, moves, event streams and every write go straight to the network, never kept.
 *
 * BUILD is the build's hash (service/web/build.mjs): a new release is a new worker whose
 * install keeps the new shell and whose activation deletes every other release's caches. */

declare const BUILD: string;
export {}; // a module: its names stay its own

/** The parts of the worker's global scope used here (the DOM lib has no worker types). */
interface Waiting extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface Fetching extends Waiting {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface Message extends Waiting {
  readonly data: unknown;
}
interface WorkerScope {
  addEventListener(type: "install" | "activate", listener: (event: Waiting) => void): void;
  addEventListener(type: "fetch", listener: (event: Fetching) => void): void;
  addEventListener(type: "message", listener: (event: Message) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}
const worker = self as unknown as WorkerScope;

const CACHE = `cardtable-${BUILD}`;
const SHELL = "/play/";
const PRECACHE = [SHELL, "/play/assets/app.js", "/play/assets/app-style.css", "/play/assets/manifest.json", "/play/assets/icon.svg", "/game-types"];
/** The API answers kept for offline use (a score sheet and the game catalogue). */
const KEPT_API = /^\/(game-types|scoresheets\/[^/]+)$/;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  const stale = caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith("cardtable-") && name !== CACHE).map((name) => caches.delete(name))));
  event.waitUntil(stale.then(() => worker.clients.claim()));
});

/** The key a request is kept under: every /play/ page is the same shell. */
function keyOf(request: Request, url: URL): string | null {
  if (url.origin !== worker.location.origin || request.method !== "GET") return null;
  if (request.mode === "navigate") return url.pathname.startsWith("/play/") ? SHELL : null;
  if (url.pathname.startsWith("/play/assets/")) return url.pathname;
  if (KEPT_API.test(url.pathname) && !url.search) return url.pathname;
  return null;
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    // A full answer is kept (a 304 to a conditional poll has no body to keep).
    if (answer.status === 200) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(key, { ignoreVary: true, ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const key = keyOf(event.request, url);
  if (key !== null) event.respondWith(networkFirst(event.request, key));
});

/** A page asks for API answers to be kept (a score sheet opened before this worker ran:
 * its read did not pass here). Only the kept kinds are fetched. */
worker.addEventListener("message", (event) => {
  const data = event.data as { keep?: unknown } | null;
  const paths = Array.isArray(data?.keep) ? data.keep.filter((path): path is string => typeof path === "string" && KEPT_API.test(path)) : [];
  if (paths.length) event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(paths)));
});
