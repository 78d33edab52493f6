"""A table's phone in an individual: the round's four players by name, each board a screen
part to tap its result into, and the opponents' answer, through the pairs phone's page and
pieces (events/phone/views.py: `phone_page`, `act`; the buttons of events/phone/taps.py). What
it shows and saves: events/individuals/table_round.py.

The page is a plain form: a tap-entered result posts, and the page comes back, so it works
without JavaScript; with it, the pairs phone's script keeps taps made offline and follows the
other phone and the director within two seconds.
"""

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
    return phone_page(
        request,
        token,
        find=_link,
        show=table_round.table_round,
        act=lambda link: act(request, link, table_round),
        template="individuals/phone.html",
        url_name="individual_table_phone",
        context=lambda link: {"event": link.event},
    )
