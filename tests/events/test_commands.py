"""The management commands: export_event, import_event, seed_demo."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from events.models import Event, Player
from tests.helpers import run_event


def test_export_and_import_commands_round_trip(event, tmp_path, capsys):
    run_event(event, 6, 2)
    call_command("export_event", event.slug)
    exported = capsys.readouterr().out
    path = tmp_path / "event.json"
    path.write_text(exported, encoding="utf-8")
    call_command("import_event", str(path))
    printed = capsys.readouterr().out.strip()
    assert printed == "/e/lorien-open-2/"
    call_command("export_event", "lorien-open-2")
    assert capsys.readouterr().out == exported


def test_import_command_reports_the_field_of_a_bad_archive(event, tmp_path):
    from django.core.management.base import CommandError

    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "format": "council-archive/1",
                "event": {"name": "X", "policy": "nope", "game_type": "two-deck"},
                "players": [],
            }
        )
    )
    with pytest.raises(CommandError, match=r"event\.policy"):
        call_command("import_event", str(path))


def test_seed_demo_creates_a_coordinator_and_a_demo_event_once(db, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    password = (tmp_path / "coordinator-password.txt").read_text().strip()
    assert f"Coordinator login: coordinator / {password}" in out
    assert Event.objects.count() == 1 and Player.objects.count() == 12
    from django.contrib.auth import authenticate

    assert authenticate(username="coordinator", password=password) is not None
