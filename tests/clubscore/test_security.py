"""Settings read from the environment for a real server: HTTPS or a club's plain-http LAN."""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

PROJECT = Path(__file__).resolve().parents[2]
STRONG_KEY = secrets.token_urlsafe(50)
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": STRONG_KEY, "ALLOWED_HOSTS": "scores.example.org"}
HTTPS = {**PRODUCTION, "CLUBSCORE_HTTPS": "1"}
SECURITY_SETTINGS = [
    "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER",
]  # fmt: skip


def clean_environment(**environment) -> dict:
    # DJANGO_ALLOW_ASYNC_UNSAFE is the browser tests' (tests/browser/conftest.py), not a server's.
    ours = (
        "DEBUG", "SECRET_KEY", "DATABASE_URL", "CLUBSCORE_HTTPS", "REDIS_URL", "ADMINS",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    )  # fmt: skip
    return {**{k: v for k, v in os.environ.items() if k not in ours}, **environment}


def manage(*args, **environment) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT,
        env=clean_environment(**environment),
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_from(names, **environment) -> dict:
    """These settings as a fresh process reads them from exactly this environment."""
    code = (
        "import json; from django.conf import settings as s; import django; django.setup(); "
        f"print(json.dumps({{n: getattr(s, n, None) for n in {names!r}}}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        env=clean_environment(DJANGO_SETTINGS_MODULE="clubscore.settings", **environment),
    )
    assert done.returncode == 0, done.stderr
    values = json.loads(done.stdout.strip().splitlines()[-1])
    if values.get("SECURE_PROXY_SSL_HEADER"):
        values["SECURE_PROXY_SSL_HEADER"] = tuple(values["SECURE_PROXY_SSL_HEADER"])
    return values


def test_check_deploy_is_clean_with_debug_off_behind_https():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **HTTPS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout
    assert "WARNINGS" not in done.stderr


def test_on_plain_http_check_deploy_names_only_the_https_settings():
    """The LAN default: its only warnings are the four that need HTTPS, nothing else."""
    done = manage("check", "--deploy", **PRODUCTION)
    assert done.returncode == 0, done.stderr
    warned = sorted(re.findall(r"\((\w+\.[EW]\d+)\)", done.stderr))
    assert warned == ["security.W004", "security.W008", "security.W012", "security.W016"]


def test_https_turns_on_secure_cookies_hsts_the_redirect_and_the_proxy_header():
    assert settings_from(SECURITY_SETTINGS, **HTTPS) == {
        "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True, "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31_536_000, "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
    }  # fmt: skip


def test_without_https_cookies_work_over_plain_http():
    assert settings_from(SECURITY_SETTINGS, **PRODUCTION) == {
        "SESSION_COOKIE_SECURE": False, "CSRF_COOKIE_SECURE": False, "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 0, "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_PROXY_SSL_HEADER": None,
    }  # fmt: skip


def log_in_as_a_browser(client, username, password="a-long-test-password", **extra):
    """GET the form for its CSRF cookie, then POST it with the token, as a browser does."""
    page = client.get(reverse("login"), **extra)
    token = page.cookies["csrftoken"].value
    return client.post(
        reverse("login"),
        {"username": username, "password": password, "csrfmiddlewaretoken": token},
        **extra,
    )


def test_a_director_logs_in_over_plain_http_with_the_lan_settings(director):
    from django.test import Client

    lan = settings_from(SECURITY_SETTINGS, **PRODUCTION)
    with override_settings(**lan):
        client = Client(enforce_csrf_checks=True)
        response = log_in_as_a_browser(client, "dora")
        assert response.status_code == 302, response.content.decode()[:500]
        assert not response.cookies["sessionid"]["secure"]
        assert client.get(reverse("home")).context["user"] == director


def test_behind_https_cookies_are_secure_and_every_page_says_hsts(director):
    from django.test import Client

    with override_settings(**settings_from(SECURITY_SETTINGS, **HTTPS)):
        client = Client(enforce_csrf_checks=True)
        plain = client.get(reverse("login"))
        assert plain.status_code == 301 and plain["Location"].startswith("https://")
        # As nginx passes it on: the Host, the scheme, and the Origin a browser sends with a POST
        # (over https Django requires it to match).
        https = {"HTTP_HOST": "testserver", "HTTP_X_FORWARDED_PROTO": "https"}
        response = log_in_as_a_browser(client, "dora", HTTP_ORIGIN="https://testserver", **https)
        assert response.status_code == 302, response.content.decode()[-800:]
        assert response.cookies["sessionid"]["secure"]
        assert response.cookies["csrftoken"]["secure"]
        page = client.get(reverse("home"), **https)
        assert page["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"


def test_a_login_without_the_csrf_cookie_explains_what_to_do(director):
    """What a browser sees when it dropped the cookie (blocked, or secure-only over http)."""
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("login"), {"username": "dora", "password": "a-long-test-password"}
    )
    page = response.content.decode()
    assert response.status_code == 403
    assert "your session expired or cookies are blocked; reload the page" in page
    assert "CLUBSCORE_HTTPS" in page  # the hint for whoever runs the server
    assert "CSRF verification failed" not in page and "Traceback" not in page


def test_every_page_carries_the_security_headers(db, client):
    response = client.get(reverse("home"))
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize(
    ("environment", "backend"),
    [
        ({}, "django.core.cache.backends.locmem.LocMemCache"),
        ({"REDIS_URL": "redis://cache:6379/1"}, "clubscore.cache.ForgivingRedisCache"),
    ],
)
def test_the_cache_is_redis_when_redis_url_is_set(environment, backend):
    caches = settings_from(["CACHES"], **environment)["CACHES"]
    assert caches["default"]["BACKEND"] == backend
    assert caches["default"].get("LOCATION", "") == environment.get("REDIS_URL", "")


def test_admins_come_from_the_environment():
    admins = settings_from(["ADMINS"], ADMINS="Ann Lee <ann@club.example>, bob@club.example")
    assert admins == {"ADMINS": [["Ann Lee", "ann@club.example"], ["bob", "bob@club.example"]]}


def test_the_policy_is_what_the_settings_say(db, client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"  # no hash, no 'unsafe-inline': no inline script
    for hash_token in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["style-src"][1:]:
        assert hash_token in policy


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S)
INLINE_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
HANDLER = re.compile(r"""\son[a-z]+=(["'])(.*?)\1""")
STYLE_ATTRIBUTE = re.compile(r"""\sstyle=(["'])(.*?)\1""")


def sha256_source(code: str) -> str:
    import base64
    import hashlib

    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"


def template_files() -> list[Path]:
    """Every template Django loads from this project: the DIRS folders and each app's own."""
    from django.template.utils import get_app_template_dirs

    folders = [Path(folder) for folder in settings.TEMPLATES[0]["DIRS"]]
    folders += [Path(folder) for folder in get_app_template_dirs("templates")]
    return sorted(
        path
        for folder in folders
        if folder.is_relative_to(PROJECT) and ".venv" not in folder.parts
        for path in folder.rglob("*.html")
    )


def inline_code(text: str) -> list[tuple[str, str]]:
    """(kind, code) for every piece of inline script or style in a template's text."""
    found = [("script", m.group(1)) for m in INLINE_SCRIPT.finditer(text)]
    found += [("script", m.group(2)) for m in HANDLER.finditer(text)]
    found += [("style", m.group(1)) for m in INLINE_STYLE.finditer(text)]
    found += [("style attribute", m.group(2)) for m in STYLE_ATTRIBUTE.finditer(text)]
    return found


def test_the_scan_finds_inline_code_of_every_kind():
    text = (
        '<script>go()</script><script src="/s.js"></script><button onclick="print()">'
        '<style>p{}</style><p style="color: red">'
    )
    assert inline_code(text) == [
        ("script", "go()"), ("script", "print()"), ("style", "p{}"),
        ("style attribute", "color: red"),
    ]  # fmt: skip
    # The scan reads every template of the project, wherever an app keeps it.
    kept = {
        path
        for path in PROJECT.rglob("templates/**/*.html")
        if not {".venv", ".node"} & set(path.parts)
    }
    assert kept and kept <= set(template_files())


# The results mails' HTML is read in mail clients, never served under this site's policy, and
# mail clients drop style sheets: their styles stay inline (their scripts are still refused).
MAIL_TEMPLATES = PROJECT / "templates" / "events" / "mail"


def test_no_template_has_inline_script_and_its_styles_are_allowed_by_hash():
    allowed_styles = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["style-src"]
    refused = []
    for path in template_files():
        name = str(path.relative_to(PROJECT))
        for kind, code in inline_code(path.read_text(encoding="utf-8")):
            if kind == "script":
                refused.append(f"{name}: inline script {code[:40]!r}: use a file in static/js")
            elif kind == "style attribute" and path.is_relative_to(MAIL_TEMPLATES):
                continue
            elif kind == "style attribute":
                refused.append(f"{name}: style={code!r}: use a class in static/css instead")
            elif "{{" in code or "{%" in code:
                refused.append(f"{name}: inline style with template tags (its hash would vary)")
            elif sha256_source(code) not in allowed_styles:
                refused.append(f"{name}: add {sha256_source(code)} to the style-src hashes")
    assert not refused, "\n".join(refused)


def test_the_htmx_indicator_style_is_the_one_the_vendored_htmx_inserts():
    import django_htmx

    htmx = (Path(django_htmx.__file__).parent / "static/django_htmx/htmx-2.min.js").read_text()
    assert "{opacity:0;visibility: hidden} " in htmx
    assert "{opacity:1;visibility: visible;transition: opacity 200ms ease-in}" in htmx
    style = (
        ".htmx-indicator{opacity:0;visibility: hidden} .htmx-request .htmx-indicator, "
        ".htmx-request.htmx-indicator{opacity:1;visibility: visible;transition: opacity 200ms "
        "ease-in}"
    )
    assert sha256_source(style) in settings.INLINE_STYLE_HASHES
