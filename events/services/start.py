"""An event started: registration closed, its number of Swiss rounds fixed (or its bracket seeded), and changed.

Policy #1 / Version 3 / Policy Number 4, "Number of Rounds": the number comes from the
policy's table for the players present; another number is a departure the event
records with its reason.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from scoring import MAX_ROUNDS, next_stage, text_problem

from ..archive import load_archive
from ..i18n import say
from ..models import DeckList, Event, Player
from ..record_words import AuditAction
from ..roles import Actor
from .base import NeedsConfirmation, ServiceError, locked_event, record_change
from .stages import create_stage


def start_event(
    event: Event,
    *,
    actor: Actor,
    rounds: int | None = None,
    note: str = "",
    seed: int | None = None,
    confirm: bool = False,
) -> Event:
    """Close registration and fix the number of Swiss rounds, seed the bracket of an elimination event, or
    deal the pools of an event of pools.

    The number comes from the policy's Number of Rounds table for the active players
    present (Policy #1 / Version 3 / Policy Number 4, "Number of Rounds"). A different
    number is allowed; the event then records that it departs from the policy. An
    elimination event has no Swiss rounds: its bracket is seeded now, by published
    ranking or at random from ``seed`` (drawn here unless given; scoring/finals.py); an
    event of pools deals its pools the same way (scoring/finals/pools_schedule.py).
    Starting while deck lists are asked for and some players have none needs ``confirm``:
    the lists are fixed when the event starts (General 12, docs/rules.md, reading 46).
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.REGISTRATION:
            raise ServiceError(_("The event has already started."))
        present = event.players.filter(status=Player.ACTIVE).count()
        if present < 2:
            raise ServiceError(_("Register at least two players before starting."), field="rounds")
        if event.structure in ("elimination", "pools"):
            _lists_missing(event, present, confirm)
            event.status = Event.RUNNING
            event.save()
            pools = event.structure == "pools"
            record_change(
                event,
                actor,
                AuditAction.EVENT_STARTED,
                (_("%(players)s players, pools") if pools else _("%(players)s players, elimination"))
                % {"players": present},
                after={
                    "players": present,
                    "elimination": event.elimination,
                    "seeding": event.seeding,
                    **({"pools": event.pools, "advance": event.advance} if pools else {}),
                },
            )
            try:
                plan = next_stage(load_archive(event), secrets.randbelow(2**31) if seed is None else seed)
            except scoring.RuleError as problem:
                # Too many or too few pools for the players present: nothing is kept.
                raise ServiceError(say(problem.message), rule=problem.rule) from None
            if plan is not None:
                create_stage(event, plan, actor)
            return event
        policy = event.rules
        by_policy = policy.rounds_for(present)
        planned = by_policy if rounds is None else rounds
        _check_rounds(planned, 0)
        rounds_note = _rounds_note(planned, by_policy, present, policy, note)
        _lists_missing(event, present, confirm)
        event.status = Event.RUNNING
        event.rounds_by_policy = by_policy
        event.rounds_planned = planned
        event.rounds_note = rounds_note
        event.save()
        record_change(
            event,
            actor,
            AuditAction.EVENT_STARTED,
            ngettext("%(players)s players, %(count)s round", "%(players)s players, %(count)s rounds", planned)
            % {"players": present, "count": planned},
            after={
                "players": present,
                "rounds_planned": planned,
                "rounds_by_policy": by_policy,
                "note": event.rounds_note,
            },
        )
    return event


def _check_rounds(rounds: int, paired: int) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ServiceError(_("The number of rounds must be from 1 to %(max)s.") % {"max": MAX_ROUNDS}, field="rounds")
    if rounds < paired:
        raise ServiceError(
            ngettext("%(count)s round is already paired.", "%(count)s rounds are already paired.", paired)
            % {"count": paired},
            field="rounds",
        )


def _lists_missing(event: Event, present: int, confirm: bool) -> None:
    """Ask before starting while deck lists are asked for and some players present have none, or one not legal."""
    if not event.deck_lists_wanted or confirm:
        return
    findings = list(
        DeckList.objects.filter(player__event=event, player__status=Player.ACTIVE).values_list("findings", flat=True)
    )
    without = present - len(findings)
    not_legal = sum(1 for found in findings if not (found or {}).get("legal"))
    warnings = []
    if without:
        warnings.append(
            ngettext(
                "%(count)s of the %(players)s players present has no deck list; once the event starts only you "
                "can enter one.",
                "%(count)s of the %(players)s players present have no deck list; once the event starts only you "
                "can enter theirs.",
                without,
            )
            % {"count": without, "players": present}
        )
    if not_legal:
        warnings.append(
            ngettext(
                "%(count)s deck list breaks a rule or names a card Council does not know: see the Decks page.",
                "%(count)s deck lists break a rule or name cards Council does not know: see the Decks page.",
                not_legal,
            )
            % {"count": not_legal}
        )
    if warnings:
        raise NeedsConfirmation(warnings)


def _rounds_note(planned: int, by_policy: int, present: int, policy: scoring.Policy, note: str) -> str:
    if text_problem(note):
        # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0000)".
        raise ServiceError(_("The reason %(problem)s.") % {"problem": say(text_problem(note))}, field="note")
    if planned == by_policy:
        return ""
    if not note.strip():
        # A departure from the policy is made in the open: its reason is kept and shown (reading 20).
        raise ServiceError(
            ngettext(
                "The policy gives %(count)s round for %(players)s players: say why this event plays another number.",
                "The policy gives %(count)s rounds for %(players)s players: say why this event plays another number.",
                by_policy,
            )
            % {"count": by_policy, "players": present},
            field="note",
            rule=policy.rounds_clause,
        )
    # Kept with the event and shown on its pages, in the language of the coordinator who set the rounds.
    values = {"count": by_policy, "players": present, "clause": policy.rounds_clause, "note": note.strip()}
    if note.strip():
        # Translators: %(clause)s cites the policy's Number of Rounds clause, in English; %(note)s is the
        # coordinator's reason as typed.
        return (
            ngettext(
                "Departs from the policy: %(count)s round for %(players)s players (%(clause)s). %(note)s",
                "Departs from the policy: %(count)s rounds for %(players)s players (%(clause)s). %(note)s",
                by_policy,
            )
            % values
        )
    # Translators: %(clause)s cites the policy's Number of Rounds clause, in English.
    return (
        ngettext(
            "Departs from the policy: %(count)s round for %(players)s players (%(clause)s)",
            "Departs from the policy: %(count)s rounds for %(players)s players (%(clause)s)",
            by_policy,
        )
        % values
    )


def change_rounds(event: Event, *, actor: Actor, rounds: int, note: str = "") -> Event:
    """Change the number of Swiss rounds of a running event (not below those paired)."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only a running event has rounds to change."), field="rounds")
        if event.structure != "swiss" or event.stages.exists():
            raise ServiceError(_("The Swiss rounds are over: a playoff or a bracket has started."), field="rounds")
        _check_rounds(rounds, event.rounds.count())
        before = {"rounds_planned": event.rounds_planned, "note": event.rounds_note}
        policy = event.rules
        present = event.players.filter(joined_after_round=0).count()
        event.rounds_planned = rounds
        event.rounds_note = _rounds_note(rounds, event.rounds_by_policy or rounds, present, policy, note)
        event.save()
        record_change(
            event,
            actor,
            AuditAction.EVENT_ROUNDS_CHANGED,
            ngettext("%(count)s round", "%(count)s rounds", rounds) % {"count": rounds},
            before=before,
            after={"rounds_planned": rounds, "note": event.rounds_note},
        )
    return event
