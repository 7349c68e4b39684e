"""Command line of Mondrian Blocks (placeholder until the solver lands)."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the `mondrian` sub-commands to ``parser``."""
    parser.add_subparsers(title="commands", metavar="COMMAND")
