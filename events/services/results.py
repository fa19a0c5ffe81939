"""Game results: entered or corrected by staff and the coordinator, confirmed, and saved.

Every save of a result is a new version of its game, recorded in the audit log with the
result it replaced (``save_result``), so a result is never overwritten unseen. The players'
own reports (``player_reports``) and the forfeit of a player who drops (``players``) are
saved through it too.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from scoring import PLAUSIBLE_MP, points_json, text_data

from ..archive import score_game_result
from ..i18n import say
from ..models import Event, Game, Player
from ..record_words import AuditAction
from ..roles import Actor
from .base import Conflict, NeedsConfirmation, ServiceError, latest_round_pk, locked_event, record_change
from .impartial import check_not_own_game, rules_as_coordinator
from .snapshots import snapshot_if_round_complete

# The engine's field paths in a result, and the result form's fields they belong to.
RESULT_FIELDS = {
    "result.mp[0]": "mp_a",
    "result.mp[1]": "mp_b",
    "result.mp": "mp_a",
    "result.weakest_link": "weakest_link",
    "result.roll_winner": "roll_winner",
    "result.winner": "winner",
    "result.reason": "reason",
    "result.how": "how",
    "result.kind": "kind",
    "players[": "winner",
}


class ResultConflict(Conflict):
    """Someone saved this table's result after the form was opened."""

    def __init__(self, game: Game):
        values = {"table": game.table, "who": game.reported_by, "explanation": say(game.described)}
        if game.reported_by:
            # Translators: %(who)s is who saved the result (a user name, "staff link"); %(explanation)s describes it.
            message = (
                _(
                    "Table %(table)s was saved meanwhile by %(who)s: %(explanation)s. Check it; save again only "
                    "to correct it."
                )
                % values
            )
        else:
            # Translators: %(explanation)s describes the result saved.
            message = (
                _(
                    "Table %(table)s was saved meanwhile by someone: %(explanation)s. Check it; save again only "
                    "to correct it."
                )
                % values
            )
        super().__init__(message)
        self.game = game


def preview_result(game: Game, result: dict[str, Any]) -> scoring.ScoredResult:
    """The points a result would give, without saving it; a ServiceError if it is refused."""
    try:
        return score_game_result(game, result)
    except scoring.RuleError as error:
        raise ServiceError.from_rule(error, RESULT_FIELDS) from None


def table_subject(game: Game) -> str:
    """How the audit log names a game: its round, its table and its players."""
    # Translators: %(round)s is a round's name, such as "Round 3"; "v" is "versus".
    return _("%(round)s, table %(table)s: %(player_a)s v %(player_b)s") % {
        "round": game.round.label,
        "table": game.table,
        "player_a": game.player_a.name,
        "player_b": game.player_b.name,
    }


def _result_state(game: Game) -> dict[str, Any]:
    return {"result": game.result, "points": game.points, "state": game.state, "version": game.version}


def save_result(
    event: Event,
    game: Game,
    result: dict[str, Any],
    scored: scoring.ScoredResult,
    *,
    actor: Actor,
    state: str,
    action: AuditAction,
    subject: str,
) -> None:
    """Save a scored result on its game as the next version, and record it with the result it replaced.

    The caller holds the event's lock and the game's row, and snapshots the round when
    this completes it (``snapshot_if_round_complete``), once the rest of its change is made.
    """
    before = _result_state(game)
    result = with_capability(game, result)
    game.result = result
    game.points = [points_json(p) for p in scored.points]
    game.explanation = scored.explanation
    game.explanation_words = text_data(scored.explanation)
    game.state = state
    game.version += 1
    game.reported_by = str(actor.label)
    game.reported_at = timezone.now()
    game.save()
    record_change(
        event,
        actor,
        action,
        subject,
        before=before,
        after={
            **_result_state(game),
            "explanation": game.explanation,
            "explanation_words": game.explanation_words,
            "clause": scored.clause,
        },
        round_number=game.round.number,
        table=game.table,
    )


def with_capability(game: Game, result: dict[str, Any]) -> dict[str, Any]:
    """A forfeit with the winner's deck capability as judged now, kept with it (docs/rules.md, reading 77)."""
    if result.get("kind") != "forfeit" or "capability" in result:
        return result
    winner = game.player_a if result["winner"] == 0 else game.player_b
    return {**result, "capability": winner.deck_capability}


def check_plausible(result: dict[str, Any]) -> None:
    high = [mp for mp in result.get("mp", []) if abs(mp) > PLAUSIBLE_MP]
    if high:
        raise NeedsConfirmation(
            [
                ngettext(
                    "%(count)s marshalling point is unusually high; check the score sheet and confirm.",
                    "%(count)s marshalling points is unusually high; check the score sheet and confirm.",
                    abs(high[0]),
                )
                % {"count": high[0]}
            ],
            field="mp_a" if abs(result["mp"][0]) > PLAUSIBLE_MP else "mp_b",
        )


def locked_game(event: Event, game: Game) -> Game:
    game = Game.objects.select_for_update().select_related("round", "player_a", "player_b").get(pk=game.pk)
    game.round.event = event
    return game


def record_result(
    game: Game, result: dict[str, Any], *, actor: Actor, expected_version: int, confirm: bool = False
) -> Game:
    """Save the result of one game as a new version of it.

    ``expected_version`` is the version the form showed: if the table was saved since,
    the save is refused with what was saved (ResultConflict), so two staff members at
    one table never overwrite each other unseen. Marshalling points above PLAUSIBLE_MP
    need ``confirm``. Staff may enter results of the latest round; the coordinator may
    correct any round. A result from staff is "reported"; from the coordinator,
    "confirmed" (Policy #1, General 17: the coordinator tallies or accepts the result).
    No one rules on a game they play in; the event's arbiter has the coordinator's word
    on the games of those who run it (events/services/impartial.py).
    """
    with transaction.atomic(durable=True):
        event = locked_event(game.round.event)
        game = locked_game(event, game)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Results can only be entered while the event runs."), field="kind")
        check_not_own_game(event, game, actor)
        ruling = rules_as_coordinator(event, game, actor)
        if not ruling and latest_round_pk(event) != game.round_id:
            raise ServiceError(_("This round is over; ask the coordinator to correct it."), field="kind")
        if game.version != expected_version:
            raise ResultConflict(game)
        scored = preview_result(game, result)
        if not confirm:
            check_plausible(result)
        had_result = game.result is not None
        if (
            game.result is not None  # had_result
            and game.round.is_elimination
            and latest_round_pk(event) != game.round_id
            and preview_result(game, game.result).goes_on != scored.goes_on
        ):
            # The bracket's later matches were paired from who won here.
            raise ServiceError(
                _(
                    "The winner of this bracket game has played on since: undo the later rounds "
                    "before changing who won."
                ),
                field="kind",
            )
        previous = game.result
        save_result(
            event,
            game,
            result,
            scored,
            actor=actor,
            state=Game.CONFIRMED if ruling else Game.REPORTED,
            action=AuditAction.RESULT_CORRECTED if had_result else AuditAction.RESULT_RECORDED,
            subject=table_subject(game),
        )
        leave_by_forfeit(event, game, previous, result, actor=actor)
        snapshot_if_round_complete(event, game.round, had_result=had_result)
    return game


# Policy #1, General 19: "If a player drops out of a game, he or she drops out of the
# tournament"; General 21: a player who cheats "is immediately ejected from the event".
LEAVING_REASONS = {"drop": Player.DROPPED, "cheat": Player.EJECTED}


def _leaver(game: Game, result: dict[str, Any] | None) -> tuple[Player, str] | None:
    """The player a forfeit result takes out of the event, and how (dropped or ejected); None for any other result."""
    if not result or result.get("kind") != "forfeit" or result.get("reason") not in LEAVING_REASONS:
        return None
    loser = game.player_b if result["winner"] == 0 else game.player_a
    return loser, LEAVING_REASONS[result["reason"]]


def leave_by_forfeit(
    event: Event, game: Game, previous: dict[str, Any] | None, result: dict[str, Any], *, actor: Actor
) -> None:
    """Make a player's status follow the forfeit just saved on ``game``: part of the same change.

    A forfeit for dropping out or cheating takes the losing player out of the event after
    this round (docs/rules.md, reading 73); a correction that takes such a forfeit back brings them back,
    when nothing else has moved them since. A drop can only be recorded in the latest
    round: the player could not have played the rounds after it.
    """
    before, after = _leaver(game, previous), _leaver(game, result)
    if before == after:
        return
    number = game.round.number
    if before is not None:
        player, status = before
        player.refresh_from_db()
        if player.status == status and player.dropped_after_round == number:
            player.status, player.dropped_after_round = Player.ACTIVE, None
            player.save(update_fields=["status", "dropped_after_round"])
            record_change(
                event,
                actor,
                AuditAction.PLAYER_REINSTATED,
                player.name,
                before={"status": status, "dropped_after_round": number},
                after={"status": Player.ACTIVE, "dropped_after_round": None},
                round_number=number,
                table=game.table,
            )
    if after is not None:
        player, status = after
        player.refresh_from_db()
        if not player.is_active:
            return
        if latest_round_pk(event) != game.round_id:
            raise ServiceError(
                _(
                    "%(name)s played the rounds after this one: a forfeit for dropping out or "
                    "cheating belongs to the round they left in."
                )
                % {"name": player.name},
                field="reason",
            )
        player.status, player.dropped_after_round = status, number
        player.save(update_fields=["status", "dropped_after_round"])
        action = AuditAction.PLAYER_EJECTED if status == Player.EJECTED else AuditAction.PLAYER_DROPPED
        record_change(
            event,
            actor,
            action,
            player.name,
            before={"status": Player.ACTIVE, "dropped_after_round": None},
            after={"status": status, "dropped_after_round": number},
            round_number=number,
            table=game.table,
        )


def confirm_result(game: Game, *, actor: Actor) -> Game:
    """The coordinator (or the arbiter, on an organiser's game) accepts a result reported by staff
    (Policy #1, General 17)."""
    with transaction.atomic(durable=True):
        event = locked_event(game.round.event)
        game = locked_game(event, game)
        check_not_own_game(event, game, actor)
        if not rules_as_coordinator(event, game, actor):
            raise ServiceError(_("Only a coordinator confirms results."))
        if game.result is None:
            raise ServiceError(_("Table %(table)s has no result to confirm.") % {"table": game.table})
        if game.state == Game.CONFIRMED:
            return game
        game.state = Game.CONFIRMED
        game.save(update_fields=["state"])
        record_change(
            event,
            actor,
            AuditAction.RESULT_CONFIRMED,
            _("%(round)s, table %(table)s") % {"round": game.round.label, "table": game.table},
            before={"state": Game.REPORTED},
            after={"state": Game.CONFIRMED},
            round_number=game.round.number,
            table=game.table,
        )
    return game
