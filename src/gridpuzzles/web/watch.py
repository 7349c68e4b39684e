"""Watching a finished game again: the page ``/watch/{id}``, for a game of either puzzle.

The page comes with the game's replay written into it, as the API's replay route of its puzzle
answers it (``GET /api/{puzzle}/games/{id}/replay``): it draws its first step on the first
paint, and only then asks for the solver's review (``GET /api/{puzzle}/games/{id}/review``),
then has the guesses of a Minesweeper game weighed one by one
(``GET /api/minesweeper/games/{id}/review/guesses/{number}``).
A game with no such id is answered 404, and a game still being played (nothing of it is told
then, no hidden mine least of all) or one whose log cannot be replayed 409, each with a short
page saying so in the player's words (the API's words)."""

from __future__ import annotations

from html import escape
from string import Template
from urllib.parse import quote

from pydantic import BaseModel, Field

from gridpuzzles.midend.videos import ExportError, VideoFormat, video_of
from gridpuzzles.storage import DatabaseError, StorageError, Store
from gridpuzzles.storage.playing import MINESWEEPER, MONDRIAN
from gridpuzzles.web.minesweeper import games
from gridpuzzles.web.minesweeper.models import ReplayOut
from gridpuzzles.web.mondrian import games as mondrian_games
from gridpuzzles.web.mondrian.models import MondrianReplay
from gridpuzzles.web.pages import STATIC, page_with
from gridpuzzles.web.service import GameInPlayError

PATH = "/watch/{game_id}"
"""The watch page's address, the game's id in it."""
PAGES = {MINESWEEPER: ("/", "Minesweeper"), MONDRIAN: ("/mondrian", "Mondrian Blocks")}
"""Each puzzle's game page and its name, for the link back."""
NO_SUCH_GAME = (
    "There is no game {game_id!r} to watch: check the address. Only the games kept on this "
    "server can be watched."
)


class Watched(BaseModel):
    """Which game the watch page shows: its puzzle, its id, and its puzzle's page and name;
    for a Minesweeper game, the address of its video in each format (``videos``), or why no
    video can show it (``no_video``: an undo, the flags win rule)."""

    puzzle: str
    id: str
    page: str
    name: str
    videos: dict[str, str] = Field(default_factory=dict)
    no_video: str | None = None


def address(game_id: str) -> str:
    """The address of the watch page of the game ``game_id``."""
    return PATH.format(game_id=quote(game_id, safe=""))


def page(store: Store, game_id: str) -> tuple[int, bytes]:
    """The watch page of the stored game ``game_id`` and its HTTP status (blocking: run it in
    a thread): the page with the game's replay, or a page saying why there is none."""
    puzzle = store.puzzle_of(game_id)
    if puzzle not in PAGES:
        return unknown(game_id)
    link, name = PAGES[puzzle]
    try:
        replay = replay_of(store, puzzle, game_id)
    except DatabaseError:
        raise  # the store is busy: the API's 503, not a refusal
    except (GameInPlayError, StorageError) as why:
        title = "This game is still being played"
        if not isinstance(why, GameInPlayError):
            title = "This game cannot be watched"
        return 409, refusal(title, sentence(str(why)), link, f"Back to {name}")
    if replay is None:  # forgotten since the first read
        return unknown(game_id)
    watched = Watched(puzzle=puzzle, id=game_id, page=link, name=name)
    if puzzle == MINESWEEPER:
        watched = videos_of(store, watched)
    return 200, page_with("watch.html", {"watch-game": watched, "watch-replay": replay})


def videos_of(store: Store, watched: Watched) -> Watched:
    """``watched``, a finished Minesweeper game, with the address of its video in each format
    (``GET /api/minesweeper/games/{id}/export``), or why no video can show it."""
    saved = store.load_game(watched.id)
    if saved is None:  # forgotten since the replay was read
        return watched
    try:
        video_of(saved.watched())
    except ExportError as why:
        return watched.model_copy(update={"no_video": str(why)})
    export = f"/api/minesweeper/games/{watched.id}/export?format="
    videos = {video_format.value: export + video_format.value for video_format in VideoFormat}
    return watched.model_copy(update={"videos": videos})


def unknown(game_id: str) -> tuple[int, bytes]:
    """The page for an id no game has: 404, and a link home."""
    return 404, refusal("No such game", NO_SUCH_GAME.format(game_id=game_id), "/", "Back home")


def replay_of(store: Store, puzzle: str, game_id: str) -> ReplayOut | MondrianReplay | None:
    """The replay of the stored game ``game_id`` of ``puzzle`` as its API route answers it, or
    None when it is not kept; `GameInPlayError` for a game still being played, `StorageError`
    for one whose log the rules cannot replay."""
    if puzzle == MINESWEEPER:
        saved = store.load_game(game_id)
        return None if saved is None else games.replay_of(saved)
    stored = store.read(MONDRIAN, game_id)
    return None if stored is None else mondrian_games.replay_of(game_id, stored)


def sentence(words: str) -> str:
    """``words`` as a sentence: a capital first, a full stop last."""
    return f"{words[:1].upper()}{words[1:]}."


def refusal(title: str, words: str, link: str, link_words: str) -> bytes:
    """The page saying that there is nothing to watch: ``title``, then why in ``words``, and a
    link to ``link`` saying ``link_words`` (static/refused.html filled in, escaped)."""
    template = Template((STATIC / "refused.html").read_text(encoding="utf-8"))
    texts = {"title": title, "words": words, "link": link, "link_words": link_words}
    return template.substitute({name: escape(text) for name, text in texts.items()}).encode()
