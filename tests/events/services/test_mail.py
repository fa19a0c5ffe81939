"""E-mail to players: queued with what it tells of, reminded before an online deadline, sent once
(events/services/mail.py, events/pages/mail.py, manage.py run_jobs; issue 31)."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import override_settings

from events import services
from events.management.commands.run_jobs import run_once
from events.models import OutboxMessage
from tests.helpers import WIN_A, actor, register

ONLINE = {
    "key": "online-days",
    "title": "Online, three-day rounds",
    "base": "policy-4-2001",
    "changes": {"time_limits": {"two-deck": 3 * 24 * 60}},
}


def _with_contacts(event, count: int = 4):
    """``count`` players, the first two with addresses: Player 01 in Italian, sharing it; Player 02 not sharing."""
    players = register(event, count)
    for player, language, share in ((players[0], "it", True), (players[1], "", False)):
        player.email = f"{player.name.replace(' ', '').lower()}@example.org"
        player.online_name = f"{player.name.replace(' ', '')}Online"
        player.share_email, player.language = share, language
        player.save()
    return players


@pytest.fixture
def online_event(owner):
    services.save_house_policy(owner=owner, document=ONLINE)
    event = services.create_event(owner=owner, name="Online Cup", policy="online-days", game_type="two-deck")
    _with_contacts(event)
    services.make_deck_links(event, actor=actor(owner))
    services.start_event(event, actor=actor(owner))
    return event


def _first_round(event, seed: int = 1):
    """Round 1 with Player 01 and Player 02 at the same table."""
    for attempt in range(seed, seed + 50):
        rnd = services.pair_round(event, actor=actor(event.owner), seed=attempt)
        if any({g.player_a.name, g.player_b.name} == {"Player 01", "Player 02"} for g in rnd.games.all()):
            return rnd
        services.undo_round(rnd, actor=actor(event.owner))
        OutboxMessage.objects.all().delete()  # the pairing undone: its messages with it
    raise AssertionError("no seed seats Player 01 against Player 02")


@override_settings(COUNCIL_PUBLIC_URL="https://council.example.org")
def test_a_paired_round_mails_each_player_with_an_address_alone_in_their_language(online_event):
    rnd = _first_round(online_event)
    assert OutboxMessage.objects.filter(kind="pairing").count() == 2
    assert run_once() == (0, 2)
    by_address = {message.to[0]: message for message in mail.outbox}
    assert set(by_address) == {"player01@example.org", "player02@example.org"}
    assert all(len(message.to) == 1 and not message.cc and not message.bcc for message in mail.outbox)
    italian, english = by_address["player01@example.org"], by_address["player02@example.org"]
    assert "Player 02" in italian.subject and "Player01Online" not in italian.body
    assert "Player02Online" in italian.body and "player02@example.org" not in italian.body  # not shared
    assert "Your opponent: Player 01" in english.body and "player01@example.org" in english.body  # shared
    assert "https://council.example.org/e/online-cup/deck/" in english.body
    assert english.subject.startswith("Online Cup, Round 1: you play Player 01")
    assert italian.subject != english.subject.replace("Player 01", "Player 02")  # said in Italian
    # Sent once: a second pass finds nothing to send.
    assert run_once() == (0, 0) and len(mail.outbox) == 2
    assert OutboxMessage.objects.filter(sent_at__isnull=True).count() == 0
    assert rnd.games.count() == 2


def test_reminders_go_once_to_the_players_of_an_open_game_as_an_online_deadline_nears(online_event):
    rnd = _first_round(online_event)
    services.start_clock(rnd, actor=actor(online_event.owner))
    rnd.refresh_from_db()
    ends = rnd.clock_ends_at
    assert services.queue_reminders(ends - datetime.timedelta(days=2)) == 0  # a day before, not sooner
    assert services.queue_reminders(ends - datetime.timedelta(hours=12)) == 2
    services.queue_reminders(ends - datetime.timedelta(hours=11))  # a second server, an hour later
    assert OutboxMessage.objects.filter(kind="reminder").count() == 2
    # A game with its result needs no reminder; a game given more time is reminded anew.
    game = rnd.games.exclude(player_a__email="").exclude(player_b__email="").get()
    services.record_result(game, WIN_A, actor=actor(online_event.owner), expected_version=game.version)
    OutboxMessage.objects.filter(kind="reminder").delete()
    assert services.queue_reminders(ends - datetime.timedelta(hours=1)) == 0


def test_a_round_at_a_venue_sends_no_reminders(owner):
    event = services.create_event(owner=owner, name="Venue Cup", policy="policy-4-2001", game_type="two-deck")
    _with_contacts(event)
    services.start_event(event, actor=actor(owner))
    rnd = _first_round(event)
    services.start_clock(rnd, actor=actor(owner))
    rnd.refresh_from_db()
    assert services.queue_reminders(rnd.clock_ends_at - datetime.timedelta(minutes=1)) == 0


def test_a_result_reported_by_one_player_asks_the_other_to_confirm_it(online_event):
    online_event.players_report = True
    online_event.save(update_fields=["players_report"])
    rnd = _first_round(online_event)
    game = next(g for g in rnd.games.all() if g.player_a.email and g.player_b.email)
    services.report_result(game, 0, WIN_A, device="phone-a")
    (message,) = OutboxMessage.objects.filter(kind="confirm")
    assert message.player_id == game.player_b_id
    run_once()
    asked = [m for m in mail.outbox if m.to == [game.player_b.email] and game.player_a.name in m.subject]
    assert len(asked) == 2  # the pairing, then the result to confirm


def test_one_server_claims_a_message_and_another_does_not_send_it_again(online_event):
    _first_round(online_event)
    now = datetime.datetime.now(datetime.UTC)
    first, second = services.claim_message(now), services.claim_message(now)
    assert first is not None and second is not None and first.pk != second.pk
    assert services.claim_message(now) is None
    # A server that died while sending: its claim expires and another takes the message; the first
    # server's late report of sending it then changes nothing.
    later = services.claim_message(now + datetime.timedelta(minutes=11))
    assert later is not None and later.pk == first.pk
    assert services.mark_sent(first) is False and services.mark_sent(later) is True
    services.mark_failed(second, "mail server away")
    assert OutboxMessage.objects.get(pk=second.pk).attempts == 1
    assert services.claim_message(now + datetime.timedelta(minutes=5)) is None  # tried again only later


def test_a_swap_tells_the_two_moved_players_their_new_opponent_and_nobody_the_old_one(online_event):
    rnd = _first_round(online_event)
    ours = next(g for g in rnd.games.all() if {g.player_a.name, g.player_b.name} == {"Player 01", "Player 02"})
    other = rnd.games.exclude(pk=ours.pk).get()
    second = ours.player_a if ours.player_a.name == "Player 02" else ours.player_b
    services.swap_players(rnd, second, other.player_a, actor=actor(online_event.owner), confirm=True)
    run_once()
    told = {message.to[0]: message for message in mail.outbox}
    assert len(mail.outbox) == 2  # one message each: their pairing as it now stands
    assert other.player_a.name in told["player01@example.org"].subject
    assert other.player_b.name in told["player02@example.org"].subject
    assert "Player 01" not in told["player02@example.org"].body
    assert OutboxMessage.objects.filter(last_error="no longer true when sent").count() == 2


def test_a_round_undone_and_paired_again_alike_mails_nobody_twice(online_event):
    rnd = _first_round(online_event)
    run_once()
    layout = sorted(frozenset((g.player_a_id, g.player_b_id)) for g in rnd.games.all())
    seed = rnd.seed
    services.undo_round(rnd, actor=actor(online_event.owner))
    again = services.pair_round(online_event, actor=actor(online_event.owner), seed=seed)
    assert sorted(frozenset((g.player_a_id, g.player_b_id)) for g in again.games.all()) == layout
    run_once()
    assert len(mail.outbox) == 2


@override_settings(EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend", EMAIL_HOST="")
def test_without_a_mail_server_nothing_is_sent_to_the_log(online_event, capsys):
    _first_round(online_event)
    assert run_once() == (0, 0)
    assert "@example.org" not in capsys.readouterr().out
    assert OutboxMessage.objects.filter(sent_at__isnull=True).count() == 2


def test_the_job_runs_once_from_the_command_line(online_event, capsys):
    _first_round(online_event)
    call_command("run_jobs", "--once")
    assert capsys.readouterr().out.strip() == "0 queued, 2 sent, 0 published, 0 not published"
    assert len(mail.outbox) == 2
