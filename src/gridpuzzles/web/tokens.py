"""The secret tokens that let only the creator of a game play it, and fresh seeds."""

from __future__ import annotations

import hashlib
import hmac
import secrets


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
