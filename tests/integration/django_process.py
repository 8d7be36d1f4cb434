"""Python with Django set up in a process of its own, in a clean environment: what a fresh install reads."""

import os
import subprocess
import sys
from pathlib import Path

from config.settings import ENVIRONMENT

ROOT = Path(__file__).resolve().parents[2]


def clean_environment() -> dict[str, str]:
    """This process's environment without Traveller's settings or Django's switches (the browser tests set some)."""
    return {k: v for k, v in os.environ.items() if k not in ENVIRONMENT and not k.startswith("DJANGO_")}


def run_django(code: str, var_dir: Path, **env: str) -> subprocess.CompletedProcess:
    """Run Python with Django set up in a clean environment: only what the test names is set."""
    full = {
        **clean_environment(),
        "TRAVELLER_VAR_DIR": str(var_dir),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **env,
    }
    script = f"import django; django.setup(); from django.conf import settings; {code}"
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=full, capture_output=True, text=True)
