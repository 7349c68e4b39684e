import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper import (
    Action,
    Config,
    ConfigError,
    FirstClick,
    InvalidMoveError,
    Layout,
    Mark,
    Move,
    MoveError,
    Status,
    WinRule,
    chord,
    chordable,
    elapsed,
    figures,
    format_view,
    game_from_layout,
    level,
    mines_left,
    new_game,
    play,
    reveal,
    toggle_flag,
    view,
)
from gridpuzzles.minesweeper.core.placement import place_mines
from tests.minesweeper.boards import board, brute_opening, layouts


def test_a_new_game_is_all_hidden_and_playing() -> None:
    game = new_game(level("beginner"), seed=1)
    assert game.status is Status.PLAYING
    assert game.layout is None
    assert set(game.marks) == {Mark.HIDDEN}
    assert format_view(view(game)) == "\n".join(["#########"] * 9)


def test_the_same_seed_and_moves_give_the_same_game() -> None:
    config = level("expert")
    first = reveal(new_game(config, 42), 7, 12)
    again = reveal(new_game(config, 42), 7, 12)
    other = reveal(new_game(config, 43), 7, 12)
    assert first == again
    assert first.layout != other.layout


def test_revealing_a_zero_opens_its_region_and_border() -> None:
    game = reveal(board(), 3, 0)
    assert format_view(view(game)) == "\n".join(["#####", "111##", "001##", "001##"])


def test_revealing_a_number_opens_only_it() -> None:
    game = reveal(board(), 1, 1)
    assert format_view(view(game)).count("#") == 19


def test_revealing_a_mine_loses_and_shows_all_mines_and_wrong_flags() -> None:
    game = toggle_flag(board(), 3, 4)
    game = toggle_flag(game, 2, 3)
    game = reveal(game, 0, 0, now=5.0)
    assert game.status is Status.LOST
    assert game.exploded == 0
    assert format_view(view(game)) == "\n".join(["*####", "#####", "###F#", "####X"])


def test_revealing_every_safe_cell_wins_and_flags_the_mines() -> None:
    game = board()
    for row, col in [(3, 0), (0, 1), (0, 4), (2, 4), (3, 3)]:
        assert game.status is Status.PLAYING
        game = reveal(game, row, col)
    assert game.status is Status.PLAYING
    game = reveal(game, 3, 4)
    assert game.status is Status.WON
    assert format_view(view(game)) == "\n".join(["F1000", "11111", "001F1", "00111"])
    assert mines_left(game) == 0


def test_flags_win_rule_wins_when_flags_mark_exactly_the_mines() -> None:
    game = board(win_rule=WinRule.FLAGS)
    game = toggle_flag(game, 0, 0)
    game = toggle_flag(game, 1, 1)
    game = toggle_flag(game, 2, 3)
    assert game.status is Status.PLAYING  # one flag is wrong
    game = toggle_flag(game, 1, 1)
    assert game.status is Status.WON


def test_a_flagged_cell_cannot_be_revealed() -> None:
    game = toggle_flag(board(), 1, 1)
    with pytest.raises(MoveError, match="flagged"):
        reveal(game, 1, 1)


def test_flags_are_skipped_by_an_opening() -> None:
    game = toggle_flag(board(), 2, 1)
    game = reveal(game, 3, 0)
    assert game.mark(2, 1) is Mark.FLAGGED
    assert game.mark(1, 1) is Mark.REVEALED  # still reached around the flag


def test_flag_cycle_with_and_without_question_marks() -> None:
    plain = board()
    assert toggle_flag(toggle_flag(plain, 1, 1), 1, 1).mark(1, 1) is Mark.HIDDEN
    asking = board(question_marks=True)
    marks = [asking := toggle_flag(asking, 1, 1) for _ in range(3)]
    assert [g.mark(1, 1) for g in marks] == [Mark.FLAGGED, Mark.QUESTION, Mark.HIDDEN]
    assert format_view(view(marks[1])).split("\n")[1] == "#?###"


def test_a_question_marked_cell_can_be_revealed() -> None:
    game = toggle_flag(toggle_flag(board(question_marks=True), 1, 1), 1, 1)
    assert reveal(game, 1, 1).mark(1, 1) is Mark.REVEALED


def test_revealed_cells_cannot_be_flagged_or_revealed_again() -> None:
    game = reveal(board(), 1, 1)
    with pytest.raises(MoveError, match="already open"):
        reveal(game, 1, 1)
    with pytest.raises(MoveError, match="cannot be flagged"):
        toggle_flag(game, 1, 1)


def test_chord_opens_the_unflagged_neighbours_of_a_satisfied_number() -> None:
    game = reveal(board(), 1, 1)
    with pytest.raises(MoveError, match=r"^row 2, column 2 shows 1 but has 0 flags around it"):
        chord(game, 1, 1)
    game = chord(toggle_flag(game, 0, 0), 1, 1)
    assert all(game.mark(r, c) is Mark.REVEALED for r, c in [(0, 1), (1, 0), (2, 2)])
    assert game.mark(0, 0) is Mark.FLAGGED
    assert game.status is Status.PLAYING


def test_chord_with_a_wrong_flag_loses() -> None:
    game = toggle_flag(reveal(board(), 1, 1), 1, 0)
    game = chord(game, 1, 1)
    assert game.status is Status.LOST
    assert game.exploded == 0
    assert view(game).at(1, 0) == "X"


def test_chord_needs_a_revealed_number_with_hidden_neighbours() -> None:
    game = reveal(board(), 3, 0)
    with pytest.raises(MoveError, match="not an open number"):
        chord(game, 0, 4)
    with pytest.raises(MoveError, match="no hidden neighbour"):
        chord(game, 3, 0)


@given(st.integers(0, 2**32), st.sampled_from(["beginner", "intermediate"]), st.data())
def test_chordable_is_where_the_view_shows_a_number_with_its_flags_and_a_hidden_cell(
    seed: int, name: str, data: st.DataObject
) -> None:
    """`chordable`, what a page offers, is read off the board as the player sees it: a
    number with exactly as many flags around it and a hidden neighbour; a chord there opens
    something, and `chord` refuses every other cell. Over games with flags on mines, and
    some on safe cells."""
    game = reveal(new_game(level(name), seed), 0, 0)
    assert game.layout is not None
    hidden = [i for i in range(game.layout.size) if game.marks[i] == Mark.HIDDEN]
    flagged = data.draw(st.lists(st.sampled_from(hidden), max_size=30, unique=True))
    for index in flagged:
        if game.layout.is_mine(index) or data.draw(st.integers(0, 9)) == 0:  # some wrong
            game = toggle_flag(game, *divmod(index, game.width))
    seen = view(game)
    offered = chordable(game)
    for row in range(game.height):
        for col in range(game.width):
            around = [
                seen.at(r, c)
                for r in range(max(row - 1, 0), min(row + 2, game.height))
                for c in range(max(col - 1, 0), min(col + 2, game.width))
                if (r, c) != (row, col)
            ]
            symbol = seen.at(row, col)
            ready = symbol in "12345678" and around.count("F") == int(symbol) and "#" in around
            assert ((row, col) in offered) == ready, (row, col)
            if ready:
                assert chord(game, row, col).marks.count(Mark.REVEALED) > game.marks.count(
                    Mark.REVEALED
                )
            else:
                with pytest.raises(MoveError):
                    chord(game, row, col)


def test_nothing_is_chordable_before_a_reveal_or_once_the_game_is_over() -> None:
    assert chordable(new_game(level("beginner"), 1)) == frozenset()  # no layout yet
    assert chordable(board()) == frozenset()  # nothing open
    game = reveal(board(), 1, 1)
    assert chordable(game) == frozenset()  # its 1 has no flag around it
    game = toggle_flag(game, 0, 0)
    assert chordable(game) == {(1, 1)}
    lost = reveal(game, 2, 3)
    assert lost.status is Status.LOST and chordable(lost) == frozenset()


def test_actions_on_an_ended_game_are_refused() -> None:
    lost = reveal(board(), 0, 0)
    for action in (reveal, toggle_flag, chord):
        with pytest.raises(MoveError, match="game is over"):
            action(lost, 1, 1)


def test_cells_outside_the_board_are_refused() -> None:
    with pytest.raises(
        MoveError, match=r"^row 5, column 1 is outside the board of 4 rows and 5 columns$"
    ):
        reveal(board(), 4, 0)
    with pytest.raises(MoveError, match="outside"):
        toggle_flag(board(), 0, -1)


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("name", ["beginner", "expert"])
def test_first_click_safe_never_hits_a_mine(seed: int, name: str) -> None:
    rng = random.Random(seed)
    config = level(name)
    row, col = rng.randrange(config.height), rng.randrange(config.width)
    game = reveal(new_game(config, seed), row, col)
    assert game.status is not Status.LOST
    assert game.layout is not None and game.layout.mine_count == config.mines


@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_first_click_opening_opens_an_area(width: int, height: int, data: st.DataObject) -> None:
    config = Config(width, height, 0, FirstClick.OPENING)
    mines = data.draw(st.integers(0, config.max_mines()))
    config = Config(width, height, mines, FirstClick.OPENING)
    row, col = data.draw(st.integers(0, height - 1)), data.draw(st.integers(0, width - 1))
    game = reveal(new_game(config, data.draw(st.integers(0, 2**32))), row, col)
    assert game.layout is not None and game.layout.mine_count == mines
    assert game.layout.counts[row * width + col] == 0
    assert not game.layout.is_mine(row * width + col)


def test_first_click_none_fixes_the_layout_up_front() -> None:
    config = Config(5, 5, 24, FirstClick.NONE)
    game = new_game(config, seed=3)
    assert game.layout is not None and game.layout.mine_count == 24
    safe = game.layout.mines.index(0)
    mine = game.layout.mines.index(1)
    assert reveal(game, *divmod(mine, 5)).status is Status.LOST
    assert reveal(game, *divmod(safe, 5)).status is Status.WON


def test_mine_placement_is_spread_over_the_board() -> None:
    config = level("beginner")
    hits = [0] * config.size
    for seed in range(400):
        layout = reveal(new_game(config, seed), 4, 4).layout
        assert layout is not None
        for i in layout.mine_indices():
            hits[i] += 1
    others = [h for i, h in enumerate(hits) if i != 40]
    assert hits[40] == 0
    mean = 4000 / 80
    assert all(0.5 * mean < h < 1.5 * mean for h in others)


def test_zero_mines_win_at_the_first_click() -> None:
    game = reveal(new_game(Config(4, 3, 0), 0), 1, 1, now=2.0)
    assert game.status is Status.WON
    assert elapsed(game, now=50.0) == 0.0


def test_timer_runs_from_the_first_reveal_and_stops_at_the_end() -> None:
    game = toggle_flag(board(), 1, 1, now=1.0)
    assert elapsed(game, now=9.0) == 0.0
    game = reveal(toggle_flag(game, 1, 1), 3, 0, now=10.0)
    assert elapsed(game, now=12.5) == 2.5
    game = reveal(game, 0, 0, now=20.0)
    assert elapsed(game, now=100.0) == 10.0


def test_figures_count_clicks_mines_left_and_efficiency() -> None:
    game = board()
    game = toggle_flag(game, 0, 0)
    game = reveal(game, 3, 0)
    stats = figures(game, now=0.0)
    assert (stats.mines_left, stats.clicks) == (1, 2)
    assert (stats.three_bv, stats.efficiency) == (None, None)  # told only at the end
    lost = reveal(game, 2, 3)
    stats = figures(lost, now=0.0)
    assert (stats.three_bv, stats.efficiency) == (5, 5 / 3)  # BOARD's 3BV, over 3 clicks


def test_mines_left_goes_negative_with_too_many_flags() -> None:
    game = board()
    for col in range(3):
        game = toggle_flag(game, 1, col)
    assert mines_left(game) == -1


def test_moves_have_a_text_form_that_round_trips() -> None:
    for text in ["r3,4", "f0,0", "c12,29"]:
        assert str(Move.parse(text)) == text
    assert Move.parse(" r3,4 ") == Move(Action.REVEAL, 3, 4)
    for bad in ["x3,4", "r3", "r3,4,5", "r-1,2", "", "rA,B"]:
        with pytest.raises(InvalidMoveError, match="cannot read move"):
            Move.parse(bad)


def test_play_applies_moves() -> None:
    game = play(board(), Move.parse("f0,0"))
    game = play(game, Move.parse("r1,1"))
    game = play(game, Move.parse("c1,1"))
    assert game.mark(0, 1) is Mark.REVEALED


@given(
    layouts(max_side=6),
    st.lists(st.tuples(st.sampled_from("rfc"), st.integers(0, 5), st.integers(0, 5)), max_size=12),
)
def test_actions_never_change_their_input(
    layout: Layout, moves: list[tuple[str, int, int]]
) -> None:
    game = game_from_layout(layout, question_marks=True)
    for code, row, col in moves:
        before = copy.deepcopy(game)
        try:
            after = play(game, Move.parse(f"{code}{row},{col}"))
        except MoveError:
            assert game == before
            continue
        assert game == before
        game = after


@given(layouts(max_side=7), st.data())
def test_a_reveal_opens_exactly_the_region_and_border(layout: Layout, data: st.DataObject) -> None:
    safe = [i for i in range(layout.size) if not layout.is_mine(i)]
    if not safe or len(safe) == layout.size:
        return
    start = data.draw(st.sampled_from(safe))
    game = reveal(game_from_layout(layout), *divmod(start, layout.width))
    opened = {i for i in range(layout.size) if game.marks[i] == Mark.REVEALED}
    if game.status is Status.PLAYING:
        assert opened == brute_opening(layout, start)


def test_a_flood_of_a_large_board_has_no_recursion_limit() -> None:
    layout = Layout.from_cells(600, 500, [0])
    game = reveal(game_from_layout(layout), 499, 599)
    assert game.status is Status.WON


def test_a_no_guess_game_needs_the_solvers_placement() -> None:
    config = level("beginner", FirstClick.NO_GUESS)
    with pytest.raises(ConfigError, match="no-guess boards are laid by the solver"):
        new_game(config, 5)
    assert new_game(level("beginner"), 5).place is place_mines


def test_a_refusal_names_its_cell_as_a_person_does() -> None:
    game = reveal(board(), 1, 1)
    with pytest.raises(MoveError) as refused:
        toggle_flag(game, 1, 1)
    assert refused.value.words() == "row 2, column 2 is open and cannot be flagged"
    assert str(refused.value) == "row 2, column 2 is open and cannot be flagged"
