"""The publishing pages on both sides, and the address a venue pushes to (events/views/publishing.py; issue 32)."""

from __future__ import annotations

import datetime
import gzip
import json
import re

import pytest
from django.test import Client
from django.utils import timezone

from events import services
from events.archive import publication_document
from events.models import PublishingKey, PublishingTarget
from tests.factories import EventFactory, UserFactory
from tests.helpers import actor, database_state, run_event


@pytest.fixture(autouse=True)
def publishing_allowed(settings):
    # A server on PostgreSQL publishes nowhere unless told (council/settings.py); these tests publish from either.
    settings.COUNCIL_PUBLISHING_OUT = True


@pytest.fixture
def venue(event):
    run_event(event, 6, 1, leave_last_open=True)
    return event


@pytest.fixture
def host(db):
    return UserFactory(username="host")


@pytest.fixture
def hosted(host):
    return EventFactory(owner=host, name="Followed from afar", slug="followed")


def issued_key(client, event) -> str:
    page = client.post(f"/events/{event.slug}/publishing/keys/", follow=True).content.decode()
    return re.search(r'<textarea id="issued-key"[^>]*>([^<]+)</textarea>', page).group(1)


def push(client, key, document, **headers):
    body = gzip.compress(json.dumps(document).encode())
    return client.post(
        "/publish/",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
        HTTP_CONTENT_ENCODING="gzip",
        **headers,
    )


def test_a_wrong_address_or_key_is_said_next_to_its_field_and_nothing_is_saved(as_owner, venue):
    url = f"/events/{venue.slug}/publishing/"
    refused = as_owner.post(url, {"address": "ftp://council.example.org", "key": "my key"})
    page = refused.content.decode()
    assert refused.status_code == 422
    assert "such as https://council.example.org" in page.split('id="id_address_error"')[1].split("</ul>")[0]
    assert not PublishingTarget.objects.exists()


def test_the_desk_says_how_publishing_stands_and_its_status_polls_alone(as_owner, venue):
    url = f"/events/{venue.slug}/publishing/"
    made = as_owner.post(url, {"address": "https://hosted.example.org/", "key": "council-pub-abc123"})
    assert made.status_code == 302
    desk = as_owner.get(f"/events/{venue.slug}/").content.decode()
    # In a live region that stays while the status inside it is polled.
    assert re.search(r'<div role="status">\s*<div id="publishing-status"', desk)
    assert "Not yet published to hosted.example.org;" in desk.split('id="publishing-status"')[1].split("</div>")[0]

    PublishingTarget.objects.filter(event=venue).update(
        failing_since=timezone.now() - datetime.timedelta(minutes=7), failures=9, last_error="TimeoutError: timed out"
    )
    region = as_owner.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="publishing-status")
    text = region.content.decode()
    assert text.lstrip().startswith('<div id="publishing-status"') and "<h1" not in text
    assert 'hx-swap="outerHTML" class="bad"' in text and "has been failing for 7" in text
    assert "changes waiting. Council keeps trying; nothing entered here is lost." in text
    assert "TimeoutError: timed out" in text

    revision = venue.__class__.objects.get(pk=venue.pk).revision
    PublishingTarget.objects.filter(event=venue).update(
        failing_since=None, published_revision=revision, published_at=timezone.now() - datetime.timedelta(minutes=2)
    )
    calm = as_owner.get(f"/events/{venue.slug}/").content.decode()
    assert "Published to hosted.example.org 2\xa0minutes ago;" in calm and "every change is published." in calm


def test_an_address_in_clear_is_warned_of(as_owner, venue):
    services.start_publishing(venue, address="http://scores.example.org", key="council-pub-a", actor=actor(venue.owner))
    assert "travel unencrypted" in as_owner.get(f"/events/{venue.slug}/publishing/").content.decode()


def test_a_key_is_shown_once_and_the_copy_refuses_changes_here(client, host, hosted):
    client.force_login(host)
    key = issued_key(client, hosted)
    assert key.startswith("council-pub-")
    again = client.get(f"/events/{hosted.slug}/publishing/").content.decode()
    assert key not in again and f"…{key[-4:]}" in again
    desk = client.get(f"/events/{hosted.slug}/").content.decode()
    assert "read-only here" in desk and f'action="/events/{hosted.slug}/players/"' not in desk
    refused = client.post(f"/events/{hosted.slug}/players/", {"names": "Intruder"})
    assert refused.status_code == 422
    assert "change it there, on the venue" in client.post(f"/events/{hosted.slug}/pair/", follow=True).content.decode()
    assert not hosted.players.exists()


def test_a_push_is_taken_under_its_key_and_the_public_page_follows(client, host, hosted, venue):
    client.force_login(host)
    key = issued_key(client, hosted)
    document, revision = publication_document(venue, "laptop-0001")
    taken = push(Client(), key, document)
    assert taken.status_code == 200
    assert taken.json()["status"] == "published" and taken.json()["sequence"] == revision
    assert push(Client(), key, document).json()["status"] == "held already"
    public = Client().get(f"/e/{hosted.slug}/pairings/").content.decode()
    assert "Player 01" in public and "Round 1" in public
    assert (
        "Followed from afar: the venue publishes every change here"
        in Client().get(f"/e/{hosted.slug}/").content.decode()
    )
    assert PublishingKey.objects.get(event=hosted).pushes == 1


@pytest.mark.parametrize(
    ("headers", "body", "status"),
    [
        ({}, b"{}", 401),
        ({"HTTP_AUTHORIZATION": "Basic abc"}, b"{}", 401),
        ({"HTTP_AUTHORIZATION": "Bearer council-pub-unknown"}, b"{}", 401),
        ({"HTTP_AUTHORIZATION": "Bearer council-pub-unknown", "HTTP_CONTENT_ENCODING": "gzip"}, b"not gzip", 401),
        ({"HTTP_AUTHORIZATION": "Bearer KEY"}, b"not json", 400),
        ({"HTTP_AUTHORIZATION": "Bearer KEY", "HTTP_CONTENT_ENCODING": "gzip"}, b"not gzip", 400),
        ({"HTTP_AUTHORIZATION": "Bearer KEY", "HTTP_CONTENT_ENCODING": "gzip"}, gzip.compress(b" " * 9_000_000), 413),
        ({"HTTP_AUTHORIZATION": "Bearer KEY"}, b'{"format": "council-publish/1"}', 400),
        ({"HTTP_AUTHORIZATION": "Bearer KEY"}, b'{"format": "council-publish/1", "source": "s" , "sequence": 1}', 400),
        ({"HTTP_AUTHORIZATION": "Bearer KEY"}, b"[" * 5000 + b"]" * 5000, 400),
    ],
)
def test_an_odd_push_is_refused_in_json_and_changes_nothing(client, host, hosted, headers, body, status):
    client.force_login(host)
    key = issued_key(client, hosted)
    headers = {name: value.replace("KEY", key) for name, value in headers.items()}
    before = database_state()
    answer = Client().post("/publish/", body, content_type="application/json", **headers)
    assert answer.status_code == status
    assert answer.json()["error"]
    assert database_state() == before


def test_a_refused_archive_is_named_by_its_field(client, host, hosted, venue):
    client.force_login(host)
    key = issued_key(client, hosted)
    document, _revision = publication_document(venue, "laptop-0001")
    document["archive"]["players"][0]["name"] = ""
    answer = push(Client(), key, document)
    assert answer.status_code == 400 and "players[0].name" in answer.json()["error"]
