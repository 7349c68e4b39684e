"""The secret tokens that let only the creator of a game play it, and fresh seeds."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from fastapi import Response

COOKIE = "gridpuzzles_token"
COOKIE_AGE = 90 * 24 * 3600
"""How long the browser keeps a game's token (90 days)."""


def new_token() -> str:
    """A secret token (256 random bits); only its digest is stored."""
    return secrets.token_urlsafe(32)


def new_seed() -> int:
    """A seed for a game, from the operating system's randomness; fits SQLite's INTEGER."""
    return secrets.randbits(63)


def digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str | None, owner: str) -> bool:
    """Whether ``token`` is the one whose digest is ``owner``, in constant time."""
    return token is not None and hmac.compare_digest(digest(token), owner)


def give_token(response: Response, token: str, path: str) -> None:
    """Hand a game's token to the browser as a cookie sent only to the game's ``path``, and
    never to scripts or other sites."""
    response.set_cookie(
        COOKIE, token, max_age=COOKIE_AGE, path=path, httponly=True, samesite="strict"
    )
