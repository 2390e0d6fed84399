/** Score sheets for real-cards games, made for a phone: enter rounds, correct the last, see the winner. */
import type { Cardtable, Scoresheet, ScoresheetRound, ScoresheetRoundRequest } from "../../../sdk/typescript/src/index";
import { announce, errorText, fragmentParam, h, loadLocal, saveLocal } from "./dom";
import { optionField, readOptions } from "./newgame";

interface KnownSheet {
  id: string;
  game: string;
  players: string[];
  editToken: string;
  created: string;
}

const KEY = "cardtable.sheets";
const SCORING_OPTIONS = ["end_score", "max_rounds", "finisher_penalty", "target_score", "teams"];

function knownSheets(): KnownSheet[] {
  return loadLocal<KnownSheet[]>(KEY, []);
}

function remember(sheet: KnownSheet): void {
  saveLocal(KEY, [sheet, ...knownSheets().filter((known) => known.id !== sheet.id)].slice(0, 30));
}

function createForm(client: Cardtable, game: "skyjo" | "skipbo", options: Parameters<typeof optionField>[0][]): HTMLFormElement {
  const scoring = options.filter((option) => SCORING_OPTIONS.includes(option.name));
  const form = h(
    "form",
    { class: "new-sheet", "aria-label": "New score sheet" },
    h("div", { class: "field" }, h("label", { for: "sheet-players" }, "Players, one name per line, in seat order"), h("textarea", { id: "sheet-players", name: "players", rows: 4, required: true })),
    h("fieldset", {}, h("legend", {}, "Scoring"), scoring.map(optionField)),
    h("button", { type: "submit" }, "Start the sheet"),
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
  const types = await client.gameTypes();
  const panel = h("div", {});
  const choose = (game: string): void => {
    const type = types.find((candidate) => candidate.game === game);
    if (type) panel.replaceChildren(createForm(client, game as "skyjo" | "skipbo", type.options));
    tabs.querySelectorAll("button").forEach((button) => button.setAttribute("aria-pressed", String(button.dataset["game"] === game)));
  };
  const tabs = h("div", { class: "choices", role: "group", "aria-label": "Game" }, types.map((type) => h("button", { type: "button", class: "secondary", "data-game": type.game, onclick: () => choose(type.game) }, type.title)));
  const past = knownSheets();
  const nodes: (HTMLElement | null)[] = [
    h("h1", {}, "Score sheets"),
    h("p", {}, "Playing with real cards? Enter each round; the sheet does the doubling and the totals."),
    past.length ? h("section", { "aria-label": "Your sheets" }, h("h2", {}, "Your sheets"), h("ul", { class: "sheets" }, past.map((sheet) => h("li", {}, h("a", { href: `/play/sheets/${sheet.id}` }, `${sheet.game === "skyjo" ? "Skyjo" : "Skip-Bo"}: ${sheet.players.join(", ")}`), ` · ${sheet.created.slice(0, 10)}`)))) : null,
    h("h2", {}, "New sheet"),
    tabs,
    panel,
    h("p", {}, h("a", { href: "/play/" }, "Play online instead")),
  ];
  root.replaceChildren(...nodes.filter((node): node is HTMLElement => node !== null));
  choose("skyjo");
}

function scoreCell(round: ScoresheetRound, seat: number): HTMLElement {
  const doubled = round.finisher === seat && round.finisher_doubled;
  const finished = round.finisher === seat || round.winner === seat;
  const marks = [finished ? (round.finisher === seat ? "finished" : "won") : null, doubled ? `doubled from ${round.card_totals?.[seat]}` : null].filter(Boolean);
  return h("td", { class: doubled ? "doubled" : "" }, String(round.scores[seat]), marks.length ? h("span", { class: "small" }, ` (${marks.join(", ")})`) : null);
}

function sheetTable(sheet: Scoresheet): HTMLElement {
  return h(
    "table",
    { class: "sheet", "aria-label": "Rounds" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Round"), sheet.players.map((player) => h("th", { scope: "col" }, player.name)))),
    h(
      "tbody",
      {},
      sheet.rounds.map((round) => h("tr", { "data-round": round.round }, h("th", { scope: "row" }, round.round), sheet.players.map((player) => scoreCell(round, player.seat)))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"), sheet.totals.map((total, seat) => h("td", { "data-total": seat }, total))),
    ),
  );
}

function roundFields(sheet: Scoresheet, last: ScoresheetRound | undefined): HTMLElement[] {
  const skyjo = sheet.game === "skyjo";
  const numbers = sheet.players.map((player) => {
    const id = `round-${player.seat}`;
    const value = last ? (skyjo ? last.card_totals?.[player.seat] : last.stocks_left?.[player.seat]) : undefined;
    return h("div", { class: "field" }, h("label", { for: id }, skyjo ? `${player.name}'s cards` : `${player.name}'s stock left`), h("input", { id, name: "entry", type: "number", inputmode: "numeric", required: skyjo, step: 1, value: value ?? "" }));
  });
  const who = last ? (skyjo ? last.finisher : last.winner) : undefined;
  const radios = [...sheet.players.map((player) => ({ value: String(player.seat), label: player.name })), { value: "", label: skyjo ? "nobody" : "nobody (drawn round)" }];
  const legend = skyjo ? "Who finished the round (turned up every card first)?" : "Who won the round?";
  const group = h("fieldset", { class: "radios" }, h("legend", {}, legend), radios.map((radio) => h("label", {}, h("input", { type: "radio", name: "who", value: radio.value, required: true, checked: who !== undefined && String(who ?? "") === radio.value }), ` ${radio.label}`)));
  return [...numbers, group];
}

function readRound(form: HTMLFormElement, sheet: Scoresheet): ScoresheetRoundRequest {
  const entries = [...form.querySelectorAll<HTMLInputElement>("[name=entry]")].map((input) => (input.value.trim() === "" ? null : Number(input.value)));
  const checked = form.querySelector<HTMLInputElement>("[name=who]:checked")?.value ?? "";
  const who = checked === "" ? null : Number(checked);
  if (sheet.game === "skyjo") return { card_totals: entries.map((entry) => entry ?? 0), finisher: who };
  return { winner: who, stocks_left: entries.every((entry) => entry === null) ? null : entries.map((entry) => entry ?? 0) };
}

function outcomeText(sheet: Scoresheet): string {
  const names = sheet.winners.map((seat) => sheet.players[seat]?.name ?? "");
  return names.length ? `Game over. Winner${names.length > 1 ? "s" : ""}: ${names.join(" and ")}.` : "Game over: no winner.";
}

/** The sheet's edit link: its token in the fragment (never sent to the server in the URL),
 * so that another phone may enter rounds too. */
function editLink(id: string, token: string): HTMLElement {
  const link = `${location.origin}/play/sheets/${id}#edit=${token}`;
  return h("details", { class: "share" }, h("summary", {}, "Edit from another device"), h("div", { class: "field" }, h("label", { for: "sheet-edit-link" }, "Whoever opens this link may enter and correct rounds"), h("input", { id: "sheet-edit-link", readonly: true, value: link, size: 40 })));
}

export async function showSheet(root: HTMLElement, client: Cardtable, id: string): Promise<void> {
  const shared = fragmentParam("edit");
  const known = knownSheets().find((one) => one.id === id);
  const editToken = shared ?? known?.editToken ?? null;
  let sheet = await client.sheets.get(id);
  // Opened from an edit link: this browser keeps the sheet (and its token) from now on.
  if (shared && !known) remember({ id, game: sheet.game, players: sheet.players.map((player) => player.name), editToken: shared, created: new Date().toISOString() });
  let correcting = false;
  const save = (action: Promise<Scoresheet>, message: string): void => {
    action.then((next) => { sheet = next; correcting = false; draw(); announce(message); }, (error: unknown) => announce(errorText(error), true));
  };
  function roundForm(): HTMLElement | null {
    if (!editToken || (sheet.finished && !correcting)) return null;
    const last = correcting ? sheet.rounds[sheet.rounds.length - 1] : undefined;
    const number = correcting ? sheet.rounds.length : sheet.rounds.length + 1;
    const form = h("form", { class: "round", "aria-label": correcting ? `Correct round ${number}` : `Round ${number}` }, h("h2", {}, correcting ? `Correct round ${number}` : `Round ${number}`), roundFields(sheet, last), h("button", { type: "submit" }, correcting ? "Save the correction" : "Add the round"), correcting ? h("button", { type: "button", class: "secondary", onclick: () => { correcting = false; draw(); } }, "Cancel") : null);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const round = readRound(form, sheet);
      save(correcting ? client.sheets.correctLastRound(id, editToken, round) : client.sheets.addRound(id, editToken, round), correcting ? `Round ${number} corrected.` : `Round ${number} added.`);
    });
    return form;
  }
  function draw(): void {
    const names = sheet.players.map((player) => player.name).join(", ");
    const canFix = editToken !== null && sheet.rounds.length > 0 && !correcting;
    const nodes: (HTMLElement | null)[] = [
      h("h1", {}, `${sheet.game === "skyjo" ? "Skyjo" : "Skip-Bo"} score sheet`),
      h("p", {}, names, sheet.game === "skyjo" ? ` · ends at ${String(sheet.options["end_score"])} · lowest total wins` : ""),
      sheet.finished ? h("p", { class: "outcome", id: "outcome", role: "status" }, outcomeText(sheet)) : null,
      h("div", { class: "scroll" }, sheetTable(sheet)),
      h("ul", { class: "standings", "aria-label": "Standings" }, sheet.standings.map((standing) => h("li", {}, `Rank ${standing.rank}: ${standing.name}, ${standing.total}`))),
      roundForm(),
      canFix ? h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onclick: () => { correcting = true; draw(); } }, "Correct the last round"), h("button", { type: "button", class: "secondary", onclick: () => save(client.sheets.removeLastRound(id, editToken), "Last round removed.") }, "Remove the last round")) : null,
      editToken ? editLink(id, editToken) : h("p", {}, "This link lets you read the sheet; its edit link lets you enter rounds."),
      h("p", {}, h("a", { href: "/play/sheets" }, "All score sheets")),
    ];
    root.replaceChildren(...nodes.filter((node): node is HTMLElement => node !== null));
  }
  draw();
}
