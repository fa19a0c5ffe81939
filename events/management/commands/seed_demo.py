"""Make sure a coordinator login and a demo event exist, and print how to use them."""

import secrets
import socket
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from events.models import Event
from events.roles import OWNER, Actor
from events.services import create_event, register_players

DEMO_PLAYERS = """Aragorn Elessar
Arwen Undómiel
Balin Fundin's son
Celeborn of Lórien
Dáin Ironfoot
Éowyn of Rohan
Faramir of Gondor
Galadriel
Glorfindel
Haldir
Imrahil
Legolas"""


class Command(BaseCommand):
    help = "Create the coordinator login and a demo event if there are none; print both."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=None, help="also print the addresses to open on this port")

    def handle(self, *args: Any, port: int | None = None, **options: Any) -> None:
        users = get_user_model().objects
        password_file = Path(settings.DATA_DIR) / "coordinator-password.txt"
        user = users.filter(username="coordinator").first()
        if user is None:
            password = secrets.token_urlsafe(9)
            user = users.create_user(username="coordinator", password=password, is_staff=True, is_superuser=True)
            password_file.parent.mkdir(parents=True, exist_ok=True)
            password_file.write_text(password + "\n", encoding="utf-8")
            password_file.chmod(0o600)
        password = password_file.read_text(encoding="utf-8").strip() if password_file.exists() else "(as set before)"
        if not Event.objects.exists():
            event = create_event(
                owner=user,
                name="Lórien Demo Open",
                place="Caras Galadhon",
                policy="policy-4-2001",
                game_type="two-deck",
                format="general-opponent",
                tie_resolution="playoff",
                first_round_pairing="random",
            )
            register_players(event, DEMO_PLAYERS, actor=Actor.account(user, OWNER))
        self.stdout.write(f"Coordinator login: coordinator / {password}")
        for event in Event.objects.order_by("created_at")[:3]:
            self.stdout.write(f"Event: {event.name} at /events/{event.slug}/ (public page /e/{event.slug}/)")
        if port:
            self.stdout.write(f"On this laptop:           http://127.0.0.1:{port}/")
            self.stdout.write(f"On a phone on this Wi-Fi: http://{_network_address()}:{port}/")


def _network_address() -> str:
    """The address other machines on the local network reach this one at."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            # Connecting a UDP socket sends nothing; it only picks the outgoing interface.
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"
