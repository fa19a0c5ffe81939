"""Print an event as council-archive JSON (/3 under a house policy, else /2)."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from events.archive import event_archive
from events.models import Event


class Command(BaseCommand):
    help = "Print the event SLUG as council-archive JSON (docs/archive-format.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")

    def handle(self, *args: Any, slug: str, **options: Any) -> None:
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"no event with the address name {slug!r}")
        self.stdout.write(json.dumps(event_archive(event), ensure_ascii=False, indent=1))
