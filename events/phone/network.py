"""Where the players' phones can reach this computer: its address on the club's network.

A director browsing `http://127.0.0.1:8000/` gets table links and QR codes for that address,
which no phone can open. The computer's own address on the network is found without sending
anything anywhere: a UDP socket "connected" to an outside address only asks the operating
system which of its addresses it would send from (no packet leaves), and failing that the
addresses the computer's name resolves to. Whether the server answers on that address (it
listens on every address, `make run HOST=0.0.0.0`, or on this computer only) is asked by
connecting to it, here on the same computer.
"""

import ipaddress
import socket
from dataclasses import dataclass

__all__ = ["PhoneAddress", "is_loopback", "lan_addresses", "network_command", "phone_address",
           "serves"]  # fmt: skip

# A documentation address (RFC 5737): the route to it picks the interface the computer would
# use for the network; a UDP connect sends nothing.
OUTSIDE = ("192.0.2.1", 9)
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
PROBE_SECONDS = 0.3
DEFAULT_PORTS = {"http": "80", "https": "443"}


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or address, IPv6 in brackets or not) is this computer only."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _usable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks, the one it would use first ([] when
    it is on none)."""
    found = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(OUTSIDE)
        found.append(probe.getsockname()[0])
    except OSError:
        pass  # no route: no network, or only this computer's
    finally:
        probe.close()
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        named = []
    found += [info[4][0] for info in named]
    return [address for address in dict.fromkeys(found) if _usable(address)]


def serves(address: str, port: int) -> bool:
    """Whether a server answers on `address`:`port` (a connection is made and closed)."""
    try:
        with socket.create_connection((address, port), timeout=PROBE_SECONDS):
            return True
    except OSError:
        return False


@dataclass(frozen=True)
class PhoneAddress:
    """The address the table links and QR codes carry, and whether phones can open it now."""

    base: str  # "http://192.168.1.23:8000"
    local_only: bool  # the server listens on this computer only: phones cannot reach it
    lan: str | None  # the computer's address on the network, when the request came locally
    port: str = ""  # the port the page was opened on

    @property
    def command(self) -> str:
        return network_command(self.port)


def network_command(port) -> str:
    """What serves the club's network on `port` (the Makefile's own is 8000)."""
    return "make run HOST=0.0.0.0" + ("" if str(port) in ("", "8000") else f" PORT={port}")


def phone_address(request) -> PhoneAddress:
    """For a page the director opened: the address phones should use. A request to this
    computer's own name (127.0.0.1, localhost) gets the computer's network address instead,
    and says whether the server answers there yet."""
    host = request.get_host()
    default = DEFAULT_PORTS.get(request.scheme, "")
    # The port the browser used: the server's own when nothing stands in front of it.
    name, port = (host, default) if host.endswith("]") or ":" not in host else host.rsplit(":", 1)
    own = f"{request.scheme}://{host}"
    if not is_loopback(name):
        return PhoneAddress(own, local_only=False, lan=None)
    addresses = lan_addresses()
    if not addresses:
        return PhoneAddress(own, local_only=True, lan=None, port=port)
    lan = addresses[0]
    shown_port = "" if port == default else f":{port}"
    base = f"{request.scheme}://{lan}{shown_port}"
    return PhoneAddress(base, local_only=not serves(lan, int(port)), lan=lan, port=port)
