"""Posting traveller rows the way the row forms of events/templatetags/traveller_rows.py do."""

from django.urls import reverse

from events.models import Board


def board_of(event, number):
    return Board.objects.get(section__event=event, number=number)


def movement_rows(board):
    """(NS pair, EW pair) of each table the movement sends the board to, in round order."""
    section = board.section
    pairs = {p.key: p for p in section.pairs.all()}
    return [(pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(board.number)]


def pair(board, direction, number):
    return board.section.pairs.get(direction=direction, number=number)


def row_post(client, board, ns, ew, text, *, version=0, htmx=True, url=None, **typed):
    """One Enter on the row showing `ns` v `ew` (None, None: the "Other pairs" row), typed
    against `version` of its result (0: the row looked empty). `typed` may hold ns_number /
    ew_number (pair numbers typed over the row's own), override, replace."""
    data = {
        "board": board.pk,
        "ns": ns.pk if ns else "",
        "ew": ew.pk if ew else "",
        "text": text,
        "version": version,
        **typed,
    }
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = url or reverse("board_traveller", args=[board.pk])
    return client.post(url, data, **headers)
