"""E-mail to players: queued with the change it tells of, reminded before a deadline, sent once by one server.

Only players who gave an address get mail, and each message goes to its player alone: an
opponent's address appears in it only when that opponent chose to share it (docs/rules.md,
reading 95). The words are the job's to render, in the player's language, when it sends
(``events/pages/mail.py``); here are the rows: which message, to whom, about what.
"""

from __future__ import annotations

import datetime

from django.db import transaction
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


def _queue(rows: list[OutboxMessage]) -> None:
    # A key already queued (by this server or another) is skipped, not sent twice.
    OutboxMessage.objects.bulk_create(rows, ignore_conflicts=True)


def _mailed(players: list[Player]) -> list[Player]:
    return [player for player in players if player.email]


def queue_pairings(rnd: Round) -> None:
    """Tell each player of ``rnd`` with an address whom they play; inside the pairing's transaction."""
    rows = []
    for game in rnd.games.select_related("player_a", "player_b"):
        for player in _mailed([game.player_a, game.player_b]):
            rows.append(
                OutboxMessage(
                    event=rnd.event,
                    player=player,
                    game=game,
                    kind=PAIRING,
                    key=f"{PAIRING}:game:{game.pk}:player:{player.pk}",
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
                key=f"{CONFIRM}:game:{game.pk}:player:{opponent.pk}",
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
    running = Round.objects.filter(
        event__status=Event.RUNNING, clock_state="running", clock_ends_at__gt=now
    ).select_related("event")
    for rnd in running:
        event = rnd.event
        lead = reminder_lead(datetime.timedelta(minutes=event.rules.time_limit(event.game_type)))
        if lead is None or rnd.clock_ends_at is None:
            continue
        open_games = rnd.games.filter(result__isnull=True).select_related("player_a", "player_b")
        for game in open_games:
            ends = rnd.clock_ends_at + datetime.timedelta(seconds=game.extra_seconds)
            if ends - lead > now:
                continue
            for player in _mailed([game.player_a, game.player_b]):
                rows.append(
                    OutboxMessage(
                        event=event,
                        player=player,
                        game=game,
                        kind=REMINDER,
                        key=f"{REMINDER}:game:{game.pk}:player:{player.pk}:ends:{int(ends.timestamp())}",
                    )
                )
    _queue(rows)
    return len(rows)


def claim_messages(now: datetime.datetime | None = None, limit: int = 50) -> list[OutboxMessage]:
    """Take up to ``limit`` messages to send, so that no other server sends them; each claim is one update
    of one row that only one server can win."""
    now = now or timezone.now()
    waiting = OutboxMessage.objects.filter(
        Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - CLAIM_EXPIRES),
        sent_at__isnull=True,
        attempts__lt=MAX_ATTEMPTS,
    ).values_list("pk", "claimed_at")[:limit]
    claimed = []
    for pk, claimed_at in list(waiting):
        with transaction.atomic():
            won = OutboxMessage.objects.filter(pk=pk, sent_at__isnull=True, claimed_at=claimed_at).update(
                claimed_at=now
            )
        if won:
            claimed.append(pk)
    return list(
        OutboxMessage.objects.filter(pk__in=claimed).select_related(
            "event", "player", "game__round", "game__player_a", "game__player_b"
        )
    )


def mark_sent(message: OutboxMessage, now: datetime.datetime | None = None) -> None:
    """Record that ``message`` went out."""
    OutboxMessage.objects.filter(pk=message.pk).update(sent_at=now or timezone.now(), last_error="")


def mark_failed(message: OutboxMessage, error: str) -> None:
    """Record why ``message`` could not be sent; it is tried again later, a few times at most."""
    OutboxMessage.objects.filter(pk=message.pk).update(
        claimed_at=None, attempts=message.attempts + 1, last_error=error[:400]
    )
