"""A consistent copy of the SQLite database while Clubscore runs (SQLite's online backup API).

Copying db.sqlite3 with cp while the server or the worker writes can catch half a transaction
(and misses what still sits in db.sqlite3-wal); the backup API copies a consistent snapshot
whatever is going on. The copy is written beside its final name and renamed only once checked,
so a backup file is never half written. PostgreSQL is backed up with pg_dump instead
(docs/operations.md).
"""

import os
import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection


class Command(BaseCommand):
    help = "Copy the SQLite database, safely while the server runs, to FILE."

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write the copy, e.g. backups/2026-11-24.sqlite3")
        parser.add_argument("--force", action="store_true", help="replace FILE if it exists")

    def handle(self, *args, file, force, **options):
        if connection.vendor != "sqlite":
            raise CommandError(
                f"the database is {connection.vendor}, not SQLite: back it up with pg_dump "
                "(docs/operations.md)"
            )
        target = Path(file)
        if target.exists() and not force:
            raise CommandError(f"{target} exists; give --force to replace it")
        if not target.parent.is_dir():
            raise CommandError(f"cannot write {target}: no folder {target.parent}")
        partial = target.with_name(target.name + ".partial")
        connection.ensure_connection()
        try:
            copy = sqlite3.connect(partial)
            try:
                connection.connection.backup(copy)
                (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
            finally:
                copy.close()
        except (sqlite3.Error, OSError) as error:
            partial.unlink(missing_ok=True)
            raise CommandError(f"cannot write {target}: {error}") from None
        if verdict != "ok":
            partial.unlink(missing_ok=True)
            raise CommandError(f"the copy failed SQLite's integrity check: {verdict}")
        os.replace(partial, target)
        self.stdout.write(f"{target}: {target.stat().st_size:,} bytes, integrity checked")
