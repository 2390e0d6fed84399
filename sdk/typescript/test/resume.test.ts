// Recovery rules of the feeds and reads, against a scripted server (a fetch function) that
// speaks the amended contract: each event has its own stream id, `<version>.<k>` for the
// earlier events of a version and `<version>` for its last. The live server's side of the
// ids is tested with the server; here the client must resume anywhere, none lost or
// repeated, through failures of any number.
import { describe, expect, it } from "vitest";
import { backoffDelay, Cardtable, eventStream, streamOrPoll, type FeedState, type GameEvent } from "../src/index";

const json = { "Content-Type": "application/json" };

/** Three versions; the second and third made several events each. */
const EVENTS = [
  { id: "1", event: { version: 1, type: "move", seat: 1, move: { type: "reveal", row: 0, col: 0 }, next_player: 0, active_seats: [0] } },
  { id: "2.1", event: { version: 2, type: "move", seat: 0, move: { type: "reveal", row: 1, col: 1 }, next_player: null, active_seats: [] } },
  { id: "2.2", event: { version: 2, type: "round_end", round: 1, scores: [3, 4], totals: [3, 4] } },
  { id: "2", event: { version: 2, type: "deal", round: 2, discard_top: 5, draw_pile_size: 100, next_player: 1, active_seats: [1] } },
  { id: "3.1", event: { version: 3, type: "move", seat: 1, move: { type: "draw" }, next_player: 1, active_seats: [1] } },
  { id: "3.2", event: { version: 3, type: "round_end", round: 2, scores: [1, 2], totals: [4, 6] } },
  { id: "3", event: { version: 3, type: "game_end", totals: [4, 6], winners: [0] } },
] as const;
const ALL = EVENTS.map((one) => one.event);

/** The index of the first event after a Last-Event-ID, as the contract says. */
function after(lastId: string): number {
  const exact = EVENTS.findIndex((one) => one.id === lastId);
  if (exact >= 0) return exact + 1;
  const version = Number(lastId);
  const first = EVENTS.findIndex((one) => one.event.version > version);
  return first < 0 ? EVENTS.length : first;
}

interface Script {
  /** Per stream request, in order: cut after this many messages, "html" (a proxy), or
   * "down" (the network fails); requests beyond the list get the whole rest. */
  streams?: (number | "html" | "down")[];
  /** Reads that fail with a network error before the server answers. */
  failReads?: number;
}

function scriptedServer(script: Script) {
  const lastIds: string[] = [];
  const polls: number[] = [];
  let streams = 0;
  let failedReads = 0;
  const fetcher = async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    if (input.headers.get("Accept") === "text/event-stream") {
      const plan = script.streams?.[streams++];
      if (plan === "down") throw new TypeError("fetch failed");
      if (plan === "html") return new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
      const lastId = input.headers.get("Last-Event-ID") ?? "0";
      lastIds.push(lastId);
      const rest = EVENTS.slice(after(lastId));
      const sent = plan === undefined ? rest : rest.slice(0, plan);
      const text = "retry: 3000\n\n" + sent.map((one) => `id: ${one.id}\ndata: ${JSON.stringify(one.event)}\n\n`).join("");
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>({
        // The messages first, then the end or the cut (an error drops what is still queued).
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(new TextEncoder().encode(text));
          else if (plan === undefined) controller.close();
          else controller.error(new TypeError("network error"));
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    }
    if (failedReads < (script.failReads ?? 0)) {
      failedReads += 1;
      throw new TypeError("fetch failed");
    }
    if (url.pathname.endsWith("/events")) {
      const since = Number(url.searchParams.get("since"));
      polls.push(since);
      return new Response(JSON.stringify({ version: 3, events: ALL.filter((event) => event.version > since) }), { headers: json });
    }
    return new Response(JSON.stringify({ version: 3, game: "skyjo", phase: "finished", finished: true }), { headers: json });
  };
  return { fetcher, lastIds, polls };
}

const noPause = (pauses: number[]) => (ms: number) => {
  pauses.push(ms);
  return Promise.resolve();
};

async function followAll(table: Cardtable, feed: Parameters<ReturnType<Cardtable["seat"]>["watch"]>[2]): Promise<GameEvent[]> {
  const seat = table.seat("g", "t");
  seat.version = 0;
  const events: GameEvent[] = [];
  await seat.watch((event) => events.push(event), new AbortController().signal, feed);
  return events;
}

describe("resuming by event id", () => {
  it("a stream cut between the events of one version resumes from the event, not the version", async () => {
    const server = scriptedServer({ streams: [2, 2] });
    const pauses: number[] = [];
    const events = await followAll(new Cardtable("http://server", { fetch: server.fetcher }), eventStream({ sleep: noPause(pauses), random: () => 0 }));
    expect(events).toEqual(ALL);
    expect(server.lastIds).toEqual(["0", "2.1", "2"]);
    expect(pauses).toEqual([3000, 3000]); // the server's retry: after each live stream
  });

  it("long-polls take over mid-version and skip what the stream delivered", async () => {
    const server = scriptedServer({ streams: [2, "html"] });
    const events = await followAll(new Cardtable("http://server", { fetch: server.fetcher }), streamOrPoll({ sleep: noPause([]), waitSeconds: 1 }));
    expect(events).toEqual(ALL);
    expect(server.lastIds).toEqual(["0"]);
    expect(server.polls).toEqual([1]); // version 2 again, its first event skipped
  });

  it("never gives up: a network down for any number of attempts, and the stream is kept", async () => {
    const server = scriptedServer({ streams: [1, ...Array<"down">(40).fill("down")] });
    const pauses: number[] = [];
    const states: FeedState["status"][] = [];
    const feed = streamOrPoll({ sleep: noPause(pauses), random: () => 1, maxBackoffMs: 8000, onState: (state) => states.push(state.status) });
    const events = await followAll(new Cardtable("http://server", { fetch: server.fetcher }), feed);
    expect(events).toEqual(ALL);
    // Failures to connect are not a stream that cannot be read: no long-polls.
    expect(server.polls).toEqual([]);
    expect(server.lastIds).toEqual(["0", "1"]);
    expect(pauses).toHaveLength(41);
    expect(pauses[0]).toBe(3300); // retry: 3000 plus at most a tenth
    expect(pauses.slice(1, 7)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(Math.max(...pauses.slice(1))).toBe(8000);
    expect(states.filter((status) => status === "retrying")).toHaveLength(41);
    expect(states.at(-1)).toBe("live");
  });
});

describe("reads", () => {
  it("are tried again after network failures, with back-off and jitter", async () => {
    const server = scriptedServer({ failReads: 3 });
    const retries: [number, number][] = [];
    const table = new Cardtable("http://server", {
      fetch: server.fetcher,
      retry: { sleep: () => Promise.resolve(), random: () => 0.5, onRetry: ({ failures, delayMs }) => retries.push([failures, delayMs]) },
    });
    const view = await table.seat("g", "t").view();
    expect(view.version).toBe(3);
    expect(retries).toEqual([
      [1, 188],
      [2, 375],
      [3, 750],
    ]);
  });

  it("stop at the attempts allowed, with the last failure", async () => {
    const server = scriptedServer({ failReads: 5 });
    const table = new Cardtable("http://server", { fetch: server.fetcher, retry: { attempts: 2, sleep: () => Promise.resolve() } });
    await expect(table.seat("g", "t").view()).rejects.toBeInstanceOf(TypeError);
  });

  it("stop when their signal aborts", async () => {
    const server = scriptedServer({ failReads: 1000 });
    const stop = new AbortController();
    const table = new Cardtable("http://server", { fetch: server.fetcher, retry: { onRetry: ({ failures }) => failures === 3 && stop.abort() } });
    await expect(table.seat("g", "t").view(stop.signal)).rejects.toThrow();
  });

  it("back-off pauses lie in the upper half of each step; Retry-After comes first", () => {
    for (const random of [0, 0.3, 0.999]) {
      for (let failures = 1; failures <= 12; failures += 1) {
        const step = Math.min(15_000, 250 * 2 ** (failures - 1));
        const pause = backoffDelay(failures, { random: () => random });
        expect(pause).toBeGreaterThanOrEqual(step / 2);
        expect(pause).toBeLessThanOrEqual(step);
      }
      const hinted = backoffDelay(1, { random: () => random }, 7);
      expect(hinted).toBeGreaterThanOrEqual(7000);
      expect(hinted).toBeLessThanOrEqual(7700);
    }
  });
});
