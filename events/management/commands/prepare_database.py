"""Migrate at an app server's start, one server at a time."""

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

# Any fixed number: the PostgreSQL advisory lock every Council server takes to migrate.
MIGRATION_LOCK = 7_140_1996


class Command(BaseCommand):
    help = (
        "Apply migrations (which also create the cache table). With PostgreSQL, servers starting together "
        "take turns under an advisory lock, so that several app servers may run this at every start."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        verbosity = options["verbosity"]
        if connection.vendor != "postgresql":
            call_command("migrate", interactive=False, verbosity=verbosity)
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATION_LOCK])
            try:
                # The second server finds nothing left to apply.
                call_command("migrate", interactive=False, verbosity=verbosity)
            finally:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATION_LOCK])
