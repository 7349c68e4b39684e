"""The review of a Mondrian game on the watch page, in a real browser against a real server:
each step's verdict (the solutions it left, the dead end it led into with the step that left
it, each step in it with the step that led into it, the time it took) stands under it in the
words every shell says, a screen reader hears it with the step, the summary gives the time per
block, the hints and the dead ends, each dead end a button that goes to its step, and axe-core
finds nothing serious."""

from __future__ import annotations

import math
import re
from typing import Any

import httpx
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.midend.test_mondrian_review import detours
from tests.web.minesweeper.test_watch_review import FAULT, REVIEW_WAIT, summary
from tests.web.mondrian.test_mondrian_games import placing
from tests.web.test_watch_page import MONDRIAN, new, played, replay_of, serious, watch


def dead_end_game(api: httpx.Client) -> str:
    """The published challenge solved through the API after a detour: its first block, a block
    into a dead end (step 2), another one in it (step 3), an undo (step 4), the lift that leaves
    the dead end (step 5), then the rest of the solution and a hint for the last block."""
    solution, wrong, further = detours()
    game_id = new(api, MONDRIAN, challenge="published", code="001040531")
    played(api, MONDRIAN, game_id, [placing(p) for p in (solution[0], wrong, further)])
    assert api.post(f"{MONDRIAN}/{game_id}/undo").status_code == 200
    lift = {"action": "lift", "row": wrong.row, "col": wrong.col}
    played(api, MONDRIAN, game_id, [lift, *(placing(p) for p in solution[1:-1])])
    assert api.post(f"{MONDRIAN}/{game_id}/hint").json()["solved"]
    return game_id


def reviewed(api: httpx.Client, game_id: str) -> dict[str, Any]:
    """The API's review of ``game_id`` (what the page must say), asked until it comes: the
    first job of a fresh solver worker may run past the budget on a busy machine, and the
    page's request then finds the worker warm."""
    for _ in range(3):
        answer = api.get(f"{MONDRIAN}/{game_id}/review")
        if answer.status_code == 200:
            found: dict[str, Any] = answer.json()
            return found
    raise AssertionError(f"the review of {game_id} never came: {answer.text}")


def sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def clock(seconds: float) -> str:
    """A time as the page's clock says it: minutes, seconds and tenths, "1:05.3"."""
    tenths = math.floor(seconds * 10 + 1e-6)
    minutes, whole = divmod(tenths // 10, 60)
    return f"{minutes}:{whole:02d}.{tenths % 10}"


def test_each_step_has_its_verdict_and_the_dead_end_a_button_that_goes_to_it(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = dead_end_game(api)
    judged = reviewed(api, game_id)
    steps = replay_of(api, MONDRIAN, game_id)["steps"]
    assert [s["verdict"] for s in judged["steps"][:5]] == [
        "solutions_left",
        "dead_end",
        "in_dead_end",
        "in_dead_end",
        "solutions_left",
    ]
    watch(page, server, game_id)
    expect(page.locator("#review")).to_be_visible(timeout=REVIEW_WAIT)
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text("Reviewed: 12 steps, 1 dead end.")

    for number, (step, judged_step) in enumerate(zip(steps, judged["steps"], strict=True), 1):
        page.keyboard.press("ArrowRight")
        said = sentence(judged_step["words"])
        if judged_step["fault"]:
            expect(verdict).to_have_text(f"✗ {said}")
            expect(verdict).to_have_class(FAULT)
        else:
            expect(verdict).to_have_text(said)
            expect(verdict).not_to_have_class(FAULT)
        expect(page.locator("#spoken")).to_have_text(
            re.compile(rf"^Step {number} of 12: {re.escape(step['said'])}\. {re.escape(said)}\.")
        )

    # The step in the dead end names the step that led into it, in the words of every shell.
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(verdict).to_have_text(
        re.compile(
            rf"^Dead end: no solution remains since step 2 \({re.escape(steps[1]['said'])}\)"
        )
    )
    figures = judged["summary"]
    assert summary(page) == {
        "Steps": "12",
        "Hints": "1",
        "Dead ends": "1",
        "Blocks": "8",
        "Time since the challenge was complete": clock(figures["seconds"]),
        "Time per block": f"{figures['seconds_per_block']:.1f} s",
    }
    expect(page.locator(".review-note")).to_have_count(1)
    expect(page.locator(".review-note")).to_contain_text("dead end")
    dead_ends = page.locator("#review-faults button")
    expect(dead_ends).to_have_text(["✗ Step 2"])
    expect(page.locator("#review-faults")).to_contain_text("Dead ends, each at its step:")

    page.keyboard.press("End")
    dead_ends.first.click()  # the dead end: its step, said as if stepped to by hand
    expect(page.locator("#seek")).to_have_value("2")
    expect(verdict).to_have_class(FAULT)
    expect(page.locator("#spoken")).to_contain_text(
        f"Dead end: no solution remains after this step; step 5 ({steps[4]['said']}) left it"
    )
    serious(page)  # the review shown, a dead end under the board
