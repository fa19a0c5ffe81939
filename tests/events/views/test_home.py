"""Creating and importing events (events/views/home.py)."""

from __future__ import annotations

import codecs
import html
import re
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

from events.models import Event
from tests.helpers import HTMX


def test_create_event_shows_the_policy_implications_and_creates(as_owner):
    page = as_owner.get("/events/new/")
    assert b"What the policy implies" in page.content
    response = as_owner.post(
        "/events/new/",
        {
            "name": "Moria Masters",
            "policy": "policy-1-1996",
            "game_type": "two-deck",
            "format": "single-deck",
            "tie_resolution": "co-champions-without-menu",
            "first_round_pairing": "random",
            "expected_players": "20",
        },
    )
    event = Event.objects.get(name="Moria Masters")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/"
    assert (event.tie_resolution, event.format) == ("co-champions-without-menu", "single-deck")


def test_the_event_form_offers_each_policys_formats_and_tie_options_and_refuses_the_others_beside_them(as_owner):
    page = as_owner.get("/events/new/").content.decode()
    assert '<optgroup label="Council of Lórien Policy #1 (1996)" lang="en">' in page
    refused = as_owner.post(
        "/events/new/",
        {
            "name": "Mixed",
            "policy": "version-3-1998",
            "game_type": "two-deck",
            "format": "single-deck",
            "tie_resolution": "co-champions",
            "first_round_pairing": "random",
        },
    )
    text = refused.content.decode()
    assert refused.status_code == 422 and not Event.objects.filter(name="Mixed").exists()
    assert 'id="id_format_error"' in text and "defines these formats only: General opponent" in text
    preview = as_owner.get("/events/new/policy/", {"policy": "policy-4-2001", "game_type": "two-deck"}).content.decode()
    assert "Co-champions only if the tied players and the coordinator agree when it happens." in preview


def test_policy_preview_fragment_gives_rounds_and_official_status(client, db):
    response = client.get(
        "/events/new/policy/", {"policy": "version-3-1998", "game_type": "two-deck", "expected_players": "5"}, **HTMX
    )
    text = response.content.decode()
    assert "<html" not in text and 'id="implications"' in text
    assert "3 for 5 players" in text
    assert "an official event needs at least 6 players" in text
    assert "80 minutes a game" in text


def test_policy_preview_of_an_event_of_pools_says_what_its_pools_do_instead_of_swiss_rounds(client, db):
    def preview(**values):
        query = {"policy": "policy-4-2001", "game_type": "two-deck", "expected_players": "16", **values}
        return " ".join(html.unescape(client.get("/events/new/policy/", query, **HTMX).content.decode()).split())

    swiss = preview(structure="swiss", pools="4", advance="2")
    assert "Swiss rounds" in swiss and "pools" not in swiss
    text = preview(structure="pools", pools="4", advance="2", elimination="single")
    assert "Swiss rounds" not in text and "points by round" not in text
    assert (
        "16 players in 4 pools of 4. Each pool plays a round robin: every player meets every other player of their "
        "pool once. Then the best 2 of each pool go on to a knockout (single elimination) of 8 players." in text
    )
    assert "None in the pools: where a pool has an odd number of players, each of them sits out one round" in text
    one = preview(structure="pools", pools="3", advance="1", elimination="double")
    assert "16 players in 3 pools of 5 or 6." in one
    assert "Then the winner of each pool goes on to a knockout (double elimination (losers' bracket" in one
    too_many = preview(structure="pools", pools="6", advance="1")
    assert "16 players make 6 pools of 2 to 3; a pool holds 3 to 8." in too_many
    unset = preview(structure="pools", pools="", advance="")
    assert "give the number of pools and how many of each go on" in unset


def test_the_event_form_asks_for_the_preview_again_when_the_structure_or_the_pools_change(as_owner):
    page = " ".join(as_owner.get("/events/new/").content.decode().split())
    for field in ("structure", "elimination", "pools", "advance"):
        assert f"from:#id_{field}" in page


def test_create_event_refusal_is_shown_next_to_the_game_type(as_owner):
    response = as_owner.post(
        "/events/new/",
        {
            "name": "Old",
            "policy": "policy-1-1996",
            "game_type": "challenge-deck",
            "format": "general-opponent",
            "tie_resolution": "playoff",
            "first_round_pairing": "random",
        },
    )
    text = response.content.decode()
    assert response.status_code == 422
    error = re.search(r'<ul class="errorlist" id="id_game_type_error"[^>]*><li>([^<]*)</li>', text)
    assert error is not None
    assert "has no challenge-deck game" in error.group(1)
    assert Event.objects.filter(name="Old").count() == 0


def test_import_of_a_broken_file_explains_next_to_the_upload(as_owner):
    upload = SimpleUploadedFile("e.json", b"{not json", content_type="application/json")
    response = as_owner.post("/events/import/", {"archive": upload})
    assert response.status_code == 422
    assert 'id="id_archive_error"' in response.content.decode() and "not a JSON file" in response.content.decode()


def test_choosing_a_policy_offers_its_own_formats_and_tie_options_in_place(client, db):
    response = client.get(
        "/events/new/policy/",
        {"policy": "policy-1-1996", "game_type": "two-deck", "format": "general-opponent", "tie_resolution": "playoff"},
        **HTMX,
    )
    text = response.content.decode()
    assert 'id="format-choice" hx-swap-oob="true"' in text and 'id="tie-choice" hx-swap-oob="true"' in text
    # Policy #1's one format is chosen in place of the later policies' general opponent.
    assert '<option value="single-deck" selected>' in text and 'value="general-opponent"' not in text
    assert 'value="co-champions-without-menu"' in text
    later = client.get(
        "/events/new/policy/",
        {"policy": "policy-4-2001", "game_type": "two-deck", "tie_resolution": "co-champions-without-menu"},
        **HTMX,
    ).content.decode()
    assert '<option value="playoff" selected>' in later and "co-champions" not in later.split('id="tie-choice"')[1]


def test_an_archive_saved_by_notepad_with_a_byte_order_mark_is_imported(as_owner):
    written = (Path(__file__).parents[3] / "docs" / "archive-example.json").read_bytes()
    upload = SimpleUploadedFile("e.json", codecs.BOM_UTF8 + written, content_type="application/json")
    response = as_owner.post("/events/import/", {"archive": upload})
    event = Event.objects.get()
    assert (response.status_code, response["Location"]) == (302, f"/events/{event.slug}/")
    assert event.players.count() == 3


def test_the_signed_in_pages_of_no_event_are_kept_by_no_cache(client, owner):
    # What a signed-in person is shown bears their name, and the home page their events.
    assert client.get("/").get("Cache-Control") is None  # nothing of anyone's on it
    client.force_login(owner)
    for address in ("/", "/events/new/", "/events/import/", "/events/new/policy/?policy=policy-4-2001"):
        assert client.get(address)["Cache-Control"] == "private, no-store", address
    assert client.post("/events/new/", {"name": ""})["Cache-Control"] == "private, no-store"
