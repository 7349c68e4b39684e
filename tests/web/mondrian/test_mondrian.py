"""The Mondrian Blocks API: published challenges and their solutions, drawn in block colours."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gridpuzzles.mondrian.core.official import published_challenges

BLACK = [
    {"size": "1x1", "row": 0, "col": 0, "orientation": "h"},
    {"size": "1x2", "row": 7, "col": 0, "orientation": "h"},
    {"size": "1x3", "row": 0, "col": 7, "orientation": "v"},
]


def test_the_published_challenges_are_listed(client: TestClient) -> None:
    answer = client.get("/api/mondrian/challenges").json()
    assert answer["board"] == [8, 8]
    assert len(answer["challenges"]) == len(published_challenges()) == 352
    first = answer["challenges"][0]
    assert {b["size"] for b in first["black"]} == {"1x1", "1x2", "1x3"}


def test_every_published_count_is_found_for_a_sample(client: TestClient) -> None:
    challenges = client.get("/api/mondrian/challenges").json()["challenges"]
    for challenge in challenges[::40]:
        found = client.post("/api/mondrian/solutions", json={"black": challenge["black"]}).json()
        assert found["count"] == challenge["solutions"]
        assert len(found["solutions"]) == min(found["count"], 100)


def test_a_solution_covers_the_board_once_in_colours(client: TestClient) -> None:
    found = client.post("/api/mondrian/solutions", json={"black": BLACK}).json()
    assert found["count"] == 48
    covered: list[tuple[int, int]] = []
    for block in found["solutions"][0]:
        assert block["fill"].startswith("#")
        covered += [
            (block["row"] + dr, block["col"] + dc)
            for dr in range(block["height"])
            for dc in range(block["width"])
        ]
    assert sorted(covered) == [(r, c) for r in range(8) for c in range(8)]
    assert sum(block["colour"] == "black" for block in found["solutions"][0]) == 3


def test_impossible_placements_get_a_clear_4xx(client: TestClient) -> None:
    off_board = [{**BLACK[0], "col": 7, "size": "1x3"}, BLACK[0], BLACK[1]]
    for black, detail in (
        ([BLACK[0], BLACK[0], BLACK[1]], "fixes the black 1x1, 1x2 and 1x3"),
        (off_board, "leaves the 8x8 board"),
        ([{**BLACK[0], "col": 0}, {**BLACK[1], "row": 0}, BLACK[2]], "overlaps"),
        (BLACK[:2], "black"),
        ([{**BLACK[0], "size": "2x2"}, BLACK[1], BLACK[2]], "size"),
    ):
        response = client.post("/api/mondrian/solutions", json={"black": black})
        assert response.status_code == 422
        assert detail in response.json()["detail"]
