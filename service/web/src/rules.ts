/** The rules page: each game in a few lines, in the page's language (#skyjo, #skipbo). */
import { h } from "./dom";
import { t } from "./i18n";

export function showRules(root: HTMLElement): void {
  const game = (id: string, title: string, lines: string[]): HTMLElement =>
    h("section", { id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, title), h("ol", { class: "rules" }, lines.map((line) => h("li", {}, line))));
  root.replaceChildren(
    h("h1", {}, t.rules),
    h("p", {}, t.rulesIntro),
    game("skyjo", "Skyjo", t.rulesSkyjo),
    game("skipbo", "Skip-Bo", t.rulesSkipBo),
    h("p", {}, h("a", { href: "/play/" }, t.back)),
  );
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
