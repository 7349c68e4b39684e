"""Alembic's environment: migrate the connection `gridpuzzles.storage.engine.upgrade` passes,
in the transaction it opened."""

from alembic import context

from gridpuzzles.storage.schema import metadata

context.configure(connection=context.config.attributes["connection"], target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
