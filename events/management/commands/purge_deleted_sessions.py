"""Remove for good the sessions (and teams events) deleted more than RESTORE_DAYS (30) days ago.

Run it from cron (daily is plenty); until it runs, an expired session stays hidden and can no
longer be restored from the app (an administrator still can, from /admin/).
"""

from django.core.management.base import BaseCommand

from events.lifecycle import expired, purge_deleted
from events.models.sessions import RESTORE_DAYS
from events.teams.models import TeamsEvent


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
        gone = [*expired(), *expired(model=TeamsEvent)] if dry_run else purge_deleted()
        verb = "would remove" if dry_run else "removed"
        for event in gone:
            what = "teams event" if isinstance(event, TeamsEvent) else "session"
            self.stdout.write(f"{verb} {what} {event.pk}: {event.club} · {event}")
        teams = sum(isinstance(event, TeamsEvent) for event in gone)
        sessions = len(gone) - teams
        self.stdout.write(f"{sessions} session{'' if sessions == 1 else 's'} {verb}.")
        if teams:
            self.stdout.write(f"{teams} teams event{'' if teams == 1 else 's'} {verb}.")
