"""How an event ends: what follows the Swiss rounds, or replaces them (playoffs, the top
cut, an elimination bracket), and closing the event on its final ranking.

The rules are the engine's (scoring/finals.py): which stage is due, who plays it, how it
is seeded. Rounds of a stage are paired by ``rounds.pair_round`` and their results saved
by ``results.save_result`` like any other.
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from scoring import PLAYOFF_RESOLUTIONS, final_ranking, next_stage, playoff_for

from ..archive import load_archive
from ..i18n import say
from ..models import Event, Player, Stage
from ..record_words import AuditAction
from ..roles import Actor
from .base import NeedsConfirmation, ServiceError, locked_event, record_change, results_missing
from .impartial import check_no_open_own_game, check_not_own_tie
from .snapshots import snapshot


def create_stage(event: Event, plan: Any, actor: Actor) -> Stage:
    """Write the engine's ``plan`` as the event's next stage, with its audit entry; inside the caller's transaction.

    ``plan`` is a ``StagePlan`` of ``scoring.next_stage`` or ``scoring.playoff_for`` (a type ``scoring``
    does not export by name).
    """
    latest = event.latest_round()
    stage = Stage.objects.create(
        event=event,
        number=event.stages.count() + 1,
        kind=plan.kind,
        bracket=plan.bracket or "",
        players=list(plan.players),
        rounds_planned=plan.rounds,
        for_place=plan.for_place,
        seeded_by=plan.seeded_by,
        seed=plan.seed,
        first_round=(latest.number if latest else 0) + 1,
        pools=[list(pool) for pool in plan.pools],
        advance=plan.advance,
    )
    record_change(event, actor, AuditAction.STAGE_STARTED, say(stage.title), after=plan.as_dict())
    return stage


def start_stage(event: Event, *, actor: Actor, place: int | None = None, seed: int | None = None) -> Stage:
    """Start the stage the rules call for now: the bracket, the top cut, or the playoff for a tied lead.

    With ``place`` above 1, a playoff for the players sharing that place, which the
    coordinator may choose to hold (Policy #1, Tournament Point Ties: "the previously
    mentioned guidelines also apply"; docs/rules.md, reading 60). The seed of any draw
    (a random seeding, a tie at the cut) is drawn here unless given, and kept.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        waiting = event.stage_cannot_start()
        if waiting:
            raise ServiceError(waiting)
        archive = load_archive(event)
        seed = secrets.randbelow(2**31) if seed is None else seed
        if place is not None and place > 1:
            if event.structure != "swiss" or event.top_cut is not None:
                raise ServiceError(
                    _("Places below the lead are played off only in a Swiss event without a top cut."), field="place"
                )
            ranking = final_ranking(archive)
            if ranking.pending is not None and archive.stages:
                # Translators: %(pending)s is what is still to be played, such as "Playoff: 1 round of 2 to play".
                raise ServiceError(
                    _("Finish the stage under way first (%(pending)s).") % {"pending": say(ranking.pending)},
                    field="place",
                )
            try:
                plan = playoff_for(archive, ranking, place)
            except ValueError:
                raise ServiceError(
                    _("No players share place %(place)s after every criterion.") % {"place": place}, field="place"
                ) from None
        else:
            due = next_stage(archive, seed)
            if due is None:
                raise ServiceError(_nothing_due(event, archive))
            plan = due
        stage = create_stage(event, plan, actor)
        # Translators: %(stage)s is a stage's title, such as "Playoff" or "Top 8".
        snapshot(event, _("%(stage)s started") % {"stage": say(stage.title)}, None)
    return stage


def _nothing_due(event: Event, archive: scoring.Archive) -> str:
    if event.structure == "elimination" or any(stage.kind == "elimination" for stage in archive.stages):
        return _("The bracket is seeded already.")
    if event.structure == "pools":
        if not archive.stages:
            return _("The pools are not dealt yet.")
        return _("The pools are still being played: the knockout is seeded once they are over.")
    if event.tie_resolution not in PLAYOFF_RESOLUTIONS:
        return _("Co-champions were posted for a tied lead: no playoff is held.")
    if archive.stages:
        return _("The playoff under way decides first.")
    return _("Nobody is tied for the lead after every criterion: no playoff is due.")


def cancel_stage(stage: Stage, *, actor: Actor) -> None:
    """Take back the latest stage before its first round is paired (a wrong seeding, a late withdrawal)."""
    with transaction.atomic(durable=True):
        event = locked_event(stage.event)
        latest = event.stages.order_by("-number").first()
        if latest is None or latest.pk != stage.pk:
            raise ServiceError(_("Only the latest stage can be taken back."))
        if event.status != Event.RUNNING:
            raise ServiceError(_("The event is not running."))
        check_no_open_own_game(event, actor)
        if stage.rounds.exists():
            # Translators: %(stage)s is a stage's title, such as "Playoff" or "Top 8".
            raise ServiceError(_("%(stage)s has paired rounds: undo them first.") % {"stage": say(stage.title)})
        before = stage.as_archive()
        title = say(stage.title)
        stage.delete()
        record_change(event, actor, AuditAction.STAGE_CANCELLED, title, before=before)


def close_event(
    event: Event,
    *,
    actor: Actor,
    playoff_winner: Player | None = None,
    co_champions_agreed: bool = False,
    confirm: bool = False,
) -> scoring.Standings:
    """Close the event on its final ranking (scoring/finals.py).

    Every result must be in. Fewer Swiss rounds than planned need ``confirm``. A stage
    under way, a posted top cut not played, or an unseeded bracket must finish first.
    When players still share the lead after every criterion and every playoff, the
    option posted in advance decides (Policy #1 / Version 3 / Policy Number 4,
    Tournament Point Ties): the playoff is played here (``start_stage``), or, when it
    was played on paper, its winner is recorded here; co-champions need nothing more.
    Under Version 3 and Policy Number 4 the tied players and the coordinator may agree
    instead to be co-champions ("If both players and the tournament coordinator agree",
    ``co_champions_agreed``): the event then records co-champions as its option.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only a running event can be closed."))
        latest = event.latest_round()
        if latest is None:
            raise ServiceError(_("No round has been played yet."))
        missing = latest.tables_without_result()
        if missing:
            raise ServiceError(results_missing(latest.label, missing))
        archive = load_archive(event)
        swiss = len(archive.rounds)
        planned = event.rounds_planned or 0
        if not archive.stages and swiss < planned and not confirm:
            raise NeedsConfirmation(
                [
                    ngettext(
                        "Only %(played)s of the %(count)s planned round was played.",
                        "Only %(played)s of the %(count)s planned rounds were played.",
                        planned,
                    )
                    % {"played": swiss, "count": planned}
                ]
            )
        ranking = final_ranking(archive)
        if ranking.pending is not None:
            # Translators: %(pending)s is what is still to be played, such as "Playoff: 1 round of 2 to play".
            raise ServiceError(_("%(pending)s: finish it before closing.") % {"pending": say(ranking.pending)})
        standings = scoring.compute_standings(archive)
        champions = ranking.champions
        policy = event.rules
        agreed = co_champions_agreed and len(champions) > 1
        if co_champions_agreed and not agreed:
            raise ServiceError(
                _("Nobody shares the lead: there are no co-champions to agree on."), field="co_champions_agreed"
            )
        if agreed and not (policy.co_champions_by_agreement and event.tie_resolution == "playoff"):
            raise ServiceError(
                _("Under this policy the tie is settled as posted before the event."),
                field="co_champions_agreed",
                rule=policy.tiebreak_clause,
            )
        if agreed and playoff_winner is not None:
            raise ServiceError(_("Either a playoff winner or co-champions, not both."), field="co_champions_agreed")
        if agreed or playoff_winner is not None:
            check_not_own_tie(event, actor, list(champions))
        before = {"tie_resolution": event.tie_resolution}
        if agreed:
            event.tie_resolution = "co-champions"
        if len(champions) > 1 and event.tie_resolution in PLAYOFF_RESOLUTIONS:
            names = ", ".join(p.name for p in ranking.placings if p.player in champions)
            if playoff_winner is None or playoff_winner.archive_id not in champions:
                raise ServiceError(
                    _(
                        "%(names)s are tied for the lead: start the playoff from the desk, or record "
                        "who won a playoff played on paper."
                    )
                    % {"names": names},
                    field="playoff_winner",
                    rule=event_tiebreak_clause(event),
                )
        elif playoff_winner is not None:
            raise ServiceError(_("There is no tie for the lead to play off."), field="playoff_winner")
        event.status = Event.CLOSED
        event.playoff_winner = playoff_winner
        event.save()
        if agreed:
            names = ", ".join(p.name for p in ranking.placings if p.player in champions)
            # Translators: %(names)s are the players who share the lead and agreed to be co-champions.
            record_change(
                event,
                actor,
                AuditAction.EVENT_CO_CHAMPIONS_AGREED,
                _("%(names)s and the coordinator agree: co-champions") % {"names": names},
                before=before,
                after={"tie_resolution": "co-champions", "champions": list(champions)},
            )
        record_change(
            event,
            actor,
            AuditAction.EVENT_CLOSED,
            event.name,
            after={
                "winner": playoff_winner.archive_id
                if playoff_winner
                else (champions[0] if len(champions) == 1 else None),
                "champions": list(champions),
                "lead_tie": dataclasses.asdict(standings.lead_tie) if standings.lead_tie else None,
            },
        )
        snapshot(event, _("Event closed"), latest.number)
    return standings


def event_tiebreak_clause(event: Event) -> str:
    """The clause of the event's policy that sends a lead tied after every criterion to a playoff."""
    return event.rules.tiebreak_clause
