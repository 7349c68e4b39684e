"""The site's pages as the server sends them: static HTML files, each with what it needs before
its first request written into it."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from pydantic import BaseModel

STATIC = Path(str(files("gridpuzzles.web") / "static"))


def page_with(name: str, data: dict[str, BaseModel]) -> bytes:
    """The page ``name`` with each of ``data`` written as JSON into its empty element
    ``<script type="application/json" id="...">``, as the API would answer it."""
    page = (STATIC / name).read_text(encoding="utf-8")
    for element_id, value in data.items():
        empty = f'<script type="application/json" id="{element_id}"></script>'
        if page.count(empty) != 1:
            raise ValueError(f"{name} has no single empty element {empty}")
        # "<" escaped: no text in the data can end the script element early
        text = value.model_dump_json().replace("<", "\\u003c")
        page = page.replace(empty, empty.replace("></", f">{text}</"))
    return page.encode()
