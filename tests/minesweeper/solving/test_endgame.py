"""The exact search: its layouts and its best reveal agree with plain brute force."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

from gridpuzzles.minesweeper import parse_view
from gridpuzzles.minesweeper.solving.endgame import (
    best_reveal,
    closed_part_guess,
    endgame,
    enumerate_layouts,
    reveal_wins,
)
from gridpuzzles.minesweeper.solving.probabilities import (
    Position,
    cell_values,
    neighbour_table,
    position,
    solve_position,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS
from tests.minesweeper.solving_helpers import positions


def brute_layouts(pos: Position, cells: list[int], mines: int | None) -> set[int]:
    """Bit masks over ``cells`` meeting every constraint, by trying every subset."""
    slot = {c: k for k, c in enumerate(cells)}
    found = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        if mines is not None and sum(bits) != mines:
            continue
        if all(sum(bits[slot[c]] for c in cs) == need for cs, need in pos.rest):
            found.add(sum(b << k for k, b in enumerate(bits)))
    return found


def test_layouts_agree_with_brute_force() -> None:
    for pos in positions(200, 1, 10):
        cells = sorted(pos.unknown)
        for mines in (pos.free, None):
            listed = enumerate_layouts(cells, pos.rest, mines, 10**6)
            assert listed is not None
            assert sorted(listed) == sorted(brute_layouts(pos, cells, mines))


def test_too_many_layouts_give_none() -> None:
    board = parse_view("####\n####")
    pos = position(4, 2, cell_values(board), 4)
    assert enumerate_layouts(sorted(pos.unknown), pos.rest, 4, 69) is None
    assert len(enumerate_layouts(sorted(pos.unknown), pos.rest, 4, 70) or []) == 70


EXPERT_ENDGAME = """\
1#2#111100001112#311##########
222222#211001#13###3##########
#323#312#1012212#32##33#######
2##3#2122102#201122322#3#32###
1222222#1002#21222#21212#2#3##
00001#432002222##212#222223###
000012##1112#12#31023#2##12#42
1111133311#211234211#222#1112#
1#11#3#10111002###111101221011
22212#320112112#53100112##2100
1#2133#212#4#322#10001#4#6#311
112#3#5#22#4##112221113####3#1
11124#4#321233212#2#103##53211
#312#334#2112#22#221102#4#2100
###2#3###32#32#21101111123#310
##211####22#21110001#10002##10"""
"""An expert position (99 mines) where the auto-player's endgame search lists 212 layouts
over 53 unknown cells, 21 of them next to no number: listed with those cells interleaved by
index, it ran for minutes."""


def expert_endgame() -> Position:
    board = parse_view(EXPERT_ENDGAME)
    return position(board.width, board.height, cell_values(board), 99)


def test_free_cells_are_listed_last_so_the_listing_stays_small() -> None:
    pos = expert_endgame()
    total = solve_position(pos).layouts
    few_steps = replace(DEFAULT_SETTINGS, enumeration_steps=20_000)
    listed = enumerate_layouts(sorted(pos.unknown), pos.rest, pos.free, 1000, few_steps)
    assert listed is not None and len(set(listed)) == len(listed) == total == 212
    assert endgame(pos, total, few_steps) is not None


def test_a_listing_past_its_steps_gives_none() -> None:
    pos = expert_endgame()
    too_few = replace(DEFAULT_SETTINGS, enumeration_steps=100)
    assert enumerate_layouts(sorted(pos.unknown), pos.rest, pos.free, 1000, too_few) is None
    assert endgame(pos, 212, too_few) is None


def perfect_wins(pos: Position, cells: list[int], layouts: list[int]) -> dict[int, int]:
    """For every first reveal, how many layouts perfect play then wins: a plain minimax over
    sets of layouts."""
    nbrs = neighbour_table(pos.width, pos.height)
    slot = {c: k for k, c in enumerate(cells)}

    def groups(k: int, state: frozenset[int]) -> list[frozenset[int]]:
        around = [slot[n] for n in nbrs[cells[k]] if n in slot]
        by_number: dict[int, set[int]] = {}
        for layout in state:
            if not layout >> k & 1:
                by_number.setdefault(sum(layout >> a & 1 for a in around), set()).add(layout)
        return [frozenset(g) for g in by_number.values()]

    def after(k: int, state: frozenset[int]) -> int:
        return sum(wins(g) for g in groups(k, state))

    @cache
    def wins(state: frozenset[int]) -> int:
        if len(state) == 1:
            return 1
        return max(after(k, state) for k in range(len(cells)) if groups(k, state) != [state])

    everything = frozenset(layouts)
    return {
        cells[k]: after(k, everything)
        for k in range(len(cells))
        if any(not x >> k & 1 for x in layouts)
    }


def searchable(count: int, seed: int) -> Iterator[tuple[Position, list[int], list[int]]]:
    """Random small positions with at least two layouts, their cells and their layouts."""
    for pos in positions(count, seed, 9):
        cells = sorted(pos.unknown)
        layouts = enumerate_layouts(cells, pos.rest, pos.free, 10**6)
        assert layouts is not None
        if len(layouts) >= 2:
            yield pos, cells, layouts


def test_best_reveal_wins_as_many_layouts_as_perfect_play() -> None:
    checked = 0
    for pos, cells, layouts in searchable(120, 2):
        best = best_reveal(pos, cells, layouts)
        assert best is not None
        reference = perfect_wins(pos, cells, layouts)
        assert best[1] == max(reference.values())
        assert reference[best[0]] == best[1]
        checked += 1
    assert checked >= 30


def test_reveal_wins_counts_the_layouts_perfect_play_wins_after_each_first_reveal() -> None:
    checked = 0
    for pos, cells, layouts in searchable(60, 3):
        for cell, wins in perfect_wins(pos, cells, layouts).items():
            assert reveal_wins(pos, cells, layouts, cell) == wins
            checked += 1
    assert checked >= 100


def test_endgame_of_a_fifty_fifty_picks_one_of_its_cells() -> None:
    board = parse_view("##\n11\n00")
    pos = position(board.width, board.height, cell_values(board), 1)
    assert endgame(pos, solve_position(pos).layouts) in (0, 1)


def test_a_closed_part_is_searched_and_an_open_one_is_not() -> None:
    # Every unknown cell touches the 4 and nothing else: one closed part, searched exactly.
    closed = parse_view("###\n#4#\n###")
    pos = position(closed.width, closed.height, cell_values(closed), 4)
    guess = closed_part_guess(pos)
    assert guess is not None and guess == endgame(pos, solve_position(pos).layouts)
    # The right column touches the part from outside: its cells may tell the part's apart.
    opened = parse_view("####\n#1##\n####")
    pos = position(opened.width, opened.height, cell_values(opened), 1)
    assert closed_part_guess(pos) is None
