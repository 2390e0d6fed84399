"""Load mix for `bench/load_bench.py` (locust, headless).

`CardtablePlayer` behaves like a frontend: create a game against the server's greedy bot,
then poll the view, read legal moves and play one (If-Match the version read), and now and
then start a new game. `TrivialUser` hits the baseline app's single GET+SET endpoint.
"""

from __future__ import annotations

import random
from typing import Any

from locust import HttpUser, constant, task


class CardtablePlayer(HttpUser):
    wait_time = constant(0)

    def on_start(self) -> None:
        self.new_game()

    def new_game(self) -> None:
        game = random.choice(["skyjo", "skipbo"])
        body: dict[str, Any] = {
            "game": game,
            "players": [{"name": "load"}, {"name": "bot", "bot": "greedy"}],
        }
        with self.client.post(
            "/games", json=body, name="POST /games", catch_response=True
        ) as response:
            if response.status_code != 201:
                response.failure(f"create: {response.status_code}")
                return
            created = response.json()
        self.game_id = created["id"]
        self.headers = {"Authorization": f"Bearer {created['players'][0]['token']}"}

    @task(4)
    def view(self) -> None:
        self.client.get(f"/games/{self.game_id}", headers=self.headers, name="GET /games/{id}")

    @task(4)
    def move(self) -> None:
        legal = self.client.get(
            f"/games/{self.game_id}/legal-moves",
            headers=self.headers,
            name="GET /games/{id}/legal-moves",
        ).json()
        if not legal.get("moves"):
            self.new_game()  # finished (or a bot's turn cannot be: bots answer at once)
            return
        with self.client.post(
            f"/games/{self.game_id}/moves",
            json={"move": random.choice(legal["moves"])},
            headers={**self.headers, "If-Match": f'"{legal["version"]}"'},
            name="POST /games/{id}/moves",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"move: {response.status_code}")
            elif response.json()["view"]["finished"]:
                self.new_game()

    @task(1)
    def create(self) -> None:
        self.new_game()


class TrivialUser(HttpUser):
    wait_time = constant(0)

    @task
    def kv(self) -> None:
        self.client.get("/kv", name="GET /kv")
