"""The one scale of the probability overlay, for every shell: six risk bands of a hidden
cell's mine chance, from certainly safe to certainly a mine. The full-screen app draws them
in its cells; the web page gets them with its options and draws them alike, with the same
legend."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RiskBand:
    """Mine chances that the probability overlay draws alike: whole percentages up to
    ``upto``; its background (a lighter one for safer bands, so that the bands keep their order
    in shades of grey too), a darker one for every other cell of a checkered board, the ink of
    text on both, the glyph that fills a small cell without colour, and its name in the
    legend."""

    upto: int
    background: str
    checkered: str
    ink: str
    shade: str
    legend: str

    @property
    def certain(self) -> bool:
        """Whether the band holds a certain chance: certainly safe, or certainly a mine."""
        return self.upto in (0, 100)


RISK_BANDS = (
    RiskBand(0, "#bef6c2", "#abddaf", "#000000", "0", "0"),
    RiskBand(9, "#abcf1e", "#9aba1b", "#000000", "░", "<10"),
    RiskBand(19, "#be961b", "#ab8718", "#000000", "▒", "<20"),
    RiskBand(39, "#b65a1a", "#a35017", "#ffffff", "▓", "<40"),
    RiskBand(99, "#a32317", "#932015", "#ffffff", "█", "<100"),
    RiskBand(100, "#660f24", "#5c0e20", "#ffffff", "!", "!"),
)
"""Six bands, evenly spaced in lightness (CIELAB L* about 92, 78, 64, 50, 36, 21) from pale
green to dark red, each a step apart from the next even on its darker cells."""


def risk_band(percent: int) -> RiskBand:
    """The band of a mine chance as a whole percentage, rounded, but 0 and 100 only when
    the chance is certain."""
    return next(band for band in RISK_BANDS if percent <= band.upto)
