"""``POST /api/minesweeper/analysis``: a position a player brings (``.mine`` text, any form
`mines analyze` reads, or an MBF board) answered with every hidden cell's exact chance of a
mine, checked against a brute-force count of every layout that fits; bad positions are a 422
in words, and nothing is stored."""

from __future__ import annotations

import base64
import itertools
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridpuzzles.minesweeper.core.exchange import parse_mbf
from gridpuzzles.storage import Store

ANALYSIS = "/api/minesweeper/analysis"
EXAMPLES = settings(
    max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


def neighbours(width: int, height: int, cell: int) -> list[int]:
    row, col = divmod(cell, width)
    return [
        r * width + c
        for r in range(max(0, row - 1), min(height, row + 2))
        for c in range(max(0, col - 1), min(width, col + 2))
        if (r, c) != (row, col)
    ]


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, int, int, frozenset[int], frozenset[int]]:
    """A small board (at most 16 cells, so every layout can be counted), its mines, and the
    safe cells shown: width, height, mine count, mines, cells shown."""
    width, height = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = width * height
    mines = frozenset(draw(st.sets(st.integers(0, cells - 1), max_size=cells - 1)))
    safe = [cell for cell in range(cells) if cell not in mines]
    shown = frozenset(draw(st.sets(st.sampled_from(safe), max_size=len(safe))))
    return width, height, len(mines), mines, shown


def mine_text(width: int, height: int, mines: frozenset[int], shown: frozenset[int]) -> str:
    """The position as JSMinesweeper writes it: ``WxHxM``, then H for a hidden cell and the
    count of a shown one."""
    rows = []
    for row in range(height):
        line = ""
        for col in range(width):
            cell = row * width + col
            count = sum(n in mines for n in neighbours(width, height, cell))
            line += str(count) if cell in shown else "H"
        rows.append(line)
    return f"{width}x{height}x{len(mines)}\n" + "\n".join(rows) + "\n"


def oracle(
    width: int, height: int, count: int, mines: frozenset[int], shown: frozenset[int]
) -> list[list[Fraction | None]]:
    """Each hidden cell's chance of a mine by counting every layout of ``count`` mines among
    the hidden cells that shows the same numbers (every layout equally likely)."""
    hidden = [cell for cell in range(width * height) if cell not in shown]
    numbers = {cell: sum(n in mines for n in neighbours(width, height, cell)) for cell in shown}
    fits = [
        set(layout)
        for layout in itertools.combinations(hidden, count)
        if all(
            sum(n in layout for n in neighbours(width, height, cell)) == number
            for cell, number in numbers.items()
        )
    ]
    return [
        [
            None
            if row * width + col in shown
            else Fraction(sum(row * width + col in fit for fit in fits), len(fits))
            for col in range(width)
        ]
        for row in range(height)
    ]


@given(position=positions())
@EXAMPLES
def test_every_hidden_cell_has_the_chance_a_count_of_every_layout_gives(
    client: TestClient, position: tuple[int, int, int, frozenset[int], frozenset[int]]
) -> None:
    width, height, count, mines, shown = position
    answer = client.post(ANALYSIS, json={"position": mine_text(width, height, mines, shown)})
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert (found["form"], found["width"], found["height"], found["mines"]) == (
        ".mine position",
        width,
        height,
        count,
    )
    expected = oracle(width, height, count, mines, shown)
    assert len(found["probabilities"]) == height
    for got_row, want_row in zip(found["probabilities"], expected, strict=True):
        for got, want in zip(got_row, want_row, strict=True):
            assert (got is None) == (want is None)
            if want is not None:
                assert got == pytest.approx(float(want), abs=1e-9)
    safest = found["safest"]
    if len(shown) == width * height:
        assert safest is None
    else:  # a hidden cell, its chance told exactly; a safe one whenever there is one (a
        # guess may pass over the safest cell for one that tells more: the hint says why)
        chance = expected[safest["row"]][safest["col"]]
        assert chance is not None and safest["mine_probability"] == pytest.approx(float(chance))
        safe = min(p for row in expected for p in row if p is not None) == 0
        assert (chance == 0) == safe


def test_an_mbf_board_is_every_cell_hidden_with_its_mines(client: TestClient) -> None:
    board = bytes([4, 2, 0, 2, 0, 0, 3, 1])  # 4x2, two mines: (x 0, y 0) and (x 3, y 1)
    answer = client.post(ANALYSIS, json={"mbf": base64.b64encode(board).decode()})
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert (found["form"], found["width"], found["height"], found["mines"]) == (
        "MBF board",
        4,
        2,
        2,
    )
    assert found["probabilities"] == [[pytest.approx(0.25)] * 4] * 2  # nothing told the mines
    assert base64.b64decode(found["mbf"]) == board  # the board given, given back


def test_a_settled_position_gives_its_board_as_mbf(client: TestClient) -> None:
    answer = client.post(ANALYSIS, json={"position": "3x2x1\n1HH\n1HH\n"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["mbf"] is None  # the mine may be in either row
    answer = client.post(ANALYSIS, json={"position": "3x1x1\n1HH\n"})
    assert answer.status_code == 200, answer.text
    layout = parse_mbf(base64.b64decode(answer.json()["mbf"]))
    assert (layout.width, layout.height) == (3, 1)
    assert [i for i, mine in enumerate(layout.mines) if mine] == [1]  # and the last is safe


def test_a_view_takes_its_mine_count_from_the_request(client: TestClient) -> None:
    answer = client.post(ANALYSIS, json={"position": "1##\n1##\n###\n", "mines": 1})
    assert answer.status_code == 200, answer.text
    assert answer.json()["probabilities"][0] == [None, 0.5, 0.0]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "give the position as text (position) or as MBF (mbf), one of them"),
        ({"position": "2x2x1\nHH\nHH\n", "mbf": "AA=="}, "one of them"),
        ({"mbf": "not base64!"}, "mbf must be the board's bytes in base64"),
        ({"mbf": base64.b64encode(bytes([2, 2, 0, 2, 0, 0])).decode()}, "MBF"),
        ({"position": "1##\n###\n"}, 'give "mines": N'),
        ({"position": "2x2x1\nHH\nHH\n", "mines": 2}, "mines 2 but the .mine position says 1"),
        ({"position": "3x2x1\nHHH\n"}, "the first line says 2 rows, but 1 follow"),
        ({"position": "2x2x1\nHH\nH\x00\n"}, "NUL"),
        ({"position": "3x1x1\n1H0\n"}, "contradict"),
        ({"position": "3x3x1\n1HH\n", "extra": 1}, "unknown field 'extra'"),
    ],
)
def test_a_bad_position_is_a_422_in_words_and_nothing_is_stored(
    client: TestClient, store: Store, body: dict[str, object], words: str
) -> None:
    answer = client.post(ANALYSIS, json=body)
    assert answer.status_code == 422, answer.text
    assert words in answer.json()["detail"]
    assert store.minesweeper_history() == [] and store.minesweeper_records() == []


def test_a_position_larger_than_a_request_is_refused_before_it_is_read(
    client: TestClient,
) -> None:
    rows = "\n".join(["H" * 200] * 100)
    answer = client.post(ANALYSIS, json={"position": f"200x100x10\n{rows}\n"})
    assert answer.status_code == 413, answer.text
    assert "larger than the limit" in answer.json()["detail"]
