"""Mondrian Blocks: pack rectangular blocks into a board around fixed black blocks."""
