"""The app on a throwaway database, as the page benchmarks measure it with Django's test client.

SQLite in a temporary folder, or DATABASE_URL's database when set; migrated, and with
``testserver`` allowed, so that ``django.test.Client`` may ask for any page.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start_scratch_django() -> None:
    """Set Django up on a new scratch database (or DATABASE_URL's), migrated, ready for the test client."""
    sys.path.insert(0, str(ROOT))
    scratch = tempfile.mkdtemp(prefix="council-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}/bench.sqlite3")
    os.environ.setdefault("COUNCIL_DATA_DIR", scratch)
    os.environ["DJANGO_SETTINGS_MODULE"] = "council.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    settings.ALLOWED_HOSTS = ["testserver"]
    setup_test_environment()
    call_command("migrate", verbosity=0)
