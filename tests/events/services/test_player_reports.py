"""Results reported by the players themselves, each from their own phone (events/services/player_reports.py)."""

from __future__ import annotations

import pytest

from events import services
from events.models import AuditEntry, Game
from tests.helpers import PHONES, WIN_A, WIN_B, open_game


def test_matching_reports_make_the_result_stand(reporting):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A, device=PHONES[0])
    game.refresh_from_db()
    assert (game.result, game.reports_in) == (None, 1)
    services.report_result(game, 1, WIN_A, device=PHONES[1])
    game.refresh_from_db()
    assert (game.result, game.state, game.version, game.reported_by) == (WIN_A, Game.CONFIRMED, 1, "both players")
    assert game.points == [6, 0]  # Policy Number 4: twice the loser's MP
    actions = list(
        AuditEntry.objects.filter(event=reporting, table=game.table).order_by("id").values_list("action", flat=True)
    )
    assert actions == ["result.reported", "result.reported", "result.agreed"]


def test_a_player_may_change_their_report_until_it_stands(reporting):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A, device=PHONES[0])
    services.report_result(game, 1, WIN_B, device=PHONES[1])
    services.report_result(game, 0, WIN_B, device=PHONES[0])
    game.refresh_from_db()
    assert game.result == WIN_B
    with pytest.raises(services.ServiceError, match="stands already"):
        services.report_result(game, 1, WIN_A, device=PHONES[1])
    game.refresh_from_db()
    assert (game.result, game.version) == (WIN_B, 1)


def test_reports_are_refused_where_the_staff_enter_results(reporting):
    reporting.players_report = False
    reporting.save()
    game = open_game(reporting)
    with pytest.raises(services.ServiceError, match="staff enter results"):
        services.report_result(game, 0, WIN_A, device=PHONES[0])
    game.refresh_from_db()
    assert game.report_a is None
