"""Players' own reports, rate limits, snapshots and the audit log (issue 6)."""

from __future__ import annotations

import re

import pytest

from events import services
from events.models import AuditEntry, Game, Snapshot, Throttle
from events.throttle import RESULT_CODE_PER_ADDRESS
from tests.conftest import actor, open_game, register, run_event

WIN_A = {"kind": "council", "mp": [20, 10]}
WIN_B = {"kind": "council", "mp": [8, 22]}


@pytest.fixture
def reporting(event):
    """Round 1 of four players, paired, with players reporting their own results."""
    event.players_report = True
    event.save()
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=3)
    services.pair_round(event, actor=actor(event.owner), seed=1)
    event.refresh_from_db()
    return event


def _report_form(game: Game, side: int, result: dict) -> dict:
    data = {"code": (game.code_a, game.code_b)[side], "kind": result["kind"]}
    if "mp" in result:
        data |= {"mp_a": result["mp"][0], "mp_b": result["mp"][1]}
    return data


# Players report, both confirm -------------------------------------------------------------------


def test_every_seat_of_a_round_gets_its_own_code(reporting):
    codes = [code for g in Game.objects.filter(round__event=reporting) for code in (g.code_a, g.code_b)]
    assert len(codes) == 4 and len(set(codes)) == 4
    assert all(re.fullmatch(f"[{services.CODE_ALPHABET}]{{{services.CODE_LENGTH}}}", code) for code in codes)


def test_matching_reports_make_the_result_stand(reporting):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A)
    game.refresh_from_db()
    assert (game.result, game.reports_in) == (None, 1)
    services.report_result(game, 1, WIN_A)
    game.refresh_from_db()
    assert (game.result, game.state, game.version, game.reported_by) == (WIN_A, Game.CONFIRMED, 1, "both players")
    assert game.points == [6, 0]  # Policy Number 4: twice the loser's MP
    actions = list(AuditEntry.objects.filter(event=reporting, table=game.table).order_by("id")
                   .values_list("action", flat=True))
    assert actions == ["result.reported", "result.reported", "result.agreed"]


def test_differing_reports_flag_the_table_until_staff_settle_it(reporting, client, staff_user):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A)
    services.report_result(game, 1, WIN_B)
    game.refresh_from_db()
    assert game.result is None and game.reports_differ
    assert AuditEntry.objects.filter(event=reporting, action="result.disputed", table=game.table).count() == 1

    client.force_login(staff_user)
    page = client.get(f"/events/{reporting.slug}/tables/").content.decode()
    heading = page.index("reports differ: settle these first")
    flagged = page[heading:page.index("</ul>", heading)]
    assert f"Table {game.table}</strong> <span class=\"state state-disputed\">Reports differ" in flagged
    shown = client.get(f"/events/{reporting.slug}/games/{game.pk}/result/").content.decode()
    assert "The players' reports: they differ" in shown and "20–10" not in shown  # points, not MP
    assert "6–0, " in shown and "0–6, " in shown

    services.record_result(game, WIN_B, actor=actor(staff_user, "staff"), expected_version=game.version)
    game.refresh_from_db()
    assert (game.result, game.reports_differ) == (WIN_B, False)


def test_a_player_may_change_their_report_until_it_stands(reporting):
    game = open_game(reporting)
    services.report_result(game, 0, WIN_A)
    services.report_result(game, 1, WIN_B)
    services.report_result(game, 0, WIN_B)
    game.refresh_from_db()
    assert game.result == WIN_B
    with pytest.raises(services.ServiceError, match="stands already"):
        services.report_result(game, 1, WIN_A)
    game.refresh_from_db()
    assert (game.result, game.version) == (WIN_B, 1)


def test_reports_are_refused_where_the_staff_enter_results(reporting):
    reporting.players_report = False
    reporting.save()
    game = open_game(reporting)
    with pytest.raises(services.ServiceError, match="staff enter results"):
        services.report_result(game, 0, WIN_A)
    game.refresh_from_db()
    assert game.report_a is None


def test_an_implausible_report_asks_the_player_to_confirm(reporting, client):
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    response = client.post(url, _report_form(game, 0, {"kind": "council", "mp": [150, 10]}))
    assert response.status_code == 409
    assert "150 marshalling points is unusually high" in response.content.decode()
    game.refresh_from_db()
    assert game.report_a is None
    response = client.post(url, _report_form(game, 0, {"kind": "council", "mp": [150, 10]}) | {"confirm": "True"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.report_a == {"kind": "council", "mp": [150, 10]}


def test_a_player_reports_from_the_phone_in_two_steps(reporting, client):
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    step_one = client.post(url, {"code": game.code_b.lower()}).content.decode()
    assert f"you are <strong>{game.player_b.name}</strong>, against <strong>{game.player_a.name}</strong>" in step_one
    response = client.post(url, _report_form(game, 1, WIN_A), follow=True)
    assert f"your report is in. The result stands once {game.player_a.name} reports the same." in \
        response.content.decode()
    response = client.post(url, _report_form(game, 0, WIN_A), follow=True)
    assert "both reports agree, the result stands" in response.content.decode()
    game.refresh_from_db()
    assert game.result == WIN_A


def test_a_wrong_code_is_explained_at_the_field_and_counted(reporting, client):
    response = client.post(f"/e/{reporting.slug}/report/", {"code": "AAAAAA"})
    assert response.status_code == 422
    field = response.content.decode().split('id="id_code_error"')[1]
    assert "No table of the current round has this code" in field.split("</ul>")[0]
    assert Throttle.objects.get(key__startswith="code-address:").failures == 1


def test_guessing_codes_is_stopped_even_for_a_right_code(reporting, client):
    game = open_game(reporting)
    url = f"/e/{reporting.slug}/report/"
    for _ in range(RESULT_CODE_PER_ADDRESS.failures):
        client.post(url, {"code": "AAAAAA"})
    response = client.post(url, _report_form(game, 0, WIN_A))
    assert response.status_code == 429
    assert "Too many wrong codes from this network" in response.content.decode()
    game.refresh_from_db()
    assert game.report_a is None


def test_slips_carry_the_codes_only_when_players_report(reporting, as_owner):
    game = open_game(reporting)
    slips = as_owner.get(f"/events/{reporting.slug}/print/slips/").content.decode()
    assert game.code_a in slips and game.code_b in slips and f"/e/{reporting.slug}/report/" in slips
    reporting.players_report = False
    reporting.save()
    slips = as_owner.get(f"/events/{reporting.slug}/print/slips/").content.decode()
    assert game.code_a not in slips and "Report code" not in slips


def test_a_swap_gives_new_codes_so_old_slips_cannot_report(reporting):
    rnd = reporting.rounds.get()
    games = list(rnd.games.order_by("table"))
    services.report_result(games[0], 0, WIN_A)
    old_codes = {g.code_a for g in games} | {g.code_b for g in games}
    services.swap_players(rnd, games[0].player_a, games[1].player_a, actor=actor(reporting.owner), confirm=True)
    for game in rnd.games.all():
        assert game.report_a is None and game.report_b is None
        assert not {game.code_a, game.code_b} & old_codes
    assert services.find_reporting_game(reporting, games[0].code_a) is None


# Snapshots -----------------------------------------------------------------------------------------


def test_snapshots_are_taken_when_a_round_is_paired_and_when_it_is_complete(event):
    run_event(event, 4, 2)
    assert list(event.snapshots.order_by("id").values_list("reason", flat=True)) == [
        "Round 1 paired", "Round 1 complete", "Round 2 paired", "Round 2 complete"]
    assert event.snapshots.get(reason="Round 2 complete").data == services.export_event(event)


def test_a_drop_that_concedes_the_last_open_game_completes_the_round_snapshot(event):
    run_event(event, 4, 1, leave_last_open=True)
    game = open_game(event)
    services.drop_player(game.player_a, actor=actor(event.owner))
    snapshot = event.snapshots.get(reason="Round 1 complete")
    assert snapshot.data["rounds"][0]["games"][-1]["result"] == {"kind": "forfeit", "winner": 1, "reason": "drop"}


def test_restoring_a_snapshot_brings_the_event_back_and_can_be_undone(event, as_owner):
    run_event(event, 6, 2)
    kept = event.snapshots.get(reason="Round 2 paired")
    latest = services.export_event(event)
    me = event.players.get(name="Player 03")

    response = as_owner.post(f"/events/{event.slug}/snapshots/{kept.pk}/restore/")
    assert response.status_code == 302
    assert services.export_event(event) == kept.data
    assert all(g.result is None for g in Game.objects.filter(round__event=event, round__number=2))
    assert event.players.get(archive_id=me.archive_id).pk == me.pk  # phones keep their "this is me"
    entry = AuditEntry.objects.get(event=event, action="snapshot.restored")
    assert entry.after["snapshot"] == kept.pk

    undo = event.snapshots.get(reason="Before restoring “Round 2 paired”")
    assert undo.data == latest
    services.restore_snapshot(undo, actor=actor(event.owner))
    assert services.export_event(event) == latest
    services.pair_round(event, actor=actor(event.owner), seed=3)  # the event goes on from the restore


def test_restoring_to_registration_removes_later_players_and_rounds(event):
    register(event, 4)
    services.start_event(event, actor=actor(event.owner), rounds=2)
    services.take_snapshot(event, actor=actor(event.owner))
    taken = event.snapshots.get()
    services.register_players(event, "Late Comer", actor=actor(event.owner))
    services.pair_round(event, actor=actor(event.owner), seed=1)
    services.restore_snapshot(taken, actor=actor(event.owner))
    event.refresh_from_db()
    assert services.export_event(event) == taken.data
    assert event.rounds.count() == 0 and not event.players.filter(name="Late Comer").exists()


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


# The audit log ---------------------------------------------------------------------------------------


def test_a_correction_shows_both_versions_on_the_result_page(event, as_owner):
    run_event(event, 4, 1)
    game = Game.objects.filter(round__event=event).first()
    services.record_result(game, WIN_B, actor=actor(event.owner), expected_version=game.version)
    page = as_owner.get(f"/events/{event.slug}/games/{game.pk}/result/").content.decode()
    history = page[page.index("Versions of this result"):]
    assert history.index("Version 1") < history.index("Version 2")
    assert "6–0" in history and "0–6" in history


def test_the_audit_log_filters_by_kind_round_and_person(event, as_owner, staff_user):
    run_event(event, 4, 2, leave_last_open=True)
    game = open_game(event)
    services.record_result(game, WIN_A, actor=actor(staff_user, "staff"), expected_version=game.version)

    def rows(**query):
        page = as_owner.get(f"/events/{event.slug}/audit/", query).content.decode()
        return re.findall(r"<td><strong>([a-z.]+)</strong>", page)

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
    assert last.count("<strong>players.registered</strong>") == 120 - 100
