"""The numbers on open cells of the web page are readable: each has 4.5:1 contrast (WCAG AA)
with the open cell, while keeping the classic hues (blue 1, green 2, red 3, ...)."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from tests.colours import contrast

STATIC = files("gridpuzzles.web") / "static"


def number_colours() -> dict[int, str]:
    css = (STATIC / "minesweeper.css").read_text()
    return {
        int(n): c for n, c in re.findall(r"^\.n([1-8]) \{ color: (#[0-9a-f]{6}); \}", css, re.M)
    }


def open_cell_colour() -> str:
    face = re.search(r"--face: (#[0-9a-f]{6});", (STATIC / "common.css").read_text())
    assert face is not None
    return face.group(1)


def test_every_number_has_a_colour() -> None:
    assert sorted(number_colours()) == list(range(1, 9))


@pytest.mark.parametrize("number", range(1, 9))
def test_each_number_reads_at_45_to_1_on_an_open_cell(number: int) -> None:
    colour = number_colours()[number]
    assert contrast(colour, open_cell_colour()) >= 4.5, (number, colour)
