"""Every kind of write sent to a real server whose link to Redis loses replies, each answer
checked against what Redis holds right after it: creates (with and without a key), moves
(with and without If-Match, and with a stale one), joins (the last seat included), leaves,
starts, rematches, and score sheets (created, rounds added, replaced and deleted, with and
without a key or If-Match). One client, one request at a time, so that what changed in Redis
between two answers is that request's doing alone.

A wrong answer is one Redis contradicts: a 4xx for a write that happened, a 2xx for one that
did not (or a seat whose stored token is not the one answered), a 500, or a 503 other than
`outcome_unknown` for a write that happened. `outcome_unknown` is always true; a keyed
request is then sent again until it is answered, and that answer is checked too.
Used by tests/e2e/test_lossy_redis.py and bench/lossy_writes.py."""

from __future__ import annotations

import random
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import redis

from cardtable.games.live_table import Game
from cardtable.games.service import SMALL_FIELDS, GameService
from cardtable.store import DocumentStore, NotFound
from cardtable_engine.host import hash_token

BOT = {"name": "Bot", "bot": "greedy"}


@dataclass
class Tally:
    writes: Counter[str] = field(default_factory=Counter)
    unknown: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.writes.values())


class LossyWrites:
    def __init__(self, base_url: str, redis_url: str, prefix: str, seed: int = 1):
        self.http = httpx.Client(base_url=base_url, timeout=30)
        client = redis.Redis.from_url(redis_url)
        self.games = GameService(DocumentStore(client, "game", prefix=prefix))
        self.sheets = DocumentStore(client, "sheet", prefix=prefix)
        self.rng = random.Random(seed)
        self.tally = Tally()

    # ---- what Redis holds ------------------------------------------------------------

    def stored(self, game_id: str) -> Game | None:
        """The game as stored, read without running timers or bots (None: not stored)."""
        try:
            return self.games._read(self.games.store.load(game_id, SMALL_FIELDS))
        except NotFound:
            return None

    def version(self, game_id: str) -> int:
        game = self.stored(game_id)
        return -1 if game is None else game.version

    # ---- sending and judging ---------------------------------------------------------

    def sheet_version(self, sheet_id: str) -> int:
        try:
            return self.sheets.load(sheet_id).version
        except NotFound:
            return -1

    def send(
        self, kind: str, path: str, body: Any = None, method: str = "POST", **headers: str
    ) -> httpx.Response:
        self.tally.writes[kind] += 1
        answer = self.http.request(method, path, json=body, headers=headers)
        if answer.status_code == 503 and answer.json().get("code") == "outcome_unknown":
            self.tally.unknown[kind] += 1
        return answer

    def keyed(
        self, kind: str, path: str, body: Any = None, method: str = "POST", **headers: str
    ) -> httpx.Response:
        """Sent with a fresh key, again with the same key after outcome_unknown."""
        headers["Idempotency-Key"] = str(uuid.uuid4())
        for _ in range(20):
            answer = self.send(kind, path, body, method, **headers)
            if not _unknown(answer):
                return answer
        return answer

    def judge(self, kind: str, answer: httpx.Response, happened: bool, ok: bool) -> None:
        """`happened`: Redis shows the write; `ok`: the answer is a success."""
        if _unknown(answer):
            return
        status = answer.status_code
        if status >= 500 and not (status == 503 and not happened):
            self.tally.wrong.append(f"{kind}: {status} {answer.text[:200]}")
        elif ok != happened:
            self.tally.wrong.append(
                f"{kind}: answered {status} but Redis shows it {'' if happened else 'not '}"
                f"applied: {answer.text[:200]}"
            )

    # ---- the writes ------------------------------------------------------------------

    def create(self, players: list[dict[str, Any]], keyed: bool) -> dict[str, Any] | None:
        body = {"game": "skyjo", "players": players}
        answer = (
            self.keyed("create", "/games", body) if keyed else self.send("create", "/games", body)
        )
        if answer.status_code != 201:
            self.judge("create", answer, False, False)  # no id to look at: must be no 4xx
            return None
        created: dict[str, Any] = answer.json()
        game = self.stored(created["id"])
        tokens_match = game is not None and all(
            p["token"] is None or game.seats[p["seat"]].token_sha256 == hash_token(p["token"])
            for p in created["players"]
        )
        self.judge("create", answer, tokens_match, True)
        return created

    def play(self, game_id: str, token: str, moves: int) -> int:
        """Up to `moves` moves of seat 0: blind, with If-Match, now and then a stale one."""
        auth = {"Authorization": f"Bearer {token}"}
        for turn in range(moves):
            game = self.stored(game_id)
            if game is None or game.finished:
                return turn
            legal = game.state.legal_moves(0)
            if not legal:
                return turn
            before = game.version
            headers = dict(auth)
            if turn % 3 == 1:
                headers["If-Match"] = f'"{before}"'
            elif turn % 7 == 6 and before > 0:
                headers["If-Match"] = f'"{before - 1}"'
            move = self.rng.choice(legal)
            answer = self.send("move", f"/games/{game_id}/moves", {"move": move}, **headers)
            after = self.version(game_id)
            ok = answer.status_code == 200
            if ok and answer.json()["version"] != after:
                self.tally.wrong.append(f"move: answered version {answer.json()['version']}, "
                                        f"Redis holds {after}")  # fmt: skip
            self.judge("move", answer, after != before, ok)
        return moves

    def join(self, game_id: str, invite: str, name: str) -> str | None:
        game = self.stored(game_id)
        open_before = len(game.open_seats) if game else 0
        answer = self.keyed("join", f"/games/{game_id}/join", {"name": name, "invite": invite})
        after = self.stored(game_id)
        if answer.status_code == 201:
            grant = answer.json()
            held = after is not None and after.seats[grant["seat"]].token_sha256 == hash_token(
                grant["token"]
            )
            self.judge("join", answer, held, True)
            if after is not None and len(after.open_seats) != open_before - 1:
                self.tally.wrong.append(f"join: {open_before} open seats before, "
                                        f"{len(after.open_seats)} after one join")  # fmt: skip
            return str(grant["token"])
        happened = after is not None and len(after.open_seats) < open_before
        self.judge("join", answer, happened, False)
        return None

    def leave(self, game_id: str, token: str) -> None:
        before = self.version(game_id)
        answer = self.keyed(
            "leave", f"/games/{game_id}/leave", None, Authorization=f"Bearer {token}"
        )
        self.judge("leave", answer, self.version(game_id) != before, answer.status_code == 200)

    def start(self, game_id: str, token: str) -> None:
        before = self.version(game_id)
        auth = {"Authorization": f"Bearer {token}"}
        answer = self.keyed("start", f"/games/{game_id}/start", {"fill": "greedy"}, **auth)
        self.judge("start", answer, self.version(game_id) != before, answer.status_code == 200)

    def rematch(self, game_id: str, token: str) -> None:
        answer = self.keyed("rematch", f"/games/{game_id}/rematch", None,
                            Authorization=f"Bearer {token}")  # fmt: skip
        if answer.status_code != 201:
            old = self.stored(game_id)
            new = self.stored(old.hosting.rematch) if old and old.hosting.rematch else None
            held = new is not None and new.seats[0].token_sha256 is not None
            self.judge("rematch", answer, held, False)
            return
        grant = answer.json()
        new = self.stored(grant["id"])
        held = new is not None and new.seats[grant["seat"]].token_sha256 == hash_token(
            grant["token"]
        )
        self.judge("rematch", answer, held, True)

    def sheet(self, keyed: bool, edits: int) -> None:
        """A Skyjo score sheet, then `edits` edits: mostly rounds added, now and then the
        last one replaced or deleted; every other one keyed, every third with If-Match
        (now and then a stale one)."""
        body = {"game": "skyjo", "players": ["Ann", "Ben"]}
        send = self.keyed if keyed else self.send
        answer = send("sheet", "/scoresheets", body)
        if answer.status_code != 201:
            self.judge("sheet", answer, False, False)
            return
        created = answer.json()
        try:
            stored = self.sheets.load(created["id"]).document["token_sha256"]
        except NotFound:
            stored = None
        self.judge("sheet", answer, stored == hash_token(created["edit_token"]), True)
        path = f"/scoresheets/{created['id']}/rounds"
        auth = {"Authorization": f"Bearer {created['edit_token']}"}
        for turn in range(edits):
            before = self.sheet_version(created["id"])
            headers = dict(auth)
            if turn % 3 == 1:
                headers["If-Match"] = f'"{before}"'
            elif turn % 7 == 6 and before > 0:
                headers["If-Match"] = f'"{before - 1}"'
            entry = {"card_totals": [self.rng.randint(0, 20), 25], "finisher": 0}
            method, where, round_ = (
                ("DELETE", "/last", None)
                if turn % 5 == 4
                else ("PUT", "/last", entry)
                if turn % 4 == 3
                else ("POST", "", entry)
            )
            send = self.keyed if turn % 2 else self.send
            answer = send("sheet edit", path + where, round_, method, **headers)
            after = self.sheet_version(created["id"])
            ok = answer.status_code in (200, 201)
            answered = answer.json().get("version") if ok else after
            if answered != after:
                self.tally.wrong.append(f"sheet edit: answered v{answered}, Redis holds v{after}")
            self.judge("sheet edit", answer, after != before, ok)

    # ---- a round of every kind -------------------------------------------------------

    def round(self, moves: int = 30) -> None:
        """One of each: a game against a bot created without a key and played for `moves`
        moves; one created with a key, played to its end and rematched; a table whose seats
        are joined (the last one too, then one join too many) and left; a table started
        early; and two score sheets (one created with a key) with their edits."""
        for keyed, limit in ((False, moves), (True, 10_000)):
            created = self.create([{"name": "Ann"}, BOT], keyed)
            if created:
                token = created["players"][0]["token"]
                if self.play(created["id"], token, limit) < limit:
                    self.rematch(created["id"], token)
        table = self.create([{"name": "Ann"}, {"open": True}, {"open": True}], True)
        if table:
            joined = [self.join(table["id"], table["invite"], n) for n in ("Bea", "Cy", "Di")]
            for token in joined:
                if token:
                    self.leave(table["id"], token)
        early = self.create([{"name": "Ann"}, {"open": True}], True)
        if early:
            self.start(early["id"], early["players"][0]["token"])
        for keyed in (False, True):
            self.sheet(keyed, moves // 2)


def _unknown(answer: httpx.Response) -> bool:
    return answer.status_code == 503 and answer.json().get("code") == "outcome_unknown"
