"""events/phone/network.py: this computer's address on the club's network, found without sending
anything (a fake socket stands in for the operating system's answers)."""

import socket

import pytest

from events.phone import network


class FakeUdpSocket:
    """A UDP socket whose `connect` picks `address` as the one it would send from, as the
    operating system does, or finds no route."""

    def __init__(self, address):
        self.address = address
        self.connected_to = None

    def connect(self, target):
        if self.address is None:
            raise OSError("Network is unreachable")
        self.connected_to = target

    def getsockname(self):
        return (self.address, 54321)

    def close(self):
        pass


def fake_network(monkeypatch, route, named=()):
    made = []

    def make_socket(family, kind):
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
        made.append(FakeUdpSocket(route))
        return made[-1]

    def getaddrinfo(host, port, family):
        if named is None:
            raise socket.gaierror("unknown host")
        return [(family, socket.SOCK_STREAM, 6, "", (address, 0)) for address in named]

    monkeypatch.setattr(network.socket, "socket", make_socket)
    monkeypatch.setattr(network.socket, "getaddrinfo", getaddrinfo)
    return made


def test_the_address_the_route_picks_comes_first(monkeypatch):
    made = fake_network(monkeypatch, "192.168.1.23", named=["127.0.1.1", "10.8.0.2"])
    assert network.lan_addresses() == ["192.168.1.23", "10.8.0.2"]
    # Connecting a UDP socket sends nothing: it only chooses the interface.
    assert made[0].connected_to == network.OUTSIDE


def test_without_a_route_the_computers_name_gives_its_addresses(monkeypatch):
    fake_network(monkeypatch, None, named=["127.0.1.1", "169.254.3.4", "192.168.0.9"])
    assert network.lan_addresses() == ["192.168.0.9"]  # not loopback, not link-local


def test_a_computer_on_no_network_has_no_address(monkeypatch):
    fake_network(monkeypatch, None, named=None)
    assert network.lan_addresses() == []
    fake_network(monkeypatch, "127.0.0.1", named=["127.0.1.1"])
    assert network.lan_addresses() == []


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("localhost", True), ("[::1]", True), ("127.0.1.1", True),
     ("192.168.1.23", False), ("scores.myclub.org", False), ("0.0.0.0", False)],
)  # fmt: skip
def test_which_hosts_are_this_computer_only(host, loopback):
    assert network.is_loopback(host) is loopback


def test_a_server_is_found_listening_or_not():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert network.serves("127.0.0.1", port)
    assert not network.serves("127.0.0.1", port)  # closed: refused at once
