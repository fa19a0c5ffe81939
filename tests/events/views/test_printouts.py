"""Printed pairings, slips and tournament cards (events/views/printouts.py)."""

from __future__ import annotations

import re

from tests.factories import EventFactory
from tests.helpers import open_game, run_event


def test_pairings_printout_lists_by_table_and_by_name_with_the_qr_code(as_owner, event):
    run_event(event, 5, 1)
    text = as_owner.get(f"/events/{event.slug}/print/pairings/").content.decode()
    assert "by table" in text and "players by name" in text and "<svg viewBox=" in text
    by_name = text.split("players by name")[1]
    names = re.findall(r"<tr><td>(Player \d+)</td>", by_name)
    assert names == sorted(names) and len(names) == 5


def test_result_slips_follow_the_policy_and_the_game_type(as_owner, owner):
    p1 = run_event(EventFactory(owner=owner, slug="p1", policy="policy-1-1996"), 4, 1)
    text = as_owner.get(f"/events/{p1.slug}/print/slips/").content.decode()
    assert text.count('class="slip"') == 2 and "Weakest Link" in text and "Wizard eliminated" in text
    p4 = run_event(EventFactory(owner=owner, slug="p4", policy="policy-4-2001"), 4, 1)
    text = as_owner.get(f"/events/{p4.slug}/print/slips/").content.decode()
    assert "Weakest Link" not in text and "Wizard eliminated" not in text and "One Ring" in text


def test_tournament_cards_have_a_line_for_every_planned_round(as_owner, event):
    run_event(event, 4, 1)  # 2 rounds planned, 1 played
    text = as_owner.get(f"/events/{event.slug}/print/cards/").content.decode()
    assert text.count('class="player-card"') == 4
    assert text.count('class="to-fill"') == 4


def test_slips_carry_the_codes_only_when_players_report(reporting, as_owner):
    game = open_game(reporting)
    slips = as_owner.get(f"/events/{reporting.slug}/print/slips/").content.decode()
    assert game.code_a in slips and game.code_b in slips and f"/e/{reporting.slug}/report/" in slips
    reporting.players_report = False
    reporting.save()
    slips = as_owner.get(f"/events/{reporting.slug}/print/slips/").content.decode()
    assert game.code_a not in slips and "Report code" not in slips
