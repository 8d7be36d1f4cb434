"""docker-compose.yml cannot be run here (no Docker engine), so check it agrees with the settings and the Makefile."""

from pathlib import Path

import pytest
import yaml

from config.settings import ENVIRONMENT

ROOT = Path(__file__).resolve().parents[3]
APP_SERVICES = ("web", "worker", "beat")


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_services_are_all_there_with_health_checks(compose):
    services = compose["services"]
    assert set(services) == {"postgres", "redis", *APP_SERVICES}
    for name, service in services.items():
        assert "test" in service["healthcheck"], name
        assert service["restart"] == "unless-stopped", name


def test_app_services_run_the_right_programs(compose):
    services = compose["services"]
    assert "gunicorn config.wsgi:application" in services["web"]["command"]
    assert "manage.py migrate" in services["web"]["command"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    for name in APP_SERVICES:
        assert services[name]["build"] == "."
        assert set(services[name]["depends_on"]) == {"postgres", "redis"}


def test_environment_matches_the_settings_and_the_database_service(compose):
    services = compose["services"]
    pg = services["postgres"]["environment"]
    expected_db = (
        f"postgres://{pg['POSTGRES_USER']}:{pg['POSTGRES_PASSWORD']}@postgres:5432/{pg['POSTGRES_DB']}"
    )
    for name in APP_SERVICES:
        env = services[name]["environment"]
        assert set(env) <= set(ENVIRONMENT), f"{name} sets variables the settings never read"
        assert env["DATABASE_URL"] == expected_db
        assert env["REDIS_URL"].startswith("redis://redis:6379/")
        assert env["DEBUG"] == "false"
        assert "SECRET_KEY" in env


def test_named_volumes_are_declared_and_used(compose):
    declared = set(compose["volumes"])
    used = {
        volume.split(":", 1)[0]
        for service in compose["services"].values()
        for volume in service.get("volumes", [])
    }
    assert used == declared == {"postgres-data", "redis-data", "traveller-var"}


def test_dockerfile_serves_the_wsgi_app():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "FROM python:3.11" in dockerfile
    assert "gunicorn" in dockerfile and "config.wsgi:application" in dockerfile
    assert "collectstatic" in dockerfile


def test_the_image_and_the_package_hold_every_app_of_ours():
    """Each of our Django apps (and config) is copied into the image and installed by `pip install .`."""
    import tomllib

    from django.conf import settings

    ours = sorted(
        {app.split(".")[0] for app in settings.INSTALLED_APPS if (ROOT / app.split(".")[0]).is_dir()}
    )
    assert {"tournaments", "games", "scoring", "jobs"} <= set(ours)
    dockerfile = (ROOT / "Dockerfile").read_text()
    include = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    for package in ["config", *ours]:
        assert f"COPY {package} ./{package}" in dockerfile, f"the image lacks {package}/"
        assert f"{package}*" in include["include"], f"pip install . leaves out {package}/"
