"""The pages of players known across events: the list, a member's page, the link on a registration's page."""

from __future__ import annotations

import datetime
import io
import json
import re

import pytest
from django.core.management import call_command

from events import services
from events.models import Member
from tests.factories import UserFactory
from tests.helpers import actor, database_state


@pytest.fixture
def registrar(db):
    user = UserFactory(username="registrar")
    call_command("registrar", "registrar", stdout=io.StringIO())
    return user


@pytest.fixture
def as_registrar(client, registrar):
    client.force_login(registrar)
    return client


def test_a_registrar_finds_and_enrols_players_and_a_coordinator_may_not(as_registrar, client, owner):
    response = as_registrar.post("/players/", {"name": "Ann Smith", "country": "FI", "public": "on"})
    member = Member.objects.get()
    assert response["Location"] == f"/players/{member.number}/"
    found = as_registrar.get("/players/", {"q": "smith"}).content.decode()
    assert f'href="/players/{member.number}/"' in found and "Finland" in found
    assert as_registrar.get("/players/", {"q": "nobody"}).content.decode().count("/players/1001/") == 0
    refused = as_registrar.post("/players/", {"name": "   "})
    assert refused.status_code == 422 and 'id="id_name_error"' in refused.content.decode()
    client.force_login(owner)  # an event's coordinator: links a registration to a number, lists no one
    assert client.get("/players/").status_code == 403
    assert client.post("/players/", {"name": "Bob"}).status_code == 403


def test_a_members_page_is_public_only_with_their_consent(client, owner, registrar):
    by = actor(owner)
    shy = services.enrol_member(name="Shy", actor=by)
    open_ = services.enrol_member(name="Open", public=True, actor=by)
    duplicate = services.enrol_member(name="Open Too", public=True, actor=by)
    services.merge_members(duplicate, number=open_.number, actor=by)
    assert client.get(f"/players/{open_.number}/").status_code == 200
    assert client.get(f"/players/{shy.number}/")["Location"].startswith("/accounts/login/")
    assert client.get("/players/999999/").status_code == 404
    # A merged number is its person's page; what was merged into it is the registrars' to see.
    assert client.get(f"/players/{duplicate.number}/")["Location"] == f"/players/{open_.number}/"
    assert "Open Too" not in client.get(f"/players/{open_.number}/").content.decode()
    client.force_login(owner)
    assert client.get(f"/players/{shy.number}/").status_code == 404
    client.force_login(registrar)
    page = client.get(f"/players/{open_.number}/").content.decode()
    assert "Open Too" in page and "Undo the merge" in page


def test_only_a_registrar_changes_merges_or_forgets(client, owner, registrar):
    by = actor(owner)
    ann, dup = services.enrol_member(name="Ann", actor=by), services.enrol_member(name="Ann S", actor=by)
    client.force_login(owner)
    before = database_state()
    assert client.post(f"/players/{dup.number}/merge/", {"number": ann.number}).status_code == 403
    assert client.post(f"/players/{dup.number}/edit/", {"name": "X"}).status_code == 403
    assert client.post(f"/players/{dup.number}/unmerge/").status_code == 403
    assert client.post(f"/players/{dup.number}/forget/").status_code == 403
    assert database_state() == before
    client.force_login(registrar)
    refused = client.post(f"/players/{dup.number}/merge/", {"number": 4242})
    assert refused.status_code == 422 and "No player has the number 4242" in refused.content.decode()
    assert client.post(f"/players/{dup.number}/merge/", {"number": ann.number})["Location"] == f"/players/{ann.number}/"
    assert Member.objects.get(pk=dup.pk).merged_into_id == ann.pk
    assert client.post(f"/players/{dup.number}/unmerge/").status_code == 302
    assert Member.objects.get(pk=dup.pk).merged_into_id is None
    assert client.post(f"/players/{dup.number}/forget/")["Location"] == "/players/"
    assert client.get(f"/players/{dup.number}/").status_code == 404


def test_a_registrations_page_links_it_by_number_or_by_a_name_confirmed(as_owner, event, owner):
    ann = services.enrol_member(name="Ann Smith", actor=actor(owner))
    [player] = services.register_players(event, "ann smith", actor=actor(owner))
    page = as_owner.get(f"/events/{event.slug}/players/{player.pk}/").content.decode()
    assert f"player number {ann.number}, Ann Smith" in " ".join(page.split())
    refused = as_owner.post(f"/events/{event.slug}/players/{player.pk}/member/", {"number": "4242"})
    assert refused.status_code == 422
    error = re.search(r'id="id_number_error">(.*?)</ul>', refused.content.decode(), re.S).group(1)
    assert "No player has the number 4242" in error
    done = as_owner.post(f"/events/{event.slug}/players/{player.pk}/member/", {"number": str(ann.number)})
    assert done["Location"] == f"/events/{event.slug}/players/{player.pk}/"
    player.refresh_from_db()
    assert player.member_id == ann.pk
    as_owner.post(f"/events/{event.slug}/players/{player.pk}/member/", {"action": "unlink"})
    player.refresh_from_db()
    assert player.member_id is None


def test_the_rankings_show_signed_out_visitors_only_those_who_agreed_and_export_all(client, owner, registrar):
    from tests.events.queries.test_rankings import _closed_event

    by = actor(owner)
    shy, known = services.enrol_member(name="Shy", actor=by), services.enrol_member(name="Open", public=True, actor=by)
    _closed_event(owner, "Club night", [shy, known], datetime.date(2026, 11, 1))
    page = client.get("/players/rankings/").content.decode()
    assert "Open" in page and "Shy" not in page and "Glicko-2" in page
    assert client.get("/players/rankings.csv")["Location"].startswith("/accounts/login/")
    client.force_login(owner)
    assert "Shy" not in client.get("/players/rankings/").content.decode()
    assert client.get("/players/rankings.csv").status_code == 403
    client.force_login(registrar)
    assert "Shy" in client.get("/players/rankings/").content.decode()
    exported = client.get("/players/rankings.csv")
    assert exported["Content-Type"].startswith("text/csv")
    lines = exported.content.decode().splitlines()
    assert lines[0] == "number,name,country,ladder_place,ladder_points,rating,deviation,provisional"
    assert {line.split(",")[1] for line in lines[1:]} == {"Shy", "Open"}
    document = json.loads(client.get("/players/rankings.json").content)
    assert document["format"] == "council-rankings/1" and document["ladder_rules"]["best_events"] == 5
    assert client.get("/players/rankings.xml").status_code == 404


def test_a_registrar_makes_a_private_link_and_the_player_following_it_links_their_registration(
    as_registrar, registrar, event
):
    member = services.enrol_member(name="Ann Smith", actor=actor(registrar))
    services.register_players(event, "Ann Smith\nBob Jones", actor=actor(event.owner))
    made = as_registrar.post(f"/players/{member.number}/link/")
    assert made.status_code == 302
    member.refresh_from_db()
    page = as_registrar.get(f"/players/{member.number}/").content.decode()
    assert f"/players/you/{member.link_token}/" in page

    from django.test import Client

    phone = Client()
    link = f"/players/you/{member.link_token}/"
    shown = phone.get(link)
    text = shown.content.decode()
    assert "no-store" in shown["Cache-Control"]
    assert "Lórien Open" in text and "registered as Ann Smith" in text and "Bob Jones" not in text
    ann = event.players.get(name="Ann Smith")
    bob = event.players.get(name="Bob Jones")
    before = database_state()
    for wrong in (str(bob.pk), "²", "9" * 30, ""):
        phone.post(link, {"player": wrong})
    assert database_state() == before
    done = phone.post(link, {"player": str(ann.pk)}, follow=True).content.decode()
    assert "Lórien Open: linked to your player number." in done
    ann.refresh_from_db()
    assert ann.member == member
    assert phone.get("/players/you/not-a-real-key-at-all/").status_code == 404


def test_only_a_registrar_makes_a_members_link(client, owner, registrar):
    member = services.enrol_member(name="Ann Smith", actor=actor(registrar))
    client.force_login(owner)
    assert client.post(f"/players/{member.number}/link/").status_code == 404
    member.refresh_from_db()
    assert member.link_token == ""
