"""Whose records a request counts in.

By default a server keeps one set of records, as the terminal game and the TUI do: every
game counts for everyone (a server of one player, or of a family). With records per player
(`serve --records per-player`, for a site with many players; the app's
``state.records_per_player``), each browser is given a player key in a cookie (256 random
bits, sent to every page of the site, never to scripts or other sites) and sees only the
records of its own games; the store keeps the key's digest beside each game. A missing or
malformed key is replaced by a new one: that browser starts afresh.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Request, Response

from gridpuzzles.web import tokens

PLAYER_COOKIE = "gridpuzzles_player"
PLAYER_AGE = 400 * 24 * 3600
"""How long the browser keeps the player key, renewed at each visit (400 days, the most
browsers keep a cookie)."""
_KEY = re.compile(r"[A-Za-z0-9_-]{32,64}")
"""What a player key looks like (`tokens.new_token` gives 43 such characters)."""


def request_player(request: Request, response: Response) -> str | None:
    """The player of ``request`` (the digest of its key, a new key when it has none, given
    back in ``response``), or None when every game counts for everyone."""
    if not getattr(request.app.state, "records_per_player", False):
        return None
    key = request.cookies.get(PLAYER_COOKIE)
    if key is None or not _KEY.fullmatch(key):
        key = tokens.new_token()
    response.set_cookie(
        PLAYER_COOKIE, key, max_age=PLAYER_AGE, path="/", httponly=True, samesite="lax"
    )
    return tokens.digest(key)


Player = Annotated[str | None, Depends(request_player)]
"""A route's parameter: whose records the request counts in (`request_player`)."""
