"""The rules of Mondrian Blocks, pure: boards, blocks, placements and puzzles, text notation,
rendering and the published challenges. Imports nothing from solving or a shell."""
