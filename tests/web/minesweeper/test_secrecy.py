"""No answer sent while a game is played reveals where a hidden mine is.

Many games of every rule are played through the API with random moves, legal or not, and
every response body is checked: while a game is on, its view holds only what a player sees
(no ``*`` mine, no ``X`` wrong flag), it has no result (seed, 3BV) and no other key at all.
"""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient
from httpx import Response
from pydantic import BaseModel

from gridpuzzles.web.minesweeper.models import CreatedGame, GameState

GAMES = "/api/minesweeper/games"
PLAYING_SYMBOLS = set("#F?012345678")


def keys_sent(model: type[BaseModel]) -> set[str]:
    """The keys of ``model`` in an answer (a field's name, or the name it is sent under)."""
    return {field.serialization_alias or name for name, field in model.model_fields.items()}


STATE_KEYS = keys_sent(GameState)


def check(response: Response) -> str:
    """Assert that ``response`` gives nothing away; return the game's status ('' if none)."""
    body = response.json()
    if response.status_code >= 400:
        assert set(body) == {"detail"} and isinstance(body["detail"], str)
        assert response.status_code < 500
        return ""
    keys = keys_sent(CreatedGame) if response.status_code == 201 else STATE_KEYS
    assert set(body) == keys
    if body["status"] == "playing":
        assert body["finish"] is None
        assert set("".join(body["view"])) <= PLAYING_SYMBOLS
        assert "seed" not in json.dumps(body)
    else:
        assert body["finish"] is not None
    status: str = body["status"]
    return status


def random_game(rng: random.Random) -> dict[str, object]:
    width, height = rng.randint(1, 12), rng.randint(1, 12)
    first_click = rng.choice(["safe", "opening", "none"])
    room = width * height - (9 if first_click == "opening" else 1)
    return {
        "width": width,
        "height": height,
        "mines": rng.randint(0, max(0, min(room, width * height // 3))),
        "first_click": first_click,
        "win_rule": rng.choice(["reveal", "flags"]),
        "question_marks": rng.random() < 0.3,
    }


def test_no_answer_reveals_a_hidden_mine_before_the_end(client: TestClient) -> None:
    rng = random.Random(20240601)
    ended = 0
    for _ in range(40):
        body = random_game(rng)
        created = client.post(GAMES, json=body)
        if created.status_code != 201:
            check(created)  # a board its rules cannot hold: a 4xx, checked all the same
            continue
        game = created.json()
        check(created)
        width, height = game["width"], game["height"]
        status = "playing"
        for number in range(30):
            action = rng.choice("rrrfc")
            text = f"{action}{rng.randrange(height)},{rng.randrange(width)}"
            response = client.post(f"{GAMES}/{game['id']}/moves", json={"move": text})
            status = check(response) or status
            if number % 4 == 0 or status != "playing":
                check(client.get(f"{GAMES}/{game['id']}"))
            if status != "playing":
                ended += 1
                break
    assert ended >= 15  # the games really do end, won or lost, so both phases were checked
