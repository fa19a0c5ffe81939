"""Printed pairings, slips and tournament cards (events/views/printouts.py)."""

from __future__ import annotations

import html
import re

from events import services
from tests.factories import EventFactory
from tests.helpers import actor, open_game, run_event


def test_pairings_printout_lists_by_table_and_by_name_with_the_qr_code(as_owner, event):
    run_event(event, 5, 1)
    text = as_owner.get(f"/events/{event.slug}/print/pairings/").content.decode()
    assert "by table" in text and "players by name" in text and "<svg viewBox=" in text
    by_name = text.split("players by name")[1]
    names = re.findall(r"<tr><td>(Player \d+)</td>", by_name)
    assert names == sorted(names) and len(names) == 5


def test_result_slips_follow_the_policy_and_the_game_type(as_owner, owner):
    p1 = run_event(EventFactory(owner=owner, slug="p1", policy="policy-1-1996", format="single-deck"), 4, 1)
    text = as_owner.get(f"/events/{p1.slug}/print/slips/").content.decode()
    assert text.count('class="slip"') == 2 and "Weakest Link" in text and "Wizard eliminated" in text
    p4 = run_event(EventFactory(owner=owner, slug="p4", policy="policy-4-2001"), 4, 1)
    text = as_owner.get(f"/events/{p4.slug}/print/slips/").content.decode()
    assert "Weakest Link" not in text and "Wizard eliminated" not in text and "One Ring" in text


def test_the_printed_result_slip_has_a_box_for_a_tie_where_the_policy_has_ties(as_owner, owner):
    # Policy #1 and Version 3: both avatars eliminated at once; Policy Number 4: equal MP only.
    p1 = run_event(EventFactory(owner=owner, slug="p1", policy="policy-1-1996", format="single-deck"), 4, 1)
    text = as_owner.get(f"/events/{p1.slug}/print/slips/").content.decode()
    assert text.count("tie: both avatars eliminated at once") == 2 and "every character corrupted away" in text
    p4 = run_event(EventFactory(owner=owner, slug="p4", policy="policy-4-2001"), 4, 1)
    text = as_owner.get(f"/events/{p4.slug}/print/slips/").content.decode()
    assert text.count("tie: equal MP") == 2 and "both avatars" not in text


def test_tournament_cards_have_a_line_for_every_planned_round(as_owner, event):
    run_event(event, 4, 1)  # 2 rounds planned, 1 played
    text = as_owner.get(f"/events/{event.slug}/print/cards/").content.decode()
    assert text.count('class="player-card"') == 4
    assert text.count('class="to-fill"') == 4


def test_a_shared_slip_carries_no_code_and_each_player_gets_their_own(reporting, as_owner):
    """Issue 28: a code that confirms a player's side reaches that player alone."""
    game = open_game(reporting)
    slips = as_owner.get(f"/events/{reporting.slug}/print/slips/").content.decode()
    assert game.code_a not in slips and game.code_b not in slips and f"/e/{reporting.slug}/report/" in slips
    codes = as_owner.get(f"/events/{reporting.slug}/print/codes/").content.decode()
    every_code = [code for g in reporting.latest_round().games.all() for code in (g.code_a, g.code_b)]
    assert re.findall(r'<strong class="slip-code" translate="no">(\w+)</strong>', codes) == every_code
    own_slips = codes.split('<div class="slip code-slip">')[1:]
    assert len(own_slips) == len(every_code)
    assert all(sum(code in slip for code in every_code) == 1 for slip in own_slips)  # one code per slip
    reporting.players_report = False
    reporting.save()
    assert as_owner.get(f"/events/{reporting.slug}/print/codes/").status_code == 404


def test_a_coordinator_who_plays_is_not_printed_their_own_tables_codes(reporting, as_owner, staff_user):
    services.name_arbiter(reporting, actor=actor(reporting.owner), user_id=staff_user.pk)
    mine = open_game(reporting)
    mine.player_a.account = reporting.owner
    mine.player_a.save()
    codes = as_owner.get(f"/events/{reporting.slug}/print/codes/").content.decode()
    assert mine.code_a not in codes and mine.code_b not in codes
    assert codes.count("Your code is not printed here: someone who runs the event plays at this table.") == 2


def test_the_deck_registration_sheet_asks_for_what_the_format_needs(as_owner, owner):
    general = services.create_event(
        owner=owner,
        name="Two Decks",
        policy="policy-4-2001",
        game_type="two-deck",
        format="general-opponent",
        tie_resolution="playoff",
        first_round_pairing="random",
    )
    text = as_owner.get(f"/events/{general.slug}/print/deck-sheet/").content.decode()
    assert "Deck against hero opponents" in text and "Deck against minion opponents" in text
    assert "Ten cards added to the sideboard against a Fallen-wizard" in text
    assert "At most 30 cards in the sideboard." in text and "creatures among" not in text
    hero = services.create_event(
        owner=owner,
        name="Hero Only",
        policy="policy-1-1996",
        game_type="two-deck",
        format="single-deck",
        tie_resolution="playoff",
        first_round_pairing="random",
    )
    text = as_owner.get(f"/events/{hero.slug}/print/deck-sheet/").content.decode()
    assert "Deck against hero" not in text and "At least 10 creatures" in text and "At most 20 cards" in text
    assert "Fallen-wizard" not in text and "scenario" not in text
    assert (
        "If I play a Fallen-wizard, which one"
        in as_owner.get(f"/events/{general.slug}/print/deck-sheet/").content.decode()
    )
    fallen = services.create_event(
        owner=owner,
        name="Fallen Only",
        policy="policy-4-2001",
        game_type="scenario",
        format="fallen-wizard-only",
        tie_resolution="playoff",
        first_round_pairing="random",
    )
    text = html.unescape(as_owner.get(f"/events/{fallen.slug}/print/deck-sheet/").content.decode())
    assert "The Fallen-wizard I play (Alatar, Gandalf, Pallando, Radagast, Saruman)" in text
    assert "My scenario (A Hobbit's Quest; Barrels out of Bond; The King beneath the Mountains)" in text


def test_the_binder_prints_every_list_and_names_the_players_without_one(as_owner, event):
    event.format = "hero-only"
    event.save()
    ann, _bob = services.register_players(event, "Ann\nBob", actor=actor(event.owner))
    services.submit_deck_list(ann, "Hazards\n4 Orc-patrol", actor=actor(event.owner))
    text = as_owner.get(f"/events/{event.slug}/print/deck-lists/").content.decode()
    assert "4 Orc-patrol" in text and "4 copies of Orc-patrol; at most 3" in text
    assert "No list registered" in text and "Bob" in text


def test_deck_link_slips_are_printed_for_players_with_a_link_only(as_owner, event):
    ann, _bob = services.register_players(event, "Ann\nBob", actor=actor(event.owner))
    token = services.make_deck_link(ann, actor=actor(event.owner)).deck_token
    text = as_owner.get(f"/events/{event.slug}/print/deck-links/").content.decode()
    assert f"/e/{event.slug}/deck/{token}/" in text and "<strong>Ann</strong>" in text
    assert "<strong>Bob</strong>" not in text


def test_the_deck_sheet_prints_a_house_policys_numbers_and_cards_with_its_rules(as_owner, owner):
    changes = {
        "copies": 2,
        "deck_maximum": 70,
        "creature_minimum": 12,
        "one_ring_alignments": [],
        "fan_sets": ["FB"],
        "excluded_sets": ["BA"],
        "banned_cards": ["Sting"],
    }
    services.save_house_policy(
        owner=owner, document={"key": "club", "title": "Club Rules", "base": "policy-4-2001", "changes": changes}
    )
    event = services.create_event(owner=owner, name="Club Day", policy="club", game_type="two-deck")
    text = html.unescape(as_owner.get(f"/events/{event.slug}/print/deck-sheet/").content.decode())
    for said in (
        "(Policy #1, General 9)",
        "At most 2 copies of any other card.",
        "(Club Rules, house rule on copies of a card (in place of Policy #1, General 9))",
        "At most 70 cards in the play deck.",
        "At least 12 creatures among the hazards",
        "(Club Rules, house rule on creatures (added to",
        "No deck may play The One Ring.",
        "Fan sets allowed:",
        "Printed sets left out:",
        "Banned cards:",
        "(Club Rules, house rule on the cards allowed (added to",
    ):
        assert said in text
    assert re.search(r'translate="no">BA</span>', text) and re.search(r'translate="no">Sting</span>', text)
