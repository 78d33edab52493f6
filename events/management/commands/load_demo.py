from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from events.sessions.demo import DEMO_DIRECTOR, load_demo


class Command(BaseCommand):
    help = (
        "Load the demo club and its scored 7-table Mitchell (safe to run again). "
        "With DEBUG off it needs --password: director/director would let anyone in."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--password",
            help="the demo director's password (required with DEBUG off; not 'director')",
        )

    def handle(self, *args, **options):
        user, default_password = DEMO_DIRECTOR
        password = options["password"]
        if not settings.DEBUG and not password:
            raise CommandError(
                f"DEBUG is off, so this looks like a real server, where {user}/{default_password} "
                "would let anyone in. Try the demo on your own computer (DEBUG=1), or give its "
                "director a password of your own: load_demo --password ..."
            )
        if password is not None:
            self._check(password)
        event = load_demo()
        if password is not None:
            director = get_user_model().objects.get(username=user)
            director.set_password(password)
            director.save(update_fields=["password"])
        shown = default_password if password is None else "the password you gave"
        self.stdout.write(
            f"Demo session {event.pk}: {event.name}. Director login: {user} / {shown}"
        )

    def _check(self, password: str) -> None:
        if password == DEMO_DIRECTOR[1]:
            raise CommandError(f"--password: not {password!r}, the demo's well-known password.")
        try:
            validate_password(password)
        except ValidationError as refusal:
            raise CommandError("--password: " + " ".join(refusal.messages)) from None
