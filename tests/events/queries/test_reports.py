"""Players' own reports: the game a code belongs to, a report as staff read it (events/queries/reports.py)."""

from __future__ import annotations

from events import services
from events.queries.reports import (
    CodeSlip,
    PlayerReport,
    ReportingSeat,
    code_slips,
    described_report,
    find_reporting_game,
    players_reports,
    reporting_seat,
)
from tests.helpers import PHONES, WIN_A, open_game, register


def test_a_code_finds_its_game_and_side_whatever_its_case_and_spaces(reporting):
    game = open_game(reporting)
    assert find_reporting_game(reporting, game.code_a) == (game, 0)
    found, side = find_reporting_game(reporting, f"  {game.code_b.lower()} ")
    assert (found, side, found.round.event) == (game, 1, reporting)
    assert find_reporting_game(reporting, game.code_a[:-1]) is None  # too short
    assert find_reporting_game(reporting, "Z" * len(game.code_a)) is None


def test_no_code_finds_anything_before_the_first_round(event):
    register(event, 4)
    assert find_reporting_game(event, "ABCDEF") is None


def test_each_player_gets_a_slip_of_their_own_and_a_reader_who_plays_gets_none_of_their_tables(reporting, staff_user):
    rnd = reporting.latest_round()
    games = list(rnd.games.select_related("player_a", "player_b").order_by("table"))
    slips = code_slips(reporting, rnd, None)
    assert slips == [
        CodeSlip(player=player.name, table=game.table, opponent=opponent.name, code=code, withheld=False)
        for game in games
        for player, opponent, code in (
            (game.player_a, game.player_b, game.code_a),
            (game.player_b, game.player_a, game.code_b),
        )
    ]
    # The staff account plays at table 1: that table's codes are withheld from it, and only those.
    games[0].player_a.account = staff_user
    games[0].player_a.save()
    seen = code_slips(reporting, rnd, staff_user.pk)
    assert [(slip.table, slip.code, slip.withheld) for slip in seen[:2]] == [(1, "", True), (1, "", True)]
    assert [slip.code for slip in seen[2:]] == [slip.code for slip in slips[2:]]


def test_a_players_private_link_shows_their_seat_and_code_until_the_result_is_in(reporting):
    game = open_game(reporting)
    seat = reporting_seat(reporting, game.player_b)
    assert seat == ReportingSeat(
        round_label=reporting.latest_round().label,
        table=game.table,
        opponent=game.player_a.name,
        code=game.code_b,
        reported=False,
        settled=False,
    )
    services.report_result(game, 1, WIN_A, device=PHONES[1])
    seat = reporting_seat(reporting, game.player_b)
    assert (seat.reported, seat.settled) == (True, False)
    services.report_result(game, 0, WIN_A, device=PHONES[0])
    assert reporting_seat(reporting, game.player_b).settled is True


def test_no_seat_when_players_do_not_report(reporting):
    game = open_game(reporting)
    reporting.players_report = False
    reporting.save()
    assert reporting_seat(reporting, game.player_a) is None


def test_staff_read_both_reports_as_points_and_explanation_with_their_devices(reporting):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A, device=PHONES[0])
    game.refresh_from_db()
    reports = players_reports(game)
    assert [(report.player, report.described == described_report(game, game.report_a)) for report in reports] == [
        (game.player_a.name, True),
        (game.player_b.name, False),
    ]
    assert isinstance(reports[1], PlayerReport) and reports[1].described == ""
    assert reports[0].described.startswith("6–0, ")
    assert described_report(game, None) == ""
