"""The SDK's unsafe calls through a link that loses answers (tests/support/lossy_http_proxy):
each create, join, move and score-sheet edit is sent with one Idempotency-Key per call and
resent with it after the cut, and the real server, read directly afterwards, holds exactly
one game, one seat per join, one move per move and one round per round."""

from __future__ import annotations

import random
import uuid

from cardtable_sdk import OPEN_SEAT, Cardtable, RetryPolicy
from tests.support.live_server import LiveServer
from tests.support.lossy_http_proxy import LossyHttpProxy

QUICK = RetryPolicy(total_seconds=20, first=0.01, cap=0.05, rng=random.Random(3))


def test_creates_joins_moves_and_rounds_are_made_once_when_answers_are_lost(
    live_server: LiveServer,
) -> None:
    creator = f"Ann-{uuid.uuid4().hex[:8]}"
    with (
        LossyHttpProxy(live_server.port) as proxy,
        Cardtable(proxy.http_url, retry=QUICK) as lossy,
        Cardtable(live_server.url) as direct,
    ):
        game = lossy.create_game("skyjo", [creator, OPEN_SEAT, OPEN_SEAT], public=True)
        listed = [g for g in direct.open_games("skyjo", limit=100).games
                  if creator in [p.get("name") for p in g["players"]]]  # fmt: skip
        assert [g["id"] for g in listed] == [game.id]  # one game, not two
        bea = lossy.join(game.id, "Bea", invite=game.invite)
        seats = direct.spectate(game.id).view()["seats"]
        assert [s["name"] for s in seats if not s["open"]] == [creator, "Bea"]
        cy = lossy.join(game.id, "Cy", invite=game.invite)
        assert (bea.view().seat, cy.view().seat) == (1, 2)
        sessions = {s.view().seat: s for s in (game.seat(0), bea, cy)}
        for _ in range(9):
            version = direct.spectate(game.id).view().version
            to_act = next(s for s in sessions.values() if s.turn().legal_moves)
            result = to_act.move(to_act.turn().legal_moves[0])
            assert result.version == version + 1
            assert direct.spectate(game.id).view().version == version + 1  # one move
        sheet = lossy.create_scoresheet("skyjo", ["Ann", "Ben"])
        for total in (10, 20, 30):
            sheet.add_round(card_totals=[total, 5], finisher=1)
        sheet.replace_last_round(card_totals=[3, 5], finisher=1)
        read = direct.scoresheet(sheet.id).data
        assert [r["card_totals"] for r in read["rounds"]] == [[10, 5], [20, 5], [3, 5]]
        assert read["version"] == 4
    assert proxy.cut_before >= 5 and proxy.cut_after >= 5
