"""Rounds: paired by the engine, taken back while untouched, players swapped by hand."""

from __future__ import annotations

import secrets
from typing import Any, TypeVar

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring

from ..archive import event_archive
from ..codes import new_codes
from ..i18n import say
from ..models import Event, Player, Round
from ..models.rounds import insert_new_games
from ..record_words import AuditAction
from ..roles import Actor
from .base import NeedsConfirmation, ServiceError, latest_round_pk, locked_event, record_change, results_missing
from .impartial import check_no_open_own_game, check_not_own_game, check_not_own_seat
from .mail import queue_pairings
from .snapshots import snapshot


def pair_round(event: Event, *, actor: Actor, seed: int | None = None) -> Round:
    """Pair the next round with the engine and seat the games by table.

    Refused while any table of the current round has no result, naming the tables
    (Version 3 / Policy Number 4, Pairing Players: pairing uses every result so far).
    The seed is drawn here unless given, stored with the round and shown, so the
    pairing can be reproduced from the archive. Once a stage has started, its rounds
    are paired instead: a playoff as Swiss among its players, a bracket's ready matches.
    """
    # The whole event is read, parsed and written again as the snapshot, and none of it kept past the press: at 1,000
    # players the collections its objects would start cost 15-20 ms of some 80 (docs/performance.md).
    with transaction.atomic(durable=True), scoring.collection_paused():
        event = locked_event(event)
        if event.status == Event.REGISTRATION:
            raise ServiceError(_("Start the event before pairing."))
        if event.status == Event.CLOSED:
            raise ServiceError(_("The event is closed."))
        latest = event.latest_round()
        if latest is not None:
            missing = latest.tables_without_result()
            if missing:
                raise ServiceError(results_missing(latest.label, missing))
        # The event read once: parsed for the engine, and kept to become the snapshot with the new round.
        data = event_archive(event)
        archive = scoring.parse_archive(data)
        seed = secrets.randbelow(2**31) if seed is None else seed
        stage = event.stages.order_by("-number").first()
        if stage is None:
            _check_swiss_round_due(event, latest)
        try:
            pairing = scoring.pair_next(archive, seed)
        except scoring.RuleError as error:
            raise ServiceError.from_rule(error) from None
        pk_of = dict(event.players.values_list("archive_id", "pk"))
        rnd = Round.objects.create(
            event=event,
            stage=stage,
            number=pairing.round,
            seed=seed,
            bye_id=pk_of[pairing.bye] if pairing.bye else None,
            quality=pairing.quality,
            **Round.clock_values(scoring.new_clock(archive.policy, event.game_type)),
        )
        codes = new_codes(2 * len(pairing.games))
        insert_new_games(
            rnd.pk,
            [
                (table, pk_of[a], pk_of[b], codes[2 * index], codes[2 * index + 1])
                for index, (table, a, b) in enumerate(pairing.games)
            ],
        )
        # The decks checked this round are drawn now, from the lists registered now, and kept:
        # a list saved or a setting changed later does not change whom staff are checking.
        rnd.spot_check_ids = sorted(rnd.draw_spot_checks())
        rnd.save(update_fields=["spot_check_ids"])
        queue_pairings(rnd)
        record_change(
            event, actor, AuditAction.ROUND_PAIRED, rnd.label, after=pairing.as_dict(), round_number=rnd.number
        )
        data["rounds"].append(
            {
                "number": rnd.number,
                **({"stage": stage.number} if stage is not None else {}),
                "bye": pairing.bye,
                "seed": seed,
                "games": [{"table": table, "players": [a, b], "result": None} for table, a, b in sorted(pairing.games)],
            }
        )
        snapshot(event, _("%(round)s paired") % {"round": rnd.label}, rnd.number, data=data)
    return rnd


def _check_swiss_round_due(event: Event, latest: Round | None) -> None:
    if event.structure == "elimination":
        raise ServiceError(_("Seed the bracket first, from the standings page."))
    paired = latest.number if latest else 0
    if event.rounds_planned is not None and paired >= event.rounds_planned:
        values = {"count": event.rounds_planned}
        if event.top_cut:
            raise ServiceError(
                _(
                    "All %(count)s planned rounds are paired. Change the number of rounds to add one or "
                    "start the top cut, or close the event."
                )
                % values
            )
        raise ServiceError(
            _("All %(count)s planned rounds are paired. Change the number of rounds to add one, or close the event.")
            % values
        )


T = TypeVar("T")


def _pairs(items: list[T]) -> list[tuple[T, T]]:
    return list(zip(items[::2], items[1::2], strict=False))


def _round_layout(rnd: Round) -> dict[str, Any]:
    return {
        "bye": rnd.bye.archive_id if rnd.bye is not None else None,
        "games": [
            [g.table, g.player_a.archive_id, g.player_b.archive_id]
            for g in rnd.games.select_related("player_a", "player_b")
        ],
    }


def undo_round(rnd: Round, *, actor: Actor) -> None:
    """Take back the latest pairing while no result of it is in, so it can be paired again."""
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        latest = event.latest_round()
        if latest is None or latest.pk != rnd.pk:
            raise ServiceError(_("Only the latest round can be undone."))
        check_no_open_own_game(event, actor)
        if event.status != Event.RUNNING:
            raise ServiceError(_("The event is not running."))
        reported = list(rnd.games.filter(result__isnull=False).values_list("table", flat=True))
        if reported:
            # Translators: %(round)s is a round's name, such as "Round 3"; %(tables)s lists table numbers: "4, 7".
            raise ServiceError(
                ngettext(
                    "%(round)s already has results at table %(tables)s; a round with results cannot be undone.",
                    "%(round)s already has results at tables %(tables)s; a round with results cannot be undone.",
                    len(reported),
                )
                % {"round": rnd.label, "tables": ", ".join(map(str, reported))}
            )
        before = _round_layout(rnd)
        number, label = rnd.number, rnd.label
        rnd.games.all().delete()
        rnd.delete()
        record_change(event, actor, AuditAction.ROUND_UNDONE, label, before=before, round_number=number)


def swap_players(rnd: Round, first: Player, second: Player, *, actor: Actor, confirm: bool = False) -> list[str]:
    """Exchange the seats of two players of the latest round before their results are in.

    The players may sit at two tables, or one of them may hold the bye. Rematches, point
    gaps, a repeated bye or a Fallen-wizard clash that the swap creates are returned as
    warnings; unless ``confirm`` is set such a swap raises NeedsConfirmation and changes
    nothing.
    """
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        if event.status != Event.RUNNING or latest_round_pk(event) != rnd.pk:
            raise ServiceError(_("Only the latest round of a running event can be changed."))
        if rnd.is_elimination:
            raise ServiceError(
                _(
                    "A bracket's matches follow from its seeding and results: they cannot be swapped. "
                    "Undo the round to pair it again."
                )
            )
        if rnd.stage is not None and rnd.stage.kind == "pools":
            raise ServiceError(
                _(
                    "A round of pools plays each pool's round robin: its games cannot be swapped. "
                    "Undo the round to pair it again."
                )
            )
        if first.pk == second.pk:
            raise ServiceError(_("Choose two different players."), field="second")
        games = list(rnd.games.select_for_update().select_related("player_a", "player_b"))
        for player in (first, second):
            check_not_own_seat(event, player, actor)
        for game in games:
            if game.player_a_id in (first.pk, second.pk) or game.player_b_id in (first.pk, second.pk):
                check_not_own_game(event, game, actor)
        seat = {}
        for game in games:
            seat[game.player_a_id] = (game, "player_a")
            seat[game.player_b_id] = (game, "player_b")
        for player, field in ((first, "first"), (second, "second")):
            if player.pk not in seat and player.pk != rnd.bye_id:
                # Translators: %(round)s is a round's name, such as "Round 3".
                raise ServiceError(
                    _("%(name)s is not in %(round)s.") % {"name": player.name, "round": rnd.label}, field=field
                )
            if player.pk in seat and seat[player.pk][0].result is not None:
                raise ServiceError(
                    _("Table %(table)s already has a result; it cannot be changed.")
                    % {"table": seat[player.pk][0].table},
                    field=field,
                )
        if first.pk in seat and second.pk in seat and seat[first.pk][0].pk == seat[second.pk][0].pk:
            raise ServiceError(
                _("%(first)s and %(second)s already play each other.") % {"first": first.name, "second": second.name},
                field="second",
            )

        before = _round_layout(rnd)
        # Apply on copies of the seats first, to assess the swap before saving it.
        new_bye: Player | None
        if rnd.bye_id in (first.pk, second.pk):
            seated = second if rnd.bye_id == first.pk else first
            game, side = seat[seated.pk]
            new_bye = seated
            setattr(game, f"{side}_id", rnd.bye_id)
            changed = [game]
        else:
            new_bye = rnd.bye
            game_x, side_x = seat[first.pk]
            game_y, side_y = seat[second.pk]
            setattr(game_x, f"{side_x}_id", second.pk)
            setattr(game_y, f"{side_y}_id", first.pk)
            changed = [game_x, game_y]

        data = event_archive(event)
        data["rounds"] = data["rounds"][:-1]
        archive_before = scoring.parse_archive(data)
        if rnd.stage_id is not None:
            # A playoff is judged among its own rounds: its rematches, its points, its byes.
            archive_before = scoring.playoff_archive(archive_before, archive_before.stages[-1])
        id_of = dict(event.players.values_list("pk", "archive_id"))
        layout = [(g.table, id_of[g.player_a_id], id_of[g.player_b_id]) for g in games]
        new_bye_id = id_of[new_bye.pk] if new_bye else None
        quality, _warnings = scoring.assess_pairing(archive_before, new_bye_id, layout)
        changed_tables = {g.table for g in changed}
        _quality, warnings = scoring.assess_pairing(
            archive_before,
            new_bye_id if new_bye_id != (id_of[rnd.bye_id] if rnd.bye_id else None) else None,
            [entry for entry in layout if entry[0] in changed_tables],
        )
        if warnings and not confirm:
            raise NeedsConfirmation(warnings)
        # A slip printed before the swap names other players: its codes must not report here.
        taken = {code for g in games for code in (g.code_a, g.code_b)}
        for game, codes in zip(changed, _pairs(new_codes(2 * len(changed), taken)), strict=False):
            game.code_a, game.code_b = codes
            game.report_a = game.report_b = None
            game.save(update_fields=["player_a", "player_b", "code_a", "code_b", "report_a", "report_b"])
        rnd.bye = new_bye
        rnd.quality = {**quality, "proven_optimal": False, "changed_by_hand": True}
        rnd.save(update_fields=["bye", "quality"])
        # The two players whose opponent changed are told their new pairing (its key is new).
        queue_pairings(rnd)
        record_change(
            event,
            actor,
            AuditAction.ROUND_SWAPPED,
            _("%(round)s: %(first)s and %(second)s") % {"round": rnd.label, "first": first.name, "second": second.name},
            before=before,
            after={**_round_layout(rnd), "warnings": warnings},
            round_number=rnd.number,
        )
    return [say(warning) for warning in warnings]
