"""Colour arithmetic of the accessibility tests: WCAG 2 relative luminance and contrast of a
colour given as ``#rrggbb``, as CSS computes it (``rgb(r, g, b)``), or as 0-1 channels."""

from __future__ import annotations

import re

Colour = str | tuple[float, float, float]


def channels(colour: Colour) -> tuple[float, float, float]:
    """The red, green and blue of ``colour``, each from 0 to 1."""
    if not isinstance(colour, str):
        return colour
    if colour.startswith("#"):
        red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    else:
        red, green, blue = (float(n) / 255 for n in re.findall(r"[0-9.]+", colour)[:3])
    return red, green, blue


def luminance(colour: Colour) -> float:
    """The relative luminance of ``colour`` (WCAG 2)."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: Colour, other: Colour) -> float:
    """The contrast ratio of two colours (WCAG 2): 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
