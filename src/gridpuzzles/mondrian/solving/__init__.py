"""Mondrian Blocks solving, over the core: every solution, counts and uniqueness, the census
of black-block placements and the generation of challenges with one solution."""
