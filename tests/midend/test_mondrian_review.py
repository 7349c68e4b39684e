"""The words of a Mondrian game's review, over the mid-end's replay of a log: no challenge yet
while a black block is still to be put down (and no time on the blocks then), the solutions
left, a dead end the game never left, black blocks that leave no solution; and the summary's
time per block."""

from __future__ import annotations

from gridpuzzles.midend import mondrian as mondrian_rules
from gridpuzzles.midend.mondrian import play_of, step_text
from gridpuzzles.midend.mondrian_review import review_json, reviewed, summary_words, verdict_words
from gridpuzzles.midend.replay import LoggedStep, frames
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.game import custom_game, new_game, place, place_black
from gridpuzzles.mondrian.core.grid import BLACK_BLOCKS, Placement
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.solving.review import solutions_left
from gridpuzzles.mondrian.solving.solutions import first_solution
from tests.mondrian.solving.test_review import a_dead_end

CODE = "001040531"


def detours() -> tuple[list[Placement], Placement, Placement]:
    """The challenge `CODE`'s coloured blocks in its one solution; a placement after the first
    of them that fits but is in no solution (a dead end); and another one that still fits
    after it (a step taken in the dead end)."""
    entry = find_published(CODE)
    found = first_solution(entry.puzzle)
    assert found is not None
    solution = [p for p in found if p not in entry.black]  # as `test_mondrian_games.solution_of`
    game = place(new_game(entry.puzzle), solution[0])
    wrong = a_dead_end(game, set(solution))
    further = a_dead_end(place(game, wrong), set(solution))
    return solution, wrong, further


def logged(moves: list[Move], times: list[float]) -> list[LoggedStep]:
    return [LoggedStep(step_text(m), at) for m, at in zip(moves, times, strict=True)]


def test_the_players_own_challenge_then_a_dead_end_never_left() -> None:
    black = find_published(CODE).black
    solution, wrong, _ = detours()
    moves = [Move(Action.PLACE, black=True, placement=p) for p in black]
    moves += [Move(Action.PLACE, placement=solution[0]), Move(Action.PLACE, placement=wrong)]
    start = custom_game()
    shown = frames(mondrian_rules, play_of(start), logged(moves, [1, 3, 6, 10, 15.5]))
    game = reviewed("g", start, shown, created_at=0)

    said = [verdict_words(game, index) for index in range(5)]
    assert said == [
        "no challenge yet: a black block is still to be put down; took 1.0 s",
        "no challenge yet: a black block is still to be put down; took 2.0 s",
        "1 solution left; took 3.0 s",
        "1 solution left; took 4.0 s",
        "dead end: no solution remains after this step; the game never left it; took 5.5 s",
    ]
    # Only the steps taken once the challenge was complete count as time on the blocks.
    assert summary_words(game) == (
        "5 steps, 0 hints, 1 dead end (step 5); 2 blocks in 9.5 s since the challenge was complete, 4.7 s a block"
    )
    document = review_json(game)
    assert [s["verdict"] for s in document["steps"]] == [
        "no_challenge",
        "no_challenge",
        "solutions_left",
        "solutions_left",
        "dead_end",
    ]
    assert document["steps"][0]["said"].startswith("put down the black ")
    assert document["steps"][4]["left_by"] is None and document["steps"][4]["since"] == 4
    assert document["summary"]["seconds"] == 9.5 and document["summary"]["blocks"] == 2


def test_black_blocks_that_leave_no_solution_are_said_so_and_are_no_dead_end() -> None:
    start = custom_game()
    one, two, three = BLACK_BLOCKS
    placements = [Placement(1, 1, one), Placement(7, 6, two), Placement(4, 2, three)]
    game = start
    for placement in placements:
        game = place_black(game, placement)
    assert solutions_left(game) == 0
    moves = [Move(Action.PLACE, black=True, placement=p) for p in placements]
    shown = frames(mondrian_rules, play_of(start), logged(moves, [1, 2, 3]))
    judged = reviewed("g", start, shown, created_at=0)
    assert verdict_words(judged, 2) == "no solution: the black blocks leave none; took 1.0 s"
    assert judged.review.dead_ends == 0
    assert (
        summary_words(judged)
        == "3 steps, 0 hints, 0 dead ends; 0 blocks in 0.0 s since the challenge was complete"
    )
    assert review_json(judged)["summary"]["seconds_per_block"] is None
