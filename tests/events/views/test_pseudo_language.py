"""Every page of a running event, read in a pseudo-language: any English left on it is a text not translated.

The pseudo-language ("qps") translates every message id of the project and of Django by
swapping each ASCII letter for an accented one ("Pairings" reads "Ƥȧīřīƞɠş"), keeping
placeholders. Its catalogue is built here from the ids themselves, so it is always
complete; a page rendered in it shows plain ASCII words only where a text never went
through a catalogue: a string built in Python without gettext, an engine sentence not
said (events/i18n.py), a label Django made up from a field name. People, the event and
the accounts have Greek names here, so their names are not mistaken for English.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import django
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import locale as django_locale
from django.urls import reverse
from django.utils import translation

from events import services
from events.management.commands.catalogues import gathered_messages
from events.models import Entrant, EventRole, Gathering, Player, Round
from events.roles import STAFF
from scoring import INDEX_PATH
from tests.events.views.test_access import ACCESS
from tests.factories import EventFactory, UserFactory
from tests.helpers import actor, url_patterns
from tests.visible_text import WORD, english_left

PSEUDO = "qps"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"
SWAP = str.maketrans(LETTERS, ACCENTED)
# Kept as written: placeholders, HTML tags and entities inside a message id.
KEPT = re.compile(r"%\([a-z_]+\)[sd]|%[sd%]|\{[a-z_]+\}|<[^>]*>|&[a-z]+;")
GREEK = ["Αλέξης", "Βασίλης", "Γιώργος", "Δήμητρα", "Ελένη", "Ζωή"]


def pseudo(text: str) -> str:
    """``text`` with every ASCII letter outside its placeholders, tags and entities swapped for an accented one."""
    kept = KEPT.findall(text)
    pieces = KEPT.split(text)
    return "".join(
        piece.translate(SWAP) + (kept[index] if index < len(kept) else "") for index, piece in enumerate(pieces)
    )


def _django_ids() -> list:
    # Django's own texts (form errors, month names, the login form): its English catalogues list them all.
    root = Path(django.__file__).parent
    messages = []
    for path in root.glob("**/locale/en/LC_MESSAGES/django.po"):
        with path.open("rb") as source:
            messages.extend(message for message in read_po(source) if message.id)
    return messages


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory):
    catalogue = Catalog(locale="en", domain="django", fuzzy=False)
    for message in [*_django_ids(), *gathered_messages()]:
        if isinstance(message.id, tuple):
            string = tuple(pseudo(message.id[0] if n == 0 else message.id[1]) for n in range(2))
        else:
            string = pseudo(message.id)
        catalogue.add(message.id, string, context=message.context)
    root = tmp_path_factory.mktemp("locale")
    (root / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
    with (root / PSEUDO / "LC_MESSAGES" / "django.mo").open("wb") as target:
        write_mo(target, catalogue)
    return root


@pytest.fixture
def in_pseudo_language(settings, pseudo_locale, monkeypatch):
    settings.LOCALE_PATHS = [pseudo_locale, *settings.LOCALE_PATHS]
    settings.LANGUAGES = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]
    monkeypatch.setitem(
        django_locale.LANG_INFO,
        PSEUDO,
        {"bidi": False, "code": PSEUDO, "name": "Pseudo", "name_local": pseudo("Pseudo")},
    )


@pytest.fixture
def greek_event(db, in_pseudo_language):
    # Made as a coordinator reading the pseudo-language would make it: what the record keeps
    # (audit subjects, snapshot reasons) is written in the language of whoever made the change.
    with translation.override(PSEUDO):
        return _greek_event()


def _greek_event():
    owner = UserFactory(username="Οργανωτής")
    event = EventFactory(
        owner=owner,
        name="Κύπελλο Λόριεν",
        slug="kypello",
        players_report=True,
        policy="policy-1-1996",
        format="single-deck",
        deck_lists_wanted=True,
    )
    staff = UserFactory(username="Βοηθός")
    EventRole.objects.create(event=event, user=staff, role=STAFF)
    by = actor(owner)
    services.register_players(event, "\n".join(GREEK), actor=by)
    for player in event.players.all():
        services.submit_deck_list(player, "Hazards\n3 Orc-patrol", actor=by)
    services.start_event(event, actor=by, rounds=3, note="the test's own number", confirm=True)
    for game in services.pair_round(event, actor=by, seed=1).games.all():
        services.record_result(game, {"kind": "council", "mp": [30, 12]}, actor=by, expected_version=game.version)
    first, *rest = services.pair_round(event, actor=by, seed=2).games.order_by("table")
    services.record_result(
        first, {"kind": "council", "mp": [20, 20], "weakest_link": 0}, actor=by, expected_version=first.version
    )
    Round.objects.filter(event=event).update(spot_check_ids=None)
    # The projector and the printouts are in the event's language.
    type(event).objects.filter(pk=event.pk).update(language=PSEUDO, spot_checks_per_round=6)
    token = services.create_staff_link(event, actor=by)
    # A gathering of the event's address holds a side event whose first player, an entrant of it, plays now.
    gathering = services.create_gathering(owner=owner, name="Σαββατοκύριακο Λόριεν")
    Gathering.objects.filter(pk=gathering.pk).update(slug=event.slug)
    side = EventFactory(owner=owner, name="Παράλληλο τουρνουά", slug="parallilo", gathering=gathering)
    services.register_players(side, "\n".join(GREEK[:4]), actor=by)
    services.start_event(side, actor=by, rounds=2, confirm=True)
    services.pair_round(side, actor=by, seed=1)
    first_player = side.players.order_by("id").first()
    entrant = Entrant.objects.create(gathering=gathering, archive_id="e1", name=first_player.name, token="s-token")
    Player.objects.filter(pk=first_player.pk).update(entrant=entrant)
    return {
        "event": event,
        "owner": owner,
        "staff": staff,
        "token": token,
        "kwargs": {
            "slug": event.slug,
            "player_id": event.players.first().pk,
            "number": 2,
            "game_id": rest[0].pk,
            "user_id": staff.pk,
            "token": token,
            "deck_token": services.make_deck_link(event.players.first(), actor=by).deck_token,
            "snapshot_id": event.snapshots.first().pk,
            "entrant_token": "s-token",
            # A known player with their private link, whose name reads as a registration of the event's.
            "link_token": services.make_member_link(
                services.enrol_member(name=GREEK[0], actor=by), actor=by
            ).link_token,
        },
    }


def _card_words() -> set[str]:
    # Card names are kept as printed (docs/i18n.md): the Wizards a player declares, and the cards
    # the engine names when it says why a deck can or cannot destroy The One Ring.
    cards = json.loads(INDEX_PATH.read_text(encoding="utf-8"))["cards"]
    named = {"The One Ring", "Cracks of Doom", "Gollum’s Fate", "Gollum", "A New Ringlord"}
    return {
        word for card in cards if card.get("avatar") or card["name"] in named for word in WORD.findall(card["name"])
    }


def _pages() -> list[str]:
    return sorted(
        name
        for name, (_role, kind) in ACCESS.items()
        if kind == "page" and name not in {"events:health", "events:export", "events:snapshot_download"}
    )


def test_the_pseudo_language_leaves_no_ascii_letter_but_placeholders():
    assert (
        pseudo("Table %(table)s: <strong>%(name)s</strong> & {page}")
        == "Ŧȧƀŀḗ %(table)s: <strong>%(name)s</strong> & {page}"
    )


def test_every_page_reads_without_a_word_of_english(client, greek_event):
    client.force_login(greek_event["owner"])
    client.cookies["django_language"] = PSEUDO
    untranslated = {}
    for pattern in url_patterns():
        if pattern.name not in _pages():
            continue
        kwargs = {k: v for k, v in greek_event["kwargs"].items() if k in pattern.parts}
        response = client.get(reverse(pattern.name, kwargs=kwargs))
        assert response.status_code == 200, pattern.name
        left = english_left(response.content.decode(), PSEUDO, allowed=_card_words())
        if left:
            untranslated[pattern.name] = left
    # The pages Django answers with when there is nothing to show, or the reader may not see it.
    for address, status in (
        (reverse("events:public", args=["no-such-event"]), 404),
        (reverse("events:desk", args=[greek_event["event"].slug]), 403),
    ):
        if status == 403:
            client.force_login(greek_event["staff"])  # staff may not open the coordinator's desk
        response = client.get(address)
        assert response.status_code == status
        left = english_left(response.content.decode(), PSEUDO)
        if left:
            untranslated[str(status)] = left
    assert untranslated == {}, "English left:\n" + "\n".join(f"{name}: {left}" for name, left in untranslated.items())
