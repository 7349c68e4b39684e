"""Records from finished games: streaks, best times, 3BV/s, and assisted games apart."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper.core.records import BEST_TIMES, Outcome, level_records
from gridpuzzles.minesweeper.core.settings import FirstClick

WIN = Outcome("beginner", FirstClick.SAFE, True, False, False, 10.0, 20, 25, 0.0)
LOSS = replace(WIN, won=False, three_bv=None)


def games(*outcomes: Outcome) -> list[Outcome]:
    """``outcomes`` ending one second apart, in this order."""
    return [replace(o, ended_at=float(n)) for n, o in enumerate(outcomes)]


def test_win_rate_streaks_and_times() -> None:
    played = games(WIN, WIN, LOSS, WIN, WIN, WIN, LOSS, replace(WIN, seconds=7.5), WIN)
    (record,) = level_records(played)
    assert (record.played, record.won) == (9, 7)
    assert record.win_rate == 7 / 9
    assert (record.current_streak, record.best_streak) == (2, 3)
    assert [t.seconds for t in record.best_times][:2] == [7.5, 10.0]
    assert record.best_times[0].ended_at == 7.0
    assert record.best_three_bv_per_second == 20 / 7.5
    assert record.average_win_seconds == (6 * 10.0 + 7.5) / 7


def test_an_abandoned_game_is_a_loss_and_breaks_the_streak() -> None:
    (record,) = level_records(games(WIN, replace(LOSS, abandoned=True)))
    assert (record.played, record.won, record.current_streak, record.best_streak) == (2, 1, 0, 1)


def test_assisted_games_are_counted_apart_and_set_no_record() -> None:
    helped = replace(WIN, assisted=True, seconds=1.0)
    (record,) = level_records(games(WIN, helped, helped, replace(LOSS, assisted=True)))
    assert (record.played, record.won) == (1, 1)
    assert (record.assisted_played, record.assisted_won) == (3, 2)
    assert [t.seconds for t in record.best_times] == [10.0]
    assert record.best_three_bv_per_second == 2.0 and record.current_streak == 1


def test_levels_and_first_click_rules_keep_separate_records() -> None:
    opening = replace(WIN, first_click=FirstClick.OPENING)
    records = level_records(games(WIN, opening, replace(WIN, level="expert")))
    assert [(r.level, r.first_click, r.played) for r in records] == [
        ("beginner", FirstClick.OPENING, 1),
        ("beginner", FirstClick.SAFE, 1),
        ("expert", FirstClick.SAFE, 1),
    ]


@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.floats(0.5, 999.0)), max_size=40))
def test_records_add_up(plays: list[tuple[bool, bool, float]]) -> None:
    outcomes = games(*(replace(WIN, won=w, assisted=a, seconds=s) for w, a, s in plays))
    records = level_records(outcomes)
    own = [o for o in outcomes if not o.assisted]
    wins = sorted(o.seconds for o in own if o.won)
    if not outcomes:
        assert records == []
        return
    (record,) = records
    assert record.played + record.assisted_played == len(outcomes)
    assert record.won == len(wins) and record.best_streak <= record.won
    assert [t.seconds for t in record.best_times] == wins[:BEST_TIMES]
    assert record.current_streak <= record.best_streak
