"""The rank correlations `benchmarks/mondrian_difficulty.py` prints, pinned.

Both measures count search steps (no clock), so over the 352 published challenges their
correlations with the published levels are exact figures: a change to the rating or to the
solvers' search moves them, and then this test shows it (update the pins and the figures of
docs/measurements.md and docs/mondrian.md together, deliberately).
"""

from __future__ import annotations

import pytest
from benchmarks.mondrian_difficulty import MEASURES, correlations, level_numbers

from gridpuzzles.mondrian.core.official import OfficialChallenge

PINNED = {
    "logical player (rate)": (0.676, 0.532),
    "fast solver's tree": (0.620, 0.480),
}
"""Per measure, the Spearman and the Kendall tau-b correlation, to 3 decimals."""


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_difficulty_correlations_with_the_published_levels_are_pinned(
    name: str, official: tuple[OfficialChallenge, ...]
) -> None:
    assert len(official) == 352
    scores = [MEASURES[name](entry.puzzle) for entry in official]
    rho, tau = correlations(scores, level_numbers(official))
    assert (round(rho, 3), round(tau, 3)) == PINNED[name]
