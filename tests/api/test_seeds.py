"""Seeds: a game dealt from a seed its creator chose says so in every view; a server seed is
secret (128 secure bits) and nothing public or seat-visible derives from it."""

from __future__ import annotations

import json

from tests.api.conftest import Api


def test_a_chosen_seed_is_flagged_in_every_view(api: Api) -> None:
    seeded = api.create("skyjo", 2, seed=424242)
    for token in (None, seeded["players"][0]["token"], seeded["players"][1]["token"]):
        assert api.view(seeded["id"], token)["seeded"] is True
    move = api.move(seeded["id"], seeded["players"][0]["token"], {"type": "reveal", "row": 0,
                                                                     "col": 0})  # fmt: skip
    assert move.get_json()["view"]["seeded"] is True
    unseeded = api.create("skipbo", 2)
    assert api.view(unseeded["id"])["seeded"] is False
    assert api.view(unseeded["id"], unseeded["players"][0]["token"])["seeded"] is False


def test_server_seeds_are_secret_and_differ(api: Api) -> None:
    """Two server seeds are distinct secure 128-bit draws, and no view, legal-move list, score or
    refused record of an unfinished game carries the seed or the RNG state."""
    games = [api.create("skyjo", 2) for _ in range(2)]
    service = api.client.application.extensions["cardtable"].games
    seeds = [service.load(g["id"]).state.rng.seed for g in games]
    assert seeds[0] != seeds[1] and all(seed.bit_length() > 64 for seed in seeds)
    answers = []
    for game, seed in zip(games, seeds, strict=True):
        token = game["players"][0]["token"]
        for path in ("", "/legal-moves", "/score", "/record"):
            response = api.client.get(f"/games/{game['id']}{path}", headers=api.auth(token))
            answers.append(response.get_data(as_text=True))
            assert str(seed) not in answers[-1]
            assert '"rng"' not in answers[-1] and '"counter"' not in answers[-1]
        answers.append(json.dumps(api.view(game["id"])))
        assert str(seed) not in answers[-1]
