/** The page's language: French or English, one catalogue each (lang/fr.ts, lang/en.ts).
 * French first when the browser asks for it; the switch on every page is remembered here. */
import { CardtableError } from "../../../sdk/typescript/src/index";
import { h, loadLocal, saveLocal } from "./dom";
import { en, type Catalogue } from "./lang/en";
import { fr } from "./lang/fr";

export type Lang = "fr" | "en";
const KEY = "cardtable.lang";
const CATALOGUES: Record<Lang, Catalogue> = { fr, en };

/** The chosen language, else the first of the browser's languages that is French or English. */
export function pickLang(stored: string | null, asked: readonly string[]): Lang {
  if (stored === "fr" || stored === "en") return stored;
  for (const tag of asked) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "fr" || base === "en") return base;
  }
  return "en";
}

export const lang: Lang = pickLang(loadLocal<string | null>(KEY, null), typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language]);

/** The catalogue of the page's language. */
export const t: Catalogue = CATALOGUES[lang];

/** "Français | English": switching keeps the page (and the seat in its fragment). */
export function languageSwitch(): HTMLElement {
  const choice = (code: Lang, label: string): HTMLElement =>
    h("button", { type: "button", class: "secondary", lang: code, "aria-pressed": String(code === lang), "data-lang": code, onclick: () => { saveLocal(KEY, code); location.reload(); } }, label);
  return h("nav", { class: "lang", "aria-label": t.language }, choice("fr", "Français"), choice("en", "English"));
}

/** An error as a player reads it: the catalogue's sentence for the API's stable code; the
 * server's English message only for a code the catalogue does not know yet. */
export function errorText(error: unknown): string {
  if (error instanceof CardtableError) return t.errors[error.code] ?? (error.code !== "http_error" ? error.message : error.status === 404 ? (t.errors["not_found"] ?? "") : t.errorHttp(error.status));
  // fetch() rejects with a TypeError when the network or the server cannot be reached.
  if (error instanceof TypeError) return t.errorNetwork;
  return error instanceof Error ? error.message : String(error);
}
