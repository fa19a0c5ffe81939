"""E-mail to players: queued with the change it tells of, reminded before a deadline, sent once by one server.

Only players who gave an address get mail, and each message goes to its player alone: an
opponent's address appears in it only when that opponent chose to share it (docs/rules.md,
reading 95). The words are the job's to render, in the player's language, when it sends
(``events/pages/mail.py``); here are the rows: which message, to whom, about what.
"""

from __future__ import annotations

import datetime

from django.db.models import Q
from django.utils import timezone

from ..models import Event, Game, OutboxMessage, Player, Round
from ..models.outbox import CONFIRM, PAIRING, REMINDER

# A round long enough for players to arrange their games themselves (an online round) gets
# reminders; a round at a venue does not: its clock is on the wall.
REMINDED_ROUND = datetime.timedelta(hours=6)
# How long before the deadline the reminder goes: a day, or a quarter of a shorter round.
REMINDER_LEAD = datetime.timedelta(days=1)
# A claimed message whose server died before sending it is taken again after this.
CLAIM_EXPIRES = datetime.timedelta(minutes=10)
MAX_ATTEMPTS = 5
MAX_EXTENSION = datetime.timedelta(days=14)


def _queue(rows: list[OutboxMessage]) -> int:
    """Queue the rows whose keys are new; a key already queued (by this server or another) is skipped, not
    sent twice. Returns how many were new."""
    known = set(OutboxMessage.objects.filter(key__in=[row.key for row in rows]).values_list("key", flat=True))
    fresh = [row for row in rows if row.key not in known]
    OutboxMessage.objects.bulk_create(fresh, ignore_conflicts=True)
    return len(fresh)


def _mailed(players: list[Player]) -> list[Player]:
    return [player for player in players if player.email]


def queue_pairings(rnd: Round) -> None:
    """Tell each player of ``rnd`` with an address whom they play; inside the pairing's (or a swap's) transaction.

    The key names the round by its number and the opponent: a round undone and paired again the
    same way mails nobody twice, and a swap mails the two players whose opponent changed.
    """
    if not rnd.event.players.exclude(email="").exists():
        return  # nobody gave an address (an event at a venue, mostly): no game need be read
    rows = []
    for game in rnd.games.select_related("player_a", "player_b"):
        for player, opponent in ((game.player_a, game.player_b), (game.player_b, game.player_a)):
            if player.email:
                rows.append(
                    OutboxMessage(
                        event=rnd.event,
                        player=player,
                        game=game,
                        kind=PAIRING,
                        key=f"{PAIRING}:event:{rnd.event_id}:round:{rnd.number}:player:{player.pk}:v:{opponent.pk}",
                    )
                )
    _queue(rows)


def queue_confirmation(game: Game, reporter_side: int) -> None:
    """Ask the opponent of the player who reported ``game`` to confirm it, when they have an address and
    have not reported; inside the report's transaction."""
    opponent = (game.player_b, game.player_a)[reporter_side]
    their_report = (game.report_b, game.report_a)[reporter_side]
    if not opponent.email or their_report is not None or game.result is not None:
        return
    _queue(
        [
            OutboxMessage(
                event=game.round.event,
                player=opponent,
                game=game,
                kind=CONFIRM,
                key=f"{CONFIRM}:game:{game.pk}:player:{opponent.pk}:version:{game.version}",
            )
        ]
    )


def reminder_lead(time_limit: datetime.timedelta) -> datetime.timedelta | None:
    """How long before its deadline a round of ``time_limit`` reminds its players; None for a round at a venue."""
    if time_limit < REMINDED_ROUND:
        return None
    return min(REMINDER_LEAD, time_limit / 4)


def queue_reminders(now: datetime.datetime | None = None) -> int:
    """Remind, once, each player with an address whose game of a running online round has no result as its
    deadline nears. Run by the server's job (``manage.py run_jobs``); returns how many were queued."""
    now = now or timezone.now()
    rows = []
    # A table given more time than its round runs on after the round's end: look back as far as the
    # longest extension a round of days allows.
    running = Round.objects.filter(
        event__status=Event.RUNNING, clock_state="running", clock_ends_at__gt=now - MAX_EXTENSION
    ).select_related("event")
    for rnd in running:
        event = rnd.event
        lead = reminder_lead(datetime.timedelta(minutes=event.rules.time_limit(event.game_type)))
        if lead is None or rnd.clock_ends_at is None:
            continue
        open_games = rnd.games.filter(result__isnull=True).select_related("player_a", "player_b")
        for game in open_games:
            ends = rnd.clock_ends_at + datetime.timedelta(seconds=game.extra_seconds)
            if not ends - lead <= now < ends:
                continue
            for player in _mailed([game.player_a, game.player_b]):
                rows.append(
                    OutboxMessage(
                        event=event,
                        player=player,
                        game=game,
                        kind=REMINDER,
                        # Once per game and extension: pausing the clock does not remind again.
                        key=f"{REMINDER}:game:{game.pk}:player:{player.pk}:extra:{game.extra_seconds}",
                    )
                )
    return _queue(rows)


def claim_message(now: datetime.datetime | None = None) -> OutboxMessage | None:
    """Take one message to send, so that no other server sends it: one update of one row that only one
    server can win. A message that failed waits for its claim to expire before it is tried again."""
    now = now or timezone.now()
    waiting = OutboxMessage.objects.filter(
        Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - CLAIM_EXPIRES),
        sent_at__isnull=True,
        attempts__lt=MAX_ATTEMPTS,
    ).values_list("pk", "claimed_at")
    for pk, claimed_at in waiting[:20]:
        if OutboxMessage.objects.filter(pk=pk, sent_at__isnull=True, claimed_at=claimed_at).update(claimed_at=now):
            return OutboxMessage.objects.select_related(
                "event", "player", "game__round", "game__player_a", "game__player_b"
            ).get(pk=pk)
    return None


def still_true(message: OutboxMessage) -> bool:
    """Whether ``message`` still says what is so: its player still plays its game (a swap moves them), and a
    reminder or a request to confirm is about a game still without its result."""
    game = message.game
    if game is None or message.player_id not in (game.player_a_id, game.player_b_id):
        return False
    if message.kind == PAIRING:
        # A pairing names its opponent in its key: after a swap the old one no longer holds.
        opponent = game.player_b_id if game.player_a_id == message.player_id else game.player_a_id
        return message.key.endswith(f":v:{opponent}")
    return game.result is None


def mark_sent(message: OutboxMessage, now: datetime.datetime | None = None, *, note: str = "") -> bool:
    """Record that ``message`` went out (or, with ``note``, why it no longer needs to), if this server's claim
    still holds; False when another server took it meanwhile."""
    return bool(
        OutboxMessage.objects.filter(pk=message.pk, claimed_at=message.claimed_at, sent_at__isnull=True).update(
            sent_at=now or timezone.now(), last_error=note
        )
    )


def mark_failed(message: OutboxMessage, error: str) -> None:
    """Record why ``message`` could not be sent; it is tried again once its claim expires, a few times at most."""
    OutboxMessage.objects.filter(pk=message.pk, claimed_at=message.claimed_at).update(
        attempts=message.attempts + 1, last_error=error[:400]
    )
