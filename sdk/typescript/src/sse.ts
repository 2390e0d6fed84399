/** Server-Sent Events read from a fetch() body: EventSource cannot send Authorization, so a
 * seat's stream is fetched with its bearer token and parsed here (with eventsource-parser). */
import { createParser, type EventSourceMessage } from "eventsource-parser";

export type { EventSourceMessage };

export interface SseHandlers {
  /** The server's `retry:` field: how long to wait before reconnecting. */
  onRetry?: (milliseconds: number) => void;
}

/**
 * Every message of an SSE body, in order, as chunks arrive. Comments (heartbeats) and
 * `retry:` lines are not messages. Leaving the loop early cancels the body.
 */
export async function* sseMessages(
  body: ReadableStream<Uint8Array>,
  handlers: SseHandlers = {},
): AsyncGenerator<EventSourceMessage> {
  const ready: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => ready.push(message), onRetry: handlers.onRetry });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let done = false;
  try {
    while (!done) {
      const chunk = await reader.read();
      done = chunk.done;
      // A multi-byte character may be split between chunks: the decoder keeps its start.
      parser.feed(done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      while (ready.length) yield ready.shift() as EventSourceMessage;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
