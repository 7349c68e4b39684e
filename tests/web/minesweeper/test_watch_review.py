"""The solver's review on the watch page, in a real browser against a real server: each move's
verdict stands under it in the words every shell says (a fault marked by its sign and its
word), a screen reader hears it with the step, the summary counts the guesses and the faults,
and axe-core finds nothing serious; "Reviewing…" is said until the review comes (asked only
after the first paint), and a review that fails says so and the steps can still be watched (a
Mondrian game's review: test_watch_mondrian_review.py). Then the guesses are weighed one by one
under a progress bar: each one's words join its verdict, a weighing that fails says so at its
step while the others go on, and the summary counts the mistakes and blunders."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import httpx
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, Route, expect

from gridpuzzles.midend.review import verdict_words
from gridpuzzles.minesweeper import FirstClick, Game, Move, level, new_game, play
from gridpuzzles.minesweeper.core.game import Mark
from gridpuzzles.minesweeper.solving.review import Review, Verdict, judge, review, weighings
from tests.web.boards import FIRST
from tests.web.test_watch_page import (
    MINES,
    lost,
    new,
    played,
    replay_of,
    serious,
    shows,
    watch,
)

OPENING = replace(level("beginner"), first_click=FirstClick.OPENING)
"""Beginner, the first click opening an area: a board with certainly safe cells at once."""
FAULTY_SEED = 1
FAULTS = [Verdict.FIRST_CLICK, Verdict.SAFE_REVEAL, Verdict.NEEDLESS_GUESS, Verdict.KNOWN_MINE]
"""What the review says of `faulty_moves`, move by move."""
FAULT = re.compile(r"\bfault\b")
"""The class of a verdict that is a fault."""
REVIEW_WAIT = 20_000
"""Milliseconds a review may take to come to the page: the solver worker may be busy."""
WEIGHED = "Guesses weighed: 2 of 2"
"""The progress bar's words once both guesses of `faulty_moves` are weighed."""
NEEDLESS_WORDS = (
    "a needless guess (a cell was certainly safe); 11% risk, the least there was 0%; a mistake: "
    "gave away 11 points of the chance to win (98% → 87%)"
)
"""The verdict of the needless guess of `faulty_moves` (step 3), weighed."""
MINE_WORDS = (
    "a known mine revealed; 100% risk, the least there was 0%; a blunder: gave away 98 points "
    "of the chance to win (98% → 0%)"
)
"""The verdict of the known mine of `faulty_moves` (step 4), weighed."""
LABELS = ("Inaccuracies", "Mistakes", "Blunders")
"""The summary's counts of what the weighing found."""
FAULTS_TO_MAKE = [
    (Verdict.SAFE_REVEAL, False),
    (Verdict.NEEDLESS_GUESS, False),
    (Verdict.KNOWN_MINE, True),
]
"""The verdict of each move after the first click, and whether the cell it opens is a mine."""


def faulty_moves() -> list[str]:
    """Moves of the `OPENING` game on `FAULTY_SEED` that the review finds fault with: the
    first click, a safe reveal, a needless guess that was safe by luck (another cell was
    certainly safe), then a known mine revealed, which loses the game."""
    first = f"r{FIRST[0]},{FIRST[1]}"
    game = play(new_game(OPENING, FAULTY_SEED), Move.parse(first))
    moves = [first]
    for wanted, mine in FAULTS_TO_MAKE:
        move = next(m for m in reveals(game) if made(game, m, wanted, mine))
        game = play(game, move)
        moves.append(str(move))
    return moves


def reveals(game: Game) -> list[Move]:
    """The reveal of each hidden cell of ``game``."""
    hidden = [index for index, mark in enumerate(game.marks) if mark == Mark.HIDDEN]
    return [Move.parse(f"r{index // game.width},{index % game.width}") for index in hidden]


def made(game: Game, move: Move, wanted: Verdict, mine: bool) -> bool:
    """Whether ``move`` on ``game`` is judged ``wanted`` and opens a mine as ``mine`` says."""
    assert game.layout is not None
    index = move.row * game.width + move.col
    return game.layout.mines[index] == mine and judge(game, move)[0] is wanted


def reviewed_here(moves: list[str]) -> Review:
    """The review of ``moves`` made here, from the core, each guess weighed (exactly, so with
    no seed to match the server's): what the page must say once the guesses are weighed."""
    game = new_game(OPENING, FAULTY_SEED)
    judged = []
    for number, text in enumerate(moves):
        move = Move.parse(text)
        judged.append((number, game, move, 0.0))
        game = play(game, move)
    found = review(judged)
    for number, win_loss in weighings(judged, found, random.Random()):
        assert win_loss is not None and win_loss.exact
        found = found.with_weighed(number, win_loss)
    return found


def faulty_game(api: httpx.Client) -> tuple[str, list[str]]:
    """The game of `faulty_moves` played through the API: its id and its moves."""
    moves = faulty_moves()
    game_id = new(api, MINES, level="beginner", seed=str(FAULTY_SEED), first_click="opening")
    played(api, MINES, game_id, [{"move": move} for move in moves])
    return game_id, moves


def warmed(api: httpx.Client, game_id: str) -> str:
    """``game_id``, its review asked once through the API first: the first job of a fresh
    solver worker imports the solver, which on a busy machine can run past the server's budget
    (the page then rightly says the review failed); the page's request finds the worker warm."""
    for _ in range(3):
        if api.get(f"{MINES}/{game_id}/review").status_code == 200:
            return game_id
    raise AssertionError(f"the review of {game_id} never came")


def summary(page: Page) -> dict[str, str]:
    """The review's summary as the page shows it: each figure's name and value."""
    pairs: list[list[str]] = page.eval_on_selector_all(
        "#review-summary dt",
        "terms => terms.map((term) => [term.textContent, term.nextElementSibling.textContent])",
    )
    return dict(pairs)


def test_each_fault_stands_under_its_step_is_heard_and_is_counted_in_the_summary(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id, moves = faulty_game(api)
    warmed(api, game_id)
    judged = reviewed_here(moves)
    assert [m.verdict for m in judged.moves] == FAULTS
    steps = replay_of(api, MINES, game_id)["steps"]
    watch(page, server, game_id)
    expect(page.locator("#review")).to_be_visible(timeout=REVIEW_WAIT)
    expect(page.locator("#weighing-words")).to_have_text(WEIGHED, timeout=REVIEW_WAIT)
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text("Reviewed: 4 moves, 2 faults.")

    for number, (step, move) in enumerate(zip(steps, judged.moves, strict=True), 1):
        page.keyboard.press("ArrowRight")
        shows(page, step["state"]["view"])
        if move.verdict.fault:
            said = f"Fault: {verdict_words(move)}"
            expect(verdict).to_have_text(f"✗ {said}")
            expect(verdict).to_have_class(FAULT)
        else:
            said = f"Verdict: {verdict_words(move)}"
            expect(verdict).to_have_text(said)
            expect(verdict).not_to_have_class(FAULT)
        expect(page.locator("#spoken")).to_have_text(
            re.compile(rf"^Step {number} of 4: {step['said']}\. {re.escape(said)}\.")
        )

    # The needless guess in the words of every shell: whole percentages, the least risk 0,
    # and what it gave away of the chance to win.
    page.keyboard.press("ArrowLeft")
    expect(verdict).to_have_text(f"✗ Fault: {NEEDLESS_WORDS}")
    expect(verdict.locator(".fault-sign")).to_have_attribute("aria-hidden", "true")
    assert summary(page) == {
        "Moves": "4",
        "Guesses": "1",
        "Needless guesses": "1",
        "Risk taken": f"{judged.pluck:.2f}, the least possible 0.00",
        "Accuracy": "33%",
        "Inaccuracies": "0",
        "Mistakes": "1",
        "Blunders": "1",
    }
    assert f"{judged.pluck:.2f}" == "0.05"
    faults = page.locator("#review-faults button")
    expect(faults).to_have_text(["✗ Step 3", "✗ Step 4"])
    serious(page)  # the review shown, a fault under the board

    page.keyboard.press("Home")
    faults.first.click()  # a fault of the summary: its step, said as if stepped to by hand
    expect(page.locator("#seek")).to_have_value("3")
    expect(page.locator("#spoken")).to_contain_text("Fault: a needless guess")


def test_reviewing_is_said_until_the_review_comes_which_is_asked_after_the_first_paint(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = warmed(api, lost(api))
    held: list[Route] = []
    page.route("**/review", lambda route: held.append(route))
    # The guess is not weighed here (its words would join the verdict whenever they come):
    # this test is of the review itself.
    page.route("**/review/guesses/**", lambda route: None)
    watch(page, server, game_id)
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text("Reviewing…")
    expect(page.locator("#review")).to_be_hidden()
    page.keyboard.press("End")
    expect(verdict).to_have_text("Reviewing…")
    expect(page.locator("#spoken")).to_have_text(
        re.compile(r"^Step 2 of 2: reveal row \d+, column \d+\. Lost")
    )
    for _ in range(200):  # asked after the first paint: on a busy machine, after the steps too
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()
    # A guess at 1 in 8 (12.5%) is "12%", as Python's format rounds a tie and the terminal says.
    expect(verdict).to_have_text(
        "Verdict: a guess (no cell was certainly safe); 12% risk, the least there was 12%",
        timeout=REVIEW_WAIT,
    )
    expect(page.locator("#review")).to_be_visible()
    painted, asked = page.evaluate("""() => [
        performance.getEntriesByName("first-paint")[0].startTime,
        performance.getEntriesByType("resource").find((e) => e.name.endsWith("/review")).startTime,
    ]""")
    assert asked > painted


def test_a_review_that_fails_says_so_and_the_steps_can_still_be_watched(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = lost(api)
    steps = replay_of(api, MINES, game_id)["steps"]
    too_slow = "the review of this game took longer than 10 seconds; try again in a moment"
    page.route("**/review", lambda route: route.fulfill(status=504, json={"detail": too_slow}))
    watch(page, server, game_id)
    expect(page.locator("#verdict")).to_have_text(
        f"The solver's review cannot be shown: {too_slow}. The steps can still be watched."
    )
    page.keyboard.press("ArrowRight")
    shows(page, steps[0]["state"]["view"])
    expect(page.locator("#spoken")).to_have_text(f"Step 1 of 2: {steps[0]['said']}.")
    expect(page.locator("#review")).to_be_hidden()
    serious(page)


def test_the_guesses_are_weighed_one_by_one_under_a_progress_bar_a_failure_at_its_step(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id, _ = faulty_game(api)
    warmed(api, game_id)
    too_slow = "weighing this guess took longer than 60 seconds, so it is not weighed"
    held: list[Route] = []

    def weigh(route: Route) -> None:
        if route.request.url.endswith("/guesses/2"):  # the needless guess, step 3: fails
            route.fulfill(status=503, json={"detail": too_slow}, headers={"Retry-After": "5"})
        else:
            held.append(route)

    page.route("**/review/guesses/*", weigh)
    watch(page, server, game_id)
    # The first weighing failed; the next one is asked for all the same.
    bar = page.get_by_role("progressbar", name="Weighing the guesses: 1 of 2")
    expect(bar).to_have_attribute("max", "2", timeout=REVIEW_WAIT)
    expect(bar).to_have_js_property("value", 1)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text(
        re.compile(f"least there was 0%; not weighed: {re.escape(too_slow)}$")
    )
    page.keyboard.press("End")
    expect(verdict).to_have_text(re.compile("least there was 0%$"))  # not weighed yet
    for _ in range(100):  # the request reaches the route soon after the bar is drawn
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1 and held[0].request.url.endswith("/guesses/3")
    held[0].continue_()

    # The weighing worker meets its first job here (the first guess never reached it): it may
    # take as long as a review on a busy machine.
    expect(page.get_by_role("progressbar", name=WEIGHED)).to_have_js_property(
        "value", 2, timeout=REVIEW_WAIT
    )
    expect(verdict).to_have_text(f"✗ Fault: {MINE_WORDS}")  # the step shown, said again
    expect(page.locator("#weighed-spoken")).to_have_text(
        "The guesses are weighed: 0 inaccuracies, 0 mistakes, 1 blunder. 1 of 2 could not be "
        "weighed."
    )
    page.keyboard.press("Home")
    page.keyboard.press("End")
    expect(page.locator("#spoken")).to_have_text(
        re.compile(rf"^Step 4 of 4: .*\. Fault: {re.escape(MINE_WORDS)}\. Lost")
    )
    assert {k: v for k, v in summary(page).items() if k in LABELS} == {
        "Inaccuracies": "0",
        "Mistakes": "0",
        "Blunders": "1",
    }
    serious(page)
