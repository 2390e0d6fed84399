/** "Your turn" signals while the page is in another tab or the phone is down: the tab's
 * title, a badge on the favicon, and (if the player turns it on) a short sound. */
import { h, loadLocal, saveLocal } from "./dom";
import { t } from "./i18n";

const SOUND_KEY = "cardtable.sound";
const CARD = "<rect x='6' y='2' width='20' height='28' rx='4' fill='%231c5234' stroke='%23fff' stroke-width='2'/>";
const BADGE = "<circle cx='24' cy='8' r='7' fill='%23d32f1e' stroke='%23fff' stroke-width='2'/>";
let wasMyTurn = false;
let audio: AudioContext | null = null;

function favicon(badge: boolean): string {
  return `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>${CARD}${badge ? BADGE : ""}</svg>`;
}

function beep(): void {
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // No audio here: the title and the badge still tell.
  }
}

/** Show whose turn it is in the tab; on the change to "yours", beep if the sound is on. */
export function signalTurn(myTurn: boolean, title: string): void {
  document.title = myTurn ? t.yourTurnTitle(title) : `${title} · Cardtable`;
  const icon = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (icon) icon.href = favicon(myTurn);
  document.documentElement.dataset["myTurn"] = String(myTurn);
  if (myTurn && !wasMyTurn && loadLocal<boolean>(SOUND_KEY, false)) beep();
  wasMyTurn = myTurn;
}

/** The "sound on my turn" switch (kept in this browser). */
export function soundSwitch(): HTMLElement {
  const box = h("input", { type: "checkbox", id: "sound", checked: loadLocal<boolean>(SOUND_KEY, false) });
  box.addEventListener("change", () => {
    saveLocal(SOUND_KEY, box.checked);
    if (box.checked) beep(); // a click may start audio: try it once now
  });
  return h("div", { class: "field sound" }, box, h("label", { for: "sound" }, t.sound));
}
