/** The "new game" page: who plays, a preset for the game's length, the table's settings, and
 * an advanced section with every option of GET /game-types (in words, not option names). */
import type { Cardtable, CreatedGame, CreateGameRequest, GameType, GameTypes, OptionDescription, PlayerRequest, TableSetting } from "../../../sdk/typescript/src/index";
import { announce, h, loadLocal, saveLocal } from "./dom";
import { boardGamesFirst, gameTitle, type Preset, rendererFor } from "./games";
import { errorText, t } from "./i18n";
import { heldSeats, rememberGame } from "./seats";
import { ratedLinks } from "./rated";

const HUMAN = "human";
const OPEN = "open";
const NAME_KEY = "cardtable.name";

/** The seats this browser holds, newest first: a way back to a table whose link was lost. */
function yourGames(): HTMLElement[] {
  const held = heldSeats();
  if (!held.length) return [];
  return [
    h(
      "section",
      { class: "your-games", "aria-label": t.yourGames },
      h("h2", {}, t.yourGames),
      h("ul", { id: "your-games" }, held.map((seat) => h("li", { "data-game-id": seat.gameId }, h("a", { href: `/play/games/${seat.gameId}#token=${seat.token}` }, t.yourGameEntry(gameTitle(seat.game), seat.name)), ` · ${seat.finished ? t.finished : t.inPlay}`))),
    ),
  ];
}

function hintText(option: OptionDescription): string {
  const byPlayers = option.default_by_players ? Object.entries(option.default_by_players).map(([count, value]) => t.valueForPlayers(String(value), count)).join(", ") : null;
  const value = byPlayers ?? (option.default === null || option.default === undefined ? t.none : option.choices ? t.choice(String(option.default)) : String(option.default));
  // A bound far beyond any game (a week of seconds) is no help to read.
  const max = option.maximum !== null && option.maximum !== undefined && option.maximum < 10_000 ? option.maximum : null;
  const range = option.minimum === null || option.minimum === undefined ? "" : t.range(option.minimum, max);
  return `${t.usually(value)}${range}${option.nullable ? t.emptyForNone : ""}`;
}

/** One labelled control per option; an empty field sends nothing (the server's default). */
export function optionField(option: OptionDescription): HTMLElement {
  const id = `option-${option.name}`;
  const hint = h("span", { class: "hint", id: `${id}-hint` }, option.type === "boolean" ? "" : hintText(option));
  const described = { id, name: option.name, "aria-describedby": `${id}-hint`, "data-option": option.type };
  let control: HTMLElement;
  if (option.type === "boolean") {
    control = h("input", { ...described, type: "checkbox", checked: option.default === true });
  } else if (option.choices) {
    control = h("select", described, ...option.choices.map((choice) => h("option", { value: choice, selected: choice === option.default }, t.choice(choice))));
  } else {
    const value = typeof option.default === "number" ? option.default : "";
    control = h("input", { ...described, type: "number", inputmode: "numeric", min: option.minimum, max: option.maximum, step: 1, value });
  }
  return h("div", { class: "field" }, h("label", { for: id }, t.option(option.name)), control, hint);
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
  const value = index === 0 ? loadLocal<string>(NAME_KEY, "") : t.playerN(index + 1);
  const name = h("input", { id: nameId, name: "player-name", required: true, maxlength: 40, value, autocomplete: index === 0 ? "nickname" : "off" });
  // An open seat gets its name from whoever takes it.
  const sync = (): void => { name.disabled = kind.value === OPEN; };
  const kind = h(
    "select",
    { id: kindId, name: "player-kind", onchange: sync },
    h("option", { value: HUMAN }, index === 0 ? t.kindYou : t.kindPerson),
    index > 0 ? h("option", { value: OPEN, selected: index === 1 }, t.kindOpen) : null,
    ...bots.map((bot) => h("option", { value: bot, selected: index > 1 && bot === "greedy" }, t.kindBot(bot))),
  );
  sync();
  return h(
    "li",
    { class: "player-row" },
    h("label", { for: nameId }, index === 0 ? t.yourName : t.playerName(index + 1)),
    name,
    h("label", { for: kindId }, t.playerIs(index + 1)),
    kind,
    removable ? h("button", { type: "button", class: "secondary", onclick: onRemove, "aria-label": t.removePlayer(index + 1) }, t.remove) : null,
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
  const addButton = h("button", { type: "button", class: "secondary", "data-key": "add-player" }, t.addPlayer);
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
  return h("fieldset", {}, h("legend", {}, t.players(type.min_players, type.max_players)), list, addButton);
}

/** The table settings (lobby listing, turn timer) described like options, by name. */
function settingDescriptions(settings: Record<string, TableSetting>): OptionDescription[] {
  return Object.entries(settings).map(([name, setting]) => ({ ...setting, name, type: setting.type as OptionDescription["type"] }));
}

/** "Quick game" or "Classic": a choice that fills in the options below it. */
function presetsFieldset(game: string, form: () => HTMLFormElement): HTMLFieldSetElement | null {
  const apply = (preset: Preset): void => {
    for (const [name, value] of Object.entries(preset.values)) {
      const field = form().elements.namedItem(name) as HTMLInputElement | null;
      if (field) field.value = value;
    }
  };
  const presets = rendererFor(game).presets();
  const radios = presets.map((preset, index) =>
    h("label", {}, h("input", { type: "radio", name: "preset", value: preset.id, id: `preset-${preset.id}`, checked: index === presets.length - 1, onchange: () => apply(preset) }), ` ${preset.label}`),
  );
  if (!presets.length) return null;
  return h("fieldset", { class: "radios presets" }, h("legend", {}, t.gameLength), radios);
}

function gameForm(client: Cardtable, type: GameType, settings: OptionDescription[], onCreated: (game: CreatedGame) => void): HTMLFormElement {
  const seed = h("input", { id: `seed-${type.game}`, name: "seed", type: "number", inputmode: "numeric", min: 0 });
  let form: HTMLFormElement | null = null;
  form = h(
    "form",
    { class: "new-game", "data-game": type.game, "aria-label": t.newGameOf(type.title) },
    playersFieldset(type),
    presetsFieldset(type.game, () => form as HTMLFormElement),
    h("fieldset", {}, h("legend", {}, t.table), ...settings.map(optionField)),
    h(
      "details",
      { class: "advanced", id: "advanced" },
      h("summary", {}, t.advanced),
      ...type.options.map(optionField),
      h("div", { class: "field" }, h("label", { for: seed.id }, t.seed), seed, h("span", { class: "hint" }, t.seedHint)),
    ),
    h("button", { type: "submit" }, t.startGame(type.title)),
  );
  // A game listed in the lobby cannot be seeded: its deal must stay secret.
  const listed = form.elements.namedItem("public") as HTMLInputElement | null;
  listed?.addEventListener("change", () => { seed.disabled = listed.checked; });
  const made = form;
  made.addEventListener("submit", (event) => {
    event.preventDefault();
    const seedText = seed.disabled ? "" : seed.value.trim();
    const table = readOptions(made, settings);
    const players = readPlayers(made);
    const mine = players[0];
    if (mine && "name" in mine && mine.name) saveLocal(NAME_KEY, mine.name);
    const request = { game: type.game as CreateGameRequest["game"], players, options: readOptions(made, type.options), ...table, ...(seedText ? { seed: Number(seedText) } : {}) };
    announce(t.creating);
    client.createGame(request).then(onCreated, (error: unknown) => announce(errorText(error), true));
  });
  return made;
}

export async function showNewGame(root: HTMLElement, client: Cardtable): Promise<void> {
  const catalog: GameTypes = await client.catalog();
  const types = boardGamesFirst(catalog.games, (type) => type.game);
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
  const tabs = h("div", { class: "choices", role: "group", "aria-label": t.game }, ...types.map((type) => h("button", { type: "button", class: "secondary", "data-game": type.game, onclick: () => choose(type) }, type.title)));
  root.replaceChildren(
    h("h1", {}, "Cardtable"),
    h("p", {}, t.intro1, h("a", { href: "/play/lobby" }, t.introLobby), t.intro2, h("a", { href: "/play/sheets" }, t.introSheet), t.intro3, h("a", { href: "/play/rules" }, t.rulesLink), "."),
    ratedLinks(),
    ...yourGames(),
    h("h2", {}, t.newGame),
    tabs,
    panel,
  );
  const first = types[0];
  if (first) choose(first);
}
