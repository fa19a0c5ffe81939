"""Results reported by the players themselves, each with their own code or private link.

Policy #1, General 17: the coordinator may accept a result both players agree on. Two
reports that agree, from two devices (events/devices.py), save the result through
``results.save_result``, as staff's entry does; reports that differ, or both sent from
one device, wait for staff.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ..devices import device_label, same_browser, shares_network, without_network
from ..i18n import say
from ..models import Event, Game
from ..record_words import AuditAction
from ..roles import BOTH_PLAYERS, Actor
from .base import ServiceError, latest_round_pk, locked_event, record_change
from .mail import queue_confirmation
from .results import check_plausible, leave_by_forfeit, locked_game, preview_result, save_result, table_subject
from .snapshots import snapshot_if_round_complete


def report_result(game: Game, side: int, result: dict[str, Any], *, device: str, confirm: bool = False) -> Game:
    """One player's report of their game, made with their own code or through their private link.

    Policy #1, General 17: the coordinator may accept a result both players agree on;
    an event that lets players report is that acceptance. When both reports are the
    same and came from two devices, the result stands (confirmed); when they differ, or
    one device (``device``, events/devices.py) sent both, the table waits for staff
    (``Game.needs_staff``): one player holding both codes must not settle a game alone.
    A player may change their report until the result stands; staff and the coordinator
    can enter or correct the result at any time.
    """
    with transaction.atomic(durable=True):
        event = locked_event(game.round.event)
        game = locked_game(event, game)
        if not event.players_report:
            raise ServiceError(_("At this event the staff enter results; hand your slip to them."))
        if event.status != Event.RUNNING or latest_round_pk(event) != game.round_id:
            raise ServiceError(_("This round is over; ask the staff."))
        if game.result is not None:
            # Translators: %(explanation)s describes the result, such as "a win by the One Ring: 6-0".
            raise ServiceError(
                _(
                    "Table %(table)s's result stands already: %(explanation)s If it is wrong, ask the "
                    "staff to correct it."
                )
                % {"table": game.table, "explanation": say(game.described)}
            )
        scored = preview_result(game, result)
        if not confirm:
            check_plausible(result)
        reporter = (game.player_a, game.player_b)[side]
        field = ("report_a", "report_b")[side]
        before = getattr(game, field)
        setattr(game, field, result)
        setattr(game, f"{field}_device", device)
        _forget_a_shared_network(game)
        game.save(update_fields=[field, "report_a_device", "report_b_device"])
        subject = table_subject(game)
        record_change(
            event,
            Actor.reporting_player(reporter.name),
            AuditAction.RESULT_REPORTED,
            subject,
            before={"report": before},
            after={"report": result, "device": device_label(device)},
            round_number=game.round.number,
            table=game.table,
        )
        queue_confirmation(game, side)
        if game.report_a is not None and game.report_b is not None:
            if game.reported_from_one_device:
                record_change(
                    event,
                    BOTH_PLAYERS,
                    AuditAction.RESULT_ONE_DEVICE_REPORTED,
                    subject,
                    after={"reports": [game.report_a, game.report_b], "device": device_label(device)},
                    round_number=game.round.number,
                    table=game.table,
                )
            elif game.report_a == game.report_b:
                # Someone who runs the event can reach every player's private link: at their
                # table, agreement is a report the arbiter confirms (docs/rules.md, reading 78).
                save_result(
                    event,
                    game,
                    result,
                    scored,
                    actor=BOTH_PLAYERS,
                    state=Game.REPORTED if game.has_organiser else Game.CONFIRMED,
                    action=AuditAction.RESULT_AGREED,
                    subject=subject,
                )
                leave_by_forfeit(event, game, None, result, actor=BOTH_PLAYERS)
                snapshot_if_round_complete(event, game.round, had_result=False)
            else:
                record_change(
                    event,
                    BOTH_PLAYERS,
                    AuditAction.RESULT_DISPUTED,
                    subject,
                    after={"reports": [game.report_a, game.report_b]},
                    round_number=game.round.number,
                    table=game.table,
                )
    return game


def _forget_a_shared_network(game: Game) -> None:
    """Compare two browsers by their own keys alone when their network is shared beyond this table.

    Two players whose phones share an address and a browser type (a venue behind one
    public address, the same phone model) are not one device when other browsers of the
    same network reported at other tables of the round; a player who switched to a
    private window to report both sides has that network to themself.
    """
    first, second = game.report_a_device, game.report_b_device
    if not first or not second or not shares_network(first, second) or same_browser(first, second):
        return
    others = (
        Game.objects.filter(round_id=game.round_id)
        .exclude(pk=game.pk)
        .values_list("report_a_device", "report_b_device")
    )
    if any(
        shares_network(mark, first) and not same_browser(mark, first) and not same_browser(mark, second)
        for pair in others
        for mark in pair
        if mark
    ):
        game.report_a_device, game.report_b_device = without_network(first), without_network(second)
