"""Settings come from the environment only; production settings pass Django's deployment checks."""

import json
import stat
import subprocess
import sys

from config.settings import ENVIRONMENT
from tests.integration.django_process import ROOT, clean_environment, run_django


def test_secret_key_is_generated_once_and_kept_private(tmp_path):
    first = run_django("print(settings.SECRET_KEY)", tmp_path)
    second = run_django("print(settings.SECRET_KEY)", tmp_path)
    assert first.returncode == 0, first.stderr
    key = first.stdout.strip()
    assert len(key) >= 50 and key == second.stdout.strip()
    assert (tmp_path / "secret_key").read_text().strip() == key
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_defaults_are_safe(tmp_path):
    out = run_django(
        "import json; d = settings.DATABASES['default']; print(json.dumps([settings.DEBUG, d['ENGINE'], "
        "str(d['NAME']), settings.CELERY_TASK_ALWAYS_EAGER, settings.SESSION_COOKIE_SECURE]))",
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    debug, engine, name, eager, secure = json.loads(out.stdout)
    assert debug is False
    assert engine == "django.db.backends.sqlite3" and name == str(tmp_path / "traveller.sqlite3")
    assert eager is True
    assert secure is True


def test_environment_switches_database_and_broker(tmp_path):
    out = run_django(
        "import json; d = settings.DATABASES['default']; print(json.dumps([d['ENGINE'], d['HOST'], d['NAME'], "
        "settings.CELERY_BROKER_URL, settings.CELERY_TASK_ALWAYS_EAGER, settings.DEBUG, settings.ALLOWED_HOSTS]))",
        tmp_path,
        DATABASE_URL="postgres://u:p@db.example:5432/club",
        REDIS_URL="redis://cache.example:6379/2",
        DEBUG="true",
        ALLOWED_HOSTS="scores.example.org, localhost",
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [
        "django.db.backends.postgresql",
        "db.example",
        "club",
        "redis://cache.example:6379/2",
        False,
        True,
        ["scores.example.org", "localhost"],
    ]


def test_production_settings_pass_check_deploy(tmp_path):
    env = clean_environment() | {"TRAVELLER_VAR_DIR": str(tmp_path), "DEBUG": "false"}
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_readme_documents_every_setting():
    readme = (ROOT / "README.md").read_text()
    missing = [name for name in ENVIRONMENT if f"`{name}`" not in readme]
    assert missing == []
