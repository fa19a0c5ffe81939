"""The public pages' one decorator: its layers and their order (events/pages/public.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.pages.public import public_page
from tests.helpers import run_event, url_patterns

POLL = {"HTTP_HX_REQUEST": "true"}
# The addresses anyone may open without a login: each wears public_page.
PUBLIC_PAGES = {
    "events:public",
    "events:public_me",
    "events:public_pairings",
    "events:public_standings",
    "events:public_round",
    "events:projector",
    "events:public_report",
    "events:sign_up",
    "events:deck_link",
    "events:public_deck",
}


def _view(request, event, actor):
    raise AssertionError("not reached in these tests")


def test_the_layers_run_language_then_poll_then_compression_then_event_then_method():
    wrapped = public_page(event_language=True, polled_region="board", compress=True)(_view)
    assert wrapped.public_layers == ("event_language", "poll:board", "gzip", "event_view", "methods:GET")
    shared = public_page(shared_region="standings")(_view)
    assert shared.public_layers == ("shared:standings", "event_view", "methods:GET")
    posted = public_page(methods=["POST", "GET"])(_view)
    assert posted.public_layers == ("event_view", "methods:GET,POST")


def test_a_page_is_either_polled_or_shared_whole():
    with pytest.raises(ValueError, match="not both"):
        public_page(polled_region="live", shared_region="pairings")


def test_every_public_address_wears_the_one_decorator():
    views = {address.name: address.callback for address in url_patterns() if address.name in PUBLIC_PAGES}
    assert set(views) == PUBLIC_PAGES
    for name, view in views.items():
        layers = getattr(view, "public_layers", None)
        assert layers is not None, f"{name} does not wear public_page"
        assert layers[-2:][0] == "event_view" and layers[-1].startswith("methods:"), name


def test_an_unchanged_poll_is_answered_before_the_event_is_loaded_and_in_the_event_s_language(client, event):
    # The order at work: the language first (so the 304's version is the page's), the poll's
    # 304 before the event row, the role and the compression.
    run_event(event, 4, 1)
    type(event).objects.filter(pk=event.pk).update(language="de")
    headers = {**POLL, "HTTP_HX_TARGET": "board", "HTTP_ACCEPT_ENCODING": "gzip"}
    etag = client.get(f"/e/{event.slug}/projector/", **headers)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/e/{event.slug}/projector/", HTTP_IF_NONE_MATCH=etag, **headers)
    assert again.status_code == 304 and again.content == b""
    assert again["Content-Language"] == "de"
    assert "Content-Encoding" not in again
    # The event's language, then its version: nothing else is read for an unchanged poll.
    assert len(queries) == 2, [q["sql"] for q in queries]


def test_a_wrong_method_is_refused_after_the_event_is_found(client, event):
    assert client.post(f"/e/{event.slug}/standings/").status_code == 405
    assert client.post("/e/no-such-event/standings/").status_code == 404


def test_the_polls_read_of_an_events_version_is_the_orms_value_in_one_query(event):
    from events.models import Event
    from events.pages.regions import read_changed_at

    with CaptureQueriesContext(connection) as queries:
        read = read_changed_at(event.slug)
    assert len(queries) == 1
    # The same aware moment as the ORM reads, to the microsecond, on SQLite (text) and PostgreSQL alike.
    assert read == Event.objects.get(pk=event.pk).changed_at and read.utcoffset() is not None
    assert read_changed_at("no-such-event") is None


def test_past_its_bound_a_process_drops_the_shared_page_kept_longest_not_every_page(monkeypatch):
    import datetime

    from events.pages import kept

    kept.forget_all()
    monkeypatch.setattr(kept, "MAX_KEPT", 3)
    moment = datetime.datetime(2026, 11, 26, tzinfo=datetime.UTC)
    for number in (1, 2, 3, 4):
        kept.remember("big", f"standings-page-{number}", "es", moment, kept.SharedPage(etag=f'"{number}"', gzip=b""))
    assert kept.remembered("big", "standings-page-1", "es", moment) is None
    assert [kept.remembered("big", f"standings-page-{n}", "es", moment).etag for n in (2, 3, 4)] == [
        '"2"',
        '"3"',
        '"4"',
    ]
    kept.forget_all()
