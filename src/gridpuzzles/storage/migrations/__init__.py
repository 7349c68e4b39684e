"""The Alembic revisions of the store's schema, run by `gridpuzzles.storage.engine.upgrade`
on the connection it opened (no ``alembic.ini``): ``env.py`` takes that connection, and
``versions/`` holds one file a revision, each naming the one before it.

``v0``, ``v1`` and ``v2`` are the schemas of the SQLite files made before Alembic (their
``user_version``); a file of one of them is stamped with it and upgraded from there. A new
revision is a new file in ``versions/`` whose ``down_revision`` is the newest one.

A revision never imports the live store (its tables and code follow the newest schema, which
a file being upgraded does not have): what revisions share is frozen in ``frozen.py``, and a
revision writes out the tables and SQL it needs as they were then.
"""
