"""An event's life: created, its settings changed, started with its number of rounds, closed."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import transaction
from django.utils.translation import get_language, get_supported_language_variant, ngettext
from django.utils.translation import gettext as _

import scoring
from scoring.archive import parse_event
from scoring.finals import next_stage
from scoring.limits import MAX_ROUNDS
from scoring.text import text_problem

from ..archive import load_archive
from ..i18n import say
from ..models import FORMAT_CHOICES, TIE_CHOICES, TIME_ZONES, DeckList, Event, Player
from ..record_words import AuditAction
from ..roles import OWNER, Actor
from .base import NeedsConfirmation, ServiceError, locked_event, new_event_slug, record_change
from .decks import recheck_deck_lists
from .stages import create_stage

EVENT_RULE_FIELDS = (
    "policy",
    "game_type",
    "format",
    "tie_resolution",
    "first_round_pairing",
    "structure",
    "elimination",
    "seeding",
    "top_cut",
)


class _NotGiven:
    """A rule setting left out of a call: its default when creating, the event's own when updating."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = _NotGiven()
# Each rule setting is a named parameter, so a misspelt one is a TypeError, never a quiet default.
Rule = str | None | _NotGiven


def _given_rules(**values: Rule) -> dict:
    return {key: value for key, value in values.items() if value is not NOT_GIVEN}


def _with_defaults(rules: dict) -> dict:
    """The rule settings given, and each one not given at its default (a plain Swiss event).

    The format and the option for a tied lead default to the policy's first: Policy #1
    has its one deck each, the later policies general opponent.
    """
    values = {
        key: rules[key] if key in rules else Event._meta.get_field(key).get_default() for key in EVENT_RULE_FIELDS
    }
    policy = scoring.POLICIES.get(values["policy"])
    if policy is not None:
        if "format" not in rules:
            values["format"] = policy.formats[0]
        if "tie_resolution" not in rules:
            values["tie_resolution"] = policy.tie_resolutions[0]
    return values


def _check_event_rules(fields: dict) -> None:
    """The event's name, place and rules, as the engine checks an archive's."""
    place = fields.get("place") or ""
    if text_problem(place):
        # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0000)".
        raise ServiceError(_("The place %(problem)s.") % {"problem": say(text_problem(place))}, field="place")
    try:
        parse_event({"name": fields.get("name") or "x", **_with_defaults(fields)})
    except scoring.RuleError as error:
        if error.field == "event.format":
            raise ServiceError(_format_refused(fields), field="format", rule=error.rule) from None
        raise ServiceError.from_rule(error, {f"event.{k}": k for k in ("name", *EVENT_RULE_FIELDS)}) from None


def _check_tie_option(fields: dict) -> None:
    """The option for a tied lead must be one the policy lets a coordinator post.

    Policy #1 posts one of its three options; Version 3 and Policy Number 4 hold playoff
    rounds, and co-champions only "If both players and the tournament coordinator
    agree", which is asked when the tie arises (``stages.close_event``).
    """
    policy = scoring.get_policy(fields["policy"])
    if fields["tie_resolution"] in policy.tie_resolutions:
        return
    labels = dict(TIE_CHOICES)
    if policy.co_champions_by_agreement:
        message = _(
            "%(policy)s holds playoff rounds for a tied lead; co-champions only if the tied players and you "
            "agree when it happens, which you record when closing the event."
        ) % {"policy": policy.title}
    else:
        message = _("%(policy)s offers these options only: %(options)s.") % {
            "policy": policy.title,
            "options": "; ".join(str(labels[key]) for key in policy.tie_resolutions),
        }
    raise ServiceError(message, field="tie_resolution", rule=policy.tiebreak_clause)


def _format_refused(fields: dict) -> str:
    """Which formats the chosen policy defines, by their names in the form."""
    policy = scoring.get_policy(fields["policy"])
    labels = dict(FORMAT_CHOICES)
    return _("%(policy)s defines these formats only: %(formats)s.") % {
        "policy": policy.title,
        "formats": ", ".join(str(labels[key]) for key in policy.formats),
    }


def create_event(
    *,
    owner,
    name: str,
    date=None,
    place: str = "",
    players_report: bool = False,
    language: str = "",
    time_zone: str = "",
    policy: Rule = NOT_GIVEN,
    game_type: Rule = NOT_GIVEN,
    format: Rule = NOT_GIVEN,
    tie_resolution: Rule = NOT_GIVEN,
    first_round_pairing: Rule = NOT_GIVEN,
    structure: Rule = NOT_GIVEN,
    elimination: Rule = NOT_GIVEN,
    seeding: Rule = NOT_GIVEN,
    top_cut: Rule | int = NOT_GIVEN,
) -> Event:
    """Create an event in registration, owned by ``owner``.

    The policy, game type, format, tie option and first-round pairing are checked by the
    engine (a Challenge deck game or pairing by ranking needs the policy that has it).
    The projector and printouts are in ``language``, else in the language of the
    coordinator creating it (docs/i18n.md).
    """
    rules = _given_rules(
        policy=policy,
        game_type=game_type,
        format=format,
        tie_resolution=tie_resolution,
        first_round_pairing=first_round_pairing,
        structure=structure,
        elimination=elimination,
        seeding=seeding,
        top_cut=top_cut,
    )
    language = _checked_language(language) or _reader_language() or settings.LANGUAGE_CODE
    time_zone = _checked_time_zone(time_zone) or settings.TIME_ZONE
    _check_event_rules({"name": name, "place": place, **rules})
    _check_tie_option(_with_defaults(rules))
    with transaction.atomic(durable=True):
        event = Event.objects.create(
            slug=new_event_slug(name),
            name=name,
            date=date,
            place=place,
            owner=owner,
            players_report=players_report,
            language=language,
            time_zone=time_zone,
            **_with_defaults(rules),
        )
        record_change(event, Actor.account(owner, OWNER), AuditAction.EVENT_CREATED, event.name, after=_settings(event))
    return event


def _settings(event: Event) -> dict:
    return {
        "name": event.name,
        "date": event.date.isoformat() if event.date else None,
        "place": event.place,
        **{k: getattr(event, k) for k in EVENT_RULE_FIELDS},
        "rounds_planned": event.rounds_planned,
        "players_report": event.players_report,
        "language": event.language,
        "time_zone": event.time_zone,
    }


def _reader_language() -> str:
    # The coordinator's own language, when Council has it ("es-ES" reads as "es").
    try:
        return get_supported_language_variant(get_language() or "")
    except LookupError:
        return ""


def _checked_time_zone(time_zone: str) -> str:
    """``time_zone`` when it is a zone this machine knows (an IANA name), "" when none was given; refused otherwise."""
    if not time_zone:
        return ""
    if time_zone not in TIME_ZONES:
        raise ServiceError(
            _("%(zone)s is not a time zone; choose one such as Europe/Rome.") % {"zone": repr(time_zone)},
            field="time_zone",
        )
    return time_zone


def _checked_language(language: str) -> str:
    """``language`` when Council has it (settings.LANGUAGES), "" when none was given; refused otherwise."""
    if not language:
        return ""
    if language not in dict(settings.LANGUAGES):
        raise ServiceError(_("Council has no language %(code)s.") % {"code": repr(language)}, field="language")
    return language


def update_event(
    event: Event,
    *,
    actor: Actor,
    name: str,
    date=None,
    place: str = "",
    players_report: bool = False,
    language: str = "",
    time_zone: str = "",
    policy: Rule = NOT_GIVEN,
    game_type: Rule = NOT_GIVEN,
    format: Rule = NOT_GIVEN,
    tie_resolution: Rule = NOT_GIVEN,
    first_round_pairing: Rule = NOT_GIVEN,
    structure: Rule = NOT_GIVEN,
    elimination: Rule = NOT_GIVEN,
    seeding: Rule = NOT_GIVEN,
    top_cut: Rule | int = NOT_GIVEN,
) -> Event:
    """Change an event's settings; the rule settings only before the event starts.

    Whether players report their own results may change at any time: the codes are on
    every slip already, and staff can enter any result either way.
    """
    rules = _given_rules(
        policy=policy,
        game_type=game_type,
        format=format,
        tie_resolution=tie_resolution,
        first_round_pairing=first_round_pairing,
        structure=structure,
        elimination=elimination,
        seeding=seeding,
        top_cut=top_cut,
    )
    with transaction.atomic(durable=True):
        event = locked_event(event)
        before = _settings(event)
        changed_rules = [k for k in EVENT_RULE_FIELDS if rules.get(k, getattr(event, k)) != getattr(event, k)]
        if changed_rules and event.status != Event.REGISTRATION:
            raise ServiceError(_("The rules of an event cannot change once it has started."), field=changed_rules[0])
        merged = {k: rules.get(k, getattr(event, k)) for k in EVENT_RULE_FIELDS}
        _check_event_rules({"name": name, "place": place, **merged})
        if "tie_resolution" in changed_rules or "policy" in changed_rules:
            _check_tie_option(merged)
        event.name, event.date, event.place, event.players_report = name, date, place, players_report
        # The room's language may change at any time, like the reporting (an empty choice keeps it).
        event.language = _checked_language(language) or event.language
        # The venue's zone may change at any time too: the times kept are instants, shown in it.
        event.time_zone = _checked_time_zone(time_zone) or event.time_zone
        for key, value in merged.items():
            setattr(event, key, value)
        event.save()
        if changed_rules:
            # A list's findings are those of the rules it was checked under.
            recheck_deck_lists(event)
        record_change(event, actor, AuditAction.EVENT_UPDATED, event.name, before=before, after=_settings(event))
    return event


def start_event(
    event: Event,
    *,
    actor: Actor,
    rounds: int | None = None,
    note: str = "",
    seed: int | None = None,
    confirm: bool = False,
) -> Event:
    """Close registration and fix the number of Swiss rounds, or seed the bracket of an elimination event.

    The number comes from the policy's Number of Rounds table for the active players
    present (Policy #1 / Version 3 / Policy Number 4, "Number of Rounds"). A different
    number is allowed; the event then records that it departs from the policy. An
    elimination event has no Swiss rounds: its bracket is seeded now, by published
    ranking or at random from ``seed`` (drawn here unless given; scoring/finals.py).
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
        if event.structure == "elimination":
            _lists_missing(event, present, confirm)
            event.status = Event.RUNNING
            event.save()
            record_change(
                event,
                actor,
                AuditAction.EVENT_STARTED,
                _("%(players)s players, elimination") % {"players": present},
                after={"players": present, "elimination": event.elimination, "seeding": event.seeding},
            )
            plan = next_stage(load_archive(event), secrets.randbelow(2**31) if seed is None else seed)
            create_stage(event, plan, actor)
            return event
        policy = scoring.get_policy(event.policy)
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
        policy = scoring.get_policy(event.policy)
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
