"""Create an event from a council-archive/3 (or /2, /1) file and print its public address."""

import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from events.services import ServiceError, import_event
from scoring import MAX_ARCHIVE_BYTES, RuleError, read_json


class Command(BaseCommand):
    help = "Create an event from a council-archive/3 (or /2, /1) JSON FILE ('-' for standard input); print /e/<slug>/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument(
            "--owner",
            default=None,
            help="user name of the owner (default: the first superuser or the coordinator account)",
        )

    def handle(self, *args: Any, file: str, owner: str | None, **options: Any) -> None:
        users = get_user_model().objects
        user = (
            users.filter(username=owner).first()
            if owner
            else (users.filter(is_superuser=True).order_by("pk").first() or users.order_by("pk").first())
        )
        if user is None:
            raise CommandError(
                f"no owner account {owner!r}" if owner else "no account yet: run `make run` once or createsuperuser"
            )
        try:
            if file == "-":
                text = sys.stdin.read(MAX_ARCHIVE_BYTES + 1)
            else:
                with open(file, encoding="utf-8") as handle:
                    text = handle.read(MAX_ARCHIVE_BYTES + 1)
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{file}: {error}") from None
        if len(text) > MAX_ARCHIVE_BYTES:
            raise CommandError(f"{file}: larger than {MAX_ARCHIVE_BYTES // (1024 * 1024)} MB")
        try:
            data = read_json(text, file)
        except RuleError as error:
            raise CommandError(error.one_line()) from None
        try:
            event = import_event(data, owner=user)
        except ServiceError as error:
            raise CommandError(f"{file}: {error}") from None
        self.stdout.write(reverse("events:public", args=[event.slug]))
