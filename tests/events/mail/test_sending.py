"""Results by e-mail, through a real SMTP server: when the results are final and after each
correction, every member who played, gave an address and agreed gets the standings and their
own score card, with the card as a PDF; failures are the director's to see and to retry, and
no mail goes twice (events/mail/).

The figures: the session is a 3-table Mitchell of 6 boards where NS 1 scores 4S made with an
overtrick on every board, the other two tables 4S made and 3NT one down. 4S+1 is 450 not
vulnerable and 650 vulnerable (the Laws of Duplicate Bridge 2017, Law 77: trick score 4 × 30,
game bonus 300 or 500, overtrick 30). At matchpoints a result gets 1 for each result it beats
and ½ for each it ties (ACBL, "Duplicate Decisions", matchpoint scoring): NS 1 beats both
other tables on each board, 2 of a top of 2, 12 of 12 in all, 100%, first place.
"""

import io
import itertools
import re
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from events.entry.changes import Correction, rescore_event
from events.entry.saving import save_result
from events.mail import sending
from events.models import Member, Pair, ResultMail
from tests.events.mail.conftest import free_port
from tests.factories import make_session

TOP, OTHERS = "4S N +1", ["4S N =", "3NT S -1"]


@pytest.fixture
def session(club, director):
    return ns1_on_top(club, director)


def ns1_on_top(club, director):
    """The session of the figures above, every player named."""
    event = make_session(club, name="Thursday duplicate", tables=3, boards_per_round=2)
    section = event.sections.get()
    pairs = {pair.key: pair for pair in section.pairs.all()}
    for index, pair in enumerate(pairs.values()):
        pair.player1, pair.player2 = f"Ann{index} Able", f"Bob{index} Baker"
    Pair.objects.bulk_update(pairs.values(), ["player1", "player2"])
    ns1 = section.pairs.get(direction="NS", number=1)
    movement = section.movement()
    for board in section.boards.all():
        others = itertools.cycle(OTHERS)
        for seating in movement.plays_of_board(board.number):
            line = TOP if seating.ns == ns1.key else next(others)
            save_result(board, pairs[seating.ns], pairs[seating.ew], line, director, rescore=False)
    rescore_event(event)
    return event


@pytest.fixture
def members(session):
    """NS 1's two players on the roster (one agreed, one did not), and EW 2's first player,
    whose name the pairs page stored in other letters' case."""
    ns1 = session.sections.get().pairs.get(direction="NS", number=1)
    ew2 = session.sections.get().pairs.get(direction="EW", number=2)
    Pair.objects.filter(pk=ew2.pk).update(player1=ew2.player1.upper())
    club = session.club
    return {
        "ann": Member.objects.create(
            club=club, name=ns1.player1, email="ann@example.org", email_consent=True
        ),
        "bob": Member.objects.create(club=club, name=ns1.player2, email="bob@example.org"),
        "cat": Member.objects.create(
            club=club, name=ew2.player1.title(), email="cat@example.org", email_consent=True
        ),
        "dan": Member.objects.create(
            club=club, name="Dan Absent", email="dan@example.org", email_consent=True
        ),  # fmt: skip
    }


def finalise(client, session):
    response = client.post(reverse("session_finalise", args=[session.pk]))
    assert response.status_code == 302


def html_of(message) -> str:
    return message.get_body(preferencelist=("html",)).get_content()


def pdf_text(message) -> str:
    (attachment,) = list(message.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_filename() == "score-card-thursday-duplicate-ns-1.pdf"
    reader = PdfReader(io.BytesIO(attachment.get_content()))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_final_results_reach_each_member_who_agreed(
    director_client, session, members, smtp, worker
):
    finalise(director_client, session)
    assert worker.run() == 2
    assert sorted(recipients for recipients, _ in smtp.mails) == [
        ["ann@example.org"], ["cat@example.org"]
    ]  # fmt: skip
    (mail,) = smtp.to("ann@example.org")
    assert mail["Subject"] == "Riverside BC: Thursday duplicate, 24 November 2026: your results"
    ann, bob = members["ann"].name, members["bob"].name
    body = html_of(mail)
    assert f"Dear {ann}" in body
    assert f"NS 1 · {ann} &amp; {bob}" in body
    assert "Place 1 · MPs 12.00 · 100.00%" in body
    assert (
        '<td style="text-align: right; padding: 2px 6px;">+450</td>' in body
    )  # board 1, nobody vulnerable
    assert (
        '<td style="text-align: right; padding: 2px 6px;">+650</td>' in body
    )  # board 2, NS vulnerable
    card = pdf_text(mail)
    assert f"NS 1 · {ann} & {bob}" in card
    assert "+450" in card and "+650" in card
    text = mail.get_body(preferencelist=("plain",)).get_content()
    assert "Place 1 · MPs 12.00 · 100.00%" in text
    assert " 1  NS    4♠ N +1    +450  2.00  100   2.00  EW 1  " in text  # 2 of a top of 2
    assert "&amp;" not in text
    # Bob did not agree; Dan did not play: nothing for either.
    assert smtp.to("bob@example.org") == smtp.to("dan@example.org") == []
    sent = ResultMail.objects.filter(event=session)
    assert {(m.member.name, m.status, m.reason) for m in sent} == {
        (ann, "sent", "finalised"), (members["cat"].name, "sent", "finalised")
    }  # fmt: skip


def test_a_second_finalise_sends_nothing_more(director_client, session, members, smtp, worker):
    finalise(director_client, session)
    worker.run()
    finalise(director_client, session)
    assert sending.queue_results(session, ResultMail.FINALISED) == 0  # the task run again
    worker.run()
    assert len(smtp.mails) == 2
    assert sending.send_pending(session.pk) == 0


def test_a_correction_sends_the_corrected_results(
    director_client, director, session, members, smtp, worker
):
    finalise(director_client, session)
    worker.run()
    section = session.sections.get()
    board = section.boards.get(number=1)
    ns1 = section.pairs.get(direction="NS", number=1)
    ew = board.results.get(ns_pair=ns1).ew_pair
    # 4S= now ties the other 4S=: 1 for the 3NT-1 beaten, ½ for the tie (ACBL matchpoints).
    save_result(board, ns1, ew, "4S N =", director, correction=Correction("Misread slip"))
    worker.run()
    first, corrected = smtp.to("ann@example.org")
    assert corrected["Subject"].endswith("your corrected results")
    body = html_of(corrected)
    assert "Place 1 · MPs 11.50 · 95.83%" in body  # 11½ of 12
    assert "was corrected after the results were final" in body
    assert len(smtp.to("cat@example.org")) == 2


def test_an_unreachable_server_is_shown_and_a_retry_sends_once(
    director_client, session, members, smtp, worker, settings
):
    listening = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # nothing listens there
    finalise(director_client, session)
    assert worker.run() == 0
    assert smtp.mails == []
    failed = ResultMail.objects.filter(event=session)
    assert {mail.status for mail in failed} == {"failed"}
    assert all(mail.sent_at is None for mail in failed)
    page = director_client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert f"Failed: The mail server 127.0.0.1:{settings.EMAIL_PORT} could not be reached" in page
    assert "Send the 2 failed mails again" in page

    settings.EMAIL_PORT = listening  # the server is back
    response = director_client.post(reverse("session_mails_retry", args=[session.pk]))
    assert response.status_code == 302
    assert worker.run() == 2
    director_client.post(reverse("session_mails_retry", args=[session.pk]))
    worker.run()
    assert sorted(recipients for recipients, _ in smtp.mails) == [
        ["ann@example.org"], ["cat@example.org"]
    ]  # fmt: skip
    page = director_client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert "2 sent" in page and "Failed:" not in page


def test_a_refused_address_fails_alone(director_client, session, members, smtp, worker):
    smtp.refuse.add("cat@example.org")
    finalise(director_client, session)
    assert worker.run() == 1
    assert [recipients for recipients, _ in smtp.mails] == [["ann@example.org"]]
    cat = ResultMail.objects.get(member=members["cat"])
    assert cat.status == "failed"
    assert cat.error == "The mail server refused cat@example.org: 550 5.1.1 No such mailbox here"


def test_only_the_director_sees_the_mails(client, director_client, session, members, smtp, worker):
    finalise(director_client, session)
    worker.run()
    session.published = True
    session.save(update_fields=["published"])
    url = reverse("session_detail", args=[session.pk])
    assert "Results by e-mail" in director_client.get(url).content.decode()
    client.logout()
    assert "Results by e-mail" not in client.get(url).content.decode()
    assert client.post(reverse("session_mails_retry", args=[session.pk])).status_code == 302


def test_make_run_prints_the_mails_in_its_terminal(
    director_client, session, members, worker, settings, capsys
):
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    (backend,) = re.findall(r"^EMAIL_BACKEND \?= (\S+)$", makefile, flags=re.MULTILINE)
    # Exported to `make run`'s recipe (the server and its worker), which stays one command.
    assert "run: export EMAIL_BACKEND := $(EMAIL_BACKEND)" in makefile
    settings.EMAIL_BACKEND = backend
    finalise(director_client, session)
    assert worker.run() == 2
    printed = capsys.readouterr().out
    assert "To: ann@example.org" in printed and "To: cat@example.org" in printed
    assert "Content-Type: application/pdf" in printed
    assert {mail.status for mail in ResultMail.objects.filter(event=session)} == {"sent"}


def test_the_roster_as_it_is_when_the_mail_goes(director_client, session, members, smtp, worker):
    finalise(director_client, session)
    Member.objects.filter(pk=members["cat"].pk).update(email_consent=False)
    Member.objects.filter(pk=members["ann"].pk).update(email="ann@example.net")
    assert worker.run() == 1
    assert [recipients for recipients, _ in smtp.mails] == [["ann@example.net"]]
    cat = ResultMail.objects.get(member=members["cat"])
    assert (cat.status, cat.error) == (
        "failed", f"Not sent: {members['cat'].name} no longer has results by e-mail on the roster."
    )  # fmt: skip
    assert ResultMail.objects.get(member=members["ann"]).address == "ann@example.net"


def test_a_stratified_session_mails_the_awards_and_strata(
    director_client, session, members, smtp, worker
):
    """The club awards ACBL open-game masterpoints: a 3-pair direction gives one award, first
    place's 0.10 a pair, 0.30 (ACBL Handbook, Chapter 4, Section Three, "Calculating the
    Awards"). Strata A open, B under 500, C under 200: Ann (100) and Bob (50) hold fewer than
    200, so NS 1 competes in all three and wins each (docs/rules.md, Strata)."""
    type(session.club).objects.filter(pk=session.club_id).update(masterpoints="acbl-open")
    Member.objects.filter(pk=members["ann"].pk).update(masterpoints_held=100)
    Member.objects.filter(pk=members["bob"].pk).update(masterpoints_held=50)
    type(session).objects.filter(pk=session.pk).update(stratum_b_below=500, stratum_c_below=200)
    finalise(director_client, session)
    worker.run()
    (mail,) = smtp.to("ann@example.org")
    text = mail.get_body(preferencelist=("plain",)).get_content()
    assert "NS 1 " in text and "12.00 (100.00%), 0.30 masterpoints, strata A 1 · B 1 · C 1" in text
    assert "Stratified: A open, B under 500, C under 200" in text
    body = html_of(mail)
    assert '<td style="text-align: right; padding: 2px 6px;">0.30</td>' in body
    assert '<td style="padding: 2px 6px;">A 1 · B 1 · C 1</td>' in body
