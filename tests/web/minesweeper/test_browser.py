"""The pages in a real browser (Debian's chromium, headless) against a real server process."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Locator, Page, expect

from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Game,
    Move,
    level,
    new_game,
    play,
    reveal,
    view,
)
from gridpuzzles.minesweeper.core.grid import neighbours
from gridpuzzles.minesweeper.solving.noguess import placement
from tests.web.boards import FIRST, SEED, beginner_layout, beginner_mine, beginner_win

WIDTH = 9


def open_seeded(page: Page, server: ServerProcess, seed: int = SEED) -> None:
    """The seeded beginner game whose layout `tests.web.boards` knows: first click safe."""
    page.goto(f"{server.url}/?level=beginner&first_click=safe&seed={seed}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(81)


def start_new_game(page: Page, act: Callable[[], object] | None = None) -> None:
    """Click New game (or ``act``, such as choosing a level) and wait until the page shows
    the new game (a click on the board before then would reach the old one)."""
    with page.expect_response(
        lambda r: r.url.endswith("/games") and r.request.method == "POST"
    ) as created:
        if act is None:
            page.click("#new-game")
        else:
            act()
    game_id = created.value.json()["id"]
    page.wait_for_function(
        "id => localStorage.getItem('gridpuzzles.minesweeper.game') === id", arg=game_id
    )


def cell(page: Page, row: int, col: int) -> Locator:
    return page.locator(f"#board .cell[data-index='{row * WIDTH + col}']")


def cursor_to(page: Page, row: int, col: int, side: int = WIDTH) -> None:
    """Move the keyboard cursor of a board of at most ``side`` rows and columns to ``row``,
    ``col`` by arrow keys: to the top-left corner first, then down and right."""
    for _ in range(side - 1):
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(col):
        page.keyboard.press("ArrowRight")


def at(move: str) -> tuple[int, int]:
    parsed = Move.parse(move)
    return parsed.row, parsed.col


def mines_left(page: Page) -> Locator:
    return page.locator("#mines-left")


def test_left_click_reveals_and_right_or_shift_click_flags(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_seeded(page, server)
    expect(mines_left(page)).to_have_attribute("data-value", "10")
    cell(page, *FIRST).click()
    expected = view(play(new_game(level("beginner"), SEED), Move.parse("r4,4")))
    symbol = expected.at(*FIRST)
    expect(cell(page, *FIRST)).to_have_attribute("data-symbol", symbol)
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    hidden = [(r, c) for r in range(9) for c in range(9) if expected.at(r, c) == "#"]

    cell(page, *hidden[0]).click(button="right")
    expect(cell(page, *hidden[0])).to_have_class(re.compile(r"\bflag\b"))
    expect(mines_left(page)).to_have_attribute("data-value", "9")
    cell(page, *hidden[1]).click(modifiers=["Shift"])
    expect(cell(page, *hidden[1])).to_have_class(re.compile(r"\bflag\b"))
    expect(mines_left(page)).to_have_attribute("data-value", "8")
    cell(page, *hidden[0]).click(button="right")
    expect(cell(page, *hidden[0])).to_have_attribute("data-symbol", "#")
    prevented = cell(page, *hidden[2]).evaluate(
        "c => !c.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))"
    )
    assert prevented, "the browser's context menu must not open on the board"
    page.screenshot(path=artifacts / "minesweeper-playing.png")


def test_clicking_a_satisfied_number_chords(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    layout = beginner_layout()
    game = play(new_game(level("beginner"), SEED), Move.parse("r4,4"))
    shown = view(game)
    number, mines, safe = next(
        (index, around_mines, around_safe)
        for index in range(81)
        if shown.cells[index] in "12345678"
        for around in [list(neighbours(9, 9, index))]
        for around_mines in [[i for i in around if layout.is_mine(i)]]
        for around_safe in [[i for i in around if not layout.is_mine(i) and shown.cells[i] == "#"]]
        if around_safe
    )
    expect(cell(page, *divmod(number, 9))).to_have_class(re.compile(r"\bopen\b"))
    moves: list[str] = []
    page.on("request", lambda r: moves.append(r.url) if "/moves" in r.url else None)
    cell(page, *divmod(number, 9)).click()  # not satisfied yet: nothing is sent
    page.wait_for_timeout(500)
    assert moves == []
    for mine in mines:
        cell(page, *divmod(mine, 9)).click(button="right")
        expect(cell(page, *divmod(mine, 9))).to_have_class(re.compile(r"\bflag\b"))
    cell(page, *divmod(number, 9)).click()
    for index in safe:
        expect(cell(page, *divmod(index, 9))).to_have_class(re.compile(r"\bopen\b"))


def test_keyboard_play(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    page.locator("#board").focus()
    for key in ["ArrowDown"] * 4 + ["ArrowRight"] * 4:
        page.keyboard.press(key)
    page.keyboard.press("Space")
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    shown = view(play(new_game(level("beginner"), SEED), Move.parse("r4,4")))
    row, col = next((r, c) for r in range(9) for c in range(9) if shown.at(r, c) == "#")
    cursor_to(page, row, col)
    page.keyboard.press("f")
    expect(cell(page, row, col)).to_have_class(re.compile(r"\bflag\b"))


def test_a_long_press_flags_on_a_touch_screen(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    cell(page, 0, 0).evaluate(
        """c => c.dispatchEvent(new TouchEvent('touchstart', {bubbles: true, cancelable: true,
              touches: [new Touch({identifier: 1, target: c})]}))"""
    )
    expect(cell(page, 0, 0)).to_have_class(re.compile(r"\bflag\b"))
    expect(mines_left(page)).to_have_attribute("data-value", "9")


def test_a_seeded_game_is_won(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_seeded(page, server)
    for move in beginner_win():
        cell(page, *at(move)).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(page.locator("#message")).to_contain_text("You won")
    expect(page.locator("#tally")).to_contain_text("1 won, 0 lost")
    expect(mines_left(page)).to_have_attribute("data-value", "0")
    page.screenshot(path=artifacts / "minesweeper-won.png")


def test_no_guessing_boards_open_an_area_and_are_won_by_play_move(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    page.fill("#seed", "")  # the seed stays in the field: empty it, for a board that counts
    start_new_game(page, lambda: page.check("#no-guess"))  # the rule starts a game at once
    expect(page.locator("#first-click")).to_be_disabled()
    expect(page.locator("#board .cell.open")).to_have_count(0)
    cell(page, 4, 4).click()
    page.wait_for_function("document.querySelectorAll('#board .cell.open').length >= 9")
    for _ in range(81):
        if page.locator("#face").get_attribute("data-face") == "won":
            break
        page.click("#hint")
        expect(page.locator("#message")).to_have_text(
            re.compile(r"^Hint: row \d, column \d is safe: .+\.$")
        )
        said = page.locator("#message").inner_text()
        assert "already has its" in said or "no layout of mines" in said
        page.click("#play-move")
        expect(page.locator("#message")).not_to_have_text(said)
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(page.locator("#stats")).to_contain_text(
        "beginner no-guess: 0 played, 0 won; assisted: 1/1 won"
    )
    page.reload()
    expect(page.locator("#no-guess")).to_be_checked()


def test_a_mine_loses_and_the_game_survives_a_reload(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    page.reload()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    mine = at(beginner_mine())
    cell(page, *mine).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(cell(page, *mine)).to_have_class(re.compile(r"\bexploded\b"))
    expect(page.locator("#board .cell.mine")).to_have_count(10)
    page.screenshot(path=artifacts / "minesweeper-lost.png")


def test_an_expert_board_fits_a_laptop_screen(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 1366, "height": 700})
    page.goto(f"{server.url}/?level=expert&seed={SEED}")
    expect(page.locator("#board .cell")).to_have_count(480)
    page.locator("#board .cell[data-index='247']").click()
    expect(page.locator("#board .cell.open").first).to_be_visible()
    for _ in range(25):  # let the auto-player open up the board a little
        if page.locator("#play-move").is_disabled():
            break
        with page.expect_response(lambda response: "auto-move" in response.url):
            page.click("#play-move")
        expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    box = page.locator("#window").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1366
    assert box["y"] + box["height"] <= 700
    cells = page.locator("#board .cell").first.bounding_box()
    assert cells is not None and cells["width"] == cells["height"] >= 20
    page.screenshot(path=artifacts / "minesweeper-expert.png")


def test_a_beginner_board_is_playable_on_a_phone(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 375, "height": 667})
    open_seeded(page, server)
    cells = page.locator("#board .cell").first.bounding_box()
    board = page.locator("#board").bounding_box()
    assert cells is not None and board is not None
    assert cells["width"] >= 28 and board["x"] >= 0 and board["x"] + board["width"] <= 375
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    page.screenshot(path=artifacts / "minesweeper-phone.png")


def test_play_move_hint_and_the_probability_overlay(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    opened = page.locator("#board .cell.open").count()
    page.click("#play-move")
    expect(page.locator("#message")).to_contain_text("Played r")
    assert page.locator("#board .cell.open").count() > opened
    page.click("#hint")
    expect(page.locator("#board .cell.hint")).to_have_count(1)
    expect(page.locator("#message")).to_contain_text(re.compile(r"^Hint: .*row \d+, column \d+"))
    page.click("#overlay")
    expect(page.locator("#overlay")).to_have_attribute("aria-pressed", "true")
    hidden = page.locator("#board .cell.hidden:not(.flag)")
    expect(page.locator("#board .cell.chance")).to_have_count(hidden.count())
    assert re.fullmatch(r"\d{1,3}", page.locator("#board .cell.chance").first.inner_text())
    page.screenshot(path=artifacts / "minesweeper-probabilities.png")
    page.click("#overlay")
    expect(page.locator("#board .cell.chance")).to_have_count(0)


BIG_SEED = 4494805136092911258
"""Above 2**53: as a JavaScript number it would be 4494805136092911000, another board."""


def board_rows(page: Page, width: int) -> list[str]:
    """The board as the page draws it, one string per row (the view's symbols)."""
    symbols: str = page.evaluate(
        "() => [...document.querySelectorAll('#board .cell')].map(c => c.dataset.symbol).join('')"
    )
    return [symbols[start : start + width] for start in range(0, len(symbols), width)]


def play_to_a_loss(page: Page, config: Config, first: tuple[int, int], seed: int) -> list[str]:
    """On the page's new game: reveal ``first``, check the board against the core's game on
    ``seed``, then reveal one of its mines; returns the board as the page shows it at the end."""
    width = config.width
    at_first = reveal(new_game(config, seed, placement(config)), *first)
    page.locator(f"#board .cell[data-index='{first[0] * width + first[1]}']").click()
    expect(page.locator(f"#board .cell[data-index='{first[0] * width + first[1]}']")).to_have_class(
        re.compile(r"\bopen\b")
    )
    assert board_rows(page, width) == view(at_first).rows()
    expect(page.locator("#replay")).to_be_hidden()  # no seed while the game is played
    assert str(seed) not in page.content()
    mine = next(index for index in range(width * config.height) if is_hidden_mine(at_first, index))
    page.locator(f"#board .cell[data-index='{mine}']").click()
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    rows = board_rows(page, width)
    assert rows == view(reveal(at_first, *divmod(mine, width))).rows()
    return rows


def is_hidden_mine(game: Game, index: int) -> bool:
    return game.layout is not None and game.layout.is_mine(index) and view(game).cells[index] == "#"


@pytest.mark.parametrize(
    ("address", "config", "first"),
    [
        ("level=expert&first_click=opening", level("expert", FirstClick.OPENING), (8, 15)),
        ("width=20&height=12&mines=50&first_click=safe", Config(20, 12, 50), (3, 3)),
        ("level=beginner&first_click=no-guess", level("beginner", FirstClick.NO_GUESS), (4, 4)),
    ],
)
def test_the_end_of_a_game_shows_its_exact_seed_and_a_link_that_replays_the_board(
    page: Page,
    server: ServerProcess,
    artifacts: Path,
    address: str,
    config: Config,
    first: tuple[int, int],
) -> None:
    rounded = int(float(BIG_SEED))
    assert rounded != BIG_SEED and view(
        reveal(new_game(config, rounded, placement(config)), *first)
    ) != view(reveal(new_game(config, BIG_SEED, placement(config)), *first))
    page.goto(f"{server.url}/?{address}&seed={BIG_SEED}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(config.width * config.height)
    ended = play_to_a_loss(page, config, first, BIG_SEED)
    expect(page.locator("#message")).to_contain_text(f"(seed {BIG_SEED})")
    link = page.locator("#replay")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href is not None
    asked = {key: values for key, values in parse_qs(urlsplit(href).query).items()}
    assert asked == {**parse_qs(address), "seed": [str(BIG_SEED)]}
    page.screenshot(path=artifacts / f"minesweeper-replay-{config.width}x{config.height}.png")

    with page.expect_navigation():
        link.click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(config.width * config.height)
    expect(page.locator("#board .cell.open")).to_have_count(0)
    expect(link).to_be_hidden()
    assert play_to_a_loss(page, config, first, BIG_SEED) == ended
    expect(page.locator("#message")).to_contain_text(f"(seed {BIG_SEED})")
    expected_level = config.first_click is FirstClick.NO_GUESS
    expect(page.locator("#no-guess")).to_be_checked(checked=expected_level)
    expect(page.locator("#level")).to_have_value(
        "custom" if "width" in address else parse_qs(address)["level"][0]
    )


def test_a_bad_seed_in_the_address_is_explained(page: Page, server: ServerProcess) -> None:
    page.goto(f"{server.url}/?level=beginner&seed=12345678901234567890")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#message")).to_contain_text(
        "the seed must be a whole number from 0 to 9223372036854775807 (2**63 - 1) in digits, "
        "not '12345678901234567890'"
    )
    start_new_game(page)  # New game then plays the form's settings, on a fresh seed
    expect(page.locator("#board .cell")).to_have_count(81)
    expect(page.locator("#message")).to_have_text("")


def test_choosing_a_level_or_a_rule_starts_a_game_at_once(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    with page.expect_response(
        lambda r: r.url.endswith("/games") and r.request.method == "POST"
    ) as made:
        page.select_option("#level", "intermediate")
    assert made.value.json()["level"] == "intermediate"
    expect(page.locator("#board .cell")).to_have_count(16 * 16)
    with page.expect_response(
        lambda r: r.url.endswith("/games") and r.request.method == "POST"
    ) as made:
        page.select_option("#first-click", "opening")
    assert made.value.json()["first_click"] == "opening"
    with page.expect_response(
        lambda r: r.url.endswith("/games") and r.request.method == "POST"
    ) as made:
        page.check("#no-guess")
    assert made.value.json()["first_click"] == "no-guess"
    page.select_option("#level", "custom")  # a custom size waits for its numbers and New game
    expect(page.locator("#custom")).to_be_visible()
    expect(page.locator("#board .cell")).to_have_count(16 * 16)
