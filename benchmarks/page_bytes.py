"""Every page of one fixed event, as sent, written to files: to show a refactoring changed no page.

Builds a 16-player event with three rounds played and a fourth open (the services, as the
benchmarks build it) into DATABASE the first time, then asks for every page as the owner
and as a phone, and the htmx regions and an unchanged poll, with the clock stopped at one
moment. Each file holds the status, the headers (no Date or cookies) and the body, the
CSRF tokens masked. Run it before and after a change on copies of one database, and diff:

    python benchmarks/page_bytes.py /tmp/pages.sqlite3 /tmp/before
    cp ... ; python benchmarks/page_bytes.py /tmp/pages-copy.sqlite3 /tmp/after
    diff -r /tmp/before /tmp/after
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import sys
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
MOMENT = datetime.datetime(2026, 11, 26, 12, 0, tzinfo=datetime.UTC)


def main() -> None:
    database, out = Path(sys.argv[1]), Path(sys.argv[2])
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["COUNCIL_DATA_DIR"] = str(database.parent)
    os.environ["DJANGO_SETTINGS_MODULE"] = "council.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    settings.ALLOWED_HOSTS = ["testserver"]
    setup_test_environment()
    fresh = not database.exists()
    call_command("migrate", verbosity=0)
    with mock.patch("django.utils.timezone.now", return_value=MOMENT):
        if fresh:
            from sample_event import build_sample_event

            build_sample_event(16, 3, open_round=True)
        write_pages(out)


def write_pages(out: Path) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from events.models import Event, Game

    event = Event.objects.get()
    owner = get_user_model().objects.get(username="bench-owner")
    s = event.slug
    last = event.rounds.order_by("-number").first()
    open_game = Game.objects.filter(round=last).order_by("table").first()
    played = Game.objects.filter(round__number=1).order_by("table").first()
    p = open_game.player_a_id
    ev, pl, rd, gm = (
        f"/events/{s}",
        f"/events/{s}/players/{p}",
        f"/events/{s}/rounds/{last.number}",
        f"/events/{s}/games",
    )
    pages = [
        "/", "/healthz", "/events/new/", "/events/import/", "/events/new/policy/?policy=policy-4-2001",
        f"/e/{s}/", f"/e/{s}/pairings/", f"/e/{s}/standings/", f"/e/{s}/rounds/1/", f"/e/{s}/rounds/{last.number}/",
        f"/e/{s}/projector/", f"/e/{s}/report/", f"/e/{s}/sign-up/", f"/e/{s}/decks/{p}/",
        f"{ev}/", f"{ev}/settings/", f"{pl}/", f"{pl}/deck/", f"{ev}/decks/", f"{ev}/rounds/1/", f"{rd}/",
        f"{rd}/deck-check/{p}/", f"{gm}/{open_game.pk}/result/", f"{gm}/{played.pk}/result/",
        f"{gm}/{open_game.pk}/preview/?kind=council&mp_a=3&mp_b=2&version=0", f"{gm}/{open_game.pk}/council/",
        f"{ev}/tables/", f"{ev}/standings/", f"{ev}/staff/", f"{ev}/audit/", f"{ev}/snapshots/",
        *(f"{ev}/print/{sheet}/" for sheet in ("pairings", "slips", "codes", "cards", "standings", "bracket",
                                              "deck-sheet", "deck-lists", "deck-links")),
    ]  # fmt: skip
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    owner_client = Client()
    owner_client.force_login(owner)
    for url in pages:
        for who, client in (("owner", owner_client), ("phone", Client())):
            _write(out, f"{who}{url}", client.get(url))
    me = Client()
    me.cookies["council_me"] = str(p)
    _write(out, "me/e", me.get(f"/e/{s}/"))
    _write(out, "me/e-live", me.get(f"/e/{s}/", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live"))
    for url, region in (
        (f"/e/{s}/", "live"),
        (f"{rd}/", "tables"),
        (f"{ev}/", "desk"),
        (f"{ev}/standings/", "standings"),
    ):
        client = Client() if url.startswith("/e/") else owner_client
        _write(out, f"region-{region}{url}", client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET=region))
    poll = Client()
    etag = poll.get(f"/e/{s}/", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live")["ETag"]
    _write(out, "unchanged-poll", poll.get(f"/e/{s}/", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live",
                                           HTTP_IF_NONE_MATCH=etag))  # fmt: skip
    print(f"{len(list(out.iterdir()))} pages written to {out}")


def _write(out: Path, name: str, response) -> None:
    body = re.sub(
        rb'name="csrfmiddlewaretoken" value="[^"]+"', b'name="csrfmiddlewaretoken" value="X"', response.content
    )
    body = re.sub(rb'"X-CSRFToken": "[^"]+"', b'"X-CSRFToken": "X"', body)
    headers = "\n".join(f"{k}: {v}" for k, v in sorted(response.items()) if k not in ("Date", "Set-Cookie", "Expires"))
    path = out / (re.sub(r"[^A-Za-z0-9]+", "_", name) + ".txt")
    path.write_bytes(f"{response.status_code}\n{headers}\n\n".encode() + body)


if __name__ == "__main__":
    main()
