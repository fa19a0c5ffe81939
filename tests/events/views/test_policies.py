"""The house policies an account keeps, and events made under them (events/views/policies.py)."""

from __future__ import annotations

import re

import pytest

import scoring
from events import services
from events.forms import HousePolicyForm
from events.models import Event, HousePolicy
from tests.helpers import HTMX, register

BASE = scoring.get_policy("policy-4-2001")
GOOD = {
    "base": "policy-4-2001",
    "key": "online-2024",
    "title": "Online Worlds 2024",
    "date": "2024-03-01",
    "time_two_deck": "120",
    "tiebreak_1": "number-of-wins",
    "tiebreak_2": "head-to-head",
}


def error_at(page: str, field: str) -> str:
    """The error list shown beside ``field``, as text."""
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', page, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


def test_a_new_house_policy_is_kept_and_listed_with_its_changes(as_owner, owner):
    response = as_owner.post("/policies/new/", GOOD)
    assert (response.status_code, response["Location"]) == (302, "/policies/online-2024/edit/")
    kept = HousePolicy.objects.get()
    assert (kept.owner, kept.document) == (
        owner,
        {
            "format": "council-house-policy/1",
            "key": "online-2024",
            "title": "Online Worlds 2024",
            "base": "policy-4-2001",
            "date": "2024-03-01",
            "changes": {"time_limits": {"two-deck": 120}, "tiebreaks": ["number-of-wins", "head-to-head"]},
        },
    )
    listed = as_owner.get("/policies/").content.decode()
    assert "Online Worlds 2024" in listed and "2 changes" in listed
    page = as_owner.get("/policies/online-2024/edit/").content.decode()
    assert f"Online Worlds 2024, house rule on time (in place of {BASE.time_clause})" in page
    assert "Two-deck game: 2 hours" in page


@pytest.mark.parametrize(
    "changed, field, said",
    [
        # The form's own checks.
        ({"time_two_deck": "0"}, "time_two_deck", "greater than or equal to 1"),
        ({"byes": "6, five"}, "byes", "Write whole numbers separated by commas"),
        ({"tiebreak_3": "number-of-wins"}, "tiebreak_3", "already in the order"),
        ({"ratio_1_winner": "2", "ratio_1_loser": "3"}, "ratio_1_loser", "more points than the winner"),
        ({"weakest_link_winner": "3.3", "weakest_link_loser": "2"}, "weakest_link_winner", "half points"),
        ({"weakest_link_winner": "3"}, "weakest_link_loser", "give both"),
        ({"warning_minutes": "120"}, "warning_minutes", "shortest game offered (50 minutes)"),
        # The engine's problems, shown beside the field that holds their part of the document.
        ({"key": "policy-4-2001"}, "key", "not a released policy"),
        ({"key": "Online"}, "key", "lowercase letters"),
        ({"banned_cards": "The One Ring\n" + "x" * 101}, "banned_cards", "names of at most 100 characters"),
    ],
)
def test_a_bad_value_is_refused_beside_its_field_and_nothing_is_kept(as_owner, changed, field, said):
    response = as_owner.post("/policies/new/", {**GOOD, **changed})
    assert response.status_code == 422
    assert said in error_at(response.content.decode(), field)
    assert HousePolicy.objects.count() == 0


def test_another_accounts_key_is_refused_beside_the_key(client, owner, stranger):
    services.save_house_policy(owner=owner, document={"key": "online-2024", "title": "Theirs", "base": "policy-4-2001"})
    client.force_login(stranger)
    response = client.post("/policies/new/", GOOD)
    assert response.status_code == 422
    assert "Another account keeps a house policy under the key online-2024" in error_at(
        response.content.decode(), "key"
    )
    assert HousePolicy.objects.get().title == "Theirs"


def test_editing_keeps_the_key_and_the_changes_the_form_has_no_field_for(as_owner, owner):
    rounds = [{"min_players": 2, "max_players": None, "rounds": 5, "official": True}]
    one_ring = {"three-deck": 8, "two-deck": 6}
    services.save_house_policy(
        owner=owner,
        document={
            **{k: GOOD[k] for k in ("key", "title", "base")},
            "changes": {"rounds": rounds, "one_ring_points": one_ring},
        },
    )
    page = as_owner.get("/policies/online-2024/edit/").content.decode()
    assert re.search(r'<input type="text" name="key" value="online-2024"[^>]* disabled', page)
    assert re.search(r'name="one_ring_two_deck" value="6"', page)
    edited = {**GOOD, "key": "renamed", "title": "Online Worlds 2025", "one_ring_two_deck": "6"}
    response = as_owner.post("/policies/online-2024/edit/", edited)
    assert response.status_code == 302
    kept = HousePolicy.objects.get()
    assert (kept.key, kept.title) == ("online-2024", "Online Worlds 2025")
    assert kept.document["changes"]["rounds"] == rounds
    assert kept.document["changes"]["time_limits"] == {"two-deck": 120}
    # The One Ring's points for the game types the form has no field for stay as they were.
    assert kept.document["changes"]["one_ring_points"] == one_ring


def test_a_new_policy_under_a_key_already_kept_is_refused_beside_the_key(as_owner):
    assert as_owner.post("/policies/new/", GOOD).status_code == 302
    again = as_owner.post("/policies/new/", {**GOOD, "title": "Something else"})
    assert again.status_code == 422
    assert "open it to change it" in error_at(again.content.decode(), "key")
    assert HousePolicy.objects.get().title == "Online Worlds 2024"


def test_another_accounts_house_policy_is_not_found(client, owner, stranger):
    services.save_house_policy(owner=owner, document={"key": "club", "title": "Club", "base": "policy-4-2001"})
    client.force_login(stranger)
    assert client.get("/policies/club/edit/").status_code == 404
    assert client.post("/policies/club/edit/", {**GOOD, "key": "club"}).status_code == 404


def test_the_event_form_offers_the_house_policy_and_its_panel_lists_the_house_rules(as_owner):
    as_owner.post("/policies/new/", GOOD)
    page = as_owner.get("/events/new/?policy=online-2024").content.decode()
    assert '<optgroup label="House policies">' in page
    assert re.search(r'<option value="online-2024"[^>]*selected>Online Worlds 2024</option>', page)
    assert "House rules" in page and "Two-deck game: 2 hours" in page
    preview = as_owner.get(
        "/events/new/policy/", {"policy": "online-2024", "game_type": "two-deck", "expected_players": "8"}, **HTMX
    ).content.decode()
    assert "2 hours a game" in preview
    assert f"Online Worlds 2024, house rule on tie-breakers (in place of {BASE.tiebreak_clause})" in preview


def test_an_event_under_the_house_policy_cites_its_house_rules_on_the_desk_and_the_standings(as_owner):
    as_owner.post("/policies/new/", GOOD)
    response = as_owner.post(
        "/events/new/",
        {
            "name": "Online Worlds",
            "policy": "online-2024",
            "game_type": "two-deck",
            "format": "general-opponent",
            "tie_resolution": "playoff",
            "first_round_pairing": "random",
        },
    )
    event = Event.objects.get(name="Online Worlds")
    assert response["Location"] == f"/events/{event.slug}/"
    assert event.policy_document["key"] == "online-2024"
    register(event, 4)
    desk = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert "Online Worlds 2024 (built" in desk and BASE.title in desk
    assert "House rules: 2 changes to the base text" in desk
    assert f"Online Worlds 2024, house rule on time (in place of {BASE.time_clause})" in desk
    assert "<strong>2 Swiss rounds</strong> of 2 hours" in desk
    standings = as_owner.get(f"/events/{event.slug}/standings/").content.decode()
    assert f"Online Worlds 2024, house rule on tie-breakers (in place of {BASE.tiebreak_clause})" in standings
    # Its settings page offers the house policy still, chosen.
    settings = as_owner.get(f"/events/{event.slug}/settings/").content.decode()
    assert re.search(r'<option value="online-2024"[^>]*selected>', settings)


@pytest.mark.parametrize(
    "path, field",
    [
        ("changes.time_limits.two-deck", "time_two_deck"),
        ("changes.time_limits", "game_types"),
        ("changes.ratio_points[2][1]", "ratio_1_loser"),
        ("changes.ratio_points[1][0]", "ratio_15_winner"),
        ("changes.ratio_points", "ratio_2_winner"),
        ("changes.weakest_link_points[1]", "weakest_link_loser"),
        ("changes.one_ring_points.two-deck", "one_ring_two_deck"),
        ("changes.tiebreaks[0]", "tiebreak_1"),
        ("changes.banned_cards[3]", "banned_cards"),
        ("key", "key"),
        ("changes.rounds[0].rounds", None),
    ],
)
def test_each_path_the_engine_names_is_shown_at_the_field_that_holds_it(path, field):
    form = HousePolicyForm()
    assert form.field_of(path) == field
    assert field is None or field in form.fields


def test_the_policy_preview_shows_no_other_accounts_house_policy(client, owner, stranger):
    services.save_house_policy(
        owner=owner, document={"key": "club", "title": "Club Secret Rules", "base": "policy-4-2001", "changes": {}}
    )
    address = "/events/new/policy/?policy=club&game_type=two-deck&expected_players=8"
    assert "Club Secret Rules" not in client.get(address, **HTMX).content.decode()
    client.force_login(stranger)
    assert "Club Secret Rules" not in client.get(address, **HTMX).content.decode()
    refused = client.post("/events/new/", {"name": "Borrowed", "policy": "club", "game_type": "two-deck"})
    assert refused.status_code == 422 and "Club Secret Rules" not in refused.content.decode()
    client.force_login(owner)
    assert "Club Secret Rules" in client.get(address, **HTMX).content.decode()


def test_fan_set_codes_are_read_in_capitals_and_an_unknown_one_is_refused_beside_them(as_owner):
    refused = as_owner.post("/policies/new/", {**GOOD, "fan_sets": "fb, zz"})
    assert refused.status_code == 422 and "ZZ is not a fan set" in error_at(refused.content.decode(), "fan_sets")
    assert as_owner.post("/policies/new/", {**GOOD, "fan_sets": "fb, ne"}).status_code == 302
    assert HousePolicy.objects.get().document["changes"]["fan_sets"] == ["FB", "NE"]


def test_a_new_house_policy_may_start_from_one_that_events_post_today(as_owner):
    listed = as_owner.get("/policies/").content.decode()
    assert "/policies/new/?start=online-two-hour-rounds" in listed and "Online, two-hour rounds" in listed
    page = as_owner.get("/policies/new/?start=online-two-hour-rounds").content.decode()
    # Two hours, in the unit that reads best.
    assert re.search(r'name="time_two_deck" value="2"', page)
    assert re.search(r'<option value="hours" selected>', page)
    assert re.search(r'name="key" value="online-two-hour-rounds"', page)
    assert as_owner.get("/policies/new/?start=no-such-start").status_code == 200


def test_time_in_hours_or_days_and_the_deck_rules_become_the_documents_changes(as_owner):
    posted = {
        **GOOD,
        "time_two_deck": "3",
        "time_unit": "days",
        "end_of_time": "at-once",
        "deck_minimum": "30",
        "deck_maximum": "90",
        "sideboard": "15",
        "copies": "2",
        "creature_minimum": "0",
        "one_ring_alignments": ["hero", "fallen-wizard"],
        "excluded_sets": "ba, wh",
        "organisers_play": "never",
    }
    assert as_owner.post("/policies/new/", posted).status_code == 302
    changes = HousePolicy.objects.get().document["changes"]
    assert changes["time_limits"] == {"two-deck": 3 * 24 * 60}
    assert {k: v for k, v in changes.items() if k not in ("time_limits", "tiebreaks")} == {
        "end_of_time": "at-once",
        "deck_minimum": 30,
        "deck_maximum": 90,
        "sideboard_limits": dict.fromkeys(
            (
                "one-deck-standard",
                "two-deck",
                "three-deck",
                "campaign",
                "sealed-standard",
                "challenge-deck",
                "scenario",
            ),
            15,
        ),
        "copies": 2,
        "creature_minimum": 0,
        "one_ring_alignments": ["hero", "fallen-wizard"],
        "excluded_sets": ["BA", "WH"],
        "organisers_play": "never",
    }
    page = as_owner.get("/policies/online-2024/edit/").content.decode()
    assert "Two-deck game: 3 days" in page and re.search(r'name="time_two_deck" value="3"', page)
    assert "Play stops at once and the position is counted" in page
    assert re.search(r'name="copies" value="2"', page) and re.search(r'name="sideboard" value="15"', page)


def test_a_time_past_fourteen_days_is_refused_beside_it(as_owner):
    refused = as_owner.post("/policies/new/", {**GOOD, "time_two_deck": "15", "time_unit": "days"})
    assert refused.status_code == 422
    assert "At most 14 days." in error_at(refused.content.decode(), "time_two_deck")
    assert HousePolicy.objects.count() == 0


@pytest.mark.parametrize(
    "changed, field, said",
    [
        ({"deck_minimum": "30", "deck_maximum": "50"}, "deck_maximum", "must leave room"),
        ({"excluded_sets": "TW, XX"}, "excluded_sets", "XX is not a printed set"),
        ({"copies": "11"}, "copies", "less than or equal to 10"),
    ],
)
def test_a_bad_deck_rule_is_refused_beside_its_field(as_owner, changed, field, said):
    refused = as_owner.post("/policies/new/", {**GOOD, **changed})
    assert refused.status_code == 422 and said in error_at(refused.content.decode(), field)
    assert HousePolicy.objects.count() == 0


def test_a_policy_is_listed_with_its_versions_and_shared_with_every_coordinator(client, owner, stranger):
    client.force_login(owner)
    assert client.post("/policies/new/", {**GOOD, "shared": "on"}).status_code == 302
    assert (
        client.post("/policies/online-2024/edit/", {**GOOD, "shared": "on", "time_two_deck": "150"}).status_code == 302
    )
    page = client.get("/policies/online-2024/edit/").content.decode()
    versions = page[page.index('id="versions"') :]
    assert versions.index("Version 2, saved") < versions.index("Version 1, saved") and "by owner" in versions
    assert "shared with every coordinator here" in client.get("/policies/").content.decode()
    client.force_login(stranger)
    listed = client.get("/policies/").content.decode()
    assert "Shared by other accounts" in listed and "kept by owner" in listed
    assert "/events/new/?policy=online-2024" in listed
    assert '<option value="online-2024">Online Worlds 2024</option>' in client.get("/events/new/").content.decode()
    assert client.get("/policies/online-2024/edit/").status_code == 404
    made = {
        "name": "Borrowed",
        "policy": "online-2024",
        "game_type": "two-deck",
        "format": "general-opponent",
        "tie_resolution": "playoff",
        "first_round_pairing": "random",
    }
    assert client.post("/events/new/", made).status_code == 302
    assert Event.objects.get(name="Borrowed").rules.time_limit("two-deck") == 150


@pytest.mark.parametrize(
    "changes",
    [
        {"one_ring_alignments": []},
        {"one_ring_alignments": ["minion"]},
        {"sideboard_limits": {"two-deck": 25}},
        {"sideboard_limits": {"one-deck-starter": 10, "two-deck": 25}},
        {"sideboard_limits": {g: 15 for g in scoring.GAME_TYPES if "starter" not in g}},
        {"creature_minimum": 0, "copies": 2, "deck_maximum": 60, "excluded_sets": ["BA"]},
        {"time_limits": {"two-deck": 4320, "three-deck": 90}, "end_of_time": "current-turn"},
    ],
)
def test_editing_through_the_form_keeps_every_change_as_it_was(as_owner, owner, changes):
    document = {"format": "council-house-policy/1", "key": "club", "title": "Club", "base": "policy-4-2001"}
    services.save_house_policy(owner=owner, document={**document, "changes": changes})
    form = HousePolicyForm(document={**document, "changes": changes})
    # What a browser sends back of the form as shown: every field with a value, no box unticked.
    posted = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False or value == "" or value == []:
            continue
        posted[name] = value
    assert as_owner.post("/policies/club/edit/", posted).status_code == 302
    assert HousePolicy.objects.get().document["changes"] == changes


def test_a_sideboard_kept_by_game_type_goes_back_to_the_base_texts_when_asked(as_owner, owner):
    document = {
        "key": "club",
        "title": "Club",
        "base": "policy-4-2001",
        "changes": {"sideboard_limits": {"two-deck": 25}},
    }
    services.save_house_policy(owner=owner, document=document)
    page = as_owner.get("/policies/club/edit/").content.decode()
    assert "Two-deck game: 25" in page and 'name="sideboard_reset"' in page
    posted = {"base": "policy-4-2001", "title": "Club", "sideboard_reset": "on"}
    assert as_owner.post("/policies/club/edit/", posted).status_code == 302
    assert HousePolicy.objects.get().document["changes"] == {}


def test_one_ring_for_some_alignments_and_for_none_are_not_both_ticked(as_owner):
    refused = as_owner.post("/policies/new/", {**GOOD, "no_one_ring": "on", "one_ring_alignments": ["hero"]})
    assert refused.status_code == 422 and "not both" in error_at(refused.content.decode(), "no_one_ring")
    assert as_owner.post("/policies/new/", {**GOOD, "no_one_ring": "on"}).status_code == 302
    assert HousePolicy.objects.get().document["changes"]["one_ring_alignments"] == []
