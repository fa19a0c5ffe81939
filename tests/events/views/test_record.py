"""Export, the audit log and snapshots (events/views/record.py)."""

from __future__ import annotations

import json
import re

from django.core.files.uploadedfile import SimpleUploadedFile

from events import services
from events.archive import event_archive
from events.models import AuditEntry, Event, Game, Snapshot
from tests.helpers import WIN_A, actor, open_game, run_event


def test_export_download_and_import_upload_round_trip(as_owner, event):
    run_event(event, 5, 1)
    download = as_owner.get(f"/events/{event.slug}/export.json")
    assert download["Content-Disposition"] == 'attachment; filename="lorien-open.council.json"'
    upload = SimpleUploadedFile("e.json", download.content, content_type="application/json")
    response = as_owner.post("/events/import/", {"archive": upload})
    copy = Event.objects.exclude(pk=event.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/events/{copy.slug}/"
    assert json.loads(as_owner.get(f"/events/{copy.slug}/export.json").content) == json.loads(download.content)


def test_audit_page_filters_by_table(as_owner, event):
    run_event(event, 4, 1)
    game = open_game(event) or Game.objects.filter(round__event=event).first()
    text = as_owner.get(f"/events/{event.slug}/audit/", {"table": game.table}).content.decode()
    assert AuditEntry.objects.filter(event=event, table=game.table).exists()
    assert '<strong>Result entered</strong> <span class="muted" translate="no">result.recorded</span>' in text
    assert 'translate="no">round.paired</span>' not in text


def test_restoring_a_snapshot_brings_the_event_back_and_can_be_undone(event, as_owner):
    run_event(event, 6, 2)
    kept = event.snapshots.get(reason="Round 2 paired")
    latest = event_archive(event)
    me = event.players.get(name="Player 03")

    response = as_owner.post(f"/events/{event.slug}/snapshots/{kept.pk}/restore/")
    assert response.status_code == 302
    assert event_archive(event) == kept.data
    assert all(g.result is None for g in Game.objects.filter(round__event=event, round__number=2))
    assert event.players.get(archive_id=me.archive_id).pk == me.pk  # phones keep their "this is me"
    entry = AuditEntry.objects.get(event=event, action="snapshot.restored")
    assert entry.after["snapshot"] == kept.pk

    undo = event.snapshots.get(reason="Before restoring “Round 2 paired”")
    assert undo.data == latest
    services.restore_snapshot(undo, actor=actor(event.owner))
    assert event_archive(event) == latest
    services.pair_round(event, actor=actor(event.owner), seed=3)  # the event goes on from the restore


def test_a_snapshot_downloads_as_an_archive_file(event, as_owner):
    run_event(event, 4, 1)
    snapshot = event.snapshots.first()
    response = as_owner.get(f"/events/{event.slug}/snapshots/{snapshot.pk}/download/")
    assert response["Content-Disposition"].startswith(f'attachment; filename="{event.slug}-')
    assert response.json() == snapshot.data


def test_a_snapshot_of_another_event_is_not_found(event, as_owner, owner):
    from tests.factories import EventFactory

    other = EventFactory(owner=owner, slug="other")
    run_event(other, 4, 1)
    foreign = other.snapshots.first()
    assert as_owner.get(f"/events/{event.slug}/snapshots/{foreign.pk}/download/").status_code == 404
    assert as_owner.post(f"/events/{event.slug}/snapshots/{foreign.pk}/restore/").status_code == 404
    assert Snapshot.objects.filter(event=event).count() == 0


def test_the_audit_log_filters_by_kind_round_and_person(event, as_owner, staff_user):
    run_event(event, 4, 2, leave_last_open=True)
    game = open_game(event)
    services.record_result(game, WIN_A, actor=actor(staff_user, "staff"), expected_version=game.version)

    def rows(**query):
        page = as_owner.get(f"/events/{event.slug}/audit/", query).content.decode()
        return re.findall(r'<span class="muted" translate="no">([a-z._-]+)</span><br>', page)

    assert set(rows(action="result.")) == {"result.recorded"}
    assert len(rows(action="result.")) == 4
    assert rows(action="round.paired", round=2) == ["round.paired"]
    assert rows(actor="staff") == ["result.recorded"]
    assert rows(round=2, table=game.table) == ["result.recorded"]
    assert as_owner.get(f"/events/{event.slug}/audit/", {"round": "x"}).status_code == 422


def test_the_audit_log_pages_through_long_records(event, as_owner):
    for number in range(120):
        services.register_players(event, f"Player {number}", actor=actor(event.owner))
    first = as_owner.get(f"/events/{event.slug}/audit/").content.decode()
    assert "page 1 of 3" in first and "Older →" in first  # 50 entries a page
    last = as_owner.get(f"/events/{event.slug}/audit/", {"page": 3}).content.decode()
    assert last.count('translate="no">player.registered</span>') == 120 - 100


def test_the_record_is_said_in_the_readers_language_old_results_too(client, event, staff_user):
    # A result saved through the staff link, and players agreeing on another, read on a Spanish page.
    from django.test import Client

    from events.models import AuditEntry, Game
    from events.roles import Actor

    run_event(event, 4, 0)
    first, _second = services.pair_round(event, actor=actor(event.owner), seed=1).games.order_by("table")
    services.record_result(first, {"kind": "council", "mp": [25, 19]}, actor=Actor.staff_link(), expected_version=0)
    # An entry kept before the explanation's words were: English only.
    entry = AuditEntry.objects.get(event=event, action="result.recorded")
    entry.after.pop("explanation_words")
    entry.save()
    owner = Client(HTTP_ACCEPT_LANGUAGE="es")
    owner.force_login(event.owner)
    page = owner.get(f"/events/{event.slug}/games/{first.pk}/result/").content.decode()
    assert "MP 25-19: ratio 25/19 is over 1 and under 1.5" not in page and "PV 25-19" in page
    assert "staff link" not in page and "enlace de staff" in page
    log = owner.get(f"/events/{event.slug}/audit/").content.decode()
    assert ">staff link<" not in log and "<td>enlace de staff</td>" in log
    assert "Result entered" not in log and 'translate="no">result.recorded<' in log
    assert Game.objects.get(pk=first.pk).reported_by == "staff link"  # kept as data, said in words
