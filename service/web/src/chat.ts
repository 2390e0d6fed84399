/** The table's chat: seated players post short messages and quick reactions, spectators
 * read. Collapsed by default (a phone keeps the table in view), with an unread badge. It is
 * a feed of its own (GET /games/{id}/chat, long-polled), never the game's events: a message
 * does not change the game's version. Text is always shown as text, never as markup. */
import type { Cardtable, ChatMessage, Emote, SeatSession } from "../../../sdk/typescript/src/index";
import { h, loadLocal, saveLocal } from "./dom";
import { errorText, t } from "./i18n";
import { isFinal, pause, pauseFor } from "./live";

/** The reactions, in the order of their buttons, as the server names them. */
export const EMOTES: Record<Emote, string> = {
  hello: "👋",
  thumbs_up: "👍",
  laugh: "😂",
  wow: "😮",
  sad: "😢",
  angry: "😠",
  clap: "👏",
  good_game: "🤝",
};
const TEXT_MAX = 200;
const WAIT_SECONDS = 25;

function muteKey(gameId: string): string {
  return `cardtable.chat.muted.${gameId}`;
}

export class ChatPanel {
  readonly element: HTMLDetailsElement;
  private readonly list = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite", tabindex: 0, "aria-label": t.chatMessages });
  private readonly badge = h("span", { class: "badge", id: "chat-unread", hidden: true });
  private readonly mutes = h("div", { class: "chat-mutes", id: "chat-mutes" });
  private readonly note = h("p", { class: "chat-note", id: "chat-note", role: "status" });
  private readonly input = h("input", { id: "chat-text", type: "text", maxlength: TEXT_MAX, autocomplete: "off", enterkeyhint: "send" });
  private readonly sendButton = h("button", { type: "submit", id: "chat-send" }, t.chatSend);
  private readonly emoteButtons: HTMLButtonElement[] = [];
  private since = 0;
  private unread = 0;
  private readonly messages: ChatMessage[] = [];
  private muted: Set<number>;

  constructor(
    private readonly client: Cardtable,
    private readonly gameId: string,
    private readonly session: SeatSession | null,
  ) {
    this.muted = new Set(loadLocal<number[]>(muteKey(gameId), []));
    const parts: (HTMLElement | null)[] = [this.list, this.note];
    if (session) parts.push(this.emoteRow(), this.form());
    else this.note.textContent = t.chatSpectator;
    parts.push(this.mutes);
    this.element = h(
      "details",
      { class: "chat", id: "chat" },
      h("summary", {}, t.chat, " ", this.badge),
      h("div", { class: "chat-body" }, ...parts),
    );
    this.element.addEventListener("toggle", () => this.element.open && this.markRead());
  }

  private emoteRow(): HTMLElement {
    const buttons = (Object.keys(EMOTES) as Emote[]).map((emote) => {
      const button = h("button", { type: "button", class: "emote secondary", "data-emote": emote, "aria-label": t.emotes[emote], title: t.emotes[emote], onclick: () => void this.post({ emote }) }, EMOTES[emote]);
      this.emoteButtons.push(button);
      return button;
    });
    return h("div", { class: "emotes", role: "group", "aria-label": t.chatReactions }, buttons);
  }

  private form(): HTMLElement {
    const form = h("form", { class: "chat-form" }, h("label", { for: "chat-text" }, t.chatLabel), h("div", { class: "chat-line" }, this.input, this.sendButton));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text) void this.post({ text });
    });
    return form;
  }

  /** One post, its buttons disabled while it is on its way (the client sends it again with
   * the same Idempotency-Key until it is answered: it is never posted twice). */
  private async post(content: { text: string } | { emote: Emote }): Promise<void> {
    if (!this.session || this.sendButton.disabled) return;
    this.setPending(true);
    try {
      const message = await this.session.chat(content);
      if ("text" in content) this.input.value = "";
      this.note.textContent = "";
      this.take([message], true);
    } catch (error) {
      this.note.textContent = errorText(error);
    } finally {
      this.setPending(false);
    }
  }

  private setPending(pending: boolean): void {
    this.sendButton.disabled = pending;
    for (const button of this.emoteButtons) button.disabled = pending;
    this.element.dataset["pending"] = String(pending);
  }

  /** Add the messages not shown yet (by number), counting the others' as unread while the
   * panel is closed; `own`: this seat's own post, never unread. */
  private take(arrived: ChatMessage[], own = false): void {
    for (const message of arrived) {
      if (this.messages.some((known) => known.seq === message.seq)) continue;
      this.messages.push(message);
      this.since = Math.max(this.since, message.seq);
      if (!own && !this.element.open && !this.muted.has(message.seat)) this.unread += 1;
    }
    this.messages.sort((a, b) => a.seq - b.seq);
    this.draw();
  }

  private markRead(): void {
    this.unread = 0;
    this.draw();
  }

  private line(message: ChatMessage): HTMLElement {
    const said = message.emote ? h("span", { class: "said emote", role: "img", "aria-label": t.emotes[message.emote] }, EMOTES[message.emote]) : h("span", { class: "said" }, message.text ?? "");
    return h("li", { "data-seq": message.seq, "data-seat": message.seat }, h("span", { class: "who" }, t.chatWho(message.name)), said);
  }

  private draw(): void {
    const shown = this.messages.filter((message) => !this.muted.has(message.seat));
    this.list.replaceChildren(...(shown.length ? shown.map((message) => this.line(message)) : [h("li", { class: "empty" }, t.chatEmpty)]));
    this.list.scrollTop = this.list.scrollHeight;
    this.badge.hidden = this.unread === 0;
    this.badge.textContent = String(this.unread);
    this.badge.setAttribute("aria-label", t.chatUnread(this.unread));
    this.drawMutes();
  }

  /** A mute switch for each other player who has spoken (kept on this device, per game). */
  private drawMutes(): void {
    const speakers = new Map<number, string>();
    for (const message of this.messages) if (message.seat !== this.ownSeat) speakers.set(message.seat, message.name);
    this.mutes.replaceChildren(
      ...[...speakers].map(([seat, name]) => {
        const muted = this.muted.has(seat);
        return h("button", { type: "button", class: "secondary mute", "data-mute": seat, "aria-pressed": String(muted), onclick: () => this.toggleMute(seat) }, muted ? t.chatUnmute(name) : t.chatMute(name));
      }),
    );
  }

  /** This seat's number, once the page knows it (`setSeat`). */
  private ownSeat: number | null = null;

  setSeat(seat: number | null): void {
    if (seat === this.ownSeat) return;
    this.ownSeat = seat;
    this.draw();
  }

  private toggleMute(seat: number): void {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else this.muted.add(seat);
    saveLocal(muteKey(this.gameId), [...this.muted]);
    this.draw();
  }

  /** Follow the chat until `signal` aborts: a long-poll after the last message shown. */
  async follow(signal: AbortSignal): Promise<void> {
    this.draw();
    for (let failures = 0; !signal.aborted; ) {
      try {
        const page = await this.client.chat(this.gameId, this.since, WAIT_SECONDS, signal);
        failures = 0;
        if (page.seq < this.since) {
          // The chat expired and began again: start over from its first message.
          this.messages.splice(0);
          this.since = 0;
        }
        this.take(page.messages);
      } catch (error) {
        if (signal.aborted || isFinal(error)) return;
        failures += 1;
        await pause(pauseFor(failures, error), signal);
      }
    }
  }
}
