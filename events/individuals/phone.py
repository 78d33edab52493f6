"""A table's phone in an individual: the round's four players by name, and a board a screen
part to tap each result into (the pairs phone's buttons, events/phone/taps.py).

The page is a plain form: a tap-entered result posts, and the page comes back at the same round,
so it works without JavaScript. The round shown is the first the table has a result missing in,
or the one the phone asks for.
"""

from dataclasses import dataclass
from typing import NamedTuple

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from events.individuals.entries import save_result
from events.individuals.models import IndividualPlay, IndividualTableLink
from events.phone.taps import CHOICES, PhoneResultForm, typed_taps
from scoring import board_dealer, board_vulnerability


@dataclass
class PhoneBoard:
    """What the shared entry form (events/phone/_entry_form.html) reads of a board."""

    play: IndividualPlay
    typed: dict | None = None
    version: int = 0

    @property
    def board(self):  # the form names a board by `board.pk` and shows `board.number`
        return _Numbered(self.play.board, self.play.board)

    @property
    def form_taps(self) -> dict:
        return self.typed or {}

    @property
    def dealer(self) -> str:
        return board_dealer(self.play.board)

    @property
    def vulnerability(self) -> str:
        return board_vulnerability(self.play.board)


class _Numbered(NamedTuple):
    pk: int
    number: int


def _link(token: str) -> IndividualTableLink:
    link = (IndividualTableLink.objects.select_related("event__club").filter(token=token).first()
            if len(token) <= 32 else None)  # fmt: skip
    if link is None:
        raise Http404("No such table link")
    return link


def _round_asked(value: str | None, rounds: int) -> int | None:
    return int(value) if value and value.isdigit() and 1 <= int(value) <= rounds else None


# The link is the table's credential (as a pairs table's is, events/phone/views.py): a phone
# left open all evening must not lose its entries to an expired CSRF cookie.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def individual_table_phone(request, token):
    link = _link(token)
    event = link.event
    plays = list(
        IndividualPlay.objects.filter(event=event, table=link.table)
        .select_related("north", "south", "east", "west")
        .order_by("round", "board")
    )
    rounds = event.layout.rounds
    asked = _round_asked(request.GET.get("round") or request.POST.get("round"), rounds)
    missing = [play.round for play in plays if not play.kind]
    shown = asked or (missing[0] if missing else rounds)
    boards = [PhoneBoard(play) for play in plays if play.round == shown]
    here = f"{reverse('individual_table_phone', args=[token])}?round={shown}"
    problem: dict = {}
    if request.method == "POST":
        form = PhoneResultForm(request.POST)
        target = next((b for b in boards if str(b.play.board) == request.POST.get("board")), None)
        if target is None:
            raise Http404("No such board at this table this round")
        if form.is_valid():
            try:
                save_result(target.play, form.text, confirmed=True, lead=form.cleaned_data["lead"])
            except ValueError as error:
                problem = {"board": target.play.board, "message": str(error)}
            else:
                return redirect(here)
        else:
            problem = {"board": target.play.board, "message": form.errors_in_words}
        target.typed = typed_taps(request.POST)
    seats = boards[0].play if boards else None
    context = {"event": event, "link": link, "round": shown, "rounds": range(1, rounds + 1),
               "boards": boards, "seats": seats, "problem": problem, "choices": CHOICES,
               "post_url": here, "done": all(b.play.kind for b in boards),
               "next_round": shown + 1 if shown < rounds else None}  # fmt: skip
    return render(request, "individuals/phone.html", context, status=422 if problem else 200)
