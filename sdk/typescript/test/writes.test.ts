// Unsafe calls against a scripted server (a fetch function) that loses answers: each write
// carries an Idempotency-Key, a resend after a network failure, a 503 outcome_unknown or a
// proxy's 502 keeps the same key (and If-Match), and `totalMs` bounds the retrying.
import { describe, expect, it } from "vitest";
import { Cardtable } from "../src/index";

const json = { "Content-Type": "application/json" };

/** Fails the first `failures` requests (network, 503 outcome_unknown, 502 in turn), then
 * answers `body`; records each request's headers. */
function losing(failures: number, body: unknown, status = 200, retryAfter: Record<string, string> = { "Retry-After": "0" }) {
  const seen: Headers[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request.headers);
    const turn = seen.length - 1;
    if (turn < failures) {
      if (turn % 3 === 0) throw new TypeError("fetch failed");
      const [code, http] = turn % 3 === 1 ? ["outcome_unknown", 503] : ["bad_gateway", 502];
      return new Response(JSON.stringify({ code, message: code, status: http, details: {} }), { status: http, headers: { ...json, ...retryAfter } });
    }
    return new Response(JSON.stringify(body), { status, headers: json });
  };
  return { seen, fetch };
}

const quick = { baseDelayMs: 1, maxDelayMs: 2 };

describe("writes", () => {
  it("a move is resent with its key and If-Match until it is answered", async () => {
    const server = losing(3, { version: 8, applied: [], view: { version: 8 } });
    const table = new Cardtable("http://cardtable.test", { fetch: server.fetch, retry: quick });
    const seat = table.seat("g1", "token");
    seat.version = 7;
    const result = await seat.move({ type: "draw" } as never);
    expect(result.version).toBe(8);
    const keys = new Set(server.seen.map((headers) => headers.get("Idempotency-Key")));
    expect(server.seen).toHaveLength(4);
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(server.seen.map((headers) => headers.get("If-Match")))).toEqual(new Set(['"7"']));
  });

  it("every unsafe call sends its own key", async () => {
    const server = losing(0, { id: "g1", seat: 1, token: "t", version: 1 }, 201);
    const table = new Cardtable("http://cardtable.test", { fetch: server.fetch, retry: quick });
    await table.join("g1", "Bea", "invite");
    await table.join("g1", "Cy", "invite");
    await table.seat("g1", "t").leave();
    await table.sheets.addRound("s1", "edit", { card_totals: [1, 2], finisher: 0 } as never);
    const keys = server.seen.map((headers) => headers.get("Idempotency-Key"));
    expect(keys.every((key) => key !== null && /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(4);
  });

  it("a sheet edit sends If-Match and the caller's key, the same on every resend", async () => {
    const server = losing(2, { id: "s1", version: 3, rounds: [] });
    const table = new Cardtable("http://cardtable.test", { fetch: server.fetch, retry: quick });
    const round = { card_totals: [1, 2], finisher: 0 } as never;
    await table.sheets.addRound("s1", "edit", round, { ifMatch: 2, idempotencyKey: "k".repeat(32) });
    expect(server.seen).toHaveLength(3);
    expect(new Set(server.seen.map((headers) => headers.get("If-Match")))).toEqual(new Set(['"2"']));
    expect(new Set(server.seen.map((headers) => headers.get("Idempotency-Key")))).toEqual(new Set(["k".repeat(32)]));
    await table.sheets.correctLastRound("s1", "edit", round, { ifMatch: 3 });
    await table.sheets.removeLastRound("s1", "edit", { ifMatch: 4 });
    expect(server.seen.slice(3).map((headers) => headers.get("If-Match"))).toEqual(['"3"', '"4"']);
  });

  it("gives up once totalMs is used up", async () => {
    const server = losing(100, {}, 200, {}); // no Retry-After: the back-off's own pauses
    const table = new Cardtable("http://cardtable.test", { fetch: server.fetch, retry: { baseDelayMs: 20, maxDelayMs: 20, totalMs: 50 } });
    await expect(table.join("g1", "Bea", "invite")).rejects.toBeTruthy();
    expect(server.seen.length).toBeGreaterThan(1);
    expect(server.seen.length).toBeLessThan(6);
  });
});
