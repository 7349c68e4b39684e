"""The Alembic revisions of the store's schema, run by `gridpuzzles.storage.engine.upgrade`
on the connection it opened (no ``alembic.ini``): ``env.py`` takes that connection, and
``versions/`` holds one file a revision, each naming the one before it.

``v0``, ``v1`` and ``v2`` are the schemas of the SQLite files made before Alembic (their
``user_version``); a file of one of them is stamped with it and upgraded from there. A new
revision is a new file in ``versions/`` whose ``down_revision`` is the newest one.
"""
