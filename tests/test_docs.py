"""The documentation site's code runs, and every dotted name of the package it mentions exists:
for each page of docs/, as tests/test_readme.py does for the README."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_readme import resolves

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(DOCS.glob("*.md"))
# A dotted name of the package, not part of an address or a path (``.../gridpuzzles.git``).
DOTTED = re.compile(r"(?<![\w/.-])gridpuzzles(?:\.[a-z_]\w*)+")
# What a name ends with when it is a file's, not a module's: ``gridpuzzles.db`` is the store.
FILE_SUFFIXES = {"db", "sqlite", "json", "toml", "md", "png", "svg", "txt", "whl", "gz", "git"}
TEXTS = {page.name: page.read_text() for page in PAGES}
CODE = [
    pytest.param(name, code, id=f"{name}-{number}")
    for name, text in TEXTS.items()
    for number, code in enumerate(re.findall(r"```python\n(.*?)```", text, re.S), 1)
]
NAMES = [
    pytest.param(name, dotted, id=f"{name}-{dotted}")
    for name, text in TEXTS.items()
    for dotted in sorted(set(DOTTED.findall(text)))
    if dotted.rsplit(".", 1)[1] not in FILE_SUFFIXES
]


def test_the_site_has_pages() -> None:
    assert {"index.md", "installing.md", "development.md", "changelog.md"} <= set(TEXTS)


@pytest.mark.parametrize(("page", "code"), CODE)
def test_every_python_example_runs(page: str, code: str) -> None:
    exec(compile(code, f"docs/{page}", "exec"), {})


@pytest.mark.parametrize(("page", "dotted"), NAMES)
def test_every_named_module_or_function_exists(page: str, dotted: str) -> None:
    assert resolves(dotted), f"docs/{page} names {dotted}, which does not exist"
