"""Settings, read from the environment (docs/deployment.md lists every variable).

Development needs nothing set: DEBUG on, SQLite in var/council.sqlite3, a throwaway
secret key. With DEBUG off the app refuses to start without COUNCIL_SECRET_KEY.
"""

from __future__ import annotations

import os
import tempfile
import zoneinfo
from pathlib import Path

import dj_database_url
import tzlocal
from django.core.exceptions import ImproperlyConfigured

from scoring import MAX_ARCHIVE_BYTES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """A boolean variable: exactly ``True`` or ``False``; anything else is a mistake."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value not in ("True", "False"):
        raise ImproperlyConfigured(f"{name} must be True or False, not {value!r}")
    return value == "True"


def env_time_zone(name: str) -> str:
    """A time zone variable: an IANA name ("Europe/Rome"). Unset, the machine's own zone: at a venue the
    coordinator's laptop is set to the venue's time; a server in a data centre is often on UTC."""
    value = os.environ.get(name) or tzlocal.get_localzone_name() or "UTC"
    if value not in zoneinfo.available_timezones():
        raise ImproperlyConfigured(f"{name} must be a time zone such as Europe/Rome, not {value!r}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list variable."""
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("COUNCIL_DEBUG", True)

SECRET_KEY = os.environ.get("COUNCIL_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("COUNCIL_SECRET_KEY must be set when COUNCIL_DEBUG is False")
    SECRET_KEY = "development-only-not-a-secret"

# At a venue the laptop is reached by its Wi-Fi address, which nobody knows in advance.
ALLOWED_HOSTS = env_list("COUNCIL_ALLOWED_HOSTS", ["*"])
CSRF_TRUSTED_ORIGINS = env_list("COUNCIL_CSRF_TRUSTED_ORIGINS", [])
# The address printed in QR codes (https://events.example.org) when the one the
# coordinator's browser uses is not the one phones reach; empty means "as requested".
COUNCIL_PUBLIC_URL = os.environ.get("COUNCIL_PUBLIC_URL", "").rstrip("/")
# How often open pages ask for news. A poll with nothing new costs one query and no body
# (304), so the default suits a room of sixty phones on a laptop.
COUNCIL_POLL_SECONDS = int(os.environ.get("COUNCIL_POLL_SECONDS", "10"))
# The server's job (manage.py run_jobs, started by gunicorn): how often it reminds and sends
# mail; COUNCIL_JOBS=off keeps gunicorn from starting it (a server that only serves pages).
COUNCIL_JOBS_SECONDS = int(os.environ.get("COUNCIL_JOBS_SECONDS", "60"))
# Publishing an event from this server to a hosted one (docs/operations.md, "Publishing"):
# how often the job looks for changes to push, and the longest it waits between tries while
# pushes fail. Whether this server publishes at all (COUNCIL_PUBLISHING_OUT) is set below,
# once the database is known.
COUNCIL_PUBLISH_SECONDS = float(os.environ.get("COUNCIL_PUBLISH_SECONDS", "2"))
COUNCIL_PUBLISH_RETRY_SECONDS = int(os.environ.get("COUNCIL_PUBLISH_RETRY_SECONDS", "60"))
# Pushes failing for longer than this make the desk say so loudly; a blip of the Wi-Fi does not.
COUNCIL_PUBLISH_LOUD_SECONDS = int(os.environ.get("COUNCIL_PUBLISH_LOUD_SECONDS", "60"))

# E-mail to players who gave an address (docs/deployment.md). Without COUNCIL_EMAIL_HOST
# the backend is the console's, and the server's job sends nothing: the messages wait.
EMAIL_HOST = os.environ.get("COUNCIL_EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
# Implicit TLS (port 465), where the server speaks TLS from the first byte; else STARTTLS on
# the submission port (587). Django uses one or the other, never both.
EMAIL_USE_SSL = env_bool("COUNCIL_EMAIL_SSL", False)
EMAIL_USE_TLS = env_bool("COUNCIL_EMAIL_TLS", not EMAIL_USE_SSL)
if EMAIL_USE_SSL and EMAIL_USE_TLS:
    raise ImproperlyConfigured(
        "COUNCIL_EMAIL_SSL and COUNCIL_EMAIL_TLS cannot both be True: SSL is implicit TLS (port 465), "
        "TLS is STARTTLS (port 587); set the one your mail server speaks"
    )
EMAIL_PORT = int(os.environ.get("COUNCIL_EMAIL_PORT") or ("465" if EMAIL_USE_SSL else "587"))
EMAIL_HOST_USER = os.environ.get("COUNCIL_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("COUNCIL_EMAIL_PASSWORD", "")
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = os.environ.get("COUNCIL_EMAIL_FROM", "council@localhost")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_countries",
    "events",
]

MIDDLEWARE = [
    # First, so that it sees every answer: a read whose database connection was lost is
    # served again, a save is refused plainly with a 503 (council/database_retry.py).
    "council.database_retry.DatabaseRetry",
    "django.middleware.security.SecurityMiddleware",
    "council.security.content_security_policy",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the switcher's cookie, else the browser's Accept-Language (docs/i18n.md).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the CSRF check, which reads the body first: a deck list too large to read
    # comes back as its form with the limit beside it, not as a bare 400.
    "events.views.oversized.OversizedPosts",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "council.urls"
WSGI_APPLICATION = "council.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "events.context.live_pages",
            ],
            # Every template translates ({% translate %}) and says the engine's words (|say).
            "builtins": ["django.templatetags.i18n", "events.templatetags.events_tags"],
        },
    }
]

DATA_DIR = Path(os.environ.get("COUNCIL_DATA_DIR", BASE_DIR / "var"))
if "DATABASE_URL" not in os.environ:
    DATA_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{DATA_DIR / 'council.sqlite3'}",
        # Kept on SQLite too: opening the file and setting it up cost more than a poll's query.
        conn_max_age=int(os.environ.get("COUNCIL_CONN_MAX_AGE", "60")),
    )
}
# A kept connection is checked (a round trip) before each request's first query, so that
# after PostgreSQL restarts no request meets a dead one; SQLite is a file, never restarted
# under the app (docs/deployment.md).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env_bool(
    "COUNCIL_CONN_HEALTH_CHECKS", DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
)
# On PostgreSQL, each process keeps the events' versions for the phones' unchanged polls
# and a LISTEN connection tells it when they change (events/caching/versions.py).
COUNCIL_CHANGE_NOTICES = env_bool("COUNCIL_CHANGE_NOTICES", True)
# After a change, the phones' shared part of an event is built in a thread beside the request that found it
# unbuilt, which gets the state before, so that no phone waits for it (events/caching/parts.py).
COUNCIL_BUILD_ASIDE = env_bool("COUNCIL_BUILD_ASIDE", True)
# A laptop (SQLite) publishes its events to a hosted site; a server (PostgreSQL) does not unless
# told to, so that its coordinators cannot make it post to addresses of their choosing inside
# its network (docs/security.md, "Publishing keys"). Receiving is the same everywhere.
COUNCIL_PUBLISHING_OUT = env_bool(
    "COUNCIL_PUBLISHING_OUT", DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
)

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One laptop, several gunicorn workers: wait for the write lock instead of failing,
    # and take it at the start of a transaction so two writers never deadlock.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
    # Tests use a file too, as an event does: an in-memory database shared between
    # threads fails at once on a lock instead of waiting, so the concurrency tests could not
    # run. One file per test run, so that two runs at once do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(Path(tempfile.gettempdir()) / f"council-test-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LOGIN_URL = "events:login"
LOGIN_REDIRECT_URL = "events:home"
LOGOUT_REDIRECT_URL = "events:home"

LANGUAGE_CODE = "en"
# The languages of MECCG's largest communities (docs/i18n.md), each with a full catalogue in locale/.
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("it", "Italiano"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
    ("fi", "Suomi"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice, kept a year without a login; read by scripts never, so HttpOnly.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
# The zone a new event starts with; each event has its own (Event.time_zone), in which its
# pages show times and take them (events/pages/access.py).
TIME_ZONE = env_time_zone("COUNCIL_TIME_ZONE")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
# collectstatic's output, which whitenoise serves with DEBUG off.
STATIC_ROOT = Path(os.environ.get("COUNCIL_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Sessions live in the database so that any app server can answer any request.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
# Pages' costly parts (standings, the public tables) are kept per state of an event
# (events/caching/parts.py) in the database too: shared by every worker and app server, where a
# per-process cache would show different standings on different workers. Migration
# 0004 creates the table.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "council_cache",
        "TIMEOUT": 7 * 24 * 60 * 60,
        # A few entries per event; beyond this the oldest quarter is dropped.
        "OPTIONS": {"MAX_ENTRIES": 5000, "CULL_FREQUENCY": 4},
    }
}
# Behind HTTPS (a hosted server) one switch turns on everything `check --deploy` asks for;
# a laptop at a venue serves plain HTTP on the local Wi-Fi and leaves it off.
COUNCIL_HTTPS = env_bool("COUNCIL_HTTPS", False)
SESSION_COOKIE_SECURE = COUNCIL_HTTPS
CSRF_COOKIE_SECURE = COUNCIL_HTTPS
LANGUAGE_COOKIE_SECURE = COUNCIL_HTTPS
SECURE_SSL_REDIRECT = COUNCIL_HTTPS
# A year, as browsers' preload lists expect; 0 turns HSTS off (e.g. while trying HTTPS out).
SECURE_HSTS_SECONDS = int(os.environ.get("COUNCIL_HSTS_SECONDS", "31536000" if COUNCIL_HTTPS else "0"))
# These cover the host's own subdomains only (council.example.org and *.council.example.org),
# never its siblings; set them False when Council is served from a domain's apex.
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("COUNCIL_HSTS_SUBDOMAINS", COUNCIL_HTTPS)
SECURE_HSTS_PRELOAD = env_bool("COUNCIL_HSTS_PRELOAD", COUNCIL_HTTPS)
SECURE_CONTENT_TYPE_NOSNIFF = True
# Only behind a proxy that sets these headers itself: otherwise a client could forge them.
COUNCIL_TRUST_PROXY = env_bool("COUNCIL_TRUST_PROXY", False)
if COUNCIL_TRUST_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# htmx sends the CSRF token from the page (hx-headers), so no script needs the cookie.
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Largest upload accepted (an archive of a large event is well under this).
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_ARCHIVE_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"hide_link_keys": {"()": "council.security.HideLinkKeys"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["hide_link_keys"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("COUNCIL_LOG_LEVEL", "WARNING")},
}
