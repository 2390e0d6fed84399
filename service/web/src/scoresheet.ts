/** Score sheets for real-cards games, made for a phone: enter rounds, correct the last, see the winner. */
import type { Cardtable, CreateScoresheetRequest, EditOptions, Scoresheet, ScoresheetRound, ScoresheetRoundRequest } from "../../../sdk/typescript/src/index";
import { isRetryable, newIdempotencyKey, StaleVersion } from "../../../sdk/typescript/src/index";
import { avatar, knownPlayers, photoControls, rememberPlayers } from "./avatars";
import { announce, fragmentParam, h, loadLocal, saveLocal } from "./dom";
import { boardGamesFirst, gameTitle } from "./games";
import { errorText, t } from "./i18n";
import { optionField, readOptions } from "./newgame";
import { keepOffline } from "./offline";

interface KnownSheet {
  id: string;
  game: string;
  players: string[];
  editToken: string;
  created: string;
  /** As this device last saw it (the history list says how each sheet stands). */
  rounds?: number;
  winners?: string[];
}

const KEY = "cardtable.sheets";
const SCORING_OPTIONS = ["end_score", "max_rounds", "finisher_penalty", "target_score", "teams"];

/** What a round of each game's sheet asks for: Skyjo the cards each player counted and who
 * went out; Skip-Bo who won and the cards left in each stock. A game without one has no sheet. */
interface SheetKind {
  entryLabel: (name: string) => string;
  /** The number entered per player, from a round (when correcting it). */
  entry: (round: ScoresheetRound, seat: number) => number | null | undefined;
  entryRequired: boolean;
  who: (round: ScoresheetRound) => number | null | undefined;
  whoLegend: () => string;
  nobody: () => string;
  summary: (sheet: Scoresheet) => string;
  read: (entries: (number | null)[], who: number | null) => ScoresheetRoundRequest;
}

const SHEETS: Record<string, SheetKind> = {
  skyjo: {
    entryLabel: (name) => t.sheetCards(name),
    entry: (round, seat) => round.card_totals?.[seat],
    entryRequired: true,
    who: (round) => round.finisher,
    whoLegend: () => t.sheetWhoFinished,
    nobody: () => t.sheetNobody,
    summary: (sheet) => t.sheetEndsAt(String(sheet.options["end_score"])),
    read: (entries, who) => ({ card_totals: entries.map((entry) => entry ?? 0), finisher: who }),
  },
  skipbo: {
    entryLabel: (name) => t.sheetStockLeft(name),
    entry: (round, seat) => round.stocks_left?.[seat],
    entryRequired: false,
    who: (round) => round.winner,
    whoLegend: () => t.sheetWhoWon,
    nobody: () => t.sheetNobodyDrawn,
    summary: () => "",
    read: (entries, who) => ({ winner: who, stocks_left: entries.every((entry) => entry === null) ? null : entries.map((entry) => entry ?? 0) }),
  },
};

function sheetKind(game: string): SheetKind {
  const kind = SHEETS[game];
  if (!kind) throw new Error(t.unknownGame(game));
  return kind;
}

function knownSheets(): KnownSheet[] {
  return loadLocal<KnownSheet[]>(KEY, []);
}

function remember(sheet: KnownSheet): void {
  saveLocal(KEY, [sheet, ...knownSheets().filter((known) => known.id !== sheet.id)].slice(0, 30));
  rememberPlayers(sheet.players);
}

/** Keep how a known sheet stands (its place in the history list does not change). */
function noteProgress(sheet: Scoresheet): void {
  const winners = sheet.winners.map((seat) => sheet.players[seat]?.name ?? "");
  saveLocal(KEY, knownSheets().map((known) => (known.id === sheet.id ? { ...known, rounds: sheet.rounds.length, winners } : known)));
}

function forget(id: string): void {
  saveLocal(KEY, knownSheets().filter((known) => known.id !== id));
}

/** The sheets this device kept, newest first: reopen one (offline too, once opened here),
 * or delete it from this device (the server forgets it on its own, when it expires). */
function history(changed: () => void): HTMLElement | null {
  const past = knownSheets();
  if (!past.length) return null;
  const entry = (sheet: KnownSheet): HTMLElement => {
    const state = sheet.winners?.length ? t.historyWon(sheet.winners) : sheet.rounds !== undefined ? t.historyRounds(sheet.rounds) : "";
    return h(
      "li",
      { "data-sheet": sheet.id },
      h("span", { class: "avatars" }, sheet.players.map(avatar)),
      h("a", { href: `/play/sheets/${sheet.id}` }, t.sheetEntry(gameTitle(sheet.game), sheet.players.join(", "))),
      h("span", { class: "small" }, ` · ${sheet.created.slice(0, 10)}${state ? ` · ${state}` : ""}`),
      h("button", { type: "button", class: "secondary", "data-forget": sheet.id, onclick: () => { forget(sheet.id); changed(); } }, t.historyDelete),
    );
  };
  return h("section", { "aria-label": t.yourSheets, id: "history" }, h("h2", {}, t.yourSheets), h("ul", { class: "sheets" }, past.map(entry)));
}

/** The players this device knows, one tap each to add to the new sheet's list. */
function knownPlayerButtons(area: HTMLTextAreaElement): HTMLElement | null {
  const players = knownPlayers();
  if (!players.length) return null;
  const add = (name: string): void => {
    const names = area.value.split("\n").map((line) => line.trim()).filter(Boolean);
    if (!names.includes(name)) area.value = [...names, name].join("\n");
  };
  return h("div", { class: "known-players", role: "group", "aria-label": t.knownPlayers }, h("span", { class: "small" }, t.knownPlayers), players.map((player) => h("button", { type: "button", class: "secondary", "data-known": player.name, onclick: () => add(player.name) }, avatar(player.name), ` ${player.name}`)));
}

function createForm(client: Cardtable, game: CreateScoresheetRequest["game"], options: Parameters<typeof optionField>[0][]): HTMLFormElement {
  const scoring = options.filter((option) => SCORING_OPTIONS.includes(option.name));
  const area = h("textarea", { id: "sheet-players", name: "players", rows: 4, required: true });
  const form = h(
    "form",
    { class: "new-sheet", "aria-label": t.newSheetForm },
    h("div", { class: "field" }, h("label", { for: "sheet-players" }, t.sheetPlayers), area),
    knownPlayerButtons(area),
    h("fieldset", {}, h("legend", {}, t.scoring), scoring.map(optionField)),
    h("button", { type: "submit" }, t.startSheet),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const players = (form.elements.namedItem("players") as HTMLTextAreaElement).value.split("\n").map((name) => name.trim()).filter(Boolean);
    client.sheets.create({ game, players, options: readOptions(form, scoring) }).then((sheet) => {
      remember({ id: sheet.id, game, players, editToken: sheet.edit_token, created: new Date().toISOString() });
      location.assign(`/play/sheets/${sheet.id}`);
    }, (error: unknown) => announce(errorText(error), true));
  });
  return form;
}

export async function showSheets(root: HTMLElement, client: Cardtable): Promise<void> {
  const types = boardGamesFirst((await client.gameTypes()).filter((type) => type.game in SHEETS), (type) => type.game);
  const panel = h("div", {});
  const choose = (game: string): void => {
    const type = types.find((candidate) => candidate.game === game);
    if (type) panel.replaceChildren(createForm(client, game as CreateScoresheetRequest["game"], type.options));
    tabs.querySelectorAll("button").forEach((button) => button.setAttribute("aria-pressed", String(button.dataset["game"] === game)));
  };
  const tabs = h("div", { class: "choices", role: "group", "aria-label": t.game }, types.map((type) => h("button", { type: "button", class: "secondary", "data-game": type.game, onclick: () => choose(type.game) }, gameTitle(type.game))));
  const draw = (): void => {
    const nodes: (HTMLElement | null)[] = [h("h1", {}, t.sheets), h("p", {}, t.sheetsIntro), history(draw), h("h2", {}, t.newSheet), tabs, panel, h("p", {}, h("a", { href: "/play/" }, t.playOnline))];
    root.replaceChildren(...nodes.filter((node): node is HTMLElement => node !== null));
  };
  draw();
  const first = types[0];
  if (first) choose(first.game);
}

function scoreCell(round: ScoresheetRound, seat: number): HTMLElement {
  const doubled = round.finisher === seat && round.finisher_doubled;
  const finished = round.finisher === seat || round.winner === seat;
  const marks = [finished ? (round.finisher === seat ? t.sheetFinished : t.sheetWon) : null, doubled ? t.sheetDoubledFrom(String(round.card_totals?.[seat])) : null].filter(Boolean);
  return h("td", { class: doubled ? "doubled" : "" }, String(round.scores[seat]), marks.length ? h("span", { class: "small" }, ` (${marks.join(", ")})`) : null);
}

function sheetTable(sheet: Scoresheet): HTMLElement {
  return h(
    "table",
    { class: "sheet", "aria-label": t.sheetRounds },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.round), sheet.players.map((player) => h("th", { scope: "col" }, avatar(player.name), h("span", { class: "player-name" }, player.name))))),
    h(
      "tbody",
      {},
      sheet.rounds.map((round) => h("tr", { "data-round": round.round }, h("th", { scope: "row" }, round.round), sheet.players.map((player) => scoreCell(round, player.seat)))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, t.total), sheet.totals.map((total, seat) => h("td", { "data-total": seat }, total))),
    ),
  );
}

function roundFields(sheet: Scoresheet, last: ScoresheetRound | undefined): HTMLElement[] {
  const kind = sheetKind(sheet.game);
  const numbers = sheet.players.map((player) => {
    const id = `round-${player.seat}`;
    const value = last ? kind.entry(last, player.seat) : undefined;
    return h("div", { class: "field" }, h("label", { for: id }, kind.entryLabel(player.name)), h("input", { id, name: "entry", type: "number", inputmode: "numeric", required: kind.entryRequired, step: 1, value: value ?? "" }));
  });
  const who = last ? kind.who(last) : undefined;
  const radios = [...sheet.players.map((player) => ({ value: String(player.seat), label: player.name })), { value: "", label: kind.nobody() }];
  const legend = kind.whoLegend();
  const group = h("fieldset", { class: "radios" }, h("legend", {}, legend), radios.map((radio) => h("label", {}, h("input", { type: "radio", name: "who", value: radio.value, required: true, checked: who !== undefined && String(who ?? "") === radio.value }), ` ${radio.label}`)));
  return [...numbers, group];
}

function readRound(form: HTMLFormElement, sheet: Scoresheet): ScoresheetRoundRequest {
  const entries = [...form.querySelectorAll<HTMLInputElement>("[name=entry]")].map((input) => (input.value.trim() === "" ? null : Number(input.value)));
  const checked = form.querySelector<HTMLInputElement>("[name=who]:checked")?.value ?? "";
  const who = checked === "" ? null : Number(checked);
  return sheetKind(sheet.game).read(entries, who);
}

function outcomeText(sheet: Scoresheet): string {
  const names = sheet.winners.map((seat) => sheet.players[seat]?.name ?? "");
  return names.length ? t.sheetGameOver(names) : t.sheetNoWinner;
}

/** The sheet's edit link: its token in the fragment (never sent to the server in the URL),
 * so that another phone may enter rounds too. */
function editLink(id: string, token: string): HTMLElement {
  const link = `${location.origin}/play/sheets/${id}#edit=${token}`;
  return h("details", { class: "share" }, h("summary", {}, t.sheetEditSummary), h("div", { class: "field" }, h("label", { for: "sheet-edit-link" }, t.sheetEditLabel), h("input", { id: "sheet-edit-link", readonly: true, value: link, size: 40 })));
}

type Edit = (options: EditOptions) => Promise<Scoresheet>;

/** How long an open sheet's long-poll waits for another phone's change (then a 304), and
 * the pause before asking again when it could not ask (hidden tab, no network). */
const WAIT_SECONDS = 25;
const POLL_MS = 3000;
/** The pause before a save tried again while the network is away (or at once when back). */
const OFFLINE_RETRY_MS = 4000;

function offline(error: unknown): boolean {
  return error instanceof TypeError || isRetryable(error);
}

function untilOnlineOr(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener("online", done);
  });
}

export async function showSheet(root: HTMLElement, client: Cardtable, id: string): Promise<void> {
  const shared = fragmentParam("edit");
  const known = knownSheets().find((one) => one.id === id);
  const editToken = shared ?? known?.editToken ?? null;
  let sheet = await client.sheets.get(id);
  // Opened from an edit link: this browser keeps the sheet (and its token) from now on.
  if (shared && !known) remember({ id, game: sheet.game, players: sheet.players.map((player) => player.name), editToken: shared, created: new Date().toISOString() });
  let correcting = false;
  /** The round form shown, whether the person typed in it, and the save on its way. */
  let form: HTMLFormElement | null = null;
  let typed = false;
  let pending = false;
  const pendingLine = h("p", { class: "pending", id: "sheet-pending", role: "status" });

  const showPending = (text: string): void => {
    pending = text !== "";
    pendingLine.textContent = text;
    root.querySelectorAll<HTMLButtonElement>("form.round button, .actions button").forEach((button) => (button.disabled = pending));
    root.querySelector("form.round")?.setAttribute("aria-busy", String(pending));
  };

  /** One logical write: one Idempotency-Key for the entry and If-Match with the version the
   * form was filled on; a second tap meanwhile does nothing; offline, it waits for the
   * network and sends again with the same key (the server writes it once). */
  const save = async (edit: Edit, version: number, message: string): Promise<void> => {
    if (pending) return;
    const idempotencyKey = newIdempotencyKey();
    showPending(navigator.onLine === false ? t.savingOffline : t.saving);
    for (;;) {
      try {
        sheet = await edit({ ifMatch: version, idempotencyKey });
        correcting = false;
        showPending("");
        draw();
        announce(message);
        return;
      } catch (error) {
        if (error instanceof StaleVersion) {
          // Another phone changed the sheet since this form was filled: refused, refreshed.
          sheet = await client.sheets.get(id);
          correcting = false;
          showPending("");
          draw();
          announce(t.sheetStale(sheet.rounds.length), true);
          return;
        }
        if (!offline(error)) {
          showPending("");
          announce(errorText(error), true);
          return;
        }
        showPending(t.savingOffline);
        await untilOnlineOr(OFFLINE_RETRY_MS);
      }
    }
  };

  function roundForm(): HTMLFormElement | null {
    if (!editToken || (sheet.finished && !correcting)) return null;
    const last = correcting ? sheet.rounds[sheet.rounds.length - 1] : undefined;
    const number = correcting ? sheet.rounds.length : sheet.rounds.length + 1;
    const heading = correcting ? t.correctRound(number) : t.roundNumber(number);
    const version = sheet.version; // what this form was filled on: sent as If-Match
    const fresh = h("form", { class: "round", "aria-label": heading, "data-version": version }, h("h2", {}, heading), roundFields(sheet, last), h("p", { class: "stale-note", role: "status" }), h("button", { type: "submit" }, correcting ? t.saveCorrection : t.addRound), correcting ? h("button", { type: "button", class: "secondary", onclick: () => { correcting = false; draw(); } }, t.cancel) : null);
    fresh.addEventListener("input", () => (typed = true));
    fresh.addEventListener("submit", (event) => {
      event.preventDefault();
      const round = readRound(fresh, sheet);
      const edit: Edit = correcting ? (options) => client.sheets.correctLastRound(id, editToken, round, options) : (options) => client.sheets.addRound(id, editToken, round, options);
      void save(edit, version, correcting ? t.roundCorrected(number) : t.roundAdded(number));
    });
    return fresh;
  }

  /** Draw the sheet; `keepForm` keeps the form being filled in as it is (a live update). */
  let keptVersion = -1;
  function draw(keepForm = false): void {
    // The service worker keeps the sheet as it is now: a reload without a network shows it
    // (the answer to a save does not pass through the worker, and the first read may not).
    if (sheet.version !== keptVersion) {
      keepOffline([`/scoresheets/${encodeURIComponent(id)}`]);
      noteProgress(sheet);
    }
    const photosOpen = root.querySelector<HTMLDetailsElement>("#photos")?.open ?? false;
    keptVersion = sheet.version;
    if (!keepForm || !form) {
      form = roundForm();
      typed = false;
    }
    const names = sheet.players.map((player) => player.name).join(", ");
    const canFix = editToken !== null && sheet.rounds.length > 0 && !correcting;
    const remove: Edit = (options) => client.sheets.removeLastRound(id, editToken ?? "", options);
    const nodes: (HTMLElement | null)[] = [
      h("h1", {}, t.sheetTitle(gameTitle(sheet.game))),
      h("p", {}, names, sheetKind(sheet.game).summary(sheet)),
      sheet.finished ? h("p", { class: "outcome", id: "outcome", role: "status" }, outcomeText(sheet)) : null,
      h("div", { class: "scroll" }, sheetTable(sheet)),
      h("ul", { class: "standings", "aria-label": t.standings }, sheet.standings.map((standing) => h("li", {}, avatar(standing.name), " ", t.sheetRank(standing.rank, standing.name, standing.total)))),
      form,
      pendingLine,
      canFix ? h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onclick: () => { correcting = true; draw(); } }, t.correctLast), h("button", { type: "button", class: "secondary", onclick: () => void save(remove, sheet.version, t.lastRemoved) }, t.removeLast)) : null,
      photoControls(sheet.players.map((player) => player.name), () => draw(true), photosOpen),
      editToken ? editLink(id, editToken) : h("p", {}, t.readOnlySheet),
      h("p", {}, h("a", { href: "/play/sheets" }, t.allSheets)),
    ];
    root.replaceChildren(...nodes.filter((node): node is HTMLElement => node !== null));
  }

  /** Live: another phone's rounds appear as soon as it saves them (a long-poll the server
   * answers at the change, else a 304 after WAIT_SECONDS). A form being filled in stays as
   * it is (saying it is out of date): its save is then refused (If-Match) and refreshed. */
  const follow = async (): Promise<void> => {
    for (;;) {
      if (document.visibilityState !== "visible" || navigator.onLine === false) {
        await untilOnlineOr(POLL_MS);
        continue;
      }
      const next = await client.sheets.changedSince(id, sheet.version, undefined, WAIT_SECONDS).catch(() => undefined);
      if (next === undefined) await untilOnlineOr(POLL_MS); // unreachable: try again soon
      if (next && !pending && next.version > sheet.version) {
        sheet = next;
        const keep = typed && form !== null;
        draw(keep);
        const note = keep ? form?.querySelector(".stale-note") : null;
        if (note) note.textContent = t.sheetChangedElsewhere;
      }
    }
  };
  // While a save waits (the client sends it again until it is answered), say why.
  addEventListener("offline", () => pending && showPending(t.savingOffline));
  addEventListener("online", () => pending && showPending(t.saving));
  draw();
  void follow();
}
