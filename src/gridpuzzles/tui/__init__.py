"""The full-screen terminal app (Textual): a shell over the pure puzzle cores."""
