"""Settings come from the environment; production refuses to start without a secret key."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _read_settings(expression: str, **env: str) -> subprocess.CompletedProcess:
    """``expression`` of ``council.settings`` (as ``s``) printed by a new process started with ``env`` alone:
    none of this machine's COUNCIL_ variables or DATABASE_URL, as on a fresh install."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("COUNCIL_") and k != "DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "-c", f"import council.settings as s; print({expression})"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        check=False,
        text=True,
    )


def _load_settings(**env):
    return _read_settings("s.DEBUG, s.DATABASES['default']['ENGINE']", **env)


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    result = _load_settings(COUNCIL_DEBUG="False", COUNCIL_DATA_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "COUNCIL_SECRET_KEY must be set when COUNCIL_DEBUG is False" in result.stderr


def test_production_starts_with_a_secret_key_and_reads_database_url():
    result = _load_settings(
        COUNCIL_DEBUG="False", COUNCIL_SECRET_KEY="x" * 50, DATABASE_URL="postgres://u:p@db.example:5432/council"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "django.db.backends.postgresql"]


def test_development_defaults_to_sqlite(tmp_path):
    result = _load_settings(COUNCIL_DATA_DIR=str(tmp_path))
    assert result.stdout.split() == ["True", "django.db.backends.sqlite3"]


def test_a_boolean_setting_must_be_true_or_false(tmp_path):
    result = _load_settings(COUNCIL_DEBUG="yes", COUNCIL_DATA_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "COUNCIL_DEBUG must be True or False, not 'yes'" in result.stderr


def _mail_settings(tmp_path, **env):
    return _read_settings("s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.EMAIL_PORT", COUNCIL_DATA_DIR=str(tmp_path), **env)


def test_mail_is_starttls_on_587_unless_implicit_tls_is_asked_for_on_465(tmp_path):
    assert _mail_settings(tmp_path).stdout.split() == ["True", "False", "587"]
    assert _mail_settings(tmp_path, COUNCIL_EMAIL_SSL="True").stdout.split() == ["False", "True", "465"]
    given = _mail_settings(tmp_path, COUNCIL_EMAIL_SSL="True", COUNCIL_EMAIL_TLS="False", COUNCIL_EMAIL_PORT="2465")
    assert given.stdout.split() == ["False", "True", "2465"]
    assert _mail_settings(tmp_path, COUNCIL_EMAIL_TLS="False").stdout.split() == ["False", "False", "587"]
    # docker compose passes a setting left out of .env as empty: the default.
    empty = _mail_settings(tmp_path, COUNCIL_EMAIL_SSL="True", COUNCIL_EMAIL_TLS="", COUNCIL_EMAIL_PORT="")
    assert empty.stdout.split() == ["False", "True", "465"]


def test_mail_refuses_to_start_with_both_starttls_and_implicit_tls(tmp_path):
    result = _mail_settings(tmp_path, COUNCIL_EMAIL_SSL="True", COUNCIL_EMAIL_TLS="True")
    assert result.returncode != 0
    assert "COUNCIL_EMAIL_SSL and COUNCIL_EMAIL_TLS cannot both be True" in result.stderr
    wrong = _mail_settings(tmp_path, COUNCIL_EMAIL_SSL="yes")
    assert wrong.returncode != 0 and "COUNCIL_EMAIL_SSL must be True or False, not 'yes'" in wrong.stderr


def _deploy_check(tmp_path, **env):
    # The browser tests allow Django's sync calls under Playwright's event loop for this
    # process; a deployment never sets that, so neither does this check.
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("COUNCIL_") and k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    clean.update(
        COUNCIL_DEBUG="False", COUNCIL_SECRET_KEY="k3y-" + "9fQ2xLw7Zp" * 5, COUNCIL_DATA_DIR=str(tmp_path), **env
    )
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        check=False,
        text=True,
    )


def test_deploy_check_is_clean_with_the_hosted_production_settings(tmp_path):
    result = _deploy_check(tmp_path, COUNCIL_HTTPS="True", COUNCIL_ALLOWED_HOSTS="council.example.org")
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_deploy_check_names_what_plain_http_lacks(tmp_path):
    # The laptop at a venue serves plain HTTP; the check must say why that is not a hosted set-up.
    result = _deploy_check(tmp_path)
    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr


def _gunicorn_settings(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("WEB_CONCURRENCY", "COUNCIL_THREADS", "PORT")}
    clean.update(env)
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, council.gunicorn_conf as g; "
            "print(g.workers, g.bind, g.worker_class, len(os.sched_getaffinity(0)))",
        ],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    workers, bind, worker_class, cpus = result.stdout.split()
    return int(workers), bind, worker_class, int(cpus)


def test_gunicorn_runs_a_worker_per_cpu_and_at_least_two_unless_told():
    workers, bind, worker_class, cpus = _gunicorn_settings()
    # The asgi worker: connections are read on an event loop, whole requests go to Django's threads.
    assert (workers, bind, worker_class) == (max(2, cpus), "0.0.0.0:8000", "asgi")
    assert _gunicorn_settings(WEB_CONCURRENCY="7", PORT="9000")[:2] == (7, "0.0.0.0:9000")


def test_django_runs_in_as_many_threads_per_worker_as_told():
    def threads(**env):
        clean = {k: v for k, v in os.environ.items() if k != "COUNCIL_THREADS"} | env
        return subprocess.run(
            [sys.executable, "-c", "import council.asgi as a; print(a.application.executor._max_workers)"],
            cwd=ROOT,
            env=clean,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    assert (threads(), threads(COUNCIL_THREADS="2")) == ("4", "2")


def test_log_lines_carry_no_key_of_a_private_link(settings):
    import logging

    from council.security import HideLinkKeys

    record = logging.LogRecord(
        "django.request",
        logging.WARNING,
        __file__,
        1,
        "Not Found: %s",
        ("/e/open/deck/2NlWq6pAbCdEfGh12345678901234567/",),
        None,
    )
    HideLinkKeys().filter(record)
    assert record.getMessage() == "Not Found: /e/open/deck/…/"
    record = logging.LogRecord(
        "django.server", logging.INFO, __file__, 1, '"GET /staff/T29XeG53gz_OMe1ExkxV-6jh/ HTTP/1.1" 302', None, None
    )
    HideLinkKeys().filter(record)
    assert record.getMessage() == '"GET /staff/…/ HTTP/1.1" 302'
    record = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"GET /g/weekend/you/Qm9iX2lzX2hlcmVfMjAyNg/ HTTP/1.1" 200',
        None,
        None,
    )
    HideLinkKeys().filter(record)
    assert record.getMessage() == '"GET /g/weekend/you/…/ HTTP/1.1" 200'
    assert settings.LOGGING["handlers"]["console"]["filters"] == ["hide_link_keys"]


def _time_zone(tmp_path, **env):
    return _read_settings("s.TIME_ZONE", COUNCIL_DATA_DIR=str(tmp_path), **env)


def test_the_time_zone_is_the_machines_own_unless_set_and_a_wrong_one_is_refused(tmp_path):
    # The machine's zone, as a laptop at a venue is set to it (TZ stands in for the laptop's setting here).
    assert _time_zone(tmp_path, TZ="Europe/Helsinki").stdout.strip() == "Europe/Helsinki"
    assert _time_zone(tmp_path, TZ="Europe/Helsinki", COUNCIL_TIME_ZONE="Europe/Rome").stdout.strip() == "Europe/Rome"
    wrong = _time_zone(tmp_path, COUNCIL_TIME_ZONE="Middle-earth/Rivendell")
    assert wrong.returncode != 0 and "COUNCIL_TIME_ZONE must be a time zone such as Europe/Rome" in wrong.stderr


def _publishing_out(tmp_path, **env) -> str:
    done = _read_settings("s.COUNCIL_PUBLISHING_OUT", COUNCIL_DATA_DIR=str(tmp_path), **env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_laptop_publishes_elsewhere_and_a_server_only_when_told(tmp_path):
    server = "postgres://u:p@db.example:5432/council"
    assert _publishing_out(tmp_path) == "True"
    assert _publishing_out(tmp_path, DATABASE_URL=server) == "False"
    assert _publishing_out(tmp_path, DATABASE_URL=server, COUNCIL_PUBLISHING_OUT="True") == "True"
    assert _publishing_out(tmp_path, COUNCIL_PUBLISHING_OUT="False") == "False"
