// The SSE reader on its own, then the change feeds against real servers: CARDTABLE_URL, and
// CARDTABLE_BUSY_URL (one worker holding a single stream) for the 503s; both are set by
// tests/web/test_typescript.py.
import { describe, expect, it } from "vitest";
import {
  abortableSleep,
  Cardtable,
  eventPoll,
  eventStream,
  InvalidToken,
  sseMessages,
  streamOrPoll,
  type ChangeFeed,
  type GameEvent,
  type SeatSession,
} from "../src/index";

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const url = env["CARDTABLE_URL"];
const busyUrl = env["CARDTABLE_BUSY_URL"];

function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe("sseMessages", () => {
  it("reads messages split anywhere, skips comments and hands over retry", async () => {
    const euro = new TextEncoder().encode('id: 2\ndata: {"name":"€"}\n\n');
    const cut = euro.indexOf(0xe2) + 1; // inside the three bytes of "€"
    const retries: number[] = [];
    const messages = await collect(
      sseMessages(bodyOf(["retry: 3000\n\n: keep-alive\n\nid: 1\nda", 'ta: {"a":\r\ndata: 1}\r\n\r\n', euro.slice(0, cut), euro.slice(cut)]), {
        onRetry: (ms) => retries.push(ms),
      }),
    );
    expect(retries).toEqual([3000]);
    expect(messages.map((message) => [message.id, message.data])).toEqual([
      ["1", '{"a":\n1}'],
      ["2", '{"name":"€"}'],
    ]);
  });

  it("drops a message the stream cut before its blank line", async () => {
    expect(await collect(sseMessages(bodyOf(["id: 1\ndata: {}\n\nid: 2\ndata: {"])))).toHaveLength(1);
  });

  it("cancels the body when the reader stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("data: {}\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _message of sseMessages(body)) break;
    expect(cancelled).toBe(true);
  });
});

/** Every event a feed delivers until the game ends (or `until` says enough). */
function follow(session: SeatSession, feed: ChangeFeed, until?: (event: GameEvent) => boolean): { events: GameEvent[]; done: Promise<void>; stop: AbortController } {
  const events: GameEvent[] = [];
  const stop = new AbortController();
  const done = feed(session, (event) => {
    events.push(event);
    if (until?.(event)) stop.abort();
  }, stop.signal);
  return { events, done, stop };
}

describe.skipIf(!url)("change feeds on a live server", () => {
  const table = new Cardtable(url);

  /** A Skyjo game the server's bots play to its end as soon as it is created. */
  async function finishedGame(client = table) {
    const game = await client.createGame({ game: "skyjo", players: [{ name: "A", bot: "greedy" }, { name: "B", bot: "random" }], options: { max_rounds: 1 }, seed: 4 });
    const seat = client.seat(game.id, game.players[0]!.token!);
    const all = (await seat.events(0)).events;
    expect(all.at(-1)?.type).toBe("game_end");
    return { game, seat, all };
  }

  async function twoPeople(client = table) {
    const game = await client.createGame({ game: "skyjo", players: [{ name: "Ann" }, { name: "Ben" }], seed: 5 });
    const [ann, ben] = game.players.map((player) => client.seat(game.id, player.token!));
    if (!ann || !ben) throw new Error("two seats expected");
    await ann.view();
    await ben.view();
    return { ann, ben };
  }

  for (const [name, feed] of [["the event stream", eventStream()], ["long-polls", eventPoll({ waitSeconds: 5 })], ["streamOrPoll", streamOrPoll()]] as const) {
    it(`${name}: the whole game from a version, in order, then ends by itself`, async () => {
      const { seat, all } = await finishedGame();
      seat.version = 3;
      const { events, done } = follow(seat, feed);
      await done;
      expect(events).toEqual(all.filter((event) => event.version > 3));
    });

    it(`${name}: the other seat's move arrives without being asked`, async () => {
      const { ann, ben } = await twoPeople();
      const { events, done } = follow(ann, feed, (event) => event.type === "move");
      await ben.move({ type: "reveal", row: 0, col: 2 });
      await done;
      expect(events).toEqual([expect.objectContaining({ version: 1, type: "move", seat: 1, move: { type: "reveal", row: 0, col: 2 } })]);
    });
  }

  it("a feed on a game already over ends at once", async () => {
    const { seat } = await finishedGame();
    await seat.view();
    for (const feed of [eventStream(), eventPoll({ waitSeconds: 5 })]) {
      const { events, done } = follow(seat, feed);
      await done;
      expect(events).toEqual([]);
    }
  });

  it("a cut stream resumes with Last-Event-ID: nothing lost, nothing repeated", async () => {
    const resumedFrom: (string | null)[] = [];
    let cuts = 0;
    // The network drops each of the first two streams halfway through its backlog.
    const cutting: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      if (request.headers.get("Accept") !== "text/event-stream" || !response.body) return response;
      resumedFrom.push(request.headers.get("Last-Event-ID"));
      if (cuts >= 2) return response;
      cuts += 1;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = await reader.read();
          if (chunk.done) return controller.close();
          if (!new TextDecoder().decode(chunk.value).includes("data:")) return controller.enqueue(chunk.value);
          controller.enqueue(chunk.value.slice(0, chunk.value.length >> 1));
          await reader.cancel();
          controller.error(new TypeError("network error"));
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const { seat, all } = await finishedGame(new Cardtable(url, { fetch: cutting }));
    seat.version = 0;
    const pauses: number[] = [];
    const { events, done } = follow(seat, eventStream({ random: () => 0, sleep: (ms) => { pauses.push(ms); return Promise.resolve(); } }));
    await done;
    expect(events).toEqual(all);
    expect(resumedFrom).toHaveLength(3);
    expect(resumedFrom[0]).toBe("0");
    expect(Number(resumedFrom[1])).toBeGreaterThan(0);
    expect(Number(resumedFrom[2])).toBeGreaterThan(Number(resumedFrom[1]));
    // The first reconnection waits the server's `retry:` (3 s); the stream delivered since.
    expect(pauses).toEqual([3000, 3000]);
  });

  it("streamOrPoll long-polls where the stream cannot be read (a proxy answers HTML)", async () => {
    const asked: string[] = [];
    const proxy: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      asked.push(request.headers.get("Accept") ?? "");
      if (request.headers.get("Accept") === "text/event-stream") {
        return new Response("<html>buffered</html>", { status: 200, headers: { "Content-Type": "text/html" } });
      }
      return fetch(request);
    };
    const { ann, ben } = await twoPeople(new Cardtable(url, { fetch: proxy }));
    const { events, done } = follow(ann, streamOrPoll({ waitSeconds: 5 }), (event) => event.type === "move");
    await ben.move({ type: "reveal", row: 1, col: 1 });
    await done;
    expect(events.map((event) => [event.version, event.seat])).toEqual([[1, 1]]);
    expect(asked.filter((accept) => accept === "text/event-stream")).toHaveLength(1);
    expect(asked).toContain("application/json");
  });

  it("a refusal that waiting cannot cure ends the feed with its typed error", async () => {
    const { game } = await finishedGame();
    const stranger = table.seat(game.id, "not-a-token");
    stranger.version = 0;
    await expect(eventStream()(stranger, () => undefined, new AbortController().signal)).rejects.toBeInstanceOf(InvalidToken);
    await expect(eventPoll()(stranger, () => undefined, new AbortController().signal)).rejects.toBeInstanceOf(InvalidToken);
  });
});

describe.skipIf(!busyUrl)("a server that holds all the streams it may", () => {
  const table = new Cardtable(busyUrl);

  it("answers 503 with Retry-After: the stream waits that long, then follows the game", async () => {
    const game = await table.createGame({ game: "skyjo", players: [{ name: "Ann" }, { name: "Ben" }], seed: 6 });
    const [ann, ben] = game.players.map((player) => table.seat(game.id, player.token!));
    if (!ann || !ben) throw new Error("two seats expected");
    await ann.view();
    await ben.view();
    // A spectator's stream takes the server's only slot; the next one is refused.
    const url = `${busyUrl}/games/${game.id}/events`;
    const held = await fetch(url, { headers: { Accept: "text/event-stream" } });
    expect(held.status).toBe(200);
    const refused = await fetch(url, { headers: { Accept: "text/event-stream" } });
    expect(refused.status).toBe(503);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);

    const pauses: number[] = [];
    const waited = (ms: number, signal: AbortSignal): Promise<void> => {
      pauses.push(ms);
      if (pauses.length === 1) void held.body?.cancel(); // the slot frees at the next heartbeat
      return abortableSleep(100, signal);
    };
    const { events, done } = follow(ann, eventStream({ sleep: waited, random: () => 0 }), (event) => event.type === "move");
    await ben.move({ type: "reveal", row: 2, col: 2 });
    await done;
    // Ann's stream got in once the slot was free, and resumed from the version she had seen.
    expect(events.map((event) => [event.version, event.type])).toEqual([[1, "move"]]);
    expect(pauses.length).toBeGreaterThan(0);
    expect(new Set(pauses)).toEqual(new Set([retryAfter * 1000]));
  });
});
