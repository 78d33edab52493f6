"""Who sent a request, as login throttling (django-axes) and the table links' budgets count
them: the client's address, and the username a login attempt named."""

import ipaddress
from functools import cache

from django.conf import settings


def client_address(request) -> str:
    """The client's address. Behind the proxy (BEHIND_PROXY) that is the X-Real-IP nginx
    writes on every request (deploy/nginx/proxy.conf), believed only when the request came
    from the proxy itself (TRUSTED_PROXIES): from anyone else it is their own invention."""
    remote = request.META.get("REMOTE_ADDR", "")
    if settings.BEHIND_PROXY and _trusted(remote):
        return request.META.get("HTTP_X_REAL_IP") or remote
    return remote


@cache
def _networks(trusted: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in trusted if entry != "*")


def _trusted(address: str) -> bool:
    trusted = tuple(settings.TRUSTED_PROXIES)
    if "*" in trusted:
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # a Unix socket has no address: only a local proxy can reach it
        return address == ""
    return any(ip in network for network in _networks(trusted))


def login_username(request, credentials: dict | None = None) -> str | None:
    """The username of a login attempt as django-axes records it, cut to its column's 255
    characters: a longer one (no account has one) was a database error on PostgreSQL."""
    from axes.models import AccessAttempt

    source = credentials if credentials is not None else request.POST
    username = source.get(settings.AXES_USERNAME_FORM_FIELD)
    if username is None:
        return None
    return username[: AccessAttempt._meta.get_field("username").max_length]
