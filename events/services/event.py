"""An event's life: created, its settings changed, started with its number of rounds, closed."""

from __future__ import annotations

import dataclasses
import secrets

from django.db import transaction

import scoring
from scoring.archive import parse_event
from scoring.finals import final_ranking, next_stage
from scoring.limits import MAX_ROUNDS
from scoring.text import text_problem

from ..archive import load_archive
from ..models import Event, Player
from ..roles import OWNER, Actor
from .base import NeedsConfirmation, ServiceError, locked_event, new_event_slug, record_change
from .decks import recheck_deck_lists
from .snapshots import snapshot
from .stages import create_stage

EVENT_RULE_FIELDS = ("policy", "game_type", "format", "tie_resolution", "first_round_pairing", "structure",
                     "elimination", "seeding", "top_cut")


def _with_defaults(rules: dict) -> dict:
    """The rule settings given, and each one not given at its default (a plain Swiss event)."""
    return {key: rules[key] if key in rules else Event._meta.get_field(key).get_default() for key in EVENT_RULE_FIELDS}


def _check_event_rules(fields: dict) -> None:
    """The event's name, place and rules, as the engine checks an archive's."""
    place = fields.get("place") or ""
    if text_problem(place):
        raise ServiceError(f"The place {text_problem(place)}.", field="place")
    try:
        parse_event({"name": fields.get("name") or "x", **_with_defaults(fields)})
    except scoring.RuleError as error:
        raise ServiceError.from_rule(error, {f"event.{k}": k for k in ("name", *EVENT_RULE_FIELDS)}) from None


def create_event(
    *, owner, name: str, date=None, place: str = "", players_report: bool = False, **rules: str
) -> Event:
    """Create an event in registration, owned by ``owner``.

    The policy, game type, format, tie option and first-round pairing are checked by the
    engine (a Challenge deck game or pairing by ranking needs the policy that has it).
    """
    _check_event_rules({"name": name, "place": place, **rules})
    with transaction.atomic(durable=True):
        event = Event.objects.create(
            slug=new_event_slug(name),
            name=name,
            date=date,
            place=place,
            owner=owner,
            players_report=players_report,
            **_with_defaults(rules),
        )
        record_change(event, Actor.account(owner, OWNER), "event.created", event.name, after=_settings(event))
    return event


def _settings(event: Event) -> dict:
    return {
        "name": event.name,
        "date": event.date.isoformat() if event.date else None,
        "place": event.place,
        **{k: getattr(event, k) for k in EVENT_RULE_FIELDS},
        "rounds_planned": event.rounds_planned,
        "players_report": event.players_report,
    }


def update_event(
    event: Event, *, actor: Actor, name: str, date=None, place: str = "", players_report: bool = False,
    **rules: str,
) -> Event:
    """Change an event's settings; the rule settings only before the event starts.

    Whether players report their own results may change at any time: the codes are on
    every slip already, and staff can enter any result either way.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        before = _settings(event)
        changed_rules = [k for k in EVENT_RULE_FIELDS if rules.get(k, getattr(event, k)) != getattr(event, k)]
        if changed_rules and event.status != Event.REGISTRATION:
            raise ServiceError(
                "The rules of an event cannot change once it has started.", field=changed_rules[0]
            )
        merged = {k: rules.get(k, getattr(event, k)) for k in EVENT_RULE_FIELDS}
        _check_event_rules({"name": name, "place": place, **merged})
        event.name, event.date, event.place, event.players_report = name, date, place, players_report
        for key, value in merged.items():
            setattr(event, key, value)
        event.save()
        if changed_rules:
            # A list's findings are those of the rules it was checked under.
            recheck_deck_lists(event)
        record_change(event, actor, "event.updated", event.name, before=before, after=_settings(event))
    return event


def start_event(event: Event, *, actor: Actor, rounds: int | None = None, note: str = "",
                seed: int | None = None) -> Event:
    """Close registration and fix the number of Swiss rounds, or seed the bracket of an elimination event.

    The number comes from the policy's Number of Rounds table for the active players
    present (Policy #1 / Version 3 / Policy Number 4, "Number of Rounds"). A different
    number is allowed; the event then records that it departs from the policy. An
    elimination event has no Swiss rounds: its bracket is seeded now, by published
    ranking or at random from ``seed`` (drawn here unless given; scoring/finals.py).
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.REGISTRATION:
            raise ServiceError("The event has already started.")
        present = event.players.filter(status=Player.ACTIVE).count()
        if present < 2:
            raise ServiceError("Register at least two players before starting.", field="rounds")
        if event.structure == "elimination":
            event.status = Event.RUNNING
            event.save()
            record_change(event, actor, "event.started", f"{present} players, elimination",
                          after={"players": present, "elimination": event.elimination, "seeding": event.seeding})
            plan = next_stage(load_archive(event), secrets.randbelow(2**31) if seed is None else seed)
            create_stage(event, plan, actor)
            return event
        policy = scoring.get_policy(event.policy)
        by_policy = policy.rounds_for(present)
        planned = by_policy if rounds is None else rounds
        _check_rounds(planned, 0)
        event.status = Event.RUNNING
        event.rounds_by_policy = by_policy
        event.rounds_planned = planned
        event.rounds_note = _rounds_note(planned, by_policy, present, policy, note)
        event.save()
        record_change(
            event,
            actor,
            "event.started",
            f"{present} players, {planned} rounds",
            after={"players": present, "rounds_planned": planned, "rounds_by_policy": by_policy,
                   "note": event.rounds_note},
        )
    return event


def _check_rounds(rounds: int, paired: int) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ServiceError(f"The number of rounds must be from 1 to {MAX_ROUNDS}.", field="rounds")
    if rounds < paired:
        raise ServiceError(f"{paired} rounds are already paired.", field="rounds")


def _rounds_note(planned: int, by_policy: int, present: int, policy: scoring.Policy, note: str) -> str:
    if text_problem(note):
        raise ServiceError(f"The reason {text_problem(note)}.", field="note")
    if planned == by_policy:
        return ""
    text = f"Departs from the policy: {by_policy} rounds for {present} players ({policy.rounds_clause})"
    if note.strip():
        text += f". {note.strip()}"
    return text


def change_rounds(event: Event, *, actor: Actor, rounds: int, note: str = "") -> Event:
    """Change the number of Swiss rounds of a running event (not below those paired)."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.RUNNING:
            raise ServiceError("Only a running event has rounds to change.", field="rounds")
        if event.structure != "swiss" or event.stages.exists():
            raise ServiceError("The Swiss rounds are over: a playoff or a bracket has started.", field="rounds")
        _check_rounds(rounds, event.rounds.count())
        before = {"rounds_planned": event.rounds_planned, "note": event.rounds_note}
        policy = scoring.get_policy(event.policy)
        present = event.players.filter(joined_after_round=0).count()
        event.rounds_planned = rounds
        event.rounds_note = _rounds_note(rounds, event.rounds_by_policy or rounds, present, policy, note)
        event.save()
        record_change(event, actor, "event.rounds_changed", f"{rounds} rounds", before=before,
                      after={"rounds_planned": rounds, "note": event.rounds_note})
    return event


def close_event(
    event: Event, *, actor: Actor, playoff_winner: Player | None = None, confirm: bool = False
) -> scoring.Standings:
    """Close the event on its final ranking (scoring/finals.py).

    Every result must be in. Fewer Swiss rounds than planned need ``confirm``. A stage
    under way, a posted top cut not played, or an unseeded bracket must finish first.
    When players still share the lead after every criterion and every playoff, the
    option posted in advance decides (Policy #1 / Version 3 / Policy Number 4,
    Tournament Point Ties): the playoff is played here (``start_stage``), or, when it
    was played on paper, its winner is recorded here; co-champions need nothing more.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.RUNNING:
            raise ServiceError("Only a running event can be closed.")
        latest = event.latest_round()
        if latest is None:
            raise ServiceError("No round has been played yet.")
        missing = latest.tables_without_result()
        if missing:
            raise ServiceError(f"{latest.label} still needs results from table(s) {', '.join(map(str, missing))}.")
        archive = load_archive(event)
        swiss = len(archive.rounds)
        if not archive.stages and swiss < (event.rounds_planned or 0) and not confirm:
            raise NeedsConfirmation([f"Only {swiss} of the {event.rounds_planned} planned rounds were played."])
        ranking = final_ranking(archive)
        if ranking.pending is not None:
            raise ServiceError(f"{ranking.pending}: finish it before closing.")
        standings = scoring.compute_standings(archive)
        champions = ranking.champions
        if len(champions) > 1 and event.tie_resolution == "playoff":
            names = ", ".join(p.name for p in ranking.placings if p.player in champions)
            if playoff_winner is None or playoff_winner.archive_id not in champions:
                raise ServiceError(f"{names} are tied for the lead: start the playoff from the desk, or record "
                                   "who won a playoff played on paper.", field="playoff_winner",
                                   rule=event_tiebreak_clause(event))
        elif playoff_winner is not None:
            raise ServiceError("There is no tie for the lead to play off.", field="playoff_winner")
        event.status = Event.CLOSED
        event.playoff_winner = playoff_winner
        event.save()
        record_change(event, actor, "event.closed", event.name,
                      after={"winner": playoff_winner.archive_id if playoff_winner else
                             (champions[0] if len(champions) == 1 else None),
                             "champions": list(champions),
                             "lead_tie": dataclasses.asdict(standings.lead_tie) if standings.lead_tie else None})
        snapshot(event, "Event closed", latest.number)
    return standings


def event_tiebreak_clause(event: Event) -> str:
    """The clause of the event's policy that sends a lead tied after every criterion to a playoff."""
    return scoring.get_policy(event.policy).tiebreak_clause
