"""The TypeScript client as a user gets it: `npm pack`, then the tarball installed offline
(its dependency packed from the repo's own node_modules, which `npm ci` filled) into

- a fresh Vite vanilla-ts project, written here as create-vite writes it, whose `npm run
  build` (tsc, then vite build) compiles docs/typescript.md's sample; files with one
  mistake per marked line (a move without its card, a misspelt view field...) must fail
  to compile on exactly those lines;
- a plain Node project whose ES module and CommonJS scripts, compiled with `tsc --init`'s
  defaults, each play a game against a live server.

The package is packed once per module; tools come from sdk/typescript/node_modules."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import tarfile
import threading
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.server.redis_server import RedisServer
from tests.support.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "sdk" / "typescript"
TOOLS = TS / "node_modules"
DOCS = ROOT / "docs" / "typescript.md"
# The package's runtime dependency and its own, packed from the installed toolchain.
DEPENDENCIES = ("openapi-fetch", "openapi-typescript-helpers")

pytestmark = pytest.mark.slow


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    path = f"{TOOLS / '.bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env={**os.environ, "PATH": path, "NO_COLOR": "1", **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout[-4000:]}{done.stderr[-4000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def tarballs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The client's tarball (built by its prepack script) and its dependencies'."""
    if not (TOOLS / ".bin" / "tsup").exists():
        pytest.fail("sdk/typescript/node_modules is missing: run `make install` (npm ci)")
    out = tmp_path_factory.mktemp("packed")
    packed = {"cardtable-client": TS, **{name: TOOLS / name for name in DEPENDENCIES}}
    found = {}
    for name, folder in packed.items():
        output = run("npm", "pack", "--json", "--pack-destination", out, folder, cwd=out)
        # The JSON report follows whatever the prepack build printed.
        files = json.loads(output[output.index("[\n") :])
        found[name] = out / files[0]["filename"]
    return found


def install(project: Path, tarballs: dict[str, Path], manifest: dict[str, object]) -> None:
    """package.json with the tarballs as dependencies, then an offline `npm install`."""
    deps = {name: f"file:{path}" for name, path in tarballs.items()}
    (project / "package.json").write_text(json.dumps({**manifest, "dependencies": deps}))
    run("npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", cwd=project)


def test_the_manifest_is_a_publishable_package(tarballs: dict[str, Path]) -> None:
    manifest = json.loads((TS / "package.json").read_text())
    service = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert manifest["version"] == service, "keep sdk/typescript/package.json's version in step"
    assert "private" not in manifest and manifest["sideEffects"] is False
    assert list(manifest["dependencies"]) == ["openapi-fetch"]
    assert manifest["engines"]["node"].startswith(">=")
    exports = manifest["exports"]["."]
    assert exports["import"] == {"types": "./dist/index.d.ts", "default": "./dist/index.js"}
    assert exports["require"] == {"types": "./dist/index.d.cts", "default": "./dist/index.cjs"}
    with tarfile.open(tarballs["cardtable-client"]) as tar:
        names = sorted(tar.getnames())
    assert names == [
        "package/README.md",
        "package/dist/index.cjs",
        "package/dist/index.d.cts",
        "package/dist/index.d.ts",
        "package/dist/index.js",
        "package/package.json",
    ]


def docs_sample() -> str:
    """The sample of docs/typescript.md ("A game in a few lines")."""
    section = DOCS.read_text().split("## A game in a few lines", 1)[1]
    match = re.search(r"```ts\n(.*?)```", section, re.S)
    assert match, "docs/typescript.md lost its sample"
    return match.group(1)


VITE_TSCONFIG = {
    # create-vite's vanilla-ts template
    "compilerOptions": {
        "target": "ES2022",
        "useDefineForClassFields": True,
        "module": "ESNext",
        "lib": ["ES2022", "DOM", "DOM.Iterable"],
        "types": ["vite/client"],
        "skipLibCheck": True,
        "moduleResolution": "bundler",
        "allowImportingTsExtensions": True,
        "verbatimModuleSyntax": True,
        "moduleDetection": "force",
        "noEmit": True,
        "strict": True,
        "noUnusedLocals": True,
        "noUnusedParameters": True,
        "erasableSyntaxOnly": True,
        "noFallthroughCasesInSwitch": True,
        "noUncheckedSideEffectImports": True,
    },
    "include": ["src"],
}
VITE_MAIN = """\
import { playSkyjo } from "./sample";

const app = document.querySelector<HTMLDivElement>("#app")!;
const button = document.createElement("button");
button.textContent = "Play Skyjo";
button.addEventListener("click", () => {
  const log = (line: string) => app.append(`${line}\\n`);
  void playSkyjo(location.origin, log).then((totals) => log(`totals ${totals.join(", ")}`));
});
app.append(button);
"""

FEW = """\
import { isRaceLost, isSkyjo, type GameView } from "cardtable-client";

export function describe(view: GameView, error: unknown): string {
  return `${isSkyjo(view) ? view.discard_top : "-"} ${isRaceLost(error)}`;
}
console.log(describe);
"""

# Each line marked `// ERROR` must be a compile error, and no other line may be.
MISTAKES = {
    "move.ts": """\
import type { Cardtable, SkipBoMove, SkyjoMove } from "cardtable-client";
export async function moves(table: Cardtable): Promise<void> {
  const skipbo = table.seat("id", "token", "skipbo");
  await skipbo.move({ type: "play", source: "hand", card: 0, target: 1 });
  await skipbo.move({ type: "play", source: "hand", target: 1 }); // ERROR: no card
  await skipbo.move({ type: "draw" }); // ERROR: a Skyjo move at a Skip-Bo seat
  await table.seat("id", "token").move({ type: "play" }); // ERROR: either game, still exact
  const stock: SkipBoMove = { type: "play", source: "stock", target: 2 };
  const wrong: SkipBoMove = { type: "play", source: "stock", target: 2, pile: 1 }; // ERROR
  const draw: SkyjoMove = { type: "draw" };
  const typo: SkyjoMove = { type: "reveals", row: 0, col: 1 }; // ERROR: the type misspelt
  void [stock, wrong, draw, typo];
}
""",
    "view.ts": """\
import { isSkipBo, type Cardtable } from "cardtable-client";
export async function views(table: Cardtable): Promise<void> {
  const view = await table.seat("id", "token", "skyjo").view();
  if (view.phase === "waiting") return;
  console.log(view.players[0]?.grid, view.discard_top, view.drawn?.card);
  console.log(view.playerz); // ERROR: a misspelt view field
  console.log(view.building_piles); // ERROR: a Skip-Bo field on a Skyjo view
  const any = await table.seat("id", "token").view();
  if (isSkipBo(any)) console.log(any.building_piles[0]?.next);
  console.log(any.discard_top); // ERROR: not narrowed to a game
}
""",
    "event.ts": """\
import type { GameEvent } from "cardtable-client";
export function events(event: GameEvent): void {
  if (event.type === "move" && event.cells) console.log(event.cells[0]?.card, event.move.type);
  if (event.type === "round_end") console.log(event.scores, event.totals);
  if (event.type === "rematch") console.log(event.game_id);
  if (event.type === "join") {
    const id: string = event.game_id; // ERROR: a join has no game id (it reads undefined)
    console.log(id, event.name);
  }
  console.log(event.cellz); // ERROR: a misspelt event field
}
""",
}


@pytest.fixture(scope="module")
def vite_project(tmp_path_factory: pytest.TempPathFactory, tarballs: dict[str, Path]) -> Path:
    project = tmp_path_factory.mktemp("vite-project")
    manifest = {
        "name": "vite-project",
        "private": True,
        "version": "0.0.0",
        "type": "module",
        "scripts": {"dev": "vite", "build": "tsc && vite build", "preview": "vite preview"},
    }
    install(project, tarballs, manifest)
    # The build tools are the repo's pinned ones (create-vite would install the same two).
    for tool in ("vite", "typescript"):
        (project / "node_modules" / tool).symlink_to(TOOLS / tool)
    (project / "tsconfig.json").write_text(json.dumps(VITE_TSCONFIG, indent=2))
    (project / "index.html").write_text(
        '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Cardtable</title>'
        '</head><body><div id="app"></div><script type="module" src="/src/main.ts"></script>'
        "</body></html>\n"
    )
    (project / "src").mkdir()
    (project / "src" / "main.ts").write_text(VITE_MAIN)
    (project / "src" / "sample.ts").write_text(docs_sample())
    # A second page that uses two helpers only, for what tree-shaking leaves.
    (project / "few.html").write_text(
        '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Few</title>'
        '</head><body><script type="module" src="/src/few.ts"></script></body></html>\n'
    )
    (project / "src" / "few.ts").write_text(FEW)
    (project / "vite.few.config.js").write_text(
        'export default { build: { outDir: "dist-few", rollupOptions: { input: "few.html" } } };\n'
    )
    return project


def test_a_vite_project_builds_the_docs_sample(vite_project: Path) -> None:
    run("npm", "run", "build", cwd=vite_project)
    bundles = list((vite_project / "dist" / "assets").glob("*.js"))
    assert len(bundles) == 1
    script = bundles[0].read_text()
    # The client's stream reading and its retries made it in, from the ES module build.
    assert "Last-Event-ID" in script and "text/event-stream" in script
    # Two helpers alone bring neither the session nor openapi-fetch (sideEffects: false).
    run(TOOLS / ".bin" / "vite", "build", "-c", "vite.few.config.js", cwd=vite_project)
    (few,) = (vite_project / "dist-few" / "assets").glob("*.js")
    small = few.read_text()
    assert "Last-Event-ID" not in small and "querySerializer" not in small
    assert len(small) < len(script) / 10, (len(small), len(script))


def test_mistakes_are_compile_errors_on_their_lines(vite_project: Path) -> None:
    mistakes = vite_project / "mistakes"
    mistakes.mkdir()
    expected = set()
    for name, text in MISTAKES.items():
        (mistakes / name).write_text(text)
        for number, line in enumerate(text.splitlines(), start=1):
            if "// ERROR" in line:
                expected.add((f"mistakes/{name}", number))
    config = {"extends": "./tsconfig.json", "include": ["mistakes"]}
    (vite_project / "tsconfig.mistakes.json").write_text(json.dumps(config))
    done = subprocess.run(
        [str(TOOLS / ".bin" / "tsc"), "-p", "tsconfig.mistakes.json", "--pretty", "false"],
        cwd=vite_project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors = re.findall(r"^(mistakes/[\w.]+)\((\d+),\d+\): error TS\d+", done.stdout, re.M)
    assert done.returncode != 0
    assert {(file, int(line)) for file, line in errors} == expected, done.stdout


PLAY = """\
// A whole game, seat 0 playing its first legal move each turn against the server's bot,
// while a second session of the same seat follows the game's events.
IMPORTS

declare const process: { env: Record<string, string | undefined>; exitCode?: number };

async function main(): Promise<void> {
  const table = new Cardtable(process.env["CARDTABLE_URL"]);
  const players = [{ name: "Ann" }, { name: "Bot", bot: "greedy" as const }];
  const game = await table.createGame({ game: GAME, players, options: OPTIONS, seed: 11 });
  const token = game.players[0]?.token;
  if (!token) throw new Error("seat 0 has no token");
  const seat = table.seat(game.id, token, game.game);
  const events: GameEvent[] = [];
  const watcher = table.seat(game.id, token, game.game);
  const watching = watcher.watch((event) => events.push(event), new AbortController().signal);
  let moves = 0;
  for (;;) {
    const { view, legal } = await seat.turn();
    if (view.finished) break;
    const move = legal.moves[0];
    if (!move) {
      await seat.poll(view.version, 5);
      continue;
    }
    try {
      await seat.move(move);
      moves += 1;
    } catch (error) {
      if (!isRaceLost(error)) throw error;
    }
  }
  await watching;
  const score = await seat.score();
  const mine = events.filter((event) => event.type === "move" && event.seat === 0).length;
  const last = events.at(-1)?.type;
  const { finished } = score;
  console.log(JSON.stringify({ module: MODULE, game: game.game, finished, moves, mine, last }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
"""
# A CommonJS module under verbatimModuleSyntax imports with `import = require()`.
IMPORTS = {
    "esm": 'import { Cardtable, isRaceLost, type GameEvent } from "cardtable-client";',
    "cjs": 'import client = require("cardtable-client");\n'
    'import type { GameEvent } from "cardtable-client";\n'
    "const { Cardtable, isRaceLost } = client;",
}
SCRIPTS = {
    "play.mts": ("esm", "skyjo", {"max_rounds": 1}),
    "play.cts": ("cjs", "skipbo", {"stock_size": 5}),
}


@pytest.fixture(scope="module")
def node_project(tmp_path_factory: pytest.TempPathFactory, tarballs: dict[str, Path]) -> Path:
    """A plain Node project with the package installed, its TypeScript scripts compiled
    with `tsc --init`'s defaults, and a plain ES module script beside them."""
    project = tmp_path_factory.mktemp("node-project")
    install(project, tarballs, {"name": "node-scripts", "private": True, "type": "module"})
    run(TOOLS / ".bin" / "tsc", "--init", cwd=project)
    for name, (module, game, options) in SCRIPTS.items():
        source = PLAY.replace("IMPORTS", IMPORTS[module]).replace("MODULE", json.dumps(module))
        source = source.replace("GAME", json.dumps(game)).replace("OPTIONS", json.dumps(options))
        (project / name).write_text(source)
    run(TOOLS / ".bin" / "tsc", "-p", ".", cwd=project)
    (project / "follow.mjs").write_text(FOLLOW)
    return project


def test_node_esm_and_cjs_scripts_play_a_game(node_project: Path, live_server: LiveServer) -> None:
    compiled = (node_project / "play.cjs").read_text()
    assert 'require("cardtable-client")' in compiled and "import " not in compiled
    for script, game in (("play.mjs", "skyjo"), ("play.cjs", "skipbo")):
        output = run("node", script, cwd=node_project, env={"CARDTABLE_URL": live_server.url})
        result = json.loads(output.strip().splitlines()[-1])
        assert result["game"] == game and result["finished"] is True, result
        # Every move the script made came back on its event feed, which ended with the game.
        assert result["moves"] > 0 and result["mine"] == result["moves"], result
        assert result["last"] == "game_end", result


FOLLOW = """\
// Follows seat 0 of a game: one JSON line per event and per change of the feed's state,
// until `process.argv[3]` move events have come.
import { Cardtable, streamOrPoll } from "cardtable-client";

const [url, gameId, token, wanted] = [process.env.CARDTABLE_URL, ...process.argv.slice(2)];
const seat = new Cardtable(url).seat(gameId, token);
seat.version = 0;
const stop = new AbortController();
let moves = 0;
const onState = ({ status, via }) => console.log(JSON.stringify({ status, via }));
const feed = streamOrPoll({ maxBackoffMs: 1000, onState });
await seat.watch((event) => {
  console.log(JSON.stringify({ event }));
  if (event.type === "move" && ++moves === Number(wanted)) stop.abort();
}, stop.signal, feed);
"""


class Lines:
    """A child process's output lines, read as they come (a thread per process)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.process = process
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def until(self, found: Callable[[dict[str, Any]], bool], timeout: float = 60) -> list[Any]:
        """Every parsed line up to and including the first that `found` accepts."""
        seen: list[Any] = []
        while True:
            line = self.lines.get(timeout=timeout)
            assert line is not None, f"the script ended: {seen}"
            seen.append(json.loads(line))
            if found(seen[-1]):
                return seen


def test_a_node_script_follows_a_game_through_a_server_outage(
    node_project: Path, redis_server: RedisServer
) -> None:
    """The server stops for a few seconds mid-game and comes back: the script's feed
    retries the whole time, resumes, and gets every move once, in order."""
    server = LiveServer(redis_url=redis_server.url, workers=1).start()
    try:
        game = httpx.post(
            f"{server.url}/games",
            json={"game": "skyjo", "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 5},
            timeout=10,
        ).json()
        ann, ben = (player["token"] for player in game["players"])
        moves = [{"type": "reveal", "row": 0, "col": col} for col in range(3)]

        def move(token: str, body: dict[str, Any]) -> None:
            answer = httpx.post(
                f"{server.url}/games/{game['id']}/moves",
                json={"move": body},
                headers={"Authorization": f"Bearer {token}"},
                timeout=10,
            )
            assert answer.status_code == 200, answer.text

        script = subprocess.Popen(
            ["node", "follow.mjs", game["id"], ann, str(len(moves))],
            cwd=node_project,
            env={**os.environ, "CARDTABLE_URL": server.url},
            stdout=subprocess.PIPE,
            text=True,
        )
        lines = Lines(script)
        lines.until(lambda line: line.get("status") == "live")
        move(ben, moves[0])
        lines.until(lambda line: "event" in line)
        port = server.port
        server.stop()
        during = lines.until(lambda line: line.get("status") == "retrying")
        time.sleep(3)  # the outage goes on: the feed keeps retrying
        server = LiveServer(redis_url=redis_server.url, workers=1, port=port).start()
        move(ben, moves[1])
        move(ann, moves[2])
        after = lines.until(lambda line: line.get("event", {}).get("version") == 3)
        assert script.wait(timeout=60) == 0
    finally:
        server.stop()
    events = [line["event"] for line in during + after if "event" in line]
    assert [(event["version"], event["move"]) for event in events] == [
        (2, moves[1]),
        (3, moves[2]),
    ]
    states = [line["status"] for line in after if "status" in line]
    assert "retrying" in states and states[-1] == "live", states
