"""Entry at the tables of a Swiss pairs event: a table's phone page (through its link, as a
pairs table's: events/phone/views.py answers both), and the director's page of a round's table
links with their QR codes and the live grid of what each table has entered.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core.access import for_director
from events.core.live import live_page
from events.phone.network import phone_address
from events.phone.views import act, phone_page, phone_view, qr_code
from events.swiss_pairs import links, phone
from events.swiss_pairs.models import SwissPairsEvent, SwissPairsTable, SwissTableLink


@phone_view
def swiss_table_phone(request, token):
    """A table's phone: the round's boards, this table's result of each, the opponents'
    answer."""
    return phone_page(
        request,
        token,
        find=links.link_for_token,
        show=phone.table_view,
        act=lambda link: act(request, link, phone),
        template="swiss_pairs/phone.html",
        url_name="swiss_table_phone",
        context=lambda link: {"event": link.table.event},
    )


def _event_for_director(request, pk: int) -> SwissPairsEvent:
    return for_director(request, SwissPairsEvent, pk, "Swiss pairs event")


def _tables(event: SwissPairsEvent, number: int) -> list[SwissPairsTable]:
    tables = list(
        event.tables.filter(round=number, ew__isnull=False)
        .select_related("event", "ns", "ew")
        .prefetch_related("results", "entries")
    )
    if not event.tables.filter(round=number).exists():
        raise Http404("No such round")
    return tables


@require_GET
@vary_on_headers("HX-Request")
def swiss_pairs_round_phones(request, pk, number):
    """A round's table links and QR codes, and the live grid of what each table has entered."""
    event = _event_for_director(request, pk)

    def context():
        tables = _tables(event, number)
        grid = [(table, phone.boards_at_table(table)) for table in tables]
        page: dict[str, object] = {"number": number, "grid": grid}
        if not request.htmx:  # the links are outside the live part
            live = links.round_links(event, number)
            page.update(
                phone=phone_address(request),
                links=[(t, live[t.pk]) for t in tables if t.pk in live],
                unlinked=links.unlinked(tables, live),
            )
        return page

    return live_page(request, event, "swiss_pairs/phones.html", context)


@require_POST
def swiss_pairs_round_phones_make(request, pk, number):
    """A round drawn before tables had links: the director makes them."""
    event = _event_for_director(request, pk)
    links.make_links(_tables(event, number))
    return redirect("swiss_pairs_round_phones", pk=event.pk, number=number)


def _link(request, pk, link_pk) -> SwissTableLink:
    event = _event_for_director(request, pk)
    return get_object_or_404(
        SwissTableLink.objects.select_related("table__event"), pk=link_pk, table__event=event
    )


@require_POST
def swiss_pairs_link_reissue(request, pk, link_pk):
    link = _link(request, pk, link_pk)
    if link.revoked_at is None:
        links.reissue(link)
        messages.success(
            request, f"Table {link.table.table} has a new link; the old one no longer works."
        )
    return redirect("swiss_pairs_round_phones", pk=pk, number=link.table.round)


@require_GET
def swiss_pairs_link_qr(request, pk, link_pk):
    """The QR code of a table's link, for the director's page (to print or show)."""
    link = _link(request, pk, link_pk)
    url = phone_address(request).base + reverse("swiss_table_phone", args=[link.token])
    return qr_code(url, f"Round {link.table.round}, table {link.table.table}")


@require_POST
def swiss_pairs_ruling(request, pk, table_pk):
    """The director's ruling on a result the opponents queried: it stands. (A changed result
    is simply corrected on the table's form.)"""
    event = _event_for_director(request, pk)
    table = get_object_or_404(event.tables.select_related("event"), pk=table_pk)
    number = request.POST.get("board", "")
    board = int(number) if number.isascii() and number.isdigit() and len(number) < 4 else None
    if phone.result_stands(table, board):
        messages.success(request, f"Board {board}: the result stands.")
    else:
        messages.info(request, "That query has been ruled on already.")
    return redirect("swiss_pairs_table", pk=event.pk, table_pk=table.pk)
