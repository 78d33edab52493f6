"""There is no Docker engine here: check the compose file and Dockerfile say what they must."""

from pathlib import Path

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
    assert "gunicorn" in dockerfile


def test_whitenoise_serves_static_files():
    from django.conf import settings

    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings.MIDDLEWARE
