"""``manage.py registrar <user name>``: make an account one of the server's registrars of players known across events.

A registrar sees every member, gives player numbers, changes, merges and forgets members
(docs/security.md, "Players across events"). ``--remove`` takes it back.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser

REGISTRAR_PERMISSIONS = ("view_member", "add_member", "change_member")


class Command(BaseCommand):
    help = "Make an account a registrar of the players known across events (or, with --remove, no longer one)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--remove", action="store_true", help="take the registrar's permissions back")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"No account is named {options['username']!r}.")
        permissions = Permission.objects.filter(content_type__app_label="events", codename__in=REGISTRAR_PERMISSIONS)
        if options["remove"]:
            user.user_permissions.remove(*permissions)
            self.stdout.write(f"{user.get_username()} is no longer a registrar.")
        else:
            user.user_permissions.add(*permissions)
            self.stdout.write(f"{user.get_username()} is a registrar of the players known across events.")
