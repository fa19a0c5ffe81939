"""What follows the Swiss rounds, or replaces them: playoffs, the top cut, an elimination bracket.

The rules are the engine's (scoring/finals.py): which stage is due, who plays it, how it
is seeded. Rounds of a stage are paired by ``rounds.pair_round`` and their results saved
by ``results.save_result`` like any other.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from scoring.finals import final_ranking, next_stage, playoff_for
from scoring.policies import PLAYOFF_RESOLUTIONS

from ..archive import load_archive
from ..i18n import say
from ..models import Event, Stage
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .snapshots import snapshot


def create_stage(event: Event, plan, actor: Actor) -> Stage:
    """Write the engine's ``plan`` as the event's next stage, with its audit entry; inside the caller's transaction."""
    latest = event.latest_round()
    stage = Stage.objects.create(
        event=event, number=event.stages.count() + 1, kind=plan.kind, bracket=plan.bracket or "",
        players=list(plan.players), rounds_planned=plan.rounds, for_place=plan.for_place,
        seeded_by=plan.seeded_by, seed=plan.seed, first_round=(latest.number if latest else 0) + 1,
    )
    record_change(event, actor, "stage.started", say(stage.title), after=plan.as_dict())
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
                raise ServiceError(_("Places below the lead are played off only in a Swiss event without a top cut."),
                                   field="place")
            ranking = final_ranking(archive)
            if ranking.pending is not None and archive.stages:
                # Translators: %(pending)s is what is still to be played, such as "Playoff: 1 round of 2 to play".
                raise ServiceError(_("Finish the stage under way first (%(pending)s).")
                                   % {"pending": say(ranking.pending)}, field="place")
            try:
                plan = playoff_for(archive, ranking, place)
            except ValueError:
                raise ServiceError(_("No players share place %(place)s after every criterion.") % {"place": place},
                                   field="place") from None
        else:
            plan = next_stage(archive, seed)
            if plan is None:
                raise ServiceError(_nothing_due(event, archive))
        stage = create_stage(event, plan, actor)
        # Translators: %(stage)s is a stage's title, such as "Playoff" or "Top 8".
        snapshot(event, _("%(stage)s started") % {"stage": say(stage.title)}, None)
    return stage


def _nothing_due(event: Event, archive: scoring.Archive) -> str:
    if event.structure == "elimination" or any(stage.kind == "elimination" for stage in archive.stages):
        return _("The bracket is seeded already.")
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
        if stage.rounds.exists():
            # Translators: %(stage)s is a stage's title, such as "Playoff" or "Top 8".
            raise ServiceError(_("%(stage)s has paired rounds: undo them first.") % {"stage": say(stage.title)})
        before = stage.as_archive()
        title = say(stage.title)
        stage.delete()
        record_change(event, actor, "stage.cancelled", title, before=before)
