/** The "new game" page: a form generated from GET /game-types (every option, default, range). */
import type { Cardtable, CreatedGame, GameType, OptionDescription, PlayerRequest } from "../../../sdk/typescript/src/index";
import { announce, errorText, h, saveLocal } from "./dom";
import { rememberGame } from "./seats";

const HUMAN = "human";

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
  return h(
    "li",
    { class: "player-row" },
    h("label", { for: nameId }, `Player ${index + 1} name`),
    h("input", { id: nameId, name: "player-name", required: true, maxlength: 40, value: index === 0 ? "You" : `Player ${index + 1}`, autocomplete: "off" }),
    h("label", { for: kindId }, `Player ${index + 1} is`),
    h(
      "select",
      { id: kindId, name: "player-kind" },
      h("option", { value: HUMAN }, "a person"),
      ...bots.map((bot) => h("option", { value: bot, selected: index > 0 && bot === "greedy" }, `the server's ${bot} bot`)),
    ),
    removable ? h("button", { type: "button", class: "secondary", onclick: onRemove, "aria-label": `Remove player ${index + 1}` }, "Remove") : null,
  );
}

function readPlayers(form: HTMLFormElement): PlayerRequest[] {
  const names = [...form.querySelectorAll<HTMLInputElement>("[name=player-name]")];
  const kinds = [...form.querySelectorAll<HTMLSelectElement>("[name=player-kind]")];
  return names.map((input, index) => {
    const kind = kinds[index]?.value ?? HUMAN;
    return kind === HUMAN ? { name: input.value.trim() } : { name: input.value.trim(), bot: kind as "greedy" | "random" };
  });
}

function gameForm(client: Cardtable, type: GameType, onCreated: (game: CreatedGame) => void): HTMLFormElement {
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
    list.querySelectorAll<HTMLSelectElement>("[name=player-kind]").forEach((select, i) => { if (keptKinds[i] !== undefined) select.value = keptKinds[i]; });
    addButton.disabled = count >= type.max_players;
  }
  addButton.addEventListener("click", () => { count += 1; redraw(); });
  redraw();
  const form = h(
    "form",
    { class: "new-game", "data-game": type.game, "aria-label": `New ${type.title} game` },
    h("fieldset", {}, h("legend", {}, `Players (${type.min_players} to ${type.max_players})`), list, addButton),
    h("fieldset", {}, h("legend", {}, "Options"), ...type.options.map(optionField)),
    h("div", { class: "field" }, h("label", { for: `seed-${type.game}` }, "Seed (optional, for a reproducible deal)"), h("input", { id: `seed-${type.game}`, name: "seed", type: "number", inputmode: "numeric", min: 0 })),
    h("button", { type: "submit" }, `Start the ${type.title} game`),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const seedText = (form.elements.namedItem("seed") as HTMLInputElement).value.trim();
    const request = { game: type.game as "skyjo" | "skipbo", players: readPlayers(form), options: readOptions(form, type.options), ...(seedText ? { seed: Number(seedText) } : {}) };
    announce("Creating the game…");
    client.createGame(request).then(onCreated, (error: unknown) => announce(errorText(error), true));
  });
  return form;
}

export async function showNewGame(root: HTMLElement, client: Cardtable): Promise<void> {
  const types = await client.gameTypes();
  const panel = h("div", { class: "panel" });
  const onCreated = (game: CreatedGame): void => {
    rememberGame(game);
    const mine = game.players.find((player) => !player.bot) ?? game.players[0];
    if (!mine) return;
    saveLocal("cardtable.lastGame", game.id);
    location.assign(`/play/games/${game.id}#token=${mine.token}`);
  };
  const choose = (type: GameType): void => {
    panel.replaceChildren(gameForm(client, type, onCreated));
    for (const tab of tabs.querySelectorAll("button")) tab.setAttribute("aria-pressed", String(tab.dataset["game"] === type.game));
  };
  const tabs = h("div", { class: "choices", role: "group", "aria-label": "Game" }, ...types.map((type) => h("button", { type: "button", class: "secondary", "data-game": type.game, onclick: () => choose(type) }, type.title)));
  root.replaceChildren(
    h("h1", {}, "Cardtable"),
    h("p", {}, "Start a game, then send each person their seat's link. Playing with real cards? Keep score on a ", h("a", { href: "/play/sheets" }, "score sheet"), "."),
    h("h2", {}, "New game"),
    tabs,
    panel,
  );
  const first = types[0];
  if (first) choose(first);
}
