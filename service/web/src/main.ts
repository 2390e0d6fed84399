/** The web table's entry point: picks the page from the path under /play/. */
import { Cardtable } from "../../../sdk/typescript/src/index";
import { announce, errorText } from "./dom";
import { showLobby } from "./lobby";
import { showNewGame } from "./newgame";
import { showSheet, showSheets } from "./scoresheet";
import { showTable } from "./table";

function route(root: HTMLElement, client: Cardtable): Promise<void> {
  const path = location.pathname.replace(/^\/play\/?/, "").split("/").filter(Boolean);
  if (path[0] === "games" && path[1]) return showTable(root, client, decodeURIComponent(path[1]));
  if (path[0] === "sheets" && path[1]) return showSheet(root, client, decodeURIComponent(path[1]));
  if (path[0] === "sheets") return showSheets(root, client);
  if (path[0] === "lobby") return showLobby(root, client);
  return showNewGame(root, client);
}

const root = document.getElementById("app");
if (root) {
  route(root, new Cardtable("")).catch((error: unknown) => announce(errorText(error), true));
}
