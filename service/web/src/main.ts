/** The web table's entry point: the language switch, then the page picked from the path. */
import { Cardtable } from "../../../sdk/typescript/src/index";
import { announce } from "./dom";
import { learnGames } from "./games";
import { errorText, lang, languageSwitch } from "./i18n";
import { showLobby } from "./lobby";
import { showLeaderboard } from "./leaderboard";
import { showNewGame } from "./newgame";
import { registerWorker } from "./offline";
import { showProfile } from "./profile";
import { showPlayNow, watchRatedEnd } from "./rated";
import { showReplay } from "./replay";
import { showRules } from "./rules";
import { showSheet, showSheets } from "./scoresheet";
import { showTable } from "./table";

async function route(root: HTMLElement, client: Cardtable): Promise<void> {
  await learnGames(client); // which games the server hosts, for the renderer lookup
  const path = location.pathname.replace(/^\/play\/?/, "").split("/").filter(Boolean);
  if (path[0] === "games" && path[1]) {
    watchRatedEnd(root, client, decodeURIComponent(path[1]));
    return showTable(root, client, decodeURIComponent(path[1]));
  }
  if (path[0] === "sheets" && path[1]) return showSheet(root, client, decodeURIComponent(path[1]));
  if (path[0] === "sheets") return showSheets(root, client);
  if (path[0] === "lobby") return showLobby(root, client);
  if (path[0] === "rules") return showRules(root);
  if (path[0] === "now") return showPlayNow(root, client);
  if (path[0] === "leaderboard") return showLeaderboard(root, client);
  if (path[0] === "players" && path[1]) return showProfile(root, client, decodeURIComponent(path[1]));
  if (path[0] === "replay" && path[1]) return showReplay(root, client, decodeURIComponent(path[1]));
  return showNewGame(root, client);
}

registerWorker();
document.documentElement.lang = lang;
document.body.prepend(languageSwitch());
const root = document.getElementById("app");
if (root) {
  route(root, new Cardtable("")).catch((error: unknown) => announce(errorText(error), true));
}
