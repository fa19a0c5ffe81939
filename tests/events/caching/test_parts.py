"""Kept parts (events/caching/parts.py): built once per state of an event, shared, and never shown out of date."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache

import scoring
from events import services
from events.caching import parts as kept
from events.models import Event
from tests.helpers import POLL, actor, open_game, run_event


@pytest.fixture
def engine_runs(monkeypatch):
    """Counts the engine's standings computations."""
    calls = []
    real = scoring.compute_standings

    def counted(archive):
        calls.append(archive)
        return real(archive)

    monkeypatch.setattr(scoring, "compute_standings", counted)
    return calls


def _points_of(text: str, name: str) -> str:
    return re.search(rf"<td>{name}</td><td class=\"num\">(?:<strong>)?([\d.]+)", text).group(1)


def test_every_page_of_one_state_shares_one_computation_of_the_standings(client, as_owner, event, engine_runs):
    run_event(event, 6, 2, leave_last_open=True)
    engine_runs.clear()
    for _ in range(3):
        assert client.get(f"/e/{event.slug}/").status_code == 200
        assert as_owner.get(f"/events/{event.slug}/standings/").status_code == 200
    assert as_owner.get(f"/events/{event.slug}/print/standings/").status_code == 200
    assert as_owner.get(f"/events/{event.slug}/print/cards/").status_code == 200
    assert len(engine_runs) == 1


def test_a_change_is_on_the_pages_at_once(client, as_owner, event):
    run_event(event, 4, 2, leave_last_open=True)
    game = open_game(event)
    winner = game.player_a.name
    before = _points_of(as_owner.get(f"/events/{event.slug}/standings/").content.decode(), winner)
    assert _points_of(client.get(f"/e/{event.slug}/").content.decode(), winner) == before

    services.record_result(
        game, {"kind": "council", "mp": [20, 0]}, actor=actor(event.owner), expected_version=game.version
    )
    # Policy Number 4: 20-0 is a ratio of 2 or more, 6 tournament points.
    after = str(int(before) + 6)
    assert _points_of(as_owner.get(f"/events/{event.slug}/standings/").content.decode(), winner) == after
    assert _points_of(client.get(f"/e/{event.slug}/").content.decode(), winner) == after


def test_while_another_worker_builds_a_phone_gets_the_state_before_and_asks_again(client, as_owner, event, engine_runs):
    run_event(event, 4, 2, leave_last_open=True)
    first = client.get(f"/e/{event.slug}/", **POLL)
    etag = first["ETag"]
    game = open_game(event)
    services.record_result(
        game, {"kind": "council", "mp": [20, 0]}, actor=actor(event.owner), expected_version=game.version
    )
    event.refresh_from_db()
    engine_runs.clear()
    # Another worker has started building the new state's public tables.
    cache.add(f"event:{event.pk}:public:{kept.RELEASE}:en:building:{event.changed_at.isoformat()}", True)

    stale = client.get(f"/e/{event.slug}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert stale.status_code == 200
    assert "ETag" not in stale, "a region of the state before must not be answered 'not modified' later"
    assert "hx-headers" not in stale.content.decode()
    assert "playing" in stale.content.decode(), "the game still open in the state before"
    assert engine_runs == []
    # The coordinator never gets the state before: the standings page builds the current one.
    as_owner.get(f"/events/{event.slug}/standings/")
    assert len(engine_runs) == 1

    cache.delete(f"event:{event.pk}:public:{kept.RELEASE}:en:building:{event.changed_at.isoformat()}")
    fresh = client.get(f"/e/{event.slug}/", **POLL)
    assert fresh["ETag"] != etag and "playing" not in fresh.content.decode()


def test_a_phone_marks_its_own_rows_in_the_shared_tables(client, event):
    run_event(event, 4, 1)
    me = event.players.get(name="Player 03")
    client.post(f"/e/{event.slug}/me/", {"player": me.pk})
    text = client.get(f"/e/{event.slug}/").content.decode()
    # The phone's region names it; live.js marks its rows (no style is written into the page).
    assert f'<div id="live" data-me="{me.pk}"' in text
    # Its game's row in the pairings and its row in the standings carry its pk.
    assert len(re.findall(rf'<tr id="[a-z]+-\d+" data-players="(?:\d+ )?{me.pk}(?: \d+)?">', text)) == 2


def test_kept_parts_are_shared_by_every_worker_and_server():
    # A cache in the process would show each gunicorn worker its own standings.
    backends = {alias: config["BACKEND"] for alias, config in settings.CACHES.items()}
    assert backends == {"default": "django.core.cache.backends.db.DatabaseCache"}


def test_kept_parts_of_an_event_follow_its_state(db, event):
    built = []

    def build():
        built.append(1)
        return len(built)

    assert kept.kept_part(event, "part", build).value == 1
    assert kept.kept_part(event, "part", build).value == 1
    Event.objects.filter(pk=event.pk).update(changed_at=event.changed_at.replace(microsecond=1))
    event.refresh_from_db()
    assert kept.kept_part(event, "part", build) == kept.Kept(2, current=True)


def test_pieces_are_read_alone_and_built_together(db, event):
    builds = []

    def build():
        builds.append(1)
        return {"tables": f"tables {len(builds)}", "cards-1": {1: "card"}, "cards-2": {2: "card"}}

    assert kept.kept_pieces(event, "part", build, ["tables", "cards-1"]).value == {
        "tables": "tables 1",
        "cards-1": {1: "card"},
    }
    assert kept.kept_pieces(event, "part", build, ["cards-2"]).value == {"cards-2": {2: "card"}}
    assert len(builds) == 1, "one build keeps every piece"


def test_pieces_of_different_states_are_never_shown_together(db, event):
    first = kept.kept_pieces(event, "part", lambda: {"tables": "old", "cards-1": "old card"}, ["tables"])
    assert first.value == {"tables": "old"}
    Event.objects.filter(pk=event.pk).update(changed_at=event.changed_at.replace(microsecond=1))
    event.refresh_from_db()
    # Only the tables piece of the new state is written (another worker's build was cut short).
    cache.set(f"event:{event.pk}:part:{kept.RELEASE}:en:tables", (event.changed_at.isoformat(), "new"))
    cache.add(f"event:{event.pk}:part:{kept.RELEASE}:en:building:{event.changed_at.isoformat()}", True)
    mixed = kept.kept_pieces(
        event,
        "part",
        lambda: {"tables": "rebuilt", "cards-1": "rebuilt card"},
        ["tables", "cards-1"],
        earlier_state_will_do=True,
    )
    assert mixed == kept.Kept({"tables": "rebuilt", "cards-1": "rebuilt card"}, current=True)


@pytest.mark.parametrize(
    "changed",
    [
        "events/archive.py",
        "events/clocks.py",
        "events/templatetags/events_tags.py",
        "events/pages/boards.py",
        "events/queries/public.py",
        "scoring/standings.py",
        "scoring/decks/data/cards.json",
        "templates/events/public.html",
        "events/a_new_module.py",
    ],
)
def test_changing_any_file_the_parts_are_built_from_changes_the_release(tmp_path, changed):
    base = Path(settings.BASE_DIR)
    for pattern in kept.RELEASE_SOURCES:
        for path in base.glob(pattern):
            copy = tmp_path / path.relative_to(base)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(path.read_bytes())
    assert kept.release_of(tmp_path) == kept.release_of(base)
    edited = tmp_path / changed
    edited.parent.mkdir(parents=True, exist_ok=True)
    with edited.open("a") as text:
        text.write("\n")
    assert kept.release_of(tmp_path) != kept.release_of(base)


def test_files_the_parts_are_not_built_from_leave_the_release_alone(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("a reading")
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "views.py").write_text("")
    before = kept.release_of(tmp_path)
    (tmp_path / "docs" / "rules.md").write_text("another reading")
    assert kept.release_of(tmp_path) == before


def test_a_rendered_part_is_kept_per_language_and_the_engine_s_data_once_for_all(db, event):
    from django.utils import translation

    rendered, data = [], []
    for language in ("es", "fi", "es"):
        with translation.override(language):
            page = kept.kept_part(
                event,
                "page",
                lambda: rendered.append(translation.get_language()) or f"page in {translation.get_language()}",
            ).value
            assert page == f"page in {language}"
            kept.kept_part(event, "data", lambda: data.append(1) or "standings", in_every_language=True)
    assert rendered == ["es", "fi"], "each language renders its own page once"
    assert data == [1], "the engine's data is built once whatever the readers' languages"
