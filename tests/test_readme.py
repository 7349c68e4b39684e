"""The README's code runs, and every dotted name of the package it mentions exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()
CODE = re.findall(r"```python\n(.*?)```", README, re.S)
NAMES = sorted(set(re.findall(r"gridpuzzles(?:\.[a-z_]\w*)+", README)))


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or an attribute reached from the longest module in it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


@pytest.mark.parametrize("code", CODE)
def test_every_python_example_runs(code: str) -> None:
    exec(compile(code, "README.md", "exec"), {})


def test_the_readme_has_examples_and_names() -> None:
    assert CODE and len(NAMES) >= 5


@pytest.mark.parametrize("dotted", NAMES)
def test_every_named_module_or_function_exists(dotted: str) -> None:
    assert resolves(dotted), f"the README names {dotted}, which does not exist"
