"""The table links page and the table cards when the director browses `127.0.0.1`: the links
and QR codes carry the computer's address on the club's network, and the page says when the
server listens on this computer only and how to serve the network (events/phone/network.py, its
answers faked here)."""

import pytest
import segno
from django.urls import reverse

from events.phone import network

pytestmark = pytest.mark.django_db
LOCAL = {"HTTP_HOST": "127.0.0.1:8000"}
HOW = "make run HOST=0.0.0.0"


@pytest.fixture
def on_the_club_network(monkeypatch):
    """This computer is 192.168.1.23 on the club's network; the server listens there when
    `listening` says so."""
    state = {"listening": False}
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.1.23"])
    monkeypatch.setattr(network, "serves", lambda address, port: state["listening"])
    return state


def links_page(client, event, **headers):
    return client.get(reverse("table_links", args=[event.pk]), **headers).content.decode()


def test_served_on_this_computer_only_the_page_says_so_and_how_to_serve_the_network(
    director_client, mitchell_session, on_the_club_network
):
    page = links_page(director_client, mitchell_session, **LOCAL)
    assert "Phones cannot open these links yet:" in page
    assert f"<code>{HOW}</code>" in page
    assert "Phones then open <strong>http://192.168.1.23:8000</strong>" in page
    assert page.count('class="short-link" href="/t/') == 3
    assert page.count(">http://192.168.1.23:8000/t/") == 3
    assert "http://127.0.0.1:8000/t/" not in page


def test_served_on_the_network_the_links_carry_its_address_without_a_warning(
    director_client, mitchell_session, on_the_club_network
):
    on_the_club_network["listening"] = True
    page = links_page(director_client, mitchell_session, **LOCAL)
    assert "Phones cannot open" not in page
    assert page.count(">http://192.168.1.23:8000/t/") == 3


def test_a_computer_on_no_network_is_told_to_join_one(
    director_client, mitchell_session, monkeypatch
):
    monkeypatch.setattr(network, "lan_addresses", lambda: [])
    page = links_page(director_client, mitchell_session, **LOCAL)
    assert "This computer is not on a network either" in page
    assert ">http://127.0.0.1:8000/t/" in page


def test_a_page_opened_by_the_networks_address_keeps_it(
    director_client, mitchell_session, monkeypatch
):
    monkeypatch.setattr(network, "lan_addresses", lambda: pytest.fail("not asked"))
    page = links_page(director_client, mitchell_session)  # Host: testserver
    assert "Phones cannot open" not in page
    assert page.count(">http://testserver/t/") == 3


def test_the_qr_codes_and_table_cards_carry_the_networks_address(
    director_client, mitchell_session, on_the_club_network, monkeypatch
):
    encoded = []
    make = segno.make
    monkeypatch.setattr(
        segno, "make", lambda content, **kw: encoded.append(content) or make(content, **kw)
    )
    links_page(director_client, mitchell_session, **LOCAL)  # makes the links
    link = mitchell_session.sections.get().table_links.get(table=1)
    qr = director_client.get(reverse("table_link_qr", args=[mitchell_session.pk, link.pk]), **LOCAL)
    assert qr.status_code == 200
    assert encoded == [f"http://192.168.1.23:8000/t/{link.token}/"]
    cards = director_client.get(reverse("table_cards", args=[mitchell_session.pk]), **LOCAL)
    html = cards.content.decode()
    assert f"http://192.168.1.23:8000/t/{link.token}/" in html
    assert f"<code>{HOW}</code>" in html
