"""Input at and beyond every limit never reaches a user as a server error (issue 14).

PostgreSQL enforces column lengths and integer ranges and refuses NUL where SQLite does
not, so CI runs these on both. Each limit is stated once, in scoring/limits.py.
"""

from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from events import services
from events.models import AuditEntry, Event, EventRole, Game, Snapshot
from events.roles import COORDINATOR
from scoring import MAX_NAME_LENGTH, MAX_RANKING, MAX_ROUNDS, MAX_SEED, MAX_TABLE
from tests.factories import UserFactory
from tests.helpers import actor, open_game, run_event

# Four names of the longest length a player may have, two to a table.
LONGEST_NAMES = [f"{'Ö' * (MAX_NAME_LENGTH - 4)} {n:03d}" for n in range(1, 5)]


@pytest.fixture
def longest_names(event):
    services.register_players(event, "\n".join(LONGEST_NAMES), actor=actor(event.owner))
    services.start_event(event, actor=actor(event.owner), rounds=3, note="the test's own number")
    services.pair_round(event, actor=actor(event.owner), seed=1)
    event.refresh_from_db()
    return event


def test_a_table_of_two_longest_names_saves_its_result_and_its_extra_time(as_owner, longest_names):
    game = open_game(longest_names)
    response = as_owner.post(
        f"/events/{longest_names.slug}/games/{game.pk}/result/",
        {"kind": "council", "mp_a": "20", "mp_b": "10", "version": "0"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.result == {"kind": "council", "mp": [20, 10]}
    subject = AuditEntry.objects.get(action="result.recorded").subject
    assert subject == f"Round 1, table {game.table}: {game.player_a.name} v {game.player_b.name}"

    other = Game.objects.filter(round__event=longest_names, result__isnull=True).get()
    response = as_owner.post(
        f"/events/{longest_names.slug}/rounds/1/clock/", {"action": "adjust", "minutes": "5", "table": str(other.table)}
    )
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.extra_seconds == 300


def test_two_longest_names_at_two_tables_are_swapped(as_owner, longest_names):
    first, second = (game.player_a for game in Game.objects.filter(round__event=longest_names))
    response = as_owner.post(f"/events/{longest_names.slug}/rounds/1/swap/", {"first": first.pk, "second": second.pk})
    assert response.status_code == 302
    assert AuditEntry.objects.get(action="round.swapped").subject == f"Round 1: {first.name} and {second.name}"


def test_a_coordinator_with_the_longest_user_name_takes_a_snapshot(client, event):
    coordinator = UserFactory(username="c" * 150)
    EventRole.objects.create(event=event, user=coordinator, role=COORDINATOR)
    client.force_login(coordinator)
    assert client.post(f"/events/{event.slug}/snapshots/").status_code == 302
    assert Snapshot.objects.get(event=event).reason == f"Taken by {'c' * 150}"


def test_the_newest_snapshot_restored_five_times_in_a_row(as_owner, event):
    run_event(event, 4, 1)
    for _ in range(5):
        newest = event.snapshots.first()
        response = as_owner.post(f"/events/{event.slug}/snapshots/{newest.pk}/restore/")
        assert response.status_code == 302
    assert event.snapshots.first().reason.startswith("Before restoring “Before restoring “Before restoring “")


@pytest.mark.parametrize("path", ["/staff/%00/", "/staff/a%00b/", "/e/%00/", "/events/%00/", "/e/a%00b/report/"])
def test_nul_in_an_address_is_not_found(client, db, path):
    assert client.get(path).status_code == 404


def test_an_event_named_with_braces_starts(as_owner):
    response = as_owner.post(
        "/events/new/",
        {
            "name": "Lórien {Open} {0}",
            "policy": "policy-4-2001",
            "game_type": "two-deck",
            "format": "general-opponent",
            "tie_resolution": "playoff",
            "first_round_pairing": "random",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get()
    services.register_players(event, "Ann\nBob", actor=actor(event.owner))
    response = as_owner.post(f"/events/{event.slug}/start/", {"rounds": "1"}, follow=True)
    assert response.status_code == 200
    assert "The event has started: Lórien {Open} {0}." in response.content.decode()


@pytest.mark.parametrize("ranking", [str(MAX_RANKING + 1), str(2**31), str(2**40), str(10**30)])
def test_a_ranking_beyond_the_limit_is_refused_next_to_its_field(as_owner, event, ranking):
    player = services.register_players(event, "Ann", actor=actor(event.owner))[0]
    response = as_owner.post(
        f"/events/{event.slug}/players/{player.pk}/", {"name": "Ann", "deck_capability": "one-ring", "ranking": ranking}
    )
    assert response.status_code == 422
    assert 'id="id_ranking_error"' in response.content.decode()
    player.refresh_from_db()
    assert player.ranking is None


# Archives ---------------------------------------------------------------------------------------

ARCHIVE = {
    "format": "council-archive/1",
    "event": {
        "name": "Lórien Open",
        "policy": "policy-4-2001",
        "game_type": "two-deck",
        "status": "running",
        "rounds_planned": 3,
    },
    "players": [
        {"id": "ann", "name": "Ann", "ranking": 1},
        {"id": "bob", "name": "Bob", "status": "dropped", "dropped_after_round": 1},
    ],
    "rounds": [
        {
            "number": 1,
            "bye": None,
            "seed": 7,
            "games": [{"table": 1, "players": ["ann", "bob"], "result": {"kind": "council", "mp": [20, 10]}}],
        }
    ],
}


def _changed(path: str, value) -> dict:
    """ARCHIVE with the value at ``path`` (keys and list indexes, by dots) replaced."""
    data = copy.deepcopy(ARCHIVE)
    *parents, last = [int(step) if step.isdigit() else step for step in path.split(".")]
    holder = data
    for step in parents:
        holder = holder[step]
    holder[last] = value
    return data


def _import(client, text: str):
    return client.post(
        "/events/import/", {"archive": SimpleUploadedFile("e.json", text.encode("utf-8", "surrogatepass"))}
    )


def test_the_unchanged_archive_imports(as_owner):
    assert _import(as_owner, json.dumps(ARCHIVE)).status_code == 302


@pytest.mark.parametrize(
    "path, value",
    [
        ("players.0.name", "Ann\x00"),
        ("players.0.name", "\u200b\u200b"),
        ("players.0.name", "Ann\u202e"),
        ("players.0.name", "\ud800"),
        ("players.0.id", "a\x00"),
        ("players.0.avatar", "Saruman\x00"),
        ("event.name", "Lórien\x00"),
        ("event.place", "Caras\x00Galadhon"),
        ("event.rounds_note", "Note\x00"),
        ("event.date", "2026-11-21\x00"),
        ("players.0.ranking", MAX_RANKING + 1),
        ("players.0.ranking", 2**31),
        ("players.0.ranking", 10**20),
        ("players.1.dropped_after_round", MAX_ROUNDS + 1),
        ("players.1.dropped_after_round", 10**20),
        ("rounds.0.seed", MAX_SEED + 1),
        ("rounds.0.games.0.table", MAX_TABLE + 1),
        ("rounds.0.games.0.table", 40000),
        ("rounds.0.games.0.table", 10**20),
        ("event.rounds_planned", MAX_ROUNDS + 1),
        ("event.rounds_planned", 40000),
        ("event.rounds_planned", 10**20),
        ("event.playoff_winner", ["ann"]),
        ("event.playoff_winner", {"id": "ann"}),
        ("event.status", ["running"]),
        ("event.date", "2026-1-5"),
        ("event.date", "20261121"),
        ("rounds.0.games.0.result", {"kind": "one-ring", "winner": 1.0}),
        ("rounds.0.games.0.result", {"kind": "one-ring", "winner": True}),
        ("players.0.ranking", 1.0),
    ],
)
def test_an_archive_beyond_a_limit_is_refused_with_its_field_named(as_owner, path, value):
    response = _import(as_owner, json.dumps(_changed(path, value)))
    assert response.status_code == 422
    text = response.content.decode()
    assert 'id="id_archive_error"' in text and path.split(".")[-1] in text
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    "text, said",
    [
        ("[" * 100_000 + "]" * 100_000, "it nests lists or objects deeper than 16 levels"),
        ('{"format": ' + "1" * 4301 + "}", "it has a number of 4301 digits; at most 100 are read"),
        ('{"format": -' + "9" * 101 + "}", "it has a number of 101 digits"),
        ('{"format": NaN}', "it has NaN, which JSON does not have"),
        ("[" * 17 + "]" * 17, "it nests lists or objects deeper than 16 levels"),
        ('{"format": 1e999}', "it has a number too large to read (1e999)"),
        ('{"format": "council-archive/1", "\\udfff": 1}', "it has a field name holding a broken character"),
        ('{"format": "\\ud800x"}', "it has a text holding a broken character"),
    ],
)
def test_an_archive_that_is_no_event_is_refused_in_one_line(as_owner, text, said):
    response = _import(as_owner, text)
    assert response.status_code == 422
    assert f"This is not a JSON file Council can read: {said}" in response.content.decode()
    assert Event.objects.count() == 0


@pytest.mark.parametrize("twin", ["Ann\ufe0f", "A\u034fnn", "\u0251nn", "ANN"])
def test_an_archive_with_two_names_that_read_alike_is_refused(as_owner, twin):
    data = copy.deepcopy(ARCHIVE)
    data["players"].append({"id": "twin", "name": twin})
    response = _import(as_owner, json.dumps(data))
    assert response.status_code == 422
    assert "players[2].name" in response.content.decode()
    assert Event.objects.count() == 0
