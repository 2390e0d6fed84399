"""Every write path carries a request id into the compare-and-set (docs/consistency.md): after
each kind of write, through the real app over a real Redis, the game's (or sheet's) ring of
request ids has a new newest entry that started from the version the write changed —
creates, joins, leaves, starts, moves, a turn timer's take-over at a read, both games of a
rematch, and score sheets with their edits."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask

from cardtable.store.documents import WRITES_KEPT
from tests.api.conftest import Api
from tests.api.test_turn_timer import with_clock


class Ring:
    """The `writes` field of documents, read straight from Redis."""

    def __init__(self, raw_redis: Any, prefix: str) -> None:
        self.redis, self.prefix = raw_redis, prefix

    def entries(self, kind: str, doc_id: str) -> list[str]:
        """The `from` of each recorded write, newest first ("c": the creation)."""
        ring = self.redis.hget(f"{self.prefix}:{kind}:{{{doc_id}}}", "writes").decode()
        return [entry.split(":")[1] for entry in ring.split(";") if entry]

    def version(self, kind: str, doc_id: str) -> int:
        return int(self.redis.hget(f"{self.prefix}:{kind}:{{{doc_id}}}", "version"))

    def wrote(self, kind: str, doc_id: str, before: int) -> None:
        """The newest write started from `before` and moved the document on."""
        assert self.entries(kind, doc_id)[0] == str(before)
        assert self.version(kind, doc_id) > before


def test_every_kind_of_write_leaves_its_request_id(
    app: Flask, api: Api, raw_redis: Any, settings: Any
) -> None:
    ring = Ring(raw_redis, settings.key_prefix)
    clock = with_clock(app)
    created = api.create("skyjo", [{"name": "Ann"}, {"open": True}], turn_seconds=30)
    game_id, ann = created["id"], created["players"][0]["token"]
    assert ring.entries("game", game_id) == ["c"]
    before = ring.version("game", game_id)
    join = {"name": "Bea", "invite": created["invite"]}
    assert api.client.post(f"/games/{game_id}/join", json=join).status_code == 201
    ring.wrote("game", game_id, before)
    before = ring.version("game", game_id)
    clock.now += 31  # both seats' turns are overdue: the next read plays them
    assert api.view(game_id)["version"] > before
    ring.wrote("game", game_id, before)
    before = ring.version("game", game_id)
    move = api.legal(game_id, ann)["moves"]
    if move:
        assert api.move(game_id, ann, move[0]).status_code == 200
        ring.wrote("game", game_id, before)
    before = ring.version("game", game_id)
    leave = api.client.post(f"/games/{game_id}/leave", headers=api.auth(ann))
    assert leave.status_code == 200  # after the deal: a bot plays the seat from now on
    ring.wrote("game", game_id, before)
    assert len(ring.entries("game", game_id)) <= WRITES_KEPT

    early = api.create("skyjo", [{"name": "Ann"}, {"open": True}])
    before = ring.version("game", early["id"])
    start = api.client.post(f"/games/{early['id']}/start", json={"fill": "greedy"},
                            headers=api.auth(early["players"][0]["token"]))  # fmt: skip
    assert start.status_code == 200
    ring.wrote("game", early["id"], before)

    done = api.create("skyjo", [{"name": "a"}, {"name": "b", "bot": "greedy"}], seed=3)
    api.play_to_end(done, random.Random(1))
    before = ring.version("game", done["id"])
    rematch = api.client.post(f"/games/{done['id']}/rematch",
                              headers=api.auth(done["players"][0]["token"]))  # fmt: skip
    assert rematch.status_code == 201
    ring.wrote("game", done["id"], before)  # the old game names its rematch
    assert ring.entries("game", rematch.get_json()["id"])[-1] == "c"  # created, then claimed
    assert len(ring.entries("game", rematch.get_json()["id"])) == 2

    sheet = api.client.post("/scoresheets", json={"game": "skyjo", "players": ["A", "B"]})
    sheet_id, edit = sheet.get_json()["id"], api.auth(sheet.get_json()["edit_token"])
    assert ring.entries("sheet", sheet_id) == ["c"]
    round_ = {"card_totals": [1, 2], "finisher": 0}
    for method, path in (("post", "/rounds"), ("put", "/rounds/last"), ("delete", "/rounds/last")):
        before = ring.version("sheet", sheet_id)
        answer = getattr(api.client, method)(f"/scoresheets/{sheet_id}{path}",
                                             json=None if method == "delete" else round_,
                                             headers=edit)  # fmt: skip
        assert answer.status_code in (200, 201), answer.get_json()
        ring.wrote("sheet", sheet_id, before)
