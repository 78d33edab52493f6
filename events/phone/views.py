"""Phone entry at the table, and the director's page of table links with its live grid.

The phone's address carries the table's token, its only credential: no account, no cookie.
That is also why its POSTs need no CSRF token (a forged request would need the token itself),
which lets a result kept on a phone with a locked screen be sent later, whatever happened to
the cookies meanwhile.
"""

import io

import segno
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from clubscore.clients import client_address
from events.core.access import event_for_director
from events.core.live import live_page
from events.core.params import int_or_none
from events.entry.errors import EntryConflict, EntryError
from events.models import TableLink
from events.phone import links
from events.phone import table_round as phone
from events.phone.network import phone_address
from events.sessions.grid import table_round_grid

# Each button: (value posted, text on the button, its name for a screen reader where the text
# is a symbol or a letter).
LEVELS = [("P", "Pass", "passed out")] + [(str(n), str(n), "") for n in range(1, 8)]
STRAINS = [
    (value, symbol, spoken)
    for (value, symbol), spoken in zip(
        phone.SUIT_SYMBOLS, ["clubs", "diamonds", "hearts", "spades", "no trumps"], strict=True
    )
]
DOUBLES = [("", "–", "not doubled"), ("X", "X", "doubled"), ("XX", "XX", "redoubled")]
SEATS = [("N", "N", "North"), ("E", "E", "East"), ("S", "S", "South"), ("W", "W", "West")]
MADE = (
    [(f"-{n}", f"−{n}", f"down {n}") for n in range(13, 0, -1)]
    + [("=", "=", "made exactly")]
    + [(f"+{n}", f"+{n}", f"{n} overtrick{'s' if n > 1 else ''}") for n in range(1, 7)]
)

CHOICES = {"levels": LEVELS, "strains": STRAINS, "doubles": DOUBLES, "seats": SEATS, "made": MADE}


def _values(buttons):
    return [(value, text) for value, text, _ in buttons]


class PhoneResultForm(forms.Form):
    """One board's result from a table's taps: contract, declarer, tricks against it."""

    board = forms.IntegerField()
    version = forms.IntegerField(min_value=0, required=False)
    level = forms.ChoiceField(
        choices=_values(LEVELS), error_messages={"required": "Tap the level."}
    )
    strain = forms.ChoiceField(choices=_values(STRAINS), required=False)
    doubled = forms.ChoiceField(choices=_values(DOUBLES), required=False)
    declarer = forms.ChoiceField(choices=_values(SEATS), required=False)
    made = forms.ChoiceField(choices=_values(MADE), required=False)
    lead = forms.CharField(max_length=4, required=False)

    TAPS = ("level", "strain", "doubled", "declarer", "made", "lead")

    def clean_lead(self):
        try:
            return phone.lead_text(self.cleaned_data["lead"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self):
        super().clean()
        # Form.clean returns cleaned_data itself; django-stubs types that return Optional (an
        # override may return None), so the attribute is read instead.
        data = self.cleaned_data
        if self.errors or data["level"] == "P":
            return data
        missing = [name for name in ("strain", "declarer", "made") if not data.get(name)]
        if missing:
            words = {"strain": "the suit", "declarer": "the declarer", "made": "the tricks"}
            raise forms.ValidationError("Tap " + " and ".join(words[m] for m in missing) + ".")
        return data

    @property
    def text(self) -> str:
        d = self.cleaned_data
        return phone.entry_text(d["level"], d["strain"], d["doubled"], d["declarer"], d["made"])


def _link_or_answer(request, token):
    """The live link, or the response to give instead (404, 410 "closed", 429 "slow down")."""
    try:
        link = links.link_for_token(token)
    except links.LinkUnknown:
        address = client_address(request)  # behind nginx, the phone's, not nginx's
        if not links.within_budget(f"miss:{address}", links.misses_per_minute()):
            return None, _too_many(request)
        raise Http404("No such table link") from None
    except links.LinkClosed as closed:
        context = {"message": str(closed), "event": closed.link.section.event}
        return None, render(request, "events/phone/closed.html", context, status=410)
    if not links.within_budget(f"link:{link.token}", links.requests_per_minute()):
        return None, _too_many(request)
    return link, None


def _too_many(request):
    response = render(request, "events/phone/too_many.html", status=429)
    response["Retry-After"] = "60"
    return response


@csrf_exempt
@never_cache  # a phone reopened mid-round must show the server's state, not a stored copy
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def table_phone(request, token):
    link, answer = _link_or_answer(request, token)
    if answer is not None:
        return answer
    problem = None
    if request.method == "POST":
        problem = _act(request, link)
        if problem is None and not request.htmx:
            return redirect("table_phone", token=token)
    shown = phone.table_round(link)
    if problem:  # about a board the page no longer shows (or never did): said at the top
        problem["elsewhere"] = problem["board"] not in [b.board.pk for b in shown.boards]
    for b in shown.boards:
        if problem and problem["board"] == b.board.pk and "typed" in problem:
            b.typed = {name: problem["typed"].get(name, "") for name in PhoneResultForm.TAPS}
    if request.method == "GET" and request.htmx and request.GET.get("stamp") == shown.stamp:
        return HttpResponse(status=204)
    event = link.section.event
    context = {
        "shown": shown,
        "link": link,
        "event": event,
        "token": token,
        "problem": problem or {},
        "several_sections": event.sections.count() > 1,
        "choices": CHOICES,
    }
    template = "events/phone/table.html#table" if request.htmx else "events/phone/table.html"
    return render(request, template, context, status=422 if problem else 200)


def _act(request, link) -> dict | None:
    """Save, confirm or query one board; None when done, else what to show beside it."""
    post = request.POST
    action = post.get("action", "save")
    board_id = int_or_none(post.get("board"))
    version = int_or_none(post.get("version")) or 0
    try:
        if action == "confirm":
            phone.confirm(link, board_id, version)
        elif action == "query":
            phone.query(link, board_id, version)
        else:
            form = PhoneResultForm(post)
            if not form.is_valid():
                errors = "; ".join(str(e) for errs in form.errors.values() for e in errs)
                return {"board": board_id, "message": errors, "typed": post}
            phone.enter_result(
                link,
                board_id,
                form.text,
                lead=form.cleaned_data["lead"],
                expected_version=version,
            )
    except EntryConflict as conflict:
        assert board_id is not None  # only a save meets a conflict, and it found its board
        return {"board": board_id, "message": phone.conflict_message(conflict, board_id)}
    except EntryError as error:
        return {"board": board_id, "message": str(error), "typed": post}
    return None


def _link_for_director(request, pk, link_pk) -> TableLink:
    event = event_for_director(request, pk)
    return get_object_or_404(
        TableLink.objects.select_related("section__event"), pk=link_pk, section__event=event
    )


@login_required
@require_GET
@vary_on_headers("HX-Request")
def table_links(request, pk):
    """Each table's link and QR code, and the live grid of what the tables have entered."""
    event = event_for_director(request, pk)

    def context():
        # The links are outside the live part, and closed once the session is final.
        with_links = not (event.finalised or request.htmx)
        by_section = links.live_links(event) if with_links else {}
        sections = []
        for section in event.sections.all():
            shown = by_section.get(section.pk, [])
            unlinked = links.tables_without_links(section, shown) if with_links else []
            grid = table_round_grid(section, phone=True)
            sections.append({"section": section, "links": shown, "unlinked": unlinked,
                             "grid": grid, "late": grid.late_tables()})  # fmt: skip
        page: dict[str, object] = {
            "sections": sections,
            "show_travellers": links.show_travellers(event),
            "several_sections": len(sections) > 1,
            "unlinked": [s for s in sections if s["unlinked"]],
        }
        if not request.htmx:  # the links are outside the live part
            page["phone"] = phone_address(request)
        return page

    return live_page(request, event, "events/phone/links.html", context)


@login_required
@require_POST
def table_link_reissue(request, pk, link_pk):
    link = _link_for_director(request, pk, link_pk)
    if link.revoked_at is None:
        links.reissue(link)
        messages.success(
            request, f"Table {link.table} has a new link; the old one no longer works."
        )
    return redirect("table_links", pk=pk)


@login_required
@require_POST
def table_links_make(request, pk):
    """A session set up before its links were made with it: the director makes them."""
    event = event_for_director(request, pk)
    links.make_links(event)
    return redirect("table_links", pk=event.pk)


@login_required
@require_POST
def table_links_options(request, pk):
    event = event_for_director(request, pk)
    links.set_show_travellers(event, request.POST.get("show_travellers") == "1")
    return redirect("table_links", pk=event.pk)


@login_required
@require_GET
def table_link_qr(request, pk, link_pk):
    """The QR code of a table's link, for its table card and the director's page."""
    link = _link_for_director(request, pk, link_pk)
    url = phone_address(request).base + reverse("table_phone", args=[link.token])
    svg = io.BytesIO()
    segno.make(url, error="m").save(svg, kind="svg", scale=4, border=2, title=f"Table {link.table}")
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")
