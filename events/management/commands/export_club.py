"""One club's whole data as JSON: its members, sessions (deleted ones too), pairs, boards, results,
their history and everything else that hangs off the club, in Django's fixture format.

The file reads back with `manage.py load_club FILE.json` into a database without the club's
rows (people are named by username, never with their password hashes: load_club makes an
account, with no password yet, for each one the database lacks). A model added to the club's
apps (events.core.club_file) later is exported too as soon as its foreign keys (or one-to-one
keys) lead to a club.
"""

from django.core.management.base import BaseCommand, CommandError

from events.core.club_file import club_file_text, club_objects
from events.models import Club


class Command(BaseCommand):
    help = "Write one club's sessions, pairs, results, history and members as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's short name, as in its address /clubs/SLUG/")
        parser.add_argument("--output", "-o", help="the file to write (default: print it)")

    def handle(self, *args, slug, output, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            known = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True))
            raise CommandError(f"no club {slug!r}; the clubs are: {known or 'none yet'}")
        rows = club_objects(club)
        text = club_file_text(rows)
        if not output:
            self.stdout.write(text)
            return
        try:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            raise CommandError(f"cannot write {output}: {error.strerror}") from None
        self.stderr.write(f"{club.name}: {len(rows)} rows written to {output}")
