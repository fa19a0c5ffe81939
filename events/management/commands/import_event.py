"""Create an event from a council-archive/1 file and print its public address."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from events.services import ServiceError, import_event


class Command(BaseCommand):
    help = "Create an event from a council-archive/1 JSON FILE ('-' for standard input); print /e/<slug>/."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", default=None, help="user name of the owner (default: the first superuser "
                                                          "or the coordinator account)")

    def handle(self, *args, file, owner, **options):
        users = get_user_model().objects
        user = users.filter(username=owner).first() if owner else (
            users.filter(is_superuser=True).order_by("pk").first() or users.order_by("pk").first()
        )
        if user is None:
            raise CommandError(f"no owner account {owner!r}" if owner else "no account yet: run `make run` once or "
                               "createsuperuser")
        try:
            if file == "-":
                import sys

                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except (OSError, json.JSONDecodeError) as error:
            raise CommandError(f"{file}: {error}") from None
        try:
            event = import_event(data, owner=user)
        except ServiceError as error:
            raise CommandError(f"{file}: {error}") from None
        self.stdout.write(reverse("public", args=[event.slug]))
