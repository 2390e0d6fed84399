"""`cardtable-ladder` as a bot author runs it, in a subprocess against the live server:
it creates a bot player, plays N rated games against the server's bots (two at once) and
exits 0 with its summary; Ctrl-C (SIGINT) cancels its waiting ticket, or lets the game
under way end, and still exits 0 with the summary."""

from __future__ import annotations

import queue
import re
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path

from cardtable_sdk import Cardtable
from tests.support.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = ROOT / "sdk" / "examples" / "skyjo_random.py"
LADDER = Path(sys.executable).parent / "cardtable-ladder"
GUARD_SECONDS = 300
"""How long to wait for a line the ladder must print before calling the test failed (a
guard against a hang, not a timing assertion)."""


class Ladder:
    """A running cardtable-ladder whose output lines are read as they come."""

    def __init__(self, *args: str) -> None:
        command = (
            [str(LADDER)] if LADDER.exists() else [sys.executable, "-m", "cardtable_sdk.ladder"]
        )
        self.process = subprocess.Popen(
            [*command, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, pattern: str) -> re.Match[str]:
        while True:
            line = self.lines.get(timeout=GUARD_SECONDS)
            assert line is not None, f"the ladder ended without {pattern!r}: {self.seen}"
            self.seen.append(line)
            if found := re.search(pattern, line):
                return found

    def finish(self) -> tuple[int, list[str]]:
        code = self.process.wait(timeout=GUARD_SECONDS)
        while (line := self.lines.get(timeout=GUARD_SECONDS)) is not None:
            self.seen.append(line)
        return code, self.seen


def test_the_ladder_plays_n_games_two_at_once_and_reports(
    table: Cardtable, live_server: LiveServer
) -> None:
    name = f"Ladder{secrets.token_hex(4)}"
    ladder = Ladder(
        "--url", live_server.url, "--name", name, "--game", "skyjo",
        "--bot", str(RANDOM_BOT), "--games", "3", "--parallel", "2",
    )  # fmt: skip
    player_id = ladder.wait_for(r"created bot player .*, id (\S+)").group(1)
    key = ladder.wait_for(r"its key .*: (\S+)$").group(1)
    code, lines = ladder.finish()
    assert code == 0, lines
    summary = lines[-1]
    assert summary.startswith("3 game(s) of skyjo played"), "\n".join(lines)
    games = [
        line.split()[1].rstrip(":") for line in lines if re.match(r"game \S+: (won|lost)", line)
    ]
    assert len(set(games)) == 3
    profile = table.profile(player_id)
    rating = profile.rating("skyjo")
    assert rating is not None and rating.games == 3
    assert summary.endswith(f"-> {rating.rating:.2f}")
    for game_id in games:
        score = table.spectate(game_id).score()
        assert player_id in {entry["player"] for entry in score["ratings"]}
    assert key not in "\n".join(lines[2:])  # the key is printed once, at creation only


def test_ctrl_c_cancels_the_waiting_ticket_and_exits_0(
    table: Cardtable, live_server: LiveServer
) -> None:
    created = table.create_player(f"Patient{secrets.token_hex(4)}", kind="bot")
    # A bot that only accepts humans, with none queueing: its ticket waits until Ctrl-C.
    ladder = Ladder(
        "--url", live_server.url, "--key", created.key, f"--id={created.id}",
        "--game", "skyjo", "--bot", str(RANDOM_BOT), "--opponents", "humans",
    )  # fmt: skip
    ticket = ladder.wait_for(r"queued: ticket (\S+)").group(1)
    ladder.process.send_signal(signal.SIGINT)
    code, lines = ladder.finish()
    assert code == 0, lines
    assert f"ticket {ticket} cancelled" in lines, lines
    assert lines[-1].startswith("0 game(s) of skyjo played"), lines
    player = table.player_session(created.key, created.id)
    assert player.ticket(ticket).status == "cancelled"
    # Nothing is left in the queue: the player may queue again at once.
    player.cancel(player.enqueue("skyjo", 2, opponents="humans"))


def test_ctrl_c_during_a_game_lets_it_end_and_exits_0(
    table: Cardtable, live_server: LiveServer
) -> None:
    created = table.create_player(f"Stopper{secrets.token_hex(4)}", kind="bot")
    ladder = Ladder(
        "--url", live_server.url, "--key", created.key,
        "--game", "skyjo", "--bot", str(RANDOM_BOT), "--games", "5",
    )  # fmt: skip
    game_id = ladder.wait_for(r"matched: game ([^,\s]+),").group(1)
    ladder.process.send_signal(signal.SIGINT)
    code, lines = ladder.finish()
    assert code == 0, lines
    assert any(re.match(rf"game {re.escape(game_id)}: (won|lost) ", line) for line in lines), lines
    assert lines[-1].startswith("1 game(s) of skyjo played"), lines
    rating = table.profile(created.id).rating("skyjo")
    assert rating is not None and rating.games == 1
    assert lines[-1].endswith(f"-> {rating.rating:.2f}")


def _finished_games(lines: list[str]) -> list[str]:
    return [
        line.split()[1].rstrip(":") for line in lines if re.match(r"game \S+: (won|lost)", line)
    ]


def test_the_ladder_plays_n_duplicate_sets_and_each_is_rated_once(
    table: Cardtable, live_server: LiveServer
) -> None:
    created = table.create_player(f"Dup{secrets.token_hex(4)}", kind="bot")
    ladder = Ladder(
        "--url", live_server.url, "--key", created.key, f"--id={created.id}",
        "--game", "skyjo", "--bot", str(RANDOM_BOT), "--games", "2", "--duplicate",
    )  # fmt: skip
    code, lines = ladder.finish()
    assert code == 0, lines
    summary = lines[-1]
    assert summary.startswith("4 game(s) of skyjo played"), "\n".join(lines)
    assert "in 2 duplicate set(s)" in summary, summary
    sets = [line for line in lines if line.startswith("matched: duplicate set")]
    assert len(sets) == 2, lines
    games = _finished_games(lines)
    assert len(set(games)) == 4
    rating = table.profile(created.id).rating("skyjo")
    assert rating is not None and rating.games == 2  # once a set, not once a game
    assert summary.endswith(f"-> {rating.rating:.2f}")
    results = [table.spectate(game_id).score() for game_id in games]
    for score in results:
        assert score["set"]["pending"] is False
        assert created.id in {entry["player"] for entry in score["ratings"]}


def test_ctrl_c_during_a_duplicate_set_lets_its_games_end_and_exits_0(
    table: Cardtable, live_server: LiveServer
) -> None:
    created = table.create_player(f"DupStop{secrets.token_hex(4)}", kind="bot")
    ladder = Ladder(
        "--url", live_server.url, "--key", created.key, f"--id={created.id}",
        "--game", "skyjo", "--bot", str(RANDOM_BOT), "--games", "5", "--duplicate",
    )  # fmt: skip
    ladder.wait_for(r"matched: duplicate set \S+:")
    ladder.process.send_signal(signal.SIGINT)
    code, lines = ladder.finish()
    assert code == 0, lines
    assert lines[-1].startswith("2 game(s) of skyjo played"), lines
    assert "in 1 duplicate set(s)" in lines[-1], lines
    rating = table.profile(created.id).rating("skyjo")
    assert rating is not None and rating.games == 1
