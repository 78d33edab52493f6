"""A real SMTP server on this computer (aiosmtpd) for the results mails, and the background
worker run by the test as `manage.py qcluster` would run it."""

import email
import logging
import socket
from email.policy import default

import pytest
from aiosmtpd.controller import Controller

from events.mail import sending


class Inbox:
    """What the server accepted: (recipients, message) a mail. An address in `refuse` is
    refused at RCPT, as a server refuses a mailbox it does not have."""

    def __init__(self):
        self.mails: list[tuple[list[str], email.message.EmailMessage]] = []
        self.refuse: set[str] = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=default)
        self.mails.append((list(envelope.rcpt_tos), message))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        return [message for recipients, message in self.mails if address in recipients]


def free_port() -> int:
    """A port nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp(settings):
    """The SMTP server, and Django's e-mail pointed at it."""
    inbox = Inbox()
    chatter = logging.getLogger("mail.log")  # aiosmtpd's every command, at INFO
    level = chatter.level
    chatter.setLevel(logging.WARNING)
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_TIMEOUT = 10
    yield inbox
    controller.stop()
    chatter.setLevel(level)


@pytest.fixture
def worker(monkeypatch, settings):
    """Requests queue mails for the background worker; `worker.run()` runs what was queued.
    The test's own transaction never commits: what waits for a commit runs at once. (The
    session's PDFs are made when asked for, not queued on finalising: none is asked here.)"""
    settings.PDF_BACKGROUND = False
    queued = []

    def queue(task, event_id, **options):
        assert task == sending.TASK
        queued.append(event_id)

    monkeypatch.setattr(sending, "async_task", queue)
    monkeypatch.setattr(sending.transaction, "on_commit", lambda job, *args, **kwargs: job())

    class Worker:
        tasks = queued

        def run(self) -> int:
            sent = 0
            while queued:
                sent += sending.send_pending(queued.pop(0))
            return sent

    return Worker()
