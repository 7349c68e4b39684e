"""Oversized inputs are refused at once, in one line, well under 1 GiB of memory (the list and
the measurement are `benchmarks/refused_inputs.py`'s, which prints the figures)."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks.refused_inputs import MEMORY_BOUND, REFUSED, Refused, refuse


@pytest.mark.parametrize("case", REFUSED, ids=[case.label for case in REFUSED])
def test_an_oversized_input_is_refused_before_any_work(case: Refused, tmp_path: Path) -> None:
    answer = refuse(case, tmp_path)
    lines = answer.stderr.strip().splitlines()
    assert answer.status == 2, f"status {answer.status}: {answer.stderr[-1000:]}"
    assert "Traceback" not in answer.stderr
    assert len(lines) == 1, answer.stderr
    assert answer.peak_bytes < MEMORY_BOUND
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(name for name, _ in case.files)
