/** Installable and offline: the service worker (/play/sw.js, built from sw.ts) that keeps the
 * table shell and the score sheets for use without a network. */

/** Register the worker once the page has loaded (its first fetches do not compete with the
 * page's own). Where there is no worker (an old browser, a private window that refuses it)
 * the table works as before, online only. */
export function registerWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  addEventListener("load", () => {
    navigator.serviceWorker.register("/play/sw.js", { scope: "/play/" }).catch(() => undefined);
  });
}

/** Ask the worker to keep these API answers (`/scoresheets/{id}`): the page's own read may
 * have come before the worker ran, on the first visit. */
export function keepOffline(paths: string[]): void {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ keep: paths })).catch(() => undefined);
}
