"""Does a change to the guessing settings win more games? A paired comparison.

Plays the same boards with the default settings and with each variant (fields of
`settings.SolverSettings` overridden, built with `dataclasses.replace`), seed by seed, and
prints after each seed, per variant, the wins per seed so far, the boards it won and the
default settings lost (and the reverse), the net gain and a sign-test z on the boards whose
outcome changed (with thousands of games, a z below about 2 is noise); the lines marked
``[all seeds]`` are the result.

    .venv/bin/python benchmarks/minesweeper_guess_variants.py --seeds 2 3 4 --games 5000 \\
        --jobs 2 --variant fifty_fifty_weight=1.5 --variant endgame_layouts=300

Several settings in one variant are joined by commas; ``secondary_first=false`` plays the
lookahead alone, the rule before the secondary-safety guess. Keep seed 1 for the final
measurement (`benchmarks/minesweeper_solver.py`): tune on other seeds.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction

from gridpuzzles.bounds import BoundError
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import (
    Result,
    check_run,
    play_boards,
    random_boards,
    sign_test,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings

SETTING_NAMES = tuple(f.name for f in fields(SolverSettings))


def parse_variant(text: str) -> SolverSettings:
    """``name=value[,name=value...]`` (fields of `SolverSettings`) as the default settings
    with those fields replaced, each value read as the type of its default."""
    changed: dict[str, object] = {}
    for item in text.split(","):
        name, _, value = (part.strip() for part in item.partition("="))
        if name not in SETTING_NAMES or not value:
            raise SystemExit(
                f"error: not a setting: {item!r} (e.g. shortlist_frontier=12; the settings: "
                f"{', '.join(SETTING_NAMES)})"
            )
        default = getattr(DEFAULT_SETTINGS, name)
        try:
            changed[name] = typed(default, value)
        except ValueError:
            raise SystemExit(
                f"error: {name} takes a {type(default).__name__}, not {value!r}"
            ) from None
    return replace(DEFAULT_SETTINGS, **changed)  # type: ignore[arg-type]


def typed(default: object, value: str) -> object:
    """``value`` read as the type of ``default`` (a bool from "true" or "false")."""
    if isinstance(default, bool):
        if value.lower() not in ("true", "false"):
            raise ValueError(value)
        return value.lower() == "true"
    if isinstance(default, Fraction):
        return Fraction(value)
    if isinstance(default, int):
        return int(value)
    return float(value)


def play(settings: SolverSettings, seed: int, games: int, jobs: int) -> list[Result]:
    """Expert games (safe corner start) under ``settings``."""
    boards = random_boards(level("expert", FirstClick.SAFE), games, seed)
    return play_boards(boards, FirstClick.SAFE, jobs, settings=settings)


@dataclass
class Tally:
    """One variant's paired results so far, against the default settings."""

    text: str
    settings: SolverSettings
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
    parser.add_argument("--variant", action="append", default=[], help="name=value[,...]")
    args = parser.parse_args()
    try:
        check_run(args.games, args.jobs, args.seeds)
    except BoundError as error:
        parser.error(str(error))
    tallies = [Tally(text, parse_variant(text)) for text in args.variant]
    wins: list[int] = []
    times: list[float] = []
    for done, seed in enumerate(args.seeds, start=1):
        baseline = play(DEFAULT_SETTINGS, seed, args.games, args.jobs)
        wins.append(sum(r.won for r in baseline))
        times += [r.seconds * 1000 for r in baseline]
        for tally in tallies:
            tally.add(baseline, play(tally.settings, seed, args.games, args.jobs))
        heading = "all seeds" if done == len(args.seeds) else f"after seed {seed}"
        print(
            f"[{heading}] default settings: wins per seed {' '.join(f'{w:>5}' for w in wins)}; "
            f"median {statistics.median(times):.1f} ms per game",
            flush=True,
        )
        for tally in tallies:
            print(f"[{heading}] {tally.line()}", flush=True)


if __name__ == "__main__":
    main()
