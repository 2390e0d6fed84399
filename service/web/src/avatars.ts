/** The players this device knows, for score sheets: a photo (taken or picked on the phone,
 * downscaled here and kept in this browser's storage only: never uploaded) or an initials
 * avatar. A player is known by name, so their photo follows them from sheet to sheet. */
import { h, loadLocal, saveLocal } from "./dom";
import { t } from "./i18n";

interface KnownPlayer {
  name: string;
  /** A small JPEG as a data: URL, or none (initials are drawn). */
  photo?: string;
}

const KEY = "cardtable.players";
/** The photo's side in pixels: enough for a 3 rem avatar on a dense phone screen, a few KB. */
export const PHOTO_SIDE = 128;
const KEPT_PLAYERS = 60;

function keyOf(name: string): string {
  return name.normalize("NFKC").toLocaleLowerCase();
}

export function knownPlayers(): KnownPlayer[] {
  return loadLocal<KnownPlayer[]>(KEY, []);
}

function save(players: KnownPlayer[]): void {
  saveLocal(KEY, players.slice(0, KEPT_PLAYERS));
}

function update(name: string, change: (player: KnownPlayer) => KnownPlayer): void {
  const players = knownPlayers();
  const found = players.find((player) => keyOf(player.name) === keyOf(name));
  const rest = players.filter((player) => player !== found);
  save([change(found ?? { name }), ...rest]);
}

/** Keep these players on the device (the most recent first), photos untouched. */
export function rememberPlayers(names: string[]): void {
  for (const name of [...names].reverse()) update(name, (player) => ({ ...player, name }));
}

export function photoOf(name: string): string | undefined {
  return knownPlayers().find((player) => keyOf(player.name) === keyOf(name))?.photo;
}

export function setPhoto(name: string, photo: string | undefined): void {
  update(name, (player) => {
    const { photo: _old, ...rest } = player;
    return photo ? { ...rest, photo } : rest;
  });
}

/** "Béa Martin" → "BM", "zoé" → "Z". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? "")][0]?.toLocaleUpperCase() ?? "").join("");
}

/** One of 8 backgrounds (each AA with white text), the same for a name on every sheet. */
function hue(name: string): number {
  let sum = 0;
  for (const char of keyOf(name)) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 997;
  return sum % 8;
}

/** The avatar beside a name (decorative: the name is always written next to it). */
export function avatar(name: string): HTMLElement {
  const photo = photoOf(name);
  return h("span", { class: `avatar hue-${hue(name)}`, "aria-hidden": "true", "data-avatar": photo ? "photo" : "initials" }, photo ? h("img", { src: photo, alt: "" }) : initials(name));
}

/** A picked image, cropped to a centred square and downscaled to PHOTO_SIDE, as JPEG. */
export async function downscale(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = PHOTO_SIDE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error(t.photoUnreadable);
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, PHOTO_SIDE, PHOTO_SIDE);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.8);
}

/** Per player: the avatar, "choose a photo" (the phone offers its camera) and "remove". */
export function photoControls(names: string[], changed: () => void, open = false): HTMLElement {
  const row = (name: string, index: number): HTMLElement => {
    const id = `photo-${index}`;
    const input = h("input", { type: "file", id, accept: "image/*", class: "visually-hidden", "data-photo-input": index });
    const note = h("span", { class: "small", role: "status" });
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      if (!file) return;
      downscale(file).then(
        (photo) => {
          setPhoto(name, photo);
          changed();
        },
        () => (note.textContent = t.photoUnreadable),
      );
    });
    const remove = photoOf(name) ? h("button", { type: "button", class: "secondary", "data-photo-remove": index, onclick: () => { setPhoto(name, undefined); changed(); } }, t.photoRemove(name)) : null;
    return h("li", { class: "photo-row" }, avatar(name), h("span", { class: "name" }, name), input, h("label", { for: id, class: "button secondary" }, t.photoChoose(name)), remove, note);
  };
  return h("details", { class: "photos", id: "photos", open }, h("summary", {}, t.photosSummary), h("p", { class: "hint" }, t.photosHint), h("ul", {}, names.map(row)));
}
