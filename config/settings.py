"""Traveller settings, read entirely from the environment with safe defaults.

Every variable read here is listed in ENVIRONMENT, which the README's configuration table and the
docker-compose file are tested against.
"""

import contextlib
import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TRAVELLER_VAR_DIR", BASE_DIR / "var"))

ENVIRONMENT = {
    "DATABASE_URL": "database; unset = SQLite file var/traveller.sqlite3",
    "REDIS_URL": "Celery broker, result backend and shared cache; unset = tasks run eagerly in-process and the cache is "
    "a database table",
    "SECRET_KEY": "Django secret key; unset = generated once and kept in var/secret_key",
    "DEBUG": "true for debug pages; off unless asked",
    "ALLOWED_HOSTS": "comma-separated host names served",
    "CSRF_TRUSTED_ORIGINS": "comma-separated origins allowed to post forms (https://example.org)",
    "HTTPS": "true when served over TLS (secure cookies, HSTS, redirect to https); default: on unless DEBUG",
    "STATIC_ROOT": "where collectstatic writes; default var/static",
    "TRAVELLER_VAR_DIR": "where the SQLite file, the secret key and static files go; default var/",
    "LOG_LEVEL": "root log level; default INFO",
    "CELERY_QUEUE": "the Celery queue tasks go to and workers read; default traveller",
    "STANDINGS_REFRESH": "how standings follow a changed result: inline (default; in the request, after commit), "
    "background (a thread of the web process, at most once per STANDINGS_REFRESH_INTERVAL per section) or jobs "
    "(a Celery job through the outbox)",
    "EMAIL_HOST": "SMTP server directors' password-reset mail goes through; unset = no mail (another director gives "
    "a one-time link from the club's directors page)",
    "EMAIL_PORT": "SMTP port; default 587 (STARTTLS)",
    "EMAIL_HOST_USER": "SMTP user name, if the server asks for one",
    "EMAIL_HOST_PASSWORD": "SMTP password, if the server asks for one",
    "DEFAULT_FROM_EMAIL": "the sender of Traveller's mail; default traveller@<first of ALLOWED_HOSTS>",
    "STANDINGS_REFRESH_INTERVAL": "background refresh: least seconds between two recomputes of one section; default 1 (live pages poll every 3 s)",
}


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def secret_key() -> str:
    """SECRET_KEY from the environment, else one generated on first run and kept under var/."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    # Written aside, then linked in: two processes starting at once both keep the first one's key.
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        aside = path.with_name(f"secret_key.{os.getpid()}")
        aside.write_text(secrets.token_urlsafe(64))
        aside.chmod(0o600)
        with contextlib.suppress(FileExistsError):
            os.link(aside, path)
        aside.unlink()
    return path.read_text().strip()


SECRET_KEY = secret_key()
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our own static files: clubs may have no internet
    "tournaments",
    "games",
    "scoring",
    "jobs",
    "parties",
    "players",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.middleware.RefuseNul",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'traveller.sqlite3'}",
        conn_max_age=60,
    )
}

# Passwords are checked only by the login form (and Django admin's): wrong ones are counted per user name and
# per address in the shared cache, and past the limit no hash is computed (tournaments.signin).
AUTHENTICATION_BACKENDS = ["tournaments.signin.ThrottledModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "direct-home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise serves from it and warns when it is missing
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # No HTTP Basic: it hashes a password on every request that carries the header, anyone's. Directors use the
    # API with their login's session or with a token ("Authorization: Token <key>", from /direct/token/).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON read with config.json_input's checks (depth, NUL, lone surrogates): a 400 naming the problem.
    # A service's Refused (and a model's ValidationError, a number that is none) answered as a 4xx naming it.
    "EXCEPTION_HANDLER": "config.refusals.api_exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "config.json_input.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Traveller API",
    "DESCRIPTION": "Tournament and duplicate-play management for card clubs.",
    "VERSION": "0.1.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two choice fields named "side": the pair confirming a result, and a party player's side.
    "ENUM_NAME_OVERRIDES": {"ConfirmSideEnum": ["NS", "EW"], "PartySideEnum": "parties.services.SIDES"},
}

# Celery: a real broker when REDIS_URL is set, otherwise every task runs eagerly in-process.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
# "default" is the cache every process shares (wrong table codes and passwords): Redis when there is one, else a
# table of the database (made by tournaments' migration 0009). "local" is each process's own, for a flood guard
# where a shared count is not needed (tournaments.permissions.TableLoginThrottle; TableThrottle, on every scorer's
# request, keeps its own counts: permissions.Histories).
CACHES = {
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "traveller-local"},
    "default": {
        "BACKEND": "config.cache.RedisCache",  # answers as an empty cache while Redis is down
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "traveller-cache",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "traveller_cache",
        "TIMEOUT": 3600,  # incr() keeps a count this long: longer than two of any window counted in it
        "OPTIONS": {"MAX_ENTRIES": 100_000},  # never cull the counters of wrong guesses while they matter
    },
}
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "traveller")
CELERY_IMPORTS = ["config.health"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# The outbox (jobs.outbox) holds tasks saved while the broker was down: beat sends them every few seconds, and a
# task sent OUTBOX_RESEND_AFTER seconds ago and still not done is sent again (a restarted broker may have lost it).
# It also sends again, within about 30 s, the work of a task whose worker died: each task of a job holds a lease
# beaten every JOB_LEASE_BEAT seconds, and one with no beat for JOB_LEASE_TIMEOUT seconds is sent again (jobs.leases).
CELERY_BEAT_SCHEDULE = {"flush-outbox": {"task": "jobs.flush_outbox", "schedule": 10.0}}
OUTBOX_RESEND_AFTER = 300
JOB_LEASE_BEAT = 3
JOB_LEASE_TIMEOUT = 15
# A message whose worker died comes back from Redis after this long (kombu's default is an hour); a second delivery
# of work still running finds its lease held and does nothing, so it may be shorter than the longest job.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 300}
STANDINGS_REFRESH = os.environ.get("STANDINGS_REFRESH", "").strip().lower() or "inline"
if STANDINGS_REFRESH not in {"inline", "background", "jobs"}:
    raise ImproperlyConfigured(f"STANDINGS_REFRESH={STANDINGS_REFRESH!r}: use inline, background or jobs")
STANDINGS_REFRESH_INTERVAL = float(os.environ.get("STANDINGS_REFRESH_INTERVAL", "") or 1.0)

# Mail, only for directors' password resets: without EMAIL_HOST a fellow director gives a one-time link instead.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_HOST_CONFIGURED = bool(EMAIL_HOST)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "") or 587)
EMAIL_USE_TLS = EMAIL_PORT == 587
EMAIL_USE_SSL = EMAIL_PORT == 465
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
DEFAULT_FROM_EMAIL = (
    os.environ.get("DEFAULT_FROM_EMAIL", "")
    or f"traveller@{ALLOWED_HOSTS[0] if ALLOWED_HOSTS else 'localhost'}"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
