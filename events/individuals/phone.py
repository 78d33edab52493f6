"""A table's phone in an individual: the round's four players by name, each board a screen
part to tap its result into, and the opponents' answer, through the pairs phone's page and
pieces (events/phone/views.py: `phone_page`, `act`; the buttons of events/phone/taps.py). What
it shows and saves: events/individuals/table_round.py.

The page is a plain form: a tap-entered result posts, and the page comes back, so it works
without JavaScript; with it, the pairs phone's script keeps taps made offline and follows the
other phone and the director within two seconds.
"""

from functools import partial
from types import SimpleNamespace

from django.urls import reverse

from events.core.params import int_or_none
from events.individuals import table_round
from events.individuals.models import IndividualTableLink
from events.phone import links
from events.phone.views import act, phone_page, phone_view


def _link(token: str) -> IndividualTableLink:
    link = (IndividualTableLink.objects.select_related("event__club").filter(token=token).first()
            if len(token) <= 32 else None)  # fmt: skip
    if link is None or link.event.deleted_at is not None:  # a deleted event's links stop
        raise links.LinkUnknown(token)
    return link


@phone_view
def individual_table_phone(request, token):
    """The table's round; `?round=N` shows round N instead (a table that plays its rounds out
    of order), as a plain form: the script that follows the table's current round is left off."""
    asked = int_or_none(request.GET.get("round"))
    here = reverse("individual_table_phone", args=[token])
    at_round = SimpleNamespace(  # the saves and answers of the round shown
        **{name: partial(getattr(table_round, name), asked=asked)
           for name in ("enter_result", "confirm", "query")}
    )  # fmt: skip
    response = phone_page(
        request,
        token,
        find=_link,
        show=partial(table_round.table_round, asked=asked),
        act=lambda link: act(request, link, at_round),
        template="individuals/phone.html",
        url_name="individual_table_phone",
        context=lambda link: {"event": link.event, "asked": asked,
                              "post_url": f"{here}?round={asked}" if asked else here},
    )  # fmt: skip
    if asked and response.status_code == 302:
        response["Location"] += f"?round={asked}"
    return response
