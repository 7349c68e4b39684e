"""The board's colours: every number readable on the open cells it is drawn on."""

from __future__ import annotations

import pytest

from gridpuzzles.tui.board import CHECKER, NUMBER_COLOURS, OPEN_BG


def luminance(colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("number", sorted(NUMBER_COLOURS))
@pytest.mark.parametrize("background", [OPEN_BG, CHECKER[OPEN_BG]])
def test_every_number_has_at_least_4_to_1_contrast(number: str, background: str) -> None:
    assert contrast(NUMBER_COLOURS[number], background) >= 4.0


def test_the_numbers_stay_apart() -> None:
    assert len(set(NUMBER_COLOURS.values())) == 8
    assert contrast("#2c3ea8", OPEN_BG) < 3  # the old 4, which the test above would refuse
