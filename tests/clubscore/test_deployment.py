"""There is no Docker engine here: check the compose file and Dockerfile say what they must."""

import ipaddress
import runpy
from pathlib import Path

import pytest
import yaml

PROJECT = Path(__file__).resolve().parents[2]


def compose():
    return yaml.safe_load((PROJECT / "docker-compose.yml").read_text())


def test_db_is_postgres_16_with_a_named_volume_and_a_healthcheck():
    db = compose()["services"]["db"]
    assert db["image"] == "postgres:16"
    volume = db["volumes"][0].split(":")[0]
    assert volume in compose()["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])


def test_web_builds_here_migrates_serves_with_gunicorn_and_waits_for_a_healthy_db():
    web = compose()["services"]["web"]
    assert web["build"] == "."
    assert "migrate" in web["command"] and "gunicorn" in web["command"]
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    assert web["environment"]["DATABASE_URL"].startswith("postgres://")
    assert web["environment"]["DEBUG"] == "0"
    assert "SECRET_KEY" in web["environment"]


def test_compose_runs_the_background_worker_on_the_same_database():
    services = compose()["services"]
    worker, web = services["worker"], services["web"]
    assert worker["command"] == "python manage.py qcluster"
    assert worker["environment"]["DATABASE_URL"] == web["environment"]["DATABASE_URL"]
    assert worker["depends_on"]["db"]["condition"] == "service_healthy"


def test_dockerfile_installs_the_project_and_collects_static_files():
    dockerfile = (PROJECT / "Dockerfile").read_text()
    assert dockerfile.startswith("FROM python:3.11")
    assert "pip install" in dockerfile and "collectstatic" in dockerfile
    assert 'CMD ["gunicorn", "-c", "deploy/gunicorn.conf.py"' in dockerfile
    assert "\nUSER clubscore\n" in dockerfile


def test_whitenoise_serves_static_files():
    from django.conf import settings

    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings.MIDDLEWARE


def test_nginx_from_the_official_image_is_the_only_way_in():
    services = compose()["services"]
    proxy, web = services["proxy"], services["web"]
    assert proxy["image"].startswith("nginx:1.")
    assert "ports" not in web and web["expose"] == ["8000"]
    mounts = {target: source for source, target, _ in (v.rsplit(":", 2) for v in proxy["volumes"])}
    assert mounts["/etc/nginx/conf.d/default.conf"] == "./deploy/nginx/${NGINX_SITE:-http}.conf"
    assert mounts["/etc/nginx/clubscore"] == "./deploy/nginx"  # proxy.conf and upstream.conf
    assert web["environment"]["BEHIND_PROXY"] == "1"
    assert "deploy/gunicorn.conf.py" in web["command"]


@pytest.mark.parametrize("site", ["http", "https"])
def test_both_nginx_sites_include_the_proxy_rules(site):
    conf = (PROJECT / "deploy" / "nginx" / f"{site}.conf").read_text()
    assert "include /etc/nginx/clubscore/proxy.conf;" in conf
    assert "include /etc/nginx/clubscore/upstream.conf;" in conf


def directives(conf: str) -> dict[str, str]:
    """{"client_header_timeout": "10s", "proxy_set_header Host": "$http_host", ...}"""
    found = {}
    for line in conf.splitlines():
        words = line.split("#")[0].strip().rstrip(";").split()
        if words:
            named = 2 if words[0] == "proxy_set_header" else 1
            found[" ".join(words[:named])] = " ".join(words[named:])
    return found


def test_nginx_buffers_requests_and_cuts_off_slow_clients():
    rules = directives((PROJECT / "deploy" / "nginx" / "proxy.conf").read_text())
    assert rules["proxy_pass"] == "http://clubscore_app"
    upstream = (PROJECT / "deploy" / "nginx" / "upstream.conf").read_text()
    assert "upstream clubscore_app {\n    server web:8000;\n}" in upstream
    assert (rules["proxy_request_buffering"], rules["proxy_buffering"]) == ("on", "on")
    assert rules["client_header_timeout"] == "10s" and rules["client_body_timeout"] == "10s"
    # Overwritten from what nginx saw, not appended to what the client claimed.
    assert rules["proxy_set_header X-Real-IP"] == "$remote_addr"
    assert rules["proxy_set_header Host"] == "$http_host"
    assert rules["proxy_set_header X-Forwarded-Proto"] == "$scheme"


def test_nginx_lets_through_every_upload_the_app_itself_judges():
    # Below the app's own limits a director reads the app's message about the file; nginx's
    # limit, with a little room for the form around the file, sits above the largest of them.
    from events.club.forms import RosterImportForm
    from events.formats.forms import ImportForm
    from events.formats.views import ResultsFileForm
    from events.handrecords.forms import HandRecordForm

    limit = directives((PROJECT / "deploy" / "nginx" / "proxy.conf").read_text())
    megabytes = int(limit["client_max_body_size"].removesuffix("m"))
    largest = max(
        ImportForm.MAX_BYTES,
        ResultsFileForm.MAX_OTHER_BYTES,
        HandRecordForm.MAX_BYTES,
        RosterImportForm.MAX_BYTES,
    )
    assert largest + 100_000 <= megabytes * 1024 * 1024


def test_gunicorn_reads_its_settings_from_the_config_file(monkeypatch):
    monkeypatch.delenv("GUNICORN_WORKERS", raising=False)
    monkeypatch.delenv("GUNICORN_BIND", raising=False)
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    conf = runpy.run_path(str(PROJECT / "deploy" / "gunicorn.conf.py"))
    # This computer only, and X-Forwarded-Proto believed from it alone, unless told otherwise.
    assert (conf["workers"], conf["timeout"], conf["bind"]) == (3, 30, "127.0.0.1:8000")
    assert conf["forwarded_allow_ips"] == "127.0.0.1,::1"
    assert (conf["accesslog"], conf["errorlog"]) == ("-", "-")
    assert "x-real-ip" in conf["access_log_format"]
    monkeypatch.setenv("GUNICORN_WORKERS", "5")
    assert runpy.run_path(str(PROJECT / "deploy" / "gunicorn.conf.py"))["workers"] == 5


def test_the_app_processes_share_a_redis_cache_that_keeps_nothing_on_disk():
    # The live pages are rendered once per session version for every worker, and the phone
    # links' rate limits are counted across workers, only with a shared cache
    # (docs/operations.md, Capacity; clubscore/env.py's cache()).
    services = compose()["services"]
    cache, web, worker = services["cache"], services["web"], services["worker"]
    assert cache["image"].startswith("redis:7")
    assert cache["command"] == ["redis-server", "--save", "", "--appendonly", "no"]
    assert web["environment"]["REDIS_URL"] == "${REDIS_URL:-redis://cache:6379/0}"
    assert worker["environment"]["REDIS_URL"] == web["environment"]["REDIS_URL"]
    assert web["depends_on"]["cache"]["condition"] == "service_started"


def test_in_compose_gunicorn_listens_in_its_container_and_believes_only_the_proxy():
    services = compose()
    proxy, web = services["services"]["proxy"], services["services"]["web"]
    assert web["environment"]["GUNICORN_BIND"] == "0.0.0.0:8000"
    address = proxy["networks"]["default"]["ipv4_address"]
    assert web["environment"]["FORWARDED_ALLOW_IPS"] == address  # X-Real-IP, X-Forwarded-Proto
    (subnet,) = services["networks"]["default"]["ipam"]["config"]
    default = lambda text: text.split(":-", 1)[1].rstrip("}")  # noqa: E731 -- ${NAME:-value}
    assert ipaddress.ip_address(default(address)) in ipaddress.ip_network(default(subnet["subnet"]))


def test_the_app_believes_x_real_ip_from_gunicorns_trusted_proxies(monkeypatch):
    from django.conf import settings

    assert settings.TRUSTED_PROXIES == ["127.0.0.1", "::1"]  # FORWARDED_ALLOW_IPS unset
    assert settings.AXES_CLIENT_IP_CALLABLE == "clubscore.clients.client_address"


def test_nginx_names_no_version():
    upstream = directives((PROJECT / "deploy" / "nginx" / "upstream.conf").read_text())
    assert upstream["server_tokens"] == "off"  # http level: every server of both sites
