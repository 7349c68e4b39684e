from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    COLOURED_BLOCKS,
    STANDARD_BOARD,
    Block,
    Orientation,
    Placement,
    challenge,
)
from gridpuzzles.mondrian.core.rendering import (
    Colour,
    colour_of,
    labelled_like,
    legend,
    render_board,
    render_svg,
)
from gridpuzzles.mondrian.solving.solutions import first_solution

EXAMPLE = challenge(
    (
        Placement(3, 2, Block(1, 1)),
        Placement(1, 0, Block(1, 2), Orientation.VERTICAL),
        Placement(7, 4, Block(1, 3)),
    )
)
SVG = "{http://www.w3.org/2000/svg}"


def solved() -> tuple[Placement, ...]:
    solution = first_solution(EXAMPLE)
    assert solution is not None
    return solution


def test_game_colours() -> None:
    assert {colour_of(block) for block in BLACK_BLOCKS} == {Colour.BLACK}
    coloured = [colour_of(block) for block in COLOURED_BLOCKS]
    assert Colour.BLACK not in coloured
    assert coloured.count(Colour.RED) == 1
    assert {Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.WHITE} == set(coloured)
    assert colour_of(Block(1, 1)) is Colour.BLACK
    assert colour_of(Block(6, 7)) in {Colour.YELLOW, Colour.BLUE, Colour.WHITE}


def test_plain_board_has_a_letter_per_block_and_no_escapes() -> None:
    text = render_board(STANDARD_BOARD, solved())
    assert "\x1b" not in text
    rows = [row.split() for row in text.splitlines()]
    assert len(rows) == 8 and all(len(row) == 8 for row in rows)
    assert len({letter for row in rows for letter in row}) == 11
    assert legend(solved()).count("black") == 3


def test_empty_cells_show_as_dots() -> None:
    rows = render_board(STANDARD_BOARD, EXAMPLE.fixed).split("\n")
    assert sum(row.count(".") for row in rows) == 64 - 6


def test_colour_uses_ansi_backgrounds() -> None:
    text = render_board(STANDARD_BOARD, solved(), color=True)
    assert Colour.RED.ansi in text and Colour.BLACK.ansi in text
    assert text.count("\x1b[0m") == 64


def test_svg_is_xml_with_one_rect_per_block() -> None:
    root = ElementTree.fromstring(render_svg(STANDARD_BOARD, [solved()]))
    assert root.tag == f"{SVG}svg"
    rects = root.findall(f".//{SVG}rect")
    assert len(rects) == 11
    assert sum(int(r.get("width", "0")) * int(r.get("height", "0")) for r in rects) == 64 * 40 * 40
    assert {r.get("fill") for r in rects} == {c.fill for c in Colour}


def test_svg_of_several_boards_and_of_an_unsolved_board() -> None:
    root = ElementTree.fromstring(render_svg(STANDARD_BOARD, [solved(), EXAMPLE.fixed]))
    assert len(root.findall(f".//{SVG}rect")) == 11 + 3
    assert len(root.findall(f".//{SVG}g")) == 2


def test_a_solution_labelled_like_its_challenge_keeps_the_challenges_letters() -> None:
    drawn = labelled_like(EXAMPLE.fixed, solved())
    assert len(drawn) == len(solved()) and set(drawn) == set(solved())
    assert tuple(drawn[:3]) == EXAMPLE.fixed
    assert legend(drawn).startswith(legend(EXAMPLE.fixed))  # "A 1x2 black" stays the 1x2
    assert legend(solved()).split("  ")[0] != legend(EXAMPLE.fixed).split("  ")[0]
