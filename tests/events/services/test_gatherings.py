"""A weekend's events sharing one registration (events/services/gatherings.py; docs/rules.md, reading 102)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.archive import event_archive
from events.models import AuditEntry, Entrant, Event, Player
from events.queries.gatherings import entrant_page
from events.services import ServiceError
from tests.factories import EventFactory, UserFactory
from tests.helpers import actor, database_state, play_round, register

NOW = timezone.make_aware(datetime.datetime(2026, 11, 20, 12, 0))


def _open(event: Event, sign_up_cap: int | None = None) -> Event:
    services.update_deck_settings(
        event,
        actor=actor(event.owner),
        deck_lists_wanted=False,
        sign_up_opens_at=NOW - datetime.timedelta(days=1),
        sign_up_closes_at=NOW + datetime.timedelta(days=1),
        sign_up_cap=sign_up_cap,
        deck_deadline=None,
    )
    event.refresh_from_db()
    return event


def new_event(owner, name: str, gathering=None, **rules) -> Event:
    rules = {"policy": "policy-4-2001", "game_type": "two-deck", "format": "general-opponent", **rules}
    return services.create_event(owner=owner, name=name, gathering=gathering, **rules)


@pytest.fixture
def weekend(owner):
    """A gathering with a main event and two side events, their sign-ups open."""
    gathering = services.create_gathering(owner=owner, name="Lórien Weekend", place="Helsinki")
    main = new_event(owner, "Main event", gathering)
    fallen = new_event(owner, "Fallen-wizard side event", gathering, format="fallen-wizard-only")
    sealed = new_event(owner, "Sealed side event", gathering, game_type="sealed-standard")
    return gathering, _open(main), _open(fallen), _open(sealed)


def test_a_person_signs_up_once_and_is_a_player_of_each_event_they_chose(weekend):
    gathering, main, fallen, sealed = weekend
    entrant = services.enter_gathering(
        gathering, " Ann  Smith ", [main, sealed], online_name="ann", email="ann@example.org", language="fi", now=NOW
    )
    assert entrant.name == "Ann Smith" and len(entrant.token) >= 32
    players = {p.event_id: p for p in Player.objects.filter(entrant=entrant)}
    assert set(players) == {main.pk, sealed.pk}
    for player in players.values():
        assert (player.name, player.online_name, player.email, player.language) == (
            "Ann Smith",
            "ann",
            "ann@example.org",
            "fi",
        )
        assert len(player.deck_token) >= 32
    assert not fallen.players.exists()
    # Each event records its own registration; no entry holds the address.
    entries = AuditEntry.objects.filter(action="player.signed_up").order_by("event_id")
    assert [(e.event_id, e.subject, e.after["gathering"]) for e in entries] == [
        (main.pk, "Ann Smith", "Lórien Weekend"),
        (sealed.pk, "Ann Smith", "Lórien Weekend"),
    ]
    assert all("ann@example.org" not in str(e.after) for e in entries)


def test_one_event_refusing_refuses_the_whole_sign_up_and_saves_nothing(weekend):
    gathering, main, fallen, _sealed = weekend
    register(fallen, 2)
    services.start_event(fallen, actor=actor(fallen.owner), rounds=1, confirm=True)
    before = database_state()
    with pytest.raises(ServiceError) as refused:
        services.enter_gathering(gathering, "Ann Smith", [main, fallen], now=NOW)
    assert refused.value.field == "events"
    assert "Fallen-wizard side event" in refused.value.message and "started" in refused.value.message
    assert database_state() == before
    assert not Entrant.objects.exists()


@pytest.mark.parametrize(
    ("name", "events", "field"),
    [("  ", ["main"], "name"), ("Ann", [], "events")],
)
def test_a_sign_up_needs_a_name_and_an_event(weekend, name, events, field):
    gathering, main, _fallen, _sealed = weekend
    with pytest.raises(ServiceError) as refused:
        services.enter_gathering(gathering, name, [main] if events else [], now=NOW)
    assert refused.value.field == field


def test_a_name_reading_like_an_entrants_is_refused_once_for_the_gathering(weekend):
    gathering, main, fallen, _sealed = weekend
    services.enter_gathering(gathering, "Ann Smith", [main], now=NOW)
    with pytest.raises(ServiceError) as refused:
        services.enter_gathering(gathering, "ANN  SMITH", [fallen], now=NOW)
    assert "already registered for Lórien Weekend" in refused.value.message
    assert refused.value.field == "name"


def test_the_public_sign_up_respects_each_events_cap(weekend):
    gathering, main, _fallen, sealed = weekend
    _open(sealed, sign_up_cap=1)
    services.enter_gathering(gathering, "Ann", [sealed], now=NOW)
    with pytest.raises(ServiceError, match="full"):
        services.enter_gathering(gathering, "Bob", [main, sealed], now=NOW)
    assert not main.players.exists()


def test_the_coordinator_registers_for_events_whose_sign_up_is_closed(weekend, owner):
    gathering, main, fallen, _sealed = weekend
    services.update_deck_settings(  # no public sign-up
        main,
        actor=actor(owner),
        deck_lists_wanted=False,
        sign_up_opens_at=None,
        sign_up_closes_at=None,
        sign_up_cap=None,
        deck_deadline=None,
    )
    entrant = services.enter_gathering(gathering, "Cai", [main, fallen], actor=actor(owner))
    assert sorted(entrant.players.values_list("event__name", flat=True)) == ["Fallen-wizard side event", "Main event"]
    assert AuditEntry.objects.filter(action="player.registered", subject="Cai").count() == 2


def test_an_entrant_enters_one_more_event_with_the_contacts_they_gave(weekend):
    gathering, main, fallen, _sealed = weekend
    entrant = services.enter_gathering(
        gathering, "Ann", [main], email="ann@example.org", share_email=True, language="it", now=NOW
    )
    player = services.enter_event(entrant, fallen, now=NOW)
    assert (player.event_id, player.entrant_id, player.email, player.share_email, player.language) == (
        fallen.pk,
        entrant.pk,
        "ann@example.org",
        True,
        "it",
    )
    with pytest.raises(ServiceError, match="already registered in Fallen-wizard side event"):
        services.enter_event(entrant, fallen, now=NOW)


def test_an_entrant_enters_only_events_of_their_gathering(weekend, owner):
    gathering, main, _fallen, _sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann", [main], now=NOW)
    elsewhere = _open(new_event(owner, "Elsewhere"))
    with pytest.raises(ServiceError, match="not part of this gathering"):
        services.enter_event(entrant, elsewhere, now=NOW)
    with pytest.raises(ServiceError, match="not part of this gathering"):
        services.enter_gathering(gathering, "Bob", [elsewhere], now=NOW)


def test_a_late_entry_by_the_coordinator_is_a_late_player_of_a_running_swiss_event(weekend, owner):
    gathering, main, fallen, _sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann", [fallen], now=NOW)
    register(main, 4)
    services.start_event(main, actor=actor(owner), rounds=3, note="a long weekend", confirm=True)
    play_round(main)
    with pytest.raises(ServiceError, match="started"):
        services.enter_event(entrant, main, now=NOW)  # the public sign-up is closed once it starts
    player = services.enter_event(entrant, main, actor=actor(owner))
    assert player.joined_after_round == 1


def test_only_the_gathering_owners_events_join_it(weekend):
    gathering, *_ = weekend
    other = EventFactory(owner=UserFactory(username="other"))
    with pytest.raises(ServiceError, match="owner"):
        services.set_event_gathering(other, gathering, actor=actor(other.owner))
    with pytest.raises(ServiceError, match="owner"):
        new_event(other.owner, "Side", gathering)
    assert not gathering.events.filter(pk=other.pk).exists()


def test_an_event_taken_out_keeps_its_players_and_has_them_again_when_put_back(weekend, owner):
    gathering, main, fallen, _sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann", [main, fallen], now=NOW)
    services.set_event_gathering(fallen, None, actor=actor(owner))
    fallen.refresh_from_db()
    assert fallen.gathering_id is None and fallen.players.get().name == "Ann"
    # Out of the gathering, the event is not the person's: not on their page, not in the desk, not in the archive.
    assert [r.event for r in entrant_page(entrant, NOW).registrations] == ["Main event"]
    assert "gathering" not in event_archive(fallen)["event"]
    entry = AuditEntry.objects.filter(event=fallen).latest("id")
    assert (entry.action, entry.before, entry.after) == ("event.gathering_changed", "Lórien Weekend", None)
    # Put back, it has its people again; entering Ann there once more is refused, not a second Ann.
    services.set_event_gathering(fallen, gathering, actor=actor(owner))
    assert [r.event for r in entrant_page(entrant, NOW).registrations] == ["Main event", "Fallen-wizard side event"]
    with pytest.raises(ServiceError, match="already registered in Fallen-wizard side event"):
        services.enter_event(entrant, fallen, actor=actor(owner))
    assert AuditEntry.objects.filter(event=fallen, action="event.gathering_changed").count() == 2


def test_the_coordinator_links_a_player_registered_at_an_events_own_desk_instead_of_making_a_second(weekend, owner):
    gathering, main, fallen, _sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann Smith", [main], now=NOW)
    [at_the_desk] = services.register_players(fallen, "ann  smith", actor=actor(owner))
    with pytest.raises(ServiceError, match="already registered"):
        services.enter_event(entrant, fallen, now=NOW)  # the person alone cannot claim a player
    linked = services.enter_event(entrant, fallen, actor=actor(owner))
    assert (linked.pk, linked.entrant_id, fallen.players.count()) == (at_the_desk.pk, entrant.pk, 1)
    entry = AuditEntry.objects.filter(event=fallen).latest("id")
    assert (entry.action, entry.subject) == ("player.updated", "ann smith linked to Lórien Weekend")


def test_a_new_link_for_an_entrant_stops_the_old_one_and_each_of_their_events_records_it(weekend, owner):
    gathering, main, fallen, _sealed = weekend
    entrant = services.enter_gathering(gathering, "Ann", [main, fallen], now=NOW)
    old = entrant.token
    renewed = services.make_entrant_link(entrant, actor=actor(owner))
    assert renewed.token != old and len(renewed.token) >= 32
    assert not Entrant.objects.filter(token=old).exists()
    entries = AuditEntry.objects.filter(action="player.gathering_link_created")
    assert sorted(entries.values_list("event_id", flat=True)) == sorted([main.pk, fallen.pk])


def test_renaming_a_gathering_is_a_change_to_each_of_its_events(weekend, owner):
    gathering, main, fallen, sealed = weekend
    services.change_gathering(gathering, name="Lórien Weekend 2026", actor=actor(owner))
    entries = AuditEntry.objects.filter(action="event.gathering_changed", after="Lórien Weekend 2026")
    assert sorted(entries.values_list("event_id", flat=True)) == sorted([main.pk, fallen.pk, sealed.pk])


def test_gatherings_get_their_own_address_and_archive_id(owner):
    first = services.create_gathering(owner=owner, name="Weekend")
    second = services.create_gathering(owner=owner, name="Weekend")
    assert (first.slug, second.slug) == ("weekend", "weekend-2")
    assert first.archive_id != second.archive_id
    with pytest.raises(ServiceError) as refused:
        services.create_gathering(owner=owner, name="   ")
    assert refused.value.field == "name"
    changed = services.change_gathering(first, name="Lórien  Weekend", place="Turku", actor=actor(owner))
    assert (changed.name, changed.place, changed.slug) == ("Lórien Weekend", "Turku", "weekend")


def test_a_weekends_events_exported_and_imported_one_by_one_rebuild_the_weekend(weekend, owner):
    gathering, main, fallen, _sealed = weekend
    ann = services.enter_gathering(gathering, "Ann", [main, fallen], now=NOW)
    services.enter_gathering(gathering, "Bob", [main], now=NOW)
    register(fallen, 1)  # registered at the fallen event's own desk: no entrant
    exported = [event_archive(main), event_archive(fallen)]
    assert exported[0]["format"] == "council-archive/3"
    assert exported[0]["event"]["gathering"] == {
        "id": gathering.archive_id,
        "name": "Lórien Weekend",
        "entrants": {"ann": ann.archive_id, "bob": "bob"},
    }
    assert exported[1]["event"]["gathering"]["entrants"] == {"ann": ann.archive_id}
    elsewhere = UserFactory(username="elsewhere")
    imported = [services.import_event(document, owner=elsewhere) for document in exported]
    [rebuilt] = elsewhere.gatherings.all()
    assert (rebuilt.name, rebuilt.archive_id) == ("Lórien Weekend", gathering.archive_id)
    assert {event.gathering_id for event in imported} == {rebuilt.pk}
    again = {entrant.name: entrant for entrant in rebuilt.entrants.all()}
    assert set(again) == {"Ann", "Bob"}
    assert sorted(again["Ann"].players.values_list("event__name", flat=True)) == [
        "Fallen-wizard side event",
        "Main event",
    ]
    assert again["Ann"].token and again["Ann"].token != ann.token  # no archive holds a private link
    # Export, import, export gives the same document.
    assert [event_archive(event) for event in imported] == exported


def test_a_restored_snapshot_keeps_each_players_entrant(weekend, owner):
    gathering, main, _fallen, _sealed = weekend
    ann = services.enter_gathering(gathering, "Ann", [main], now=NOW)
    register(main, 3)
    kept = services.take_snapshot(main, actor=actor(owner))
    # Ann's registration is removed after the snapshot, so the restore must make her row again.
    services.remove_player(main.players.get(name="Ann"), actor=actor(owner))
    services.start_event(main, actor=actor(owner), rounds=2, confirm=True)
    play_round(main)
    services.restore_snapshot(kept, actor=actor(owner))
    assert main.players.get(name="Ann").entrant_id == ann.pk


def test_an_archive_from_elsewhere_with_a_known_gathering_id_links_no_one_to_another_person(weekend, owner):
    gathering, main, _fallen, _sealed = weekend
    ann = services.enter_gathering(gathering, "Ann", [main], now=NOW)
    document = event_archive(main)
    # Another weekend's archive, whose ids happen to be this one's: its "ann" is someone else.
    document["players"][0]["name"] = "Annika Berg"
    document["event"]["name"] = "Another main event"
    imported = services.import_event(document, owner=owner)
    assert imported.gathering_id == gathering.pk
    stranger = imported.players.get().entrant
    assert stranger.pk != ann.pk and stranger.name == "Annika Berg" and stranger.archive_id != ann.archive_id
    assert list(ann.players.values_list("event_id", flat=True)) == [main.pk]
    assert AuditEntry.objects.get(event=imported, action="event.imported").after["gathering"] == "Lórien Weekend"


def test_a_gathering_made_here_has_an_archive_id_no_other_weekend_of_its_name_shares(owner):
    first = services.create_gathering(owner=owner, name="Lórien Weekend")
    second = services.create_gathering(owner=UserFactory(username="next-year"), name="Lórien Weekend")
    assert first.archive_id.startswith("lorien-weekend-") and first.archive_id != second.archive_id


@pytest.mark.parametrize(
    ("name", "place", "field"),
    [("Week\u0083end", "", "name"), ("\u200b", "", "name"), ("Weekend", "Tur\x00ku", "place"), ("W" * 101, "", "name")],
)
def test_a_gathering_name_or_place_an_archive_would_refuse_is_refused_beside_its_field(owner, name, place, field):
    with pytest.raises(ServiceError) as refused:
        services.create_gathering(owner=owner, name=name, place=place)
    assert refused.value.field == field
    assert not owner.gatherings.exists()
