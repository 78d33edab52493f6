"""Remove for good the sessions (and teams events) deleted more than RESTORE_DAYS (30) days ago.

Run it from cron (daily is plenty); until it runs, an expired session stays hidden and can no
longer be restored from the app (an administrator still can, from /admin/).
"""

from django.core.management.base import BaseCommand

from events.core import kinds
from events.models.sessions import RESTORE_DAYS
from events.sessions.lifecycle import expired, purge_deleted


class Command(BaseCommand):
    help = (
        f"Remove sessions (and teams events) deleted more than {RESTORE_DAYS} days ago, with "
        "all their results."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="list what would be removed; remove nothing"
        )

    def handle(self, *args, **options):
        dry_run = options["dry_run"]
        deletable = kinds.soft_deleted()
        if dry_run:
            gone = [event for kind in deletable for event in expired(model=kind.model)]
        else:
            gone = purge_deleted()
        verb = "would remove" if dry_run else "removed"
        for event in gone:
            self.stdout.write(f"{verb} {kinds.of(event).what} {event.pk}: {event.club} · {event}")
        for kind in deletable:
            count = sum(kinds.of(event) is kind for event in gone)
            if count or kind.name == "session":  # the sessions' count is said even when 0
                self.stdout.write(f"{count} {kind.what}{'' if count == 1 else 's'} {verb}.")
