import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper import Layout, parse_layout, three_bv
from gridpuzzles.minesweeper.core.grid import block_around, cell_of, index_of, neighbours, opening
from tests.minesweeper.boards import brute_counts, brute_opening, layouts


def test_neighbours_of_corner_edge_and_middle() -> None:
    assert sorted(neighbours(3, 3, 0)) == [1, 3, 4]
    assert sorted(neighbours(3, 3, 1)) == [0, 2, 3, 4, 5]
    assert sorted(neighbours(3, 3, 4)) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert list(neighbours(1, 1, 0)) == []


def test_block_around_is_cut_by_edges() -> None:
    assert block_around(9, 9, 0) == [0, 1, 9, 10]
    assert len(block_around(9, 9, 40)) == 9


def test_index_and_cell_are_inverse() -> None:
    assert index_of(30, (2, 5)) == 65
    assert cell_of(30, 65) == (2, 5)


@given(layouts())
def test_every_number_equals_its_count_of_adjacent_mines(layout: Layout) -> None:
    assert list(layout.counts) == brute_counts(layout)


@given(layouts(), st.data())
def test_opening_is_the_connected_zero_region_plus_border(
    layout: Layout, data: st.DataObject
) -> None:
    safe = [i for i in range(layout.size) if not layout.is_mine(i)]
    if not safe:
        return
    start = data.draw(st.sampled_from(safe))
    flags = data.draw(st.frozensets(st.sampled_from(range(layout.size)))) - {start}
    blocked = np.zeros((layout.height, layout.width), dtype=bool)
    for f in flags:
        blocked[divmod(f, layout.width)] = True
    assert set(opening(layout, blocked, start).tolist()) == brute_opening(layout, start, flags)


def test_layout_rejects_wrong_sizes_and_bytes() -> None:
    with pytest.raises(ValueError, match="needs 4 cells"):
        Layout(2, 2, b"\x00")
    with pytest.raises(ValueError, match="only 0"):
        Layout(1, 1, b"\x02")
    with pytest.raises(ValueError, match="at least one"):
        Layout(0, 3, b"")
    with pytest.raises(ValueError, match="outside"):
        Layout.from_cells(2, 2, [4])


def test_mine_indices_and_count() -> None:
    layout = Layout.from_cells(4, 3, [0, 5, 11])
    assert layout.mine_indices() == [0, 5, 11]
    assert layout.mine_count == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...\n...\n...", 1),  # one opening clears everything
        ("*..\n...\n...", 1),  # the rest is one opening with its border
        (".*.\n***\n.*.", 4),  # four lonely numbers
        ("*.*\n...\n*.*", 5),  # no zero: every safe cell is a click
        ("....*....", 2),  # two openings separated by a mine
    ],
)
def test_three_bv_of_known_boards(text: str, expected: int) -> None:
    assert three_bv(parse_layout(text)) == expected


def test_three_bv_of_a_classic_board() -> None:
    layout = parse_layout(
        """
        *.......
        ........
        ...*....
        ........
        ........
        ......**
        """.replace(" ", "")
    )
    # Openings: one big region around the mines. Lonely numbers: none that a zero misses.
    assert three_bv(layout) == 1
