"""What the Mondrian page may offer is in the server's states (in-process, with the
TestClient), so that the page decides none of it: `can_play` (the challenge is set, so the
coloured blocks are played), `can_hint`, `can_show_solutions` and `in_play` (replacing the
game asks first)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from gridpuzzles.mondrian.core.challenges import find_published
from tests.web.mondrian.test_mondrian_games import (
    CODE,
    GAMES,
    move,
    new_game,
    placing,
    solution_of,
)

OFFERS = ("can_play", "can_hint", "can_show_solutions")


def offers(state: dict[str, Any]) -> tuple[bool, ...]:
    return tuple(state[name] for name in OFFERS)


def test_with_black_blocks_in_the_tray_nothing_but_the_black_blocks_is_offered(
    client: TestClient,
) -> None:
    game = new_game(client, challenge="own")
    assert offers(game) == (False, False, False) and not game["in_play"]
    black = find_published(CODE).black
    for placement in black[:-1]:
        state = move(client, game, placing(placement, black=True)).json()
        assert state["black_tray"] and offers(state) == (False, False, False)
    state = move(client, game, placing(black[-1], black=True)).json()
    assert state["black_tray"] == [] and offers(state) == (True, True, True)
    assert not state["in_play"]  # the challenge made is not timed
    one = black[0]
    lifted = move(client, game, {"action": "lift", "row": one.row, "col": one.col, "black": True})
    assert offers(lifted.json()) == (False, False, False)
    assert offers(move(client, game, {"action": "undo"}).json()) == (True, True, True)


def test_a_game_is_in_play_from_its_first_coloured_block_until_the_board_is_full(
    client: TestClient,
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    assert offers(game) == (True, True, True) and not game["in_play"]
    blocks = solution_of(CODE)
    for placement in blocks[:-1]:
        state = move(client, game, placing(placement)).json()
        assert state["in_play"] and offers(state) == (True, True, True)
    state = move(client, game, placing(blocks[-1])).json()
    assert state["finish"] is not None and not state["in_play"]
    # a solved game takes no hint; its solutions can still be shown
    assert offers(state) == (True, False, True)
    assert client.post(f"{GAMES}/{game['id']}/hint").status_code == 409
    assert client.post(f"{GAMES}/{game['id']}/solutions").status_code == 200
