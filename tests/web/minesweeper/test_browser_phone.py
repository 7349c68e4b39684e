"""The page on a phone and for reading (real browser against a real server): the overlay's
risk bands (the scale of every shell) and legible numbers, expert panning on a 375x667 screen, the Flag mode
toggle, a second tab that follows the game, text contrast, four-digit counters and chords
by middle click and by both buttons."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Iterator

import pytest
from benchmarks.server import ServerProcess
from matplotlib.colors import to_hex, to_rgb
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from gridpuzzles.minesweeper import Move, level, new_game, play, view
from gridpuzzles.minesweeper.core.grid import neighbours
from gridpuzzles.minesweeper.core.scale import RISK_BANDS, risk_band
from tests.colours import contrast, luminance
from tests.web.boards import FIRST, SEED, beginner_layout, beginner_mine
from tests.web.conftest import fresh_page
from tests.web.minesweeper.test_browser import cell, open_seeded
from tests.web.minesweeper.test_browser_records import CONTRAST

PHONE: ViewportSize = {"width": 375, "height": 667}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A fresh page on a 375x667 touch screen."""
    yield from fresh_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def ready(page: Page, cells: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(cells)


def settled(page: Page) -> None:
    """Wait until the page has drawn the answer of every request sent."""
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")


def lightness(rgb: tuple[float, float, float]) -> float:
    """CIELAB L* (0 black to 100 white)."""
    y = luminance(rgb)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def css_rgb(text: str) -> tuple[float, float, float]:
    r, g, b = (int(n) / 255 for n in re.findall(r"\d+", text)[:3])
    return (r, g, b)


def percent_of(chance: float) -> int:
    """A mine chance as the overlay writes it: 0 and 100 only when certain."""
    if chance in (0, 1):
        return round(chance * 100)
    return min(99, max(1, math.floor(chance * 100 + 0.5)))


def band_of(chance: float) -> int:
    """The place in `RISK_BANDS` of the band a mine chance is drawn in."""
    return RISK_BANDS.index(risk_band(percent_of(chance)))


def test_the_overlay_bands_are_the_scale_of_every_shell_and_every_number_reads_at_45_to_1(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    for _ in range(4):  # a few numbers more, for chances of several bands
        with page.expect_response(lambda r: "auto-move" in r.url):
            page.click("#play-move")
        settled(page)
    page.click("#overlay")
    chances = page.locator("#board .cell.chance")
    expect(chances.first).to_be_visible()
    shown = page.evaluate(
        """async () => {
             const id = localStorage.getItem('gridpuzzles.minesweeper.game');
             const answer = await fetch(`/api/minesweeper/games/${id}/probabilities`);
             const chances = (await answer.json()).probabilities.flat();
             return [...document.querySelectorAll('#board .cell.chance')].map(c => [
               chances[Number(c.dataset.index)], c.textContent,
               parseFloat(getComputedStyle(c).fontSize),
               getComputedStyle(c).backgroundColor, getComputedStyle(c).color]);
           }"""
    )
    assert shown and "tiny" not in (page.locator("#board").get_attribute("class") or "")
    assert len({band_of(chance) for chance, *_ in shown}) >= 2
    for chance, text, size, background, ink in shown:
        band = RISK_BANDS[band_of(chance)]
        assert to_hex(css_rgb(background)) == band.background, (chance, background)
        assert contrast(css_rgb(background), css_rgb(ink)) >= 4.5, (chance, background, ink)
        assert text == str(percent_of(chance)) and size >= 11, (text, size)
    # the bands keep their order in lightness, far apart, safe light and a mine dark
    lights = [lightness(to_rgb(band.background)) for band in RISK_BANDS]
    assert all(a > b + 8 for a, b in itertools.pairwise(lights)), lights
    for band in RISK_BANDS:
        assert contrast(to_rgb(band.background), to_rgb(band.ink)) >= 4.5, band


def test_small_cells_show_the_overlay_number_in_a_label_on_hover_and_press(
    page: Page, phone: Page, server: ServerProcess
) -> None:
    page.set_viewport_size({"width": 1000, "height": 600})  # expert cells under 24px
    for shown, address in ((page, "level=expert&first_click=safe"), (phone, "level=expert")):
        shown.goto(f"{server.url}/?{address}&seed={SEED}")
        ready(shown, 480)
        shown.locator("#board .cell[data-index='247']").click()
        settled(shown)
        shown.click("#overlay")
        expect(shown.locator("#board .cell.chance").first).to_be_attached()
        expect(shown.locator("#board")).to_have_class(re.compile(r"\btiny\b"))
        assert shown.locator("#board .cell").first.bounding_box()["width"] * 0.45 < 11  # type: ignore[index]
        target = shown.locator("#board .cell.chance").nth(40)
        size = target.evaluate("c => parseFloat(getComputedStyle(c).fontSize)")
        assert size == 0  # no 6px digits: the number is in the label
        label = shown.locator("#chance-label")
        expect(label).to_be_hidden()
        if shown is page:
            target.hover()
        else:  # a finger down on the cell (its long press would flag it)
            target.scroll_into_view_if_needed()
            target.evaluate(
                """c => c.dispatchEvent(new TouchEvent('touchstart', {bubbles: true,
                      cancelable: true, touches: [new Touch({identifier: 1, target: c})]}))"""
            )
        expect(label).to_be_visible()
        expect(label).to_have_text(f"{target.text_content()}%")
        font = label.evaluate("l => parseFloat(getComputedStyle(l).fontSize)")
        assert font >= 11
        box = label.bounding_box()
        viewport = shown.viewport_size
        assert box is not None and viewport is not None
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        assert shown.evaluate(CONTRAST, label.element_handle()) == []


def test_expert_on_a_phone_zoomed_in_pans_and_every_cell_can_be_brought_into_view_and_tapped(
    phone: Page, server: ServerProcess
) -> None:
    phone.goto(f"{server.url}/?level=expert&first_click=safe&seed={SEED}")
    ready(phone, 480)
    phone.get_by_role("button", name="Zoom in").tap()  # the board fits at first: zoom in
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    window = phone.locator("#window").bounding_box()
    assert window is not None and window["x"] >= 0
    assert window["x"] + window["width"] <= PHONE["width"]
    first = phone.locator("#board .cell").first.bounding_box()
    assert first is not None and first["width"] >= 24  # a tappable size
    expect(phone.locator("#pan-note")).to_be_visible()

    unreachable = phone.evaluate(
        """() => [...document.querySelectorAll('#board .cell')].filter(cell => {
             cell.scrollIntoView({block: 'nearest', inline: 'nearest'});
             const box = cell.getBoundingClientRect();
             const x = box.left + box.width / 2, y = box.top + box.height / 2;
             const inside = x > 0 && y > 0 && x < innerWidth && y < innerHeight;
             return !inside || document.elementFromPoint(x, y) !== cell;
           }).map(cell => cell.dataset.index)"""
    )
    assert unreachable == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    frame = phone.locator("#board-frame")
    frame.evaluate("f => { f.scrollLeft = 0; }")
    box = frame.bounding_box()
    assert box is not None
    session = phone.context.new_cdp_session(phone)
    x, y = box["x"] + box["width"] - 40, box["y"] + box["height"] / 2
    session.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for step in range(1, 11):  # a finger drags 200px to the left
        point = {"x": x - 20 * step, "y": y}
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert frame.evaluate("f => f.scrollLeft") > 100  # a finger's swipe pans the board
    assert phone.evaluate("scrollX") == 0  # and not the page
    phone.wait_for_timeout(600)  # longer than a long press: the drag neither flagged nor opened
    expect(phone.locator("#board .cell.open, #board .cell.flag")).to_have_count(0)

    phone.click("#flag-mode")
    corners = [0, 29, 15 * 30, 15 * 30 + 29]
    for index in corners:
        phone.locator(f"#board .cell[data-index='{index}']").tap()
        expect(phone.locator(f"#board .cell[data-index='{index}']")).to_have_class(
            re.compile(r"\bflag\b")
        )
    expect(phone.locator("#mines-left")).to_have_attribute("data-value", "95")


def test_flag_mode_makes_a_tap_flag_and_a_long_press_reveal(
    phone: Page, server: ServerProcess
) -> None:
    open_seeded(phone, server)
    toggle = phone.locator("#flag-mode")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    cell(phone, *FIRST).tap()
    expect(cell(phone, *FIRST)).to_have_class(re.compile(r"\bopen\b"))  # Dig mode: a tap opens
    shown = view(play(new_game(level("beginner"), SEED), Move.parse("r4,4")))
    hidden = [(r, c) for r in range(9) for c in range(9) if shown.at(r, c) == "#"]
    safe = next(h for h in hidden if not beginner_layout().is_mine(h[0] * 9 + h[1]))

    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("#board")).to_have_class(re.compile(r"\bflag-mode\b"))
    pressed = toggle.evaluate("b => getComputedStyle(b).backgroundColor")
    cell(phone, *hidden[0]).tap()
    expect(cell(phone, *hidden[0])).to_have_class(re.compile(r"\bflag\b"))
    expect(phone.locator("#mines-left")).to_have_attribute("data-value", "9")
    cell(phone, *hidden[0]).tap()
    expect(cell(phone, *hidden[0])).to_have_attribute("data-symbol", "#")
    cell(phone, *safe).evaluate(  # a long press in Flag mode opens the cell
        """c => c.dispatchEvent(new TouchEvent('touchstart', {bubbles: true, cancelable: true,
              touches: [new Touch({identifier: 1, target: c})]}))"""
    )
    expect(cell(phone, *safe)).to_have_class(re.compile(r"\bopen\b"))

    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert toggle.evaluate("b => getComputedStyle(b).backgroundColor") != pressed  # it shows
    mine = Move.parse(beginner_mine())
    cell(phone, mine.row, mine.col).tap()  # Dig mode again: a tap opens, here a mine
    expect(phone.locator("#face")).to_have_attribute("data-face", "lost")


def test_a_second_tab_follows_the_game(browser: Browser, server: ServerProcess) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    first, second = context.new_page(), context.new_page()
    try:
        open_seeded(first, server)
        second.goto(f"{server.url}/")  # the same browser: the same game
        ready(second, 81)
        game_id = first.evaluate("localStorage.getItem('gridpuzzles.minesweeper.game')")
        assert second.evaluate("localStorage.getItem('gridpuzzles.minesweeper.game')") == game_id

        cell(first, *FIRST).click()
        expect(cell(first, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
        mine = Move.parse(beginner_mine())
        cell(first, mine.row, mine.col).click()
        expect(first.locator("#face")).to_have_attribute("data-face", "lost")
        expect(second.locator("#face")).to_have_attribute("data-face", "playing")  # stale

        second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # shown again
        expect(second.locator("#face")).to_have_attribute("data-face", "lost")
        expect(second.locator("#board .cell.mine")).to_have_count(10)
        expect(second.locator("#message")).to_contain_text("Boom!")
        timer = second.locator("#timer").get_attribute("data-value")
        second.wait_for_timeout(1300)
        expect(second.locator("#timer")).to_have_attribute("data-value", timer or "")

        # a new game in the first tab; the second follows it when shown again
        with first.expect_response(lambda r: r.url.endswith("/games")) as made:
            first.click("#face")
        new_id = made.value.json()["id"]
        second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(second.locator("#face")).to_have_attribute("data-face", "playing")
        second.wait_for_function(
            "id => localStorage.getItem('gridpuzzles.minesweeper.game') === id", arg=new_id
        )
        expect(second.locator("#board .cell.open")).to_have_count(0)

        # the first tab ends that game; the second, stale, acts: the server's 409 makes it follow
        cell(first, 4, 4).click()
        settled(first)
        for index in range(81):  # reveal hidden cells until one is a mine (or the game is won)
            if first.locator("#face").get_attribute("data-face") != "playing":
                break
            if cell(first, *divmod(index, 9)).get_attribute("data-symbol") == "#":
                cell(first, *divmod(index, 9)).click()
                settled(first)
        ended = first.locator("#face").get_attribute("data-face")
        assert ended in ("won", "lost")
        expect(second.locator("#face")).to_have_attribute("data-face", "playing")  # stale
        with second.expect_response(lambda r: "/moves" in r.url) as refused:
            cell(second, 0, 0).click()
        assert refused.value.status == 409
        expect(second.locator("#face")).to_have_attribute("data-face", ended or "")
        settled(second)
        expect(second.locator("#message")).not_to_have_class(re.compile(r"\berror\b"))
    finally:
        context.close()


def test_a_move_on_a_stale_board_is_refused_and_the_tab_shows_the_game_now(
    browser: Browser, server: ServerProcess
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    first, second = context.new_page(), context.new_page()
    try:
        open_seeded(first, server)
        second.goto(f"{server.url}/")  # the same game, not yet moved on
        ready(second, 81)
        cell(first, 0, 0).click(button="right")  # a flag in the first tab
        expect(cell(first, 0, 0)).to_have_attribute("data-symbol", "F")
        expect(cell(second, 0, 0)).to_have_attribute("data-symbol", "#")  # stale
        with second.expect_response(lambda r: "/moves" in r.url) as refused:
            cell(second, 8, 8).click(button="right")
        assert refused.value.status == 409
        expect(cell(second, 0, 0)).to_have_attribute("data-symbol", "F")  # the game now
        expect(cell(second, 8, 8)).to_have_attribute("data-symbol", "#")  # not played
        expect(second.locator("#message")).to_contain_text("another tab")
        with second.expect_response(lambda r: "/moves" in r.url) as played:
            cell(second, 8, 8).click(button="right")  # again, on the fresh board
        assert played.value.status == 200
        expect(cell(second, 8, 8)).to_have_attribute("data-symbol", "F")
    finally:
        context.close()


def test_messages_and_page_text_have_45_to_1_contrast(page: Page, server: ServerProcess) -> None:
    page.goto(f"{server.url}/?level=beginner&seed=99999999999999999999")
    ready(page, 0)
    message = page.locator("#message")
    expect(message).to_have_class(re.compile(r"\berror\b"))
    for selector in ("#message", ".settings", ".actions", ".tally", ".help", "nav.site"):
        assert page.evaluate(CONTRAST, page.locator(selector).element_handle()) == [], selector
    page.click("#new-game")
    ready(page, 81)
    cell(page, *FIRST).click()
    with page.expect_response(lambda r: "auto-move" in r.url):
        page.click("#play-move")
    settled(page)
    expect(message).not_to_have_class(re.compile(r"\berror\b"))
    for selector in ("#message", "#assisted"):
        assert page.evaluate(CONTRAST, page.locator(selector).element_handle()) == [], selector


def led_digits(counter: Locator) -> list[str]:
    """The segments lit in each digit of an LED counter, such as ['bc', 'abcdg', ...]."""
    digits: list[str] = counter.evaluate(
        """led => [...led.children].map(digit => [...digit.children]
             .filter(s => s.classList.contains('on')).map(s => s.dataset.segment).join(''))"""
    )
    return digits


def test_the_mines_counter_shows_four_digits_and_the_timer_stops_at_999(
    page: Page, server: ServerProcess
) -> None:
    page.goto(f"{server.url}/?width=100&height=100&mines=1200&first_click=safe&seed=5")
    ready(page, 10_000)
    counter = page.locator("#mines-left")
    expect(counter).to_have_attribute("data-value", "1200")
    expect(counter).to_have_attribute("aria-label", "1200")
    assert led_digits(counter) == ["bc", "abdeg", "abcdef", "abcdef"]  # 1 2 0 0
    box = counter.bounding_box()
    assert box is not None and box["x"] >= 0  # the four digits fit
    shown = page.evaluate(
        """async () => {
             const { showNumber } = await import('/static/led.js');
             const led = document.createElement('div');
             const show = (value, most) => {
               showNumber(led, value, most);
               return [led.dataset.value, led.childElementCount];
             };
             return [show(1234, 999), show(7, 999), show(-5), show(-150), show(12000)];
           }"""
    )
    assert shown == [["999", 3], ["7", 3], ["-5", 3], ["-150", 4], ["12000", 5]]


def a_number_to_chord() -> tuple[int, list[int], list[int]]:
    """On the seeded beginner game after its first reveal: a number with hidden safe cells
    around it, its mines and those safe cells (indices)."""
    layout = beginner_layout()
    shown = view(play(new_game(level("beginner"), SEED), Move.parse("r4,4")))
    for index in range(81):
        if shown.cells[index] not in "12345678":
            continue
        around = list(neighbours(9, 9, index))
        safe = [i for i in around if not layout.is_mine(i) and shown.cells[i] == "#"]
        if safe:
            return index, [i for i in around if layout.is_mine(i)], safe
    raise AssertionError("no number to chord")


@pytest.mark.parametrize("how", ["middle click", "left and right together"])
def test_a_middle_click_or_both_buttons_chord_a_satisfied_number_only(
    page: Page, server: ServerProcess, how: str
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    settled(page)
    number, mines, safe = a_number_to_chord()
    target = cell(page, *divmod(number, 9))
    expect(target).to_have_class(re.compile(r"\bopen\b"))
    moves: list[str] = []
    page.on("request", lambda r: moves.append(r.post_data or "") if "/moves" in r.url else None)

    sent_before_left_up: list[int] = []

    def press() -> None:
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if how == "middle click":
            page.mouse.down(button="middle")
            page.mouse.up(button="middle")
        else:  # the chord goes when the first of the two is released, not as a left click
            page.mouse.down(button="left")
            page.mouse.down(button="right")
            page.mouse.up(button="right")
            page.wait_for_timeout(300)
            sent_before_left_up.append(len(moves))
            page.mouse.up(button="left")

    press()  # not satisfied yet: nothing is sent
    page.wait_for_timeout(400)
    settled(page)
    assert moves == []
    for mine in mines:
        cell(page, *divmod(mine, 9)).click(button="right")
        expect(cell(page, *divmod(mine, 9))).to_have_class(re.compile(r"\bflag\b"))
    settled(page)
    moves.clear()
    press()
    for index in safe:
        expect(cell(page, *divmod(index, 9))).to_have_class(re.compile(r"\bopen\b"))
    settled(page)
    page.wait_for_timeout(300)
    assert [json.loads(move)["move"] for move in moves] == [f"c{number // 9},{number % 9}"]
    expect(page.locator("#mines-left")).to_have_attribute("data-value", str(10 - len(mines)))
    if how != "middle click":
        assert sent_before_left_up == [0, 1]
