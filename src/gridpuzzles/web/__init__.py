"""The web app: a FastAPI shell over the puzzle cores, with its pages and static files."""
