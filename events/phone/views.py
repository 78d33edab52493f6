"""Phone entry at the table, and the director's page of table links with its live grid.

The phone's address carries the table's token, its only credential: no account, no cookie.
That is also why its POSTs need no CSRF token (a forged request would need the token itself),
which lets a result kept on a phone with a locked screen be sent later, whatever happened to
the cookies meanwhile.
"""

import io

import segno
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
from events.phone.taps import CHOICES, PhoneResultForm, typed_taps
from events.sessions.grid import table_round_grid


def link_or_answer(request, token, find=links.link_for_token):
    """The live link `find` finds for the token (a pairs table's, or a teams room's), or the
    response to give instead (404, 410 "closed", 429 "slow down")."""
    try:
        link = find(token)
    except links.LinkUnknown:
        address = client_address(request)  # behind nginx, the phone's, not nginx's
        if not links.within_budget(f"miss:{address}", links.misses_per_minute()):
            return None, _too_many(request)
        raise Http404("No such table link") from None
    except links.LinkClosed as closed:
        context = {"message": str(closed), "event": closed.event}
        return None, render(request, "events/phone/closed.html", context, status=410)
    if not links.within_budget(f"link:{link.token}", links.requests_per_minute()):
        return None, _too_many(request)
    return link, None


def _too_many(request):
    response = render(request, "events/phone/too_many.html", status=429)
    response["Retry-After"] = "60"
    return response


def phone_view(view):
    """A phone's page (a pairs table's, a teams room's): its token is its credential, so no
    CSRF token (the module's docstring says why); never cached, since a phone reopened
    mid-round must show the server's state, not a stored copy."""
    view = vary_on_headers("HX-Request")(require_http_methods(["GET", "POST"])(view))
    return csrf_exempt(never_cache(view))


@phone_view
def table_phone(request, token):
    return phone_page(
        request,
        token,
        find=links.link_for_token,
        show=phone.table_round,
        act=lambda link: act(request, link, phone, conflict_message=phone.conflict_message),
        template="events/phone/table.html",
        url_name="table_phone",
        context=lambda link: {
            "event": link.section.event,
            "several_sections": link.section.event.sections.count() > 1,
        },
    )


def phone_page(request, token, *, find, show, act, template, url_name, context):
    """A phone's page at a table (a pairs table's, a teams room's): the link `find` finds for
    the token, what `show(link)` says the phone shows, and on a POST `act(link)`'s save or
    answer first. A poll carrying the stamp the phone shows is answered 204."""
    link, answer = link_or_answer(request, token, find)
    if answer is not None:
        return answer
    problem = None
    if request.method == "POST":
        problem = act(link)
        if problem is None and not request.htmx:
            return redirect(url_name, token=token)
    shown = show(link)
    if problem:  # about a board the page no longer shows (or never did): said at the top
        problem["elsewhere"] = problem["board"] not in [b.board.pk for b in shown.boards]
    for b in shown.boards:
        if problem and problem["board"] == b.board.pk and "typed" in problem:
            b.typed = typed_taps(problem["typed"])
    if request.method == "GET" and request.htmx and request.GET.get("stamp") == shown.stamp:
        return HttpResponse(status=204)
    page = {
        "shown": shown,
        "link": link,
        "token": token,
        "problem": problem or {},
        "choices": CHOICES,
        "post_url": reverse(url_name, args=[token]),
        **context(link),
    }
    fragment = f"{template}#table" if request.htmx else template
    return render(request, fragment, page, status=422 if problem else 200)


def act(request, link, service, *, board=int_or_none, conflict_message=None) -> dict | None:
    """Save, confirm or query one board through `service` (its `enter_result`, `confirm` and
    `query`); None when done, else what to show beside the board. A conflict (a result saved
    meanwhile) is said in `conflict_message(conflict, board)`'s words, the stored result shown
    rather than the taps."""
    post = request.POST
    action = post.get("action", "save")
    board_id = board(post.get("board"))
    version = int_or_none(post.get("version")) or 0
    try:
        if action == "confirm":
            service.confirm(link, board_id, version)
        elif action == "query":
            service.query(link, board_id, version)
        else:
            form = PhoneResultForm(post)
            if not form.is_valid():
                return {"board": board_id, "message": form.errors_in_words, "typed": post}
            service.enter_result(
                link,
                board_id,
                form.text,
                lead=form.cleaned_data["lead"],
                expected_version=version,
            )
    except EntryConflict as conflict:
        assert board_id is not None  # only a save meets a conflict, and it found its board
        message = conflict_message(conflict, board_id) if conflict_message else str(conflict)
        return {"board": board_id, "message": message}
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
    return qr_code(url, f"Table {link.table}")


def qr_code(url: str, title: str) -> HttpResponse:
    """A link's QR code as an SVG image (a pairs table's, a teams room's)."""
    svg = io.BytesIO()
    segno.make(url, error="m").save(svg, kind="svg", scale=4, border=2, title=title)
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")
