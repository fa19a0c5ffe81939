"""Publishing from a venue to a hosted copy, in one process (events/services/publishing.py, hosted_copies.py;
issue 32).

The venue's event and the hosted copy live in one test database here; the two real
servers, with the link cut and restored, are tests/test_publishing_servers.py.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from events import services
from events.archive import event_archive, publication_document
from events.management.commands.run_jobs import publish_once
from events.models import AuditEntry, Event, Member, PublishingKey, PublishingTarget
from events.models.publishing import key_digest
from events.publishing_client import PushOutcome
from events.queries.publishing import publishing_status
from events.services import ServiceError
from events.services.hosted_copies import PushRefused
from events.services.publishing import retry_after
from tests.factories import EventFactory, UserFactory
from tests.helpers import actor, database_state, open_game, register, run_event


@pytest.fixture(autouse=True)
def publishing_allowed(settings):
    # A server on PostgreSQL publishes nowhere unless told (council/settings.py); these tests publish from either.
    settings.COUNCIL_PUBLISHING_OUT = True


@pytest.fixture
def venue(owner):
    """An event at a venue: eight players, round 1 played, round 2 paired with one game open."""
    event = EventFactory(owner=owner, name="Lucca Open", slug="lucca-open")
    run_event(event, 8, 2, leave_last_open=True)
    return event


@pytest.fixture
def host(db):
    return UserFactory(username="host")


@pytest.fixture
def hosted(host):
    """The hosted site's event that will follow the venue's, and its key."""
    event = EventFactory(owner=host, name="Lucca Open (hosted)", slug="lucca-open-hosted")
    _row, key = services.issue_publishing_key(event, actor=actor(host))
    event.refresh_from_db()
    return event, key


def sent(venue, source="laptop-one-0001"):
    document, _revision = publication_document(venue, source)
    return document


def comparable(event: Event) -> dict:
    return event_archive(Event.objects.get(pk=event.pk))


def test_a_key_is_shown_once_kept_as_its_digest_and_makes_the_event_a_read_only_copy(hosted, host):
    event, key = hosted
    row = PublishingKey.objects.get(event=event)
    assert key.startswith("council-pub-") and len(key) > 40
    assert row.digest == key_digest(key) and key not in repr(PublishingKey.objects.values_list())
    assert event.hosted_copy
    with pytest.raises(ServiceError, match="change it there"):
        register(event, 2)
    assert AuditEntry.objects.filter(event=event, action="publishing.key_issued", subject=f"…{key[-4:]}").exists()


def test_an_event_with_rounds_of_its_own_is_not_given_a_key(venue, owner):
    with pytest.raises(ServiceError, match="rounds of its own"):
        services.issue_publishing_key(venue, actor=actor(owner))
    assert not PublishingKey.objects.exists()


def test_a_push_makes_the_copy_the_venues_event_and_the_same_push_again_changes_nothing(venue, hosted):
    event, key = hosted
    received = services.receive_publication(key, sent(venue))
    assert received.applied
    assert comparable(event) == comparable(venue)
    entries = AuditEntry.objects.filter(event=event).count()
    again = services.receive_publication(key, sent(venue))
    assert not again.applied and again.sequence == received.sequence
    assert AuditEntry.objects.filter(event=event).count() == entries


def test_a_late_push_is_ignored_and_a_later_one_carries_everything_since(venue, hosted, owner):
    event, key = hosted
    early = sent(venue)
    game = open_game(venue)
    services.record_result(game, {"kind": "council", "mp": [3, 25]}, actor=actor(owner), expected_version=game.version)
    later = sent(venue)
    assert later["sequence"] == early["sequence"] + 1
    services.receive_publication(key, later)
    assert not services.receive_publication(key, early).applied, "overtaken by the later one"
    assert comparable(event) == comparable(venue)


def test_a_push_from_a_new_source_is_taken_whole_whatever_its_sequence(venue, hosted):
    event, key = hosted
    services.receive_publication(key, sent(venue, "laptop-one-0001"))
    fresh = sent(venue, "laptop-two-0002")
    fresh["sequence"] = 1
    assert services.receive_publication(key, fresh).applied
    assert PublishingKey.objects.get(event=event).last_source == "laptop-two-0002"


def test_a_revoked_or_unknown_key_is_refused_and_nothing_changes(venue, hosted, host):
    event, key = hosted
    services.revoke_publishing_key(event, PublishingKey.objects.get(event=event).pk, actor=actor(host))
    before = database_state()
    for wrong in (key, key + "x"):
        with pytest.raises(PushRefused) as refused:
            services.receive_publication(wrong, sent(venue))
        assert refused.value.status == 401
    assert database_state() == before


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["archive"]["players"][1].update(name=d["archive"]["players"][0]["name"].upper()), "read"),
        (lambda d: d["archive"]["rounds"][0]["games"][0].update(result={"kind": "nonsense"}), "rounds"),
        (lambda d: d.update(format="council-archive/3"), "council-publish/1"),
        (lambda d: d.update(sequence="7"), "sequence"),
        (lambda d: d.update(time_zone="Mars/Olympus"), "time_zone"),
        (lambda d: d.update(clock={"round": 9, "state": "running", "ends_at": 1e9}), "clock.round"),
        (lambda d: d.update(clock={"round": 1, "state": "paused", "remaining": float("nan")}), "clock.remaining"),
    ],
)
def test_a_push_is_checked_as_an_import_is_and_a_refused_one_writes_nothing(venue, hosted, change, said):
    _event, key = hosted
    document = sent(venue)
    change(document)
    before = database_state()
    with pytest.raises(PushRefused, match=said) as refused:
        services.receive_publication(key, document)
    assert refused.value.status == 400
    assert database_state() == before


def test_the_clock_and_the_time_zone_go_with_the_push(venue, hosted, owner):
    event, key = hosted
    venue.time_zone = "Europe/Rome"
    venue.save()
    services.start_clock(venue.latest_round(), actor=actor(owner))
    services.receive_publication(key, sent(venue))
    event.refresh_from_db()
    there, here = venue.latest_round(), event.latest_round()
    assert here.clock_state == "running"
    assert abs((here.clock_ends_at - there.clock_ends_at).total_seconds()) < 2
    assert event.time_zone == "Europe/Rome"


def test_a_running_clock_is_sent_as_time_left_so_a_laptops_wrong_clock_does_not_matter(venue, hosted):
    event, key = hosted
    document = sent(venue)
    document["clock"] = {"round": 2, "state": "running", "remaining": 600}
    services.receive_publication(key, document)
    ends_at = event.rounds.get(number=2).clock_ends_at
    assert abs((ends_at - timezone.now()).total_seconds() - 600) < 5


def test_a_push_still_on_its_way_from_a_source_entered_before_is_not_taken(venue, hosted, owner):
    event, key = hosted
    services.receive_publication(key, sent(venue, "laptop-first-0001"))
    old = sent(venue, "laptop-first-0001")
    old["sequence"] += 1  # a later push of the first source, sent as the address and key were entered again
    game = open_game(venue)
    services.record_result(game, {"kind": "council", "mp": [20, 0]}, actor=actor(owner), expected_version=game.version)
    services.receive_publication(key, sent(venue, "laptop-second-002"))
    assert not services.receive_publication(key, old).applied, "it would put the copy back"
    assert comparable(event) == comparable(venue)


def test_a_key_is_not_issued_for_an_event_published_from_here_or_in_a_gathering(owner, host):
    published = EventFactory(owner=owner, name="Published", slug="published")
    services.start_publishing(published, address="https://h.example.org", key="council-pub-x", actor=actor(owner))
    with pytest.raises(ServiceError, match="published from here"):
        services.issue_publishing_key(published, actor=actor(owner))
    gathering = services.create_gathering(owner=host, name="Weekend")
    side = EventFactory(owner=host, name="Side", slug="side", gathering=gathering)
    with pytest.raises(ServiceError, match="out of its gathering"):
        services.issue_publishing_key(side, actor=actor(host))
    assert not PublishingKey.objects.exists()


def test_player_numbers_linked_on_the_hosted_copy_outlast_every_push(venue, hosted, owner, host):
    event, key = hosted
    services.receive_publication(key, sent(venue))
    member = services.enrol_member(name="Player 01", country="IT", public=True, actor=actor(host))
    player = event.players.get(name="Player 01")
    services.link_registration(player, number=member.number, actor=actor(host))
    game = open_game(venue)
    services.record_result(game, {"kind": "council", "mp": [20, 0]}, actor=actor(owner), expected_version=game.version)
    services.receive_publication(key, sent(venue))
    assert event.players.get(name="Player 01").member == Member.objects.get(number=member.number)


def test_a_copy_run_here_from_now_on_takes_changes_and_no_more_pushes(venue, hosted, host):
    event, key = hosted
    services.receive_publication(key, sent(venue))
    services.run_copy_here(event, actor=actor(host))
    event.refresh_from_db()
    assert not event.hosted_copy
    with pytest.raises(PushRefused):
        services.receive_publication(key, sent(venue))
    game = open_game(event)
    services.record_result(game, {"kind": "council", "mp": [20, 0]}, actor=actor(host), expected_version=game.version)


# The venue's side.


@pytest.mark.parametrize(
    ("address", "key", "field"),
    [
        ("council example org", "council-pub-abc", "address"),
        ("ftp://council.example.org", "council-pub-abc", "address"),
        ("https://anna:secret@council.example.org", "council-pub-abc", "address"),
        ("https://council.example.org/?next=1", "council-pub-abc", "address"),
        ("https://council.example.org", "abc", "key"),
        ("https://council.example.org", "council-pub-abc def", "key"),
    ],
)
def test_an_address_or_key_of_the_wrong_shape_is_refused_next_to_its_field(venue, owner, address, key, field):
    with pytest.raises(ServiceError) as refused:
        services.start_publishing(venue, address=address, key=key, actor=actor(owner))
    assert refused.value.field == field
    assert not PublishingTarget.objects.exists()


def test_publishing_is_refused_where_the_server_publishes_nowhere(venue, owner, settings):
    settings.COUNCIL_PUBLISHING_OUT = False
    with pytest.raises(ServiceError, match="does not publish"):
        services.start_publishing(venue, address="https://h.example.org", key="council-pub-x", actor=actor(owner))


def test_a_bare_host_is_reached_over_https(venue, owner):
    target = services.start_publishing(venue, address="council.example.org", key="council-pub-a", actor=actor(owner))
    assert target.address == "https://council.example.org"


def test_the_key_is_kept_out_of_the_audit_log(venue, owner):
    services.start_publishing(venue, address=" https://h.example.org/ ", key=" council-pub-secret ", actor=actor(owner))
    target = PublishingTarget.objects.get(event=venue)
    assert (target.address, target.key) == ("https://h.example.org", "council-pub-secret")
    assert "secret" not in repr(AuditEntry.objects.filter(event=venue).values_list())


class Link:
    """The network between the venue and the hosted site, in one process: up, it hands each push to the hosted
    service as the push address does; down, every push fails as a cut cable does."""

    def __init__(self):
        self.up = True
        self.pushes = 0

    def __call__(self, address, key, document, *, language="en"):
        self.pushes += 1
        if not self.up:
            return PushOutcome(ok=False, detail="ConnectionRefusedError: [Errno 111] Connection refused")
        try:
            services.receive_publication(key, document)
        except PushRefused as refused:
            return PushOutcome(
                ok=False, status=refused.status, detail=refused.message, key_refused=refused.status == 401
            )
        return PushOutcome(ok=True, status=200)


@pytest.fixture
def link(monkeypatch):
    found = Link()
    monkeypatch.setattr("events.management.commands.run_jobs.push", found)
    return found


def status(venue, now=None):
    return publishing_status(venue, now or timezone.now())


def due_now(venue):
    # The job's next try waits for its time: move it to now, as time passing would.
    PublishingTarget.objects.filter(event=venue).update(next_attempt_at=None)


def test_the_job_publishes_each_change_keeps_trying_while_the_link_is_down_and_catches_up(venue, hosted, owner, link):
    event, key = hosted
    services.start_publishing(venue, address="https://hosted.example.org", key=key, actor=actor(owner))
    assert status(venue).waiting >= 1 and status(venue).published_at is None
    assert publish_once() == (1, 0)
    assert status(venue).waiting == 0 and comparable(event) == comparable(venue)
    assert publish_once() == (0, 0), "nothing new: nothing pushed"

    link.up = False
    game = open_game(venue)
    services.record_result(game, {"kind": "council", "mp": [12, 12]}, actor=actor(owner), expected_version=game.version)
    assert publish_once() == (0, 1)
    shown = status(venue)
    assert shown.waiting == 1 and shown.retrying and not shown.failing
    earlier = venue.rounds.get(number=1).games.order_by("table").first()
    services.record_result(
        earlier, {"kind": "council", "mp": [0, 30]}, actor=actor(owner), expected_version=earlier.version
    )
    assert publish_once() == (0, 0), "the next try waits its time"
    later = status(venue, timezone.now() + datetime.timedelta(minutes=2))
    assert later.failing and later.waiting == 2 and "Connection refused" in later.last_error
    due_now(venue)
    assert publish_once() == (0, 1)
    assert PublishingTarget.objects.get(event=venue).failures == 2

    link.up = True
    due_now(venue)
    assert publish_once() == (1, 0)
    shown = status(venue)
    assert (shown.waiting, shown.failing_since, shown.failing) == (0, None, False)
    assert comparable(event) == comparable(venue)
    hosted_games = sorted(event_archive(event)["rounds"][1]["games"], key=lambda g: g["table"])
    assert len(hosted_games) == 4 and all(g["result"] for g in hosted_games), "nothing lost, nothing doubled"


def test_a_refused_key_is_said_loudly_until_a_new_one_is_entered(venue, hosted, owner, host, link):
    event, key = hosted
    services.start_publishing(venue, address="https://hosted.example.org", key=key, actor=actor(owner))
    services.revoke_publishing_key(event, PublishingKey.objects.get(event=event).pk, actor=actor(host))
    assert publish_once() == (0, 1)
    shown = status(venue)
    assert shown.key_refused and shown.failing
    due_now(venue)
    assert publish_once() == (0, 0), "a refused key is not tried again"
    _row, new_key = services.issue_publishing_key(event, actor=actor(host))
    services.start_publishing(venue, address="https://hosted.example.org", key=new_key, actor=actor(owner))
    assert publish_once() == (1, 0)
    assert not status(venue).failing and comparable(event) == comparable(venue)


def test_a_job_whose_claim_expired_records_nothing(venue, hosted, owner):
    _event, key = hosted
    services.start_publishing(venue, address="https://hosted.example.org", key=key, actor=actor(owner))
    slow = services.claim_publication()
    later = timezone.now() + datetime.timedelta(minutes=3)
    quick = services.claim_publication(now=later)
    assert quick is not None, "the slow job's claim expired"
    services.mark_published(quick, 7)
    services.mark_publish_failed(slow, "TimeoutError: timed out")
    target = PublishingTarget.objects.get(event=venue)
    assert (target.published_revision, target.failures, target.last_error) == (7, 0, "")


def test_tries_wait_longer_each_time_up_to_the_setting(settings):
    settings.COUNCIL_PUBLISH_RETRY_SECONDS = 60
    assert [retry_after(n).total_seconds() for n in (1, 2, 3, 5, 6, 30)] == [2, 4, 8, 32, 60, 60]


def test_the_revision_is_read_before_the_rows_so_a_push_never_claims_more_than_it_carries(venue):
    document, revision = publication_document(venue, "laptop-one-0001")
    assert document["sequence"] == revision == Event.objects.get(pk=venue.pk).revision
    assert document["archive"] == event_archive(venue)
