"""Mondrian Blocks on the web: its routes, its games in play and their JSON shapes."""
