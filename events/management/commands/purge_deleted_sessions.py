"""Remove for good the sessions deleted more than RESTORE_DAYS (30) days ago.

Run it from cron (daily is plenty); until it runs, an expired session stays hidden and can no
longer be restored from the app (an administrator still can, from /admin/).
"""

from django.core.management.base import BaseCommand

from events.lifecycle import expired, purge_deleted
from events.models.sessions import RESTORE_DAYS


class Command(BaseCommand):
    help = f"Remove sessions deleted more than {RESTORE_DAYS} days ago, with all their results."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="list what would be removed; remove nothing"
        )

    def handle(self, *args, **options):
        dry_run = options["dry_run"]
        sessions = list(expired()) if dry_run else purge_deleted()
        verb = "would remove" if dry_run else "removed"
        for event in sessions:
            self.stdout.write(f"{verb} session {event.pk}: {event.club} · {event}")
        plural = "" if len(sessions) == 1 else "s"
        self.stdout.write(f"{len(sessions)} session{plural} {verb}.")
