/** Server-Sent Events read from a fetch() body: EventSource cannot send Authorization, so a
 * seat's stream is fetched with its bearer token and parsed here, as the HTML standard's
 * event-stream parser does (no dependency, the same in browsers and Node). */

export interface EventSourceMessage {
  /** The last event id set on the stream so far (what Last-Event-ID resumes from). */
  id: string | undefined;
  /** The `event:` field, when the message has one. */
  event: string | undefined;
  data: string;
}

export interface SseHandlers {
  /** The server's `retry:` field: how long to wait before reconnecting. */
  onRetry?: (milliseconds: number) => void;
  /** A comment line (a heartbeat): the stream is alive. */
  onComment?: (comment: string) => void;
}

/** Turns lines into messages; `line` is one line without its end. */
class Parser {
  private data: string[] = [];
  private event: string | undefined;
  private lastId: string | undefined;

  constructor(private readonly handlers: SseHandlers) {}

  line(line: string): EventSourceMessage | null {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) {
      this.handlers.onComment?.(line.slice(1).trimStart());
      return null;
    }
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
    return null;
  }

  private dispatch(): EventSourceMessage | null {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = undefined;
    if (!data.length) return null;
    return { id: this.lastId, event, data: data.join("\n") };
  }
}

/**
 * Every message of an SSE body, in order, as chunks arrive. Comments (heartbeats) and
 * `retry:` lines are not messages; a message the stream cut before its blank line is
 * dropped. Leaving the loop early cancels the body.
 */
export async function* sseMessages(body: ReadableStream<Uint8Array>, handlers: SseHandlers = {}): AsyncGenerator<EventSourceMessage> {
  const parser = new Parser(handlers);
  const reader = body.getReader();
  // A multi-byte character may be split between chunks: the decoder keeps its start.
  const decoder = new TextDecoder();
  let pending = "";
  let first = true;
  let done = false;
  try {
    while (!done) {
      const chunk = await reader.read();
      done = chunk.done;
      pending += done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      if (first && pending.length) {
        if (pending.startsWith("\uFEFF")) pending = pending.slice(1);
        first = false;
      }
      // Lines end with \r\n, \n or \r; a \r at the very end may be half of a \r\n.
      for (;;) {
        const match = /\r\n|\n|\r/.exec(pending);
        if (!match || (match[0] === "\r" && match.index === pending.length - 1 && !done)) break;
        const message = parser.line(pending.slice(0, match.index));
        pending = pending.slice(match.index + match[0].length);
        if (message) yield message;
      }
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
