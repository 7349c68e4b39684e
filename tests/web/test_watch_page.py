"""The watch page, ``/watch/{id}``, in a real browser against a real server: a game played to
its end through the API is watched step by step (the slider, Home and End, the arrows and what
a screen reader hears of them, playing at the game's pace or 8x), passes axe-core, fits a phone
and a laptop and is used with the keyboard alone; an unknown id and a game still being played
are refused in words, and nothing of a game in play is sent."""

from __future__ import annotations

import re
import time
from itertools import groupby, pairwise
from typing import Any

import httpx
import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, Page, expect

from tests.web.boards import FIRST, SEED, beginner_layout, beginner_mine, beginner_win
from tests.web.conftest import fresh_page
from tests.web.mondrian.test_mondrian_games import CODE, placing, solution_of
from tests.web.mondrian.test_mondrian_page_axe import violations

MINES = "/api/minesweeper/games"
MONDRIAN = "/api/mondrian/games"
PAUSE = 0.3
"""Seconds the player of `paused_loss` waits between two moves: the pace a replay keeps."""


def played(api: httpx.Client, path: str, game_id: str, moves: list[dict[str, Any]]) -> None:
    for body in moves:
        answer = api.post(f"{path}/{game_id}/moves", json=body)
        assert answer.status_code == 200, answer.text


def new(api: httpx.Client, path: str, **body: Any) -> str:
    created = api.post(path, json=body)
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    return game_id


def mines_game(api: httpx.Client, moves: list[str], pause: float = 0) -> str:
    """A seeded beginner game (first click safe) played through ``moves``, ``pause`` seconds
    apart; its id."""
    game_id = new(api, MINES, level="beginner", seed=str(SEED), first_click="safe")
    for number, text in enumerate(moves):
        if number:
            time.sleep(pause)
        played(api, MINES, game_id, [{"move": text}])
    return game_id


def lost(api: httpx.Client) -> str:
    """A game lost at its second reveal, on `beginner_mine`."""
    return mines_game(api, [f"r{FIRST[0]},{FIRST[1]}", beginner_mine()])


def paused_loss(api: httpx.Client) -> str:
    """A game lost at its third move (a reveal, a flag on another mine, the reveal of
    `beginner_mine`), each move `PAUSE` seconds after the one before."""
    row, col = divmod(beginner_layout().mine_indices()[1], 9)
    moves = [f"r{FIRST[0]},{FIRST[1]}", f"f{row},{col}", beginner_mine()]
    return mines_game(api, moves, PAUSE)


def won(api: httpx.Client) -> str:
    return mines_game(api, beginner_win())


def solved(api: httpx.Client) -> str:
    """The published Mondrian challenge `CODE` solved through the API."""
    game_id = new(api, MONDRIAN, challenge="published", code=CODE)
    played(api, MONDRIAN, game_id, [placing(p) for p in solution_of(CODE)])
    return game_id


def replay_of(api: httpx.Client, path: str, game_id: str) -> dict[str, Any]:
    answer = api.get(f"{path}/{game_id}/replay")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def watch(page: Page, server: ServerProcess, game_id: str) -> None:
    answer = page.goto(f"{server.url}/watch/{game_id}")
    assert answer is not None and answer.status == 200
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def watched(
    page: Page, server: ServerProcess, api: httpx.Client, path: str, game_id: str
) -> dict[str, Any]:
    """Open the watch page of the game ``game_id`` (of the API under ``path``); the API's
    replay of it, to compare with what the page shows."""
    replay = replay_of(api, path, game_id)
    watch(page, server, game_id)
    return replay


def board(page: Page, width: int = 9) -> list[str]:
    """The Minesweeper board shown, as the API's view: one string per row."""
    symbols = page.eval_on_selector_all(
        "#mines-board .cell", "cells => cells.map((cell) => cell.dataset.symbol)"
    )
    text = "".join(symbols)
    return [text[start : start + width] for start in range(0, len(text), width)]


def shows(page: Page, view: list[str]) -> None:
    """Wait until the Minesweeper board shows ``view``."""
    page.wait_for_function(
        """view => [...document.querySelectorAll("#mines-board .cell")]
            .map((cell) => cell.dataset.symbol).join("") === view.join("")""",
        arg=view,
    )
    assert board(page) == view


def spoken(page: Page) -> str:
    return page.locator("#spoken").inner_text()


def test_the_slider_spans_every_step_and_home_and_end_show_the_start_and_the_loss(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = lost(api)
    replay = watched(page, server, api, MINES, game_id)
    steps = replay["steps"]
    expect(page.locator("#seek")).to_have_attribute("max", str(len(steps)))
    expect(page.locator("#seek")).to_have_value("0")
    assert board(page) == replay["start"]["view"] == ["#" * 9] * 9  # the start, at first
    expect(page.locator("#position")).to_have_text(f"Start (0 of {len(steps)})")
    expect(page.locator("#game-page")).to_have_attribute("href", "/")

    page.keyboard.press("End")
    shows(page, steps[-1]["state"]["view"])
    row, col = (int(n) for n in beginner_mine()[1:].split(","))
    exploded = page.locator(f"#mines-board .cell[data-index='{row * 9 + col}']")
    expect(exploded).to_have_class(re.compile(r"\bmine\b.*\bexploded\b"))
    expect(exploded).to_have_attribute("aria-label", f"row {row + 1}, column {col + 1}: mine")
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(page.locator("#seek")).to_have_value(str(len(steps)))
    expect(page.locator("#position")).to_have_text(f"Step {len(steps)} of {len(steps)}")
    expect(page.locator("#said")).to_have_text(f"Reveal row {row + 1}, column {col + 1}")
    where = f"row {row + 1}, column {col + 1}"
    expect(page.locator("#spoken")).to_have_text(
        # (the solver's verdict comes between them once the review has come)
        re.compile(rf"^Step 2 of 2: {steps[-1]['said']}\. .*Lost on the mine at {where}")
    )

    page.keyboard.press("Home")
    shows(page, replay["start"]["view"])
    expect(page.locator("#seek")).to_have_value("0")
    expect(page.locator("#face")).to_have_attribute("data-face", "playing")
    expect(page.locator("#spoken")).to_have_text(re.compile(r"^The start, before the first move"))


def test_the_arrows_step_and_a_screen_reader_hears_each_step(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = paused_loss(api)
    steps = watched(page, server, api, MINES, game_id)["steps"]
    live = page.locator("#spoken")
    expect(live).to_have_attribute("aria-live", "polite")
    for number, step in enumerate(steps, 1):
        page.keyboard.press("ArrowRight")
        shows(page, step["state"]["view"])
        expect(live).to_have_text(re.compile(rf"^Step {number} of 3: {step['said']}\."))
        expect(page.locator("#clock")).to_have_text(clock(step["state"]["elapsed"]))
    page.keyboard.press("ArrowRight")  # past the end: nothing more
    expect(page.locator("#seek")).to_have_value("3")
    page.keyboard.press("ArrowLeft")
    shows(page, steps[1]["state"]["view"])
    expect(live).to_have_text(re.compile(rf"^Step 2 of 3: {re.escape(steps[1]['said'])}\."))
    assert "flag row" in steps[1]["said"]
    expect(page.locator("#mines-board .cell.flag")).to_have_count(1)


def clock(seconds: float) -> str:
    """The watch page's clock: minutes, seconds and tenths."""
    tenths = int(seconds * 10 + 1e-6)
    return f"{tenths // 600}:{tenths // 10 % 60:02d}.{tenths % 10}"


RECORD_TIMEOUTS = """
window.waits = [];
const setTimeoutOfThePage = window.setTimeout;
window.setTimeout = (work, ms, ...more) => {
  window.waits.push(ms);
  return setTimeoutOfThePage(work, ms, ...more);
};
"""


@pytest.mark.parametrize("speed", [1, 8])
def test_play_keeps_the_game_s_pace_or_8x_and_reaches_the_end(
    page: Page, server: ServerProcess, api: httpx.Client, speed: int
) -> None:
    game_id = paused_loss(api)
    steps = replay_of(api, MINES, game_id)["steps"]
    page.add_init_script(RECORD_TIMEOUTS)
    watch(page, server, game_id)
    page.select_option("#speed", str(speed))
    page.evaluate("""() => {
        window.said = [];
        window.labels = [];
        const changes = {childList: true, characterData: true, subtree: true};
        const spoken = document.getElementById("spoken");
        new MutationObserver(() => window.said.push(spoken.textContent)).observe(spoken, changes);
        const play = document.getElementById("play");
        new MutationObserver(() => window.labels.push(play.textContent)).observe(play, changes);
    }""")
    page.focus("#seek")
    page.keyboard.press(" ")
    expect(page.locator("#seek")).to_have_value("3", timeout=10_000)
    expect(page.locator("#play")).to_have_text("Play")
    # (At 8x the whole game may play before a look at the button: its labels were recorded.)
    labels = [label.strip() for label in page.evaluate("window.labels")]
    assert [label for label, _ in groupby(labels)] == ["Pause", "Play"]
    shows(page, steps[-1]["state"]["view"])
    # The pauses between the moves, as they were made (at most 3 s), at the speed chosen.
    ats = [0.0] + [step["at"] for step in steps]
    kept = [min(3.0, after - before) * 1000 / speed for before, after in pairwise(ats)]
    waits = page.evaluate("window.waits")
    assert waits == pytest.approx([max(16, wait) for wait in kept], abs=1)
    assert all(wait > 16 for wait in waits[1:])  # the player's pauses: each one is kept
    # A screen reader hears the end once, not each step played.
    said = page.evaluate("window.said")
    assert len(said) == 1 and said[0].startswith(f"Step 3 of 3: {steps[-1]['said']}. ")
    assert "Lost on the mine" in said[0]  # (after the solver's verdict, once it has come)


def test_a_won_game_ends_won_and_the_page_passes_axe_core(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = won(api)
    replay = watched(page, server, api, MINES, game_id)
    serious(page)
    page.click("#last")
    shows(page, replay["steps"][-1]["state"]["view"])
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(page.locator("#outcome")).to_have_text(re.compile(r"^Won in 0:\d\d\.\d\.$"))
    serious(page)


def test_a_finished_game_s_videos_download_from_its_page(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    """The links under the controls download the game as EVF and as RAWVF; a Mondrian game's
    page has none."""
    game_id = lost(api)
    watched(page, server, api, MINES, game_id)
    expect(page.locator("#videos")).to_be_visible()
    for video_format in ("evf", "rawvf"):
        with page.expect_download() as downloading:
            page.click(f"#video-{video_format}")
        assert downloading.value.suggested_filename == f"gridpuzzles-{game_id}.{video_format}"
    serious(page)
    watched(page, server, api, MONDRIAN, solved(api))
    expect(page.locator("#videos")).to_have_count(0)


def serious(page: Page) -> None:
    """No serious or critical violation of the WCAG 2 A and AA rules (axe-core)."""
    bad = [
        (v["id"], v["impact"], v["help"], len(v["nodes"]))
        for v in violations(page)
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad


def test_an_unknown_id_is_a_404_page_in_words_with_a_link_home(
    page: Page, server: ServerProcess
) -> None:
    answer = page.goto(f"{server.url}/watch/no-such-game")
    assert answer is not None and answer.status == 404
    expect(page.locator("h1")).to_have_text("No such game")
    expect(page.locator("#refusal")).to_have_text(
        "There is no game 'no-such-game' to watch: check the address. Only the games kept on "
        "this server can be watched."
    )
    expect(page.get_by_role("link", name="Back home")).to_have_attribute("href", "/")
    serious(page)
    # The id is shown as the text it is: no markup in it reaches the page.
    answer = page.goto(f"{server.url}/watch/%3Cb%3Ebold")
    assert answer is not None and answer.status == 404
    expect(page.locator("#refusal")).to_contain_text("'<b>bold'")
    expect(page.locator("#refusal b")).to_have_count(0)


def test_a_game_in_play_is_refused_in_words_and_no_mine_is_sent(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = mines_game(api, [f"r{FIRST[0]},{FIRST[1]}"])
    detail = api.get(f"{MINES}/{game_id}/replay").json()["detail"]
    answer = page.goto(f"{server.url}/watch/{game_id}")
    assert answer is not None and answer.status == 409
    html = answer.text()
    expect(page.locator("h1")).to_have_text("This game is still being played")
    expect(page.locator("#refusal")).to_have_text(f"{detail[0].upper()}{detail[1:]}.")
    assert "it can be watched once it ends" in detail
    expect(page.get_by_role("link", name="Back to Minesweeper")).to_have_attribute("href", "/")
    # Nothing of the game: no view, no seed, no mine (each mine as the page would send it).
    assert '"view"' not in html and str(SEED) not in html and "watch-replay" not in html
    layout = beginner_layout()
    for index in layout.mine_indices():
        assert f"[{index // 9},{index % 9}]" not in html and f"cell-{index}" not in html


SCREENS = {"phone": (375, 667), "laptop": (1280, 800)}


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("puzzle", ["minesweeper", "mondrian"])
def test_the_page_fits_the_screen(
    browser: Browser, server: ServerProcess, api: httpx.Client, screen: str, puzzle: str
) -> None:
    width, height = SCREENS[screen]
    game_id = lost(api) if puzzle == "minesweeper" else solved(api)
    for page in fresh_page(browser, viewport={"width": width, "height": height}):
        watch(page, server, game_id)
        page.keyboard.press("End")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        view = "#mines-view" if puzzle == "minesweeper" else "#mondrian-view"
        for selector in (
            view,
            ".watch-controls",
            "#seek",
            "#speed",
            "#said",
            "#verdict",  # the solver's, of the step
            "#clock",
            "#game-page",
        ):
            box = page.locator(selector).bounding_box()
            assert box is not None, selector
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
            assert box["y"] + box["height"] <= height, selector  # in sight, no scrolling
        for button in page.locator(".watch-controls button").all():
            box = button.bounding_box()
            assert box is not None and box["height"] >= 24 and box["width"] >= 24


def test_the_keyboard_alone_reaches_every_control(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = paused_loss(api)
    steps = watched(page, server, api, MINES, game_id)["steps"]
    order = []
    for _ in range(12):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id"))
    wanted = ["first", "back", "play", "forward", "last", "seek", "speed", "game-page"]
    assert [name for name in order if name in wanted][: len(wanted)] == wanted
    page.focus("#forward")
    page.keyboard.press("Enter")  # the button pressed: one step on
    expect(page.locator("#seek")).to_have_value("1")
    expect(page.locator("#forward")).to_be_focused()
    page.keyboard.press("Space")  # the focused button again, not play
    expect(page.locator("#seek")).to_have_value("2")
    page.wait_for_timeout(3 * PAUSE * 1000)  # playing, it would have gone on
    expect(page.locator("#seek")).to_have_value("2")
    expect(page.locator("#play")).to_have_text("Play")
    page.focus("#seek")
    page.keyboard.press("ArrowRight")  # on the slider: one step, not two
    expect(page.locator("#seek")).to_have_value("3")
    expect(page.locator("#spoken")).to_have_text(re.compile(rf"^Step 3 of 3: {steps[2]['said']}"))
    page.keyboard.press("Home")
    expect(page.locator("#seek")).to_have_value("0")
    page.focus("#last")
    page.keyboard.press("Enter")
    expect(page.locator("#last")).to_be_focused()  # at the end it keeps the focus
    expect(page.locator("#last")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#seek")).to_have_value("3")


def blocks(page: Page) -> list[tuple[str, int, int]]:
    """The blocks drawn on the Mondrian board: (size, row, col), top-left from 0."""
    found = page.eval_on_selector_all(
        "#mondrian-board .block",
        "blocks => blocks.map((b) => [b.dataset.size, Number(b.dataset.row), Number(b.dataset.col)])",
    )
    return sorted((size, row, col) for size, row, col in found)


def drawn(state: dict[str, Any]) -> list[tuple[str, int, int]]:
    return sorted((b["size"], b["row"], b["col"]) for b in state["black"] + state["placed"])


def test_a_solved_mondrian_game_is_watched_the_same_way(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = solved(api)
    replay = watched(page, server, api, MONDRIAN, game_id)
    steps = replay["steps"]
    expect(page.locator("#title")).to_contain_text(f"Mondrian Blocks: Challenge {CODE}")
    expect(page.locator("#seek")).to_have_attribute("max", str(len(steps)))
    assert len(steps) == len(solution_of(CODE))
    assert blocks(page) == drawn(replay["start"]) and len(blocks(page)) == 3  # the black ones
    expect(page.locator("#game-page")).to_have_attribute("href", "/mondrian")
    serious(page)

    page.keyboard.press("ArrowRight")
    # (the solver's verdict follows once its review has come: test_watch_mondrian_review.py)
    expect(page.locator("#spoken")).to_have_text(
        re.compile(rf"^Step 1 of {len(steps)}: {re.escape(steps[0]['said'])}\.")
    )
    assert blocks(page) == drawn(steps[0]["state"]) and len(blocks(page)) == 4
    page.keyboard.press("End")
    expect(page.locator("#mondrian-board")).to_have_class(re.compile(r"\bsolved\b"))
    assert blocks(page) == drawn(steps[-1]["state"]) and len(blocks(page)) == 11
    expect(page.locator("#spoken")).to_have_text(
        re.compile(r"\. Solved in 0:\d\d\.\d \(8 moves\)\.$")
    )
    serious(page)
    page.keyboard.press("Home")
    expect(page.locator("#mondrian-board")).not_to_have_class(re.compile(r"\bsolved\b"))
    assert blocks(page) == drawn(replay["start"])

    page.select_option("#speed", "8")
    page.click("#play")
    expect(page.locator("#seek")).to_have_value(str(len(steps)), timeout=10_000)
    expect(page.locator("#play")).to_have_text("Play")


def test_a_mondrian_game_in_play_is_refused_and_nothing_of_it_is_sent(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    game_id = new(api, MONDRIAN, challenge="published", code=CODE)
    played(api, MONDRIAN, game_id, [placing(solution_of(CODE)[0])])
    detail = api.get(f"{MONDRIAN}/{game_id}/replay").json()["detail"]
    answer = page.goto(f"{server.url}/watch/{game_id}")
    assert answer is not None and answer.status == 409
    expect(page.locator("#refusal")).to_have_text(f"{detail[0].upper()}{detail[1:]}.")
    expect(page.get_by_role("link", name="Back to Mondrian Blocks")).to_have_attribute(
        "href", "/mondrian"
    )
    assert '"placed"' not in answer.text() and "watch-replay" not in answer.text()
