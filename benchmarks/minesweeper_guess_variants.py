"""Does a change to the guessing settings win more games? A paired comparison.

Plays the same boards with the current settings and with each variant (a set of overridden
constants of `guessing`, `secondary` or `endgame`), seed by seed, and prints after each seed,
per variant, the wins per seed so far, the boards it won and the current settings lost (and
the reverse), the net gain and a sign-test z on the boards whose outcome changed (with
thousands of games, a z below about 2 is noise); the lines marked ``[all seeds]`` are the
result.

    .venv/bin/python benchmarks/minesweeper_guess_variants.py --seeds 2 3 4 --games 5000 \\
        --jobs 2 --variant guessing.FIFTY_FIFTY_WEIGHT=1.5 --variant endgame.ENDGAME_LAYOUTS=1000

Several settings in one variant are joined by commas. Keep seed 1 for the final measurement
(`benchmarks/minesweeper_solver.py`): tune on other seeds.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field
from types import ModuleType

from gridpuzzles.bounds import BoundError
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving import endgame, guessing, secondary
from gridpuzzles.minesweeper.solving.benchmark import (
    Result,
    check_run,
    play_boards,
    random_boards,
    sign_test,
)

MODULES: dict[str, ModuleType] = {"guessing": guessing, "endgame": endgame, "secondary": secondary}


def parse_variant(text: str) -> list[tuple[ModuleType, str, object]]:
    """``module.NAME=value[,module.NAME=value...]`` as (module, name, typed value)."""
    settings = []
    for item in text.split(","):
        target, _, value = item.partition("=")
        module_name, _, name = target.strip().partition(".")
        module = MODULES.get(module_name)
        if module is None or not name.isupper() or not hasattr(module, name) or not value:
            raise SystemExit(
                f"error: not a setting: {item!r} (e.g. guessing.SHORTLIST_FRONTIER=12)"
            )
        kind = type(getattr(module, name))
        try:
            settings.append((module, name, kind(value)))
        except ValueError:
            raise SystemExit(
                f"error: {target.strip()} takes a {kind.__name__}, not {value!r}"
            ) from None
    return settings


def play(
    settings: list[tuple[ModuleType, str, object]], seed: int, games: int, jobs: int
) -> list[Result]:
    """Expert games (safe corner start) under ``settings``; worker processes are forked after
    the settings are made, so they see them too."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in settings]
    for module, name, value in settings:
        setattr(module, name, value)
    try:
        return play_boards(
            random_boards(level("expert", FirstClick.SAFE), games, seed), FirstClick.SAFE, jobs
        )
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


@dataclass
class Tally:
    """One variant's paired results so far, against the current settings."""

    text: str
    settings: list[tuple[ModuleType, str, object]]
    before: list[bool] = field(default_factory=list)
    after: list[bool] = field(default_factory=list)
    per_seed: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def add(self, baseline: list[Result], results: list[Result]) -> None:
        self.per_seed.append(sum(r.won for r in results))
        self.before += [r.won for r in baseline]
        self.after += [r.won for r in results]
        self.times += [r.seconds * 1000 for r in results]

    def line(self) -> str:
        gained, lost, z = sign_test(self.before, self.after)
        return (
            f"{self.text}: wins per seed {' '.join(f'{w:>5}' for w in self.per_seed)}; "
            f"gained {gained}, lost {lost}, net {gained - lost:+d} (z {z:+.2f}); "
            f"median {statistics.median(self.times):.1f} ms per game"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[], help="module.NAME=value[,...]")
    args = parser.parse_args()
    try:
        check_run(args.games, args.jobs, args.seeds)
    except BoundError as error:
        parser.error(str(error))
    tallies = [Tally(text, parse_variant(text)) for text in args.variant]
    wins: list[int] = []
    times: list[float] = []
    for done, seed in enumerate(args.seeds, start=1):
        baseline = play([], seed, args.games, args.jobs)
        wins.append(sum(r.won for r in baseline))
        times += [r.seconds * 1000 for r in baseline]
        for tally in tallies:
            tally.add(baseline, play(tally.settings, seed, args.games, args.jobs))
        heading = "all seeds" if done == len(args.seeds) else f"after seed {seed}"
        print(
            f"[{heading}] current settings: wins per seed {' '.join(f'{w:>5}' for w in wins)}; "
            f"median {statistics.median(times):.1f} ms per game",
            flush=True,
        )
        for tally in tallies:
            print(f"[{heading}] {tally.line()}", flush=True)


if __name__ == "__main__":
    main()
