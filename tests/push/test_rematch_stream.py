"""A stream open at a game's end stays open for the rematch: the table learns the new
game's id live, then the stream closes; one opened after the end with nothing new gets
204 (which stops an EventSource)."""

from __future__ import annotations

import random
import threading
from typing import Any

from flask.testing import FlaskClient

from tests.push.test_events_api import auth, create, play


def stream(client: FlaskClient, game_id: str, since: int) -> Any:
    headers = {"Accept": "text/event-stream", "Last-Event-ID": str(since)}
    return client.get(f"/games/{game_id}/events", headers=headers, buffered=False)


def data_lines(chunk: bytes) -> list[str]:
    return [line for line in chunk.decode().splitlines() if line.startswith("data: ")]


def test_a_stream_open_at_the_end_carries_the_rematch_then_closes(client: FlaskClient) -> None:
    created = create(client, max_rounds=1)
    game_id, tokens = created["id"], [p["token"] for p in created["players"]]
    play(client, created, 10_000, random.Random(4))
    end = client.get(f"/games/{game_id}").get_json()["version"]
    response = stream(client, game_id, end - 1)
    assert response.status_code == 200
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    assert '"type":"game_end"' in next(chunks).decode()
    asked = threading.Thread(
        target=lambda: client.post(f"/games/{game_id}/rematch", headers=auth(tokens[1]))
    )
    asked.start()
    rest = [chunk for chunk in chunks if not chunk.startswith(b":")]  # to the stream's end
    asked.join()
    new_id = client.get(f"/games/{game_id}").get_json()["rematch"]
    (rematch,) = [line for chunk in rest for line in data_lines(chunk)]
    assert f'"game_id":"{new_id}"' in rematch and '"type":"rematch"' in rematch
    response.close()
    # Nothing follows the rematch: a stream from there is told so (204), as is one from
    # the end of a finished game with no rematch.
    assert stream(client, game_id, end + 1).status_code == 204
    other = create(client, max_rounds=1)
    play(client, other, 10_000, random.Random(5))
    last = client.get(f"/games/{other['id']}").get_json()["version"]
    assert stream(client, other["id"], last).status_code == 204
