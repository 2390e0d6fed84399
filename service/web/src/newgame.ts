/** The "new game" page: a form generated from GET /game-types (every option, default, range). */
import type { Cardtable, CreatedGame, GameType, GameTypes, OptionDescription, PlayerRequest, TableSetting } from "../../../sdk/typescript/src/index";
import { announce, errorText, h, saveLocal } from "./dom";
import { rememberGame } from "./seats";

const HUMAN = "human";
const OPEN = "open";

function defaultText(option: OptionDescription): string {
  if (option.default_by_players) {
    const byCount = Object.entries(option.default_by_players).map(([count, value]) => `${value} for ${count}`);
    return `default: ${byCount.join(", ")} players`;
  }
  if (option.default === null || option.default === undefined) return "default: none";
  return `default: ${String(option.default)}`;
}

function rangeText(option: OptionDescription): string {
  if (option.minimum === null || option.minimum === undefined) return "";
  return `, from ${option.minimum} to ${option.maximum ?? "any"}`;
}

/** One labelled control per option; an empty field sends nothing (the server's default). */
export function optionField(option: OptionDescription): HTMLElement {
  const id = `option-${option.name}`;
  const hint = h("span", { class: "hint", id: `${id}-hint` }, `${defaultText(option)}${rangeText(option)}${option.nullable ? "; leave empty for none" : ""}`);
  const described = { id, name: option.name, "aria-describedby": `${id}-hint`, "data-option": option.type };
  let control: HTMLElement;
  if (option.type === "boolean") {
    control = h("input", { ...described, type: "checkbox", checked: option.default === true });
  } else if (option.choices) {
    control = h("select", described, ...option.choices.map((choice) => h("option", { value: choice, selected: choice === option.default }, choice)));
  } else {
    const value = typeof option.default === "number" ? option.default : "";
    control = h("input", { ...described, type: "number", inputmode: "numeric", min: option.minimum, max: option.maximum, step: 1, value });
  }
  const label = h("label", { for: id }, option.name.replaceAll("_", " "));
  return h("div", { class: "field", title: option.description }, label, control, hint, h("p", { class: "description" }, option.description));
}

export function readOptions(form: HTMLFormElement, described: OptionDescription[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const option of described) {
    const control = form.elements.namedItem(option.name) as HTMLInputElement | HTMLSelectElement | null;
    if (!control) continue;
    if (option.type === "boolean") options[option.name] = (control as HTMLInputElement).checked;
    else if (option.choices) options[option.name] = control.value;
    else if (control.value.trim() === "") {
      if (option.nullable) options[option.name] = null;
    } else options[option.name] = Number(control.value);
  }
  return options;
}

function playerRow(index: number, bots: string[], removable: boolean, onRemove: () => void): HTMLElement {
  const nameId = `player-${index}-name`;
  const kindId = `player-${index}-kind`;
  const name = h("input", { id: nameId, name: "player-name", required: true, maxlength: 40, value: index === 0 ? "You" : `Player ${index + 1}`, autocomplete: "off" });
  // An open seat gets its name from whoever takes it.
  const sync = (): void => { name.disabled = kind.value === OPEN; };
  const kind = h(
    "select",
    { id: kindId, name: "player-kind", onchange: sync },
    h("option", { value: HUMAN }, index === 0 ? "you" : "a person with their own link"),
    index > 0 ? h("option", { value: OPEN, selected: index === 1 }, "an open seat (invite link or lobby)") : null,
    ...bots.map((bot) => h("option", { value: bot, selected: index > 1 && bot === "greedy" }, `the server's ${bot} bot`)),
  );
  sync();
  return h(
    "li",
    { class: "player-row" },
    h("label", { for: nameId }, `Player ${index + 1} name`),
    name,
    h("label", { for: kindId }, `Player ${index + 1} is`),
    kind,
    removable ? h("button", { type: "button", class: "secondary", onclick: onRemove, "aria-label": `Remove player ${index + 1}` }, "Remove") : null,
  );
}

function readPlayers(form: HTMLFormElement): PlayerRequest[] {
  const names = [...form.querySelectorAll<HTMLInputElement>("[name=player-name]")];
  const kinds = [...form.querySelectorAll<HTMLSelectElement>("[name=player-kind]")];
  return names.map((input, index) => {
    const kind = kinds[index]?.value ?? HUMAN;
    if (kind === OPEN) return { open: true };
    return kind === HUMAN ? { name: input.value.trim() } : { name: input.value.trim(), bot: kind as "greedy" | "random" };
  });
}

/** The players' list, with add and remove buttons that keep what was typed. */
function playersFieldset(type: GameType): HTMLFieldSetElement {
  let count = type.min_players;
  let removed: number | null = null;
  const list = h("ol", { class: "players" });
  const addButton = h("button", { type: "button", class: "secondary" }, "Add a player");
  function redraw(): void {
    const kept = [...list.querySelectorAll<HTMLInputElement>("[name=player-name]")].map((input) => input.value);
    const keptKinds = [...list.querySelectorAll<HTMLSelectElement>("[name=player-kind]")].map((select) => select.value);
    if (removed !== null) {
      kept.splice(removed, 1);
      keptKinds.splice(removed, 1);
      removed = null;
    }
    list.replaceChildren(...Array.from({ length: count }, (_, i) => playerRow(i, type.bots, count > type.min_players, () => { removed = i; count -= 1; redraw(); })));
    list.querySelectorAll<HTMLInputElement>("[name=player-name]").forEach((input, i) => { if (kept[i] !== undefined) input.value = kept[i]; });
    list.querySelectorAll<HTMLSelectElement>("[name=player-kind]").forEach((select, i) => {
      if (keptKinds[i] !== undefined) select.value = keptKinds[i];
      select.dispatchEvent(new Event("change"));
    });
    addButton.disabled = count >= type.max_players;
  }
  addButton.addEventListener("click", () => { count += 1; redraw(); });
  redraw();
  return h("fieldset", {}, h("legend", {}, `Players (${type.min_players} to ${type.max_players})`), list, addButton);
}

/** The table settings (lobby listing, turn timer) described like options, by name. */
function settingDescriptions(settings: Record<string, TableSetting>): OptionDescription[] {
  return Object.entries(settings).map(([name, setting]) => ({ ...setting, name, type: setting.type as OptionDescription["type"] }));
}

function gameForm(client: Cardtable, type: GameType, settings: OptionDescription[], onCreated: (game: CreatedGame) => void): HTMLFormElement {
  const seed = h("input", { id: `seed-${type.game}`, name: "seed", type: "number", inputmode: "numeric", min: 0 });
  const form = h(
    "form",
    { class: "new-game", "data-game": type.game, "aria-label": `New ${type.title} game` },
    playersFieldset(type),
    h("fieldset", {}, h("legend", {}, "Options"), ...type.options.map(optionField)),
    h("fieldset", {}, h("legend", {}, "Table"), ...settings.map(optionField)),
    h("div", { class: "field" }, h("label", { for: seed.id }, "Seed (optional, for a reproducible deal; not for a table in the lobby)"), seed),
    h("button", { type: "submit" }, `Start the ${type.title} game`),
  );
  // A game listed in the lobby cannot be seeded: its deal must stay secret.
  const listed = form.elements.namedItem("public") as HTMLInputElement | null;
  listed?.addEventListener("change", () => { seed.disabled = listed.checked; });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const seedText = seed.disabled ? "" : seed.value.trim();
    const table = readOptions(form, settings);
    const request = { game: type.game as "skyjo" | "skipbo", players: readPlayers(form), options: readOptions(form, type.options), ...table, ...(seedText ? { seed: Number(seedText) } : {}) };
    announce("Creating the game…");
    client.createGame(request).then(onCreated, (error: unknown) => announce(errorText(error), true));
  });
  return form;
}

export async function showNewGame(root: HTMLElement, client: Cardtable): Promise<void> {
  const catalog: GameTypes = await client.catalog();
  const types = catalog.games;
  const settings = settingDescriptions(catalog.table_settings);
  const panel = h("div", { class: "panel" });
  const onCreated = (game: CreatedGame): void => {
    rememberGame(game);
    const mine = game.players.find((player) => !player.bot && player.token) ?? game.players[0];
    if (!mine?.token) return;
    saveLocal("cardtable.lastGame", game.id);
    location.assign(`/play/games/${game.id}#token=${mine.token}`);
  };
  const choose = (type: GameType): void => {
    panel.replaceChildren(gameForm(client, type, settings, onCreated));
    for (const tab of tabs.querySelectorAll("button")) tab.setAttribute("aria-pressed", String(tab.dataset["game"] === type.game));
  };
  const tabs = h("div", { class: "choices", role: "group", "aria-label": "Game" }, ...types.map((type) => h("button", { type: "button", class: "secondary", "data-game": type.game, onclick: () => choose(type) }, type.title)));
  root.replaceChildren(
    h("h1", {}, "Cardtable"),
    h("p", {}, "Start a game and send its invite link to your friends, or ", h("a", { href: "/play/lobby" }, "join a table in the lobby"), ". Playing with real cards? Keep score on a ", h("a", { href: "/play/sheets" }, "score sheet"), "."),
    h("h2", {}, "New game"),
    tabs,
    panel,
  );
  const first = types[0];
  if (first) choose(first);
}
