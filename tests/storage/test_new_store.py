"""A new store is made with the tables of the newest revision at once (`engine.create_newest`),
not by running every revision from the first: the two must give the same schema, on SQLite
and PostgreSQL, or a new store and an upgraded one would differ."""

from __future__ import annotations

import re
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, inspect

from gridpuzzles.storage import VERSION, Store
from gridpuzzles.storage.engine import server_url, sqlite_engine
from tests.storage.legacy import upgraded_to


def engine_of(where: str) -> Engine:
    if "://" in where:
        return create_engine(server_url(where).set(drivername="postgresql+psycopg"))
    return sqlite_engine(Path(where))


def affinity(column_type: object, engine: Engine) -> str:
    """A column's type; on SQLite its affinity, all that SQLite keeps of a type (BIGINT and
    INTEGER are the same there)."""
    name = str(column_type)
    if engine.dialect.name == "sqlite" and "INT" in name:
        return "INTEGER"
    return name


def default(written: str | None) -> str | None:
    """A column's default as its value: ``'0'::bigint``, ``'0'`` and ``0`` are the same 0."""
    if written is None:
        return None
    return re.sub(r"::\w+$", "", written).strip("'")


def schema(engine: Engine) -> dict[str, Any]:
    """Every table of the database: its columns (name, type, nullable, default), primary key,
    foreign keys, indexes and unique constraints, and the revision Alembic keeps."""
    with engine.connect() as connection:
        inspector = inspect(connection)
        found: dict[str, Any] = {}
        for table in sorted(inspector.get_table_names()):
            found[table] = {
                "columns": [
                    (
                        c["name"],
                        affinity(c["type"], engine),
                        c["nullable"],
                        default(c.get("default")),
                    )
                    for c in inspector.get_columns(table)
                ],
                "primary key": inspector.get_pk_constraint(table)["constrained_columns"],
                "foreign keys": sorted(
                    (tuple(k["constrained_columns"]), k["referred_table"], str(k.get("options")))
                    for k in inspector.get_foreign_keys(table)
                ),
                "indexes": sorted(
                    (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                    for i in inspector.get_indexes(table)
                ),
                "unique": sorted(
                    tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)
                ),
            }
        found["revision"] = connection.exec_driver_sql(
            "SELECT version_num FROM alembic_version"
        ).all()
    engine.dispose()
    return found


def test_the_newest_revision_is_the_head_of_the_migrations() -> None:
    from alembic.script import ScriptDirectory

    with as_file(files("gridpuzzles.storage") / "migrations") as folder:
        assert ScriptDirectory(str(folder)).get_current_head() == VERSION


def test_a_new_store_has_the_schema_that_every_revision_run_from_the_first_leaves(
    database: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    Store(database).close()
    made = schema(engine_of(database))
    if "://" in database:
        other = str(request.getfixturevalue("postgres_server").database())
    else:
        other = str(tmp_path / "migrated.db")
    upgraded_to(engine_of(other), "head")
    assert made["revision"] == [(VERSION,)]
    assert schema(engine_of(other)) == made
