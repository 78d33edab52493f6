"""A table at work on its phone, for the tests of the phones and of the grid that shows them."""

from events.models import Board, Pair, Result
from events.phone import table_round as phone


def board(section, number):
    return Board.objects.get(section=section, number=number)


def pair(section, direction, number):
    return Pair.objects.get(section=section, direction=direction, number=number)


def enter(link, number, text, **kwargs):
    return phone.enter_result(link, board(link.section, number).pk, text, **kwargs)


def confirm(link, number):
    b = board(link.section, number)
    version = Result.objects.get(board=b, ns_pair__number=link.table).version
    phone.confirm(link, b.pk, version)
