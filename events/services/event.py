"""An event created, and its settings changed: the rule settings the engine checks, the place, language and zone.

Starting the event and its number of rounds are ``start``'s; closing it is ``stages``'.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models, transaction
from django.utils.translation import get_language, get_supported_language_variant
from django.utils.translation import gettext as _

import scoring
from scoring import parse_event, text_problem

from ..i18n import say
from ..models import FORMAT_CHOICES, TIE_CHOICES, TIME_ZONES, Event, Gathering, policy_document_named
from ..record_words import AuditAction
from ..roles import OWNER, Actor
from .base import ServiceError, locked_event, new_event_slug, record_change
from .decks import recheck_deck_lists
from .impartial import check_may_play

if TYPE_CHECKING:
    from django.contrib.auth.models import User

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
    "pools",
    "advance",
)


class _NotGiven:
    """A rule setting left out of a call: its default when creating, the event's own when updating."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = _NotGiven()
# Each rule setting is a named parameter, so a misspelt one is a TypeError, never a quiet default.
Rule = str | None | _NotGiven


def _given_rules(**values: Rule | int) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not NOT_GIVEN}


def _with_defaults(rules: dict[str, Any], house: dict[str, Any] | None) -> dict[str, Any]:
    """The rule settings given, and each one not given at its default (a plain Swiss event).

    The format and the option for a tied lead default to the policy's first: Policy #1
    has its one deck each, the later policies general opponent.
    """
    values = {key: rules[key] if key in rules else _default_of(key) for key in EVENT_RULE_FIELDS}
    policy = _policy_named(values["policy"], house)
    if policy is not None:
        if "format" not in rules:
            values["format"] = policy.formats[0]
        if "tie_resolution" not in rules:
            values["tie_resolution"] = policy.tie_resolutions[0]
    return values


def _policy_named(key: object, house: dict[str, Any] | None) -> scoring.Policy | None:
    """The house policy ``house`` (the document ``key`` names), else the released text ``key``; None
    for neither (the engine then says so)."""
    if house is not None:
        return scoring.policy_of(house)
    return scoring.POLICIES.get(key) if isinstance(key, str) else None


def _default_of(name: str) -> Any:
    """The default of the Event field ``name``."""
    field = Event._meta.get_field(name)
    assert isinstance(field, models.Field)  # a rule setting is a column of the event, not a relation
    return field.get_default()


def _check_event_rules(fields: dict[str, Any], house: dict[str, Any] | None) -> None:
    """The event's name, place and rules, as the engine checks an archive's."""
    place = fields.get("place") or ""
    if text_problem(place):
        # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0000)".
        raise ServiceError(_("The place %(problem)s.") % {"problem": say(text_problem(place))}, field="place")
    try:
        values = _with_defaults(fields, house)
        parse_event({"name": fields.get("name") or "x", **values, "policy": house or values["policy"]})
    except scoring.RuleError as error:
        if error.field == "event.format":
            raise ServiceError(_format_refused(fields, house), field="format", rule=error.rule) from None
        raise ServiceError.from_rule(error, {f"event.{k}": k for k in ("name", *EVENT_RULE_FIELDS)}) from None


def _check_tie_option(fields: dict[str, Any], house: dict[str, Any] | None) -> None:
    """The option for a tied lead must be one the policy lets a coordinator post.

    Policy #1 posts one of its three options; Version 3 and Policy Number 4 hold playoff
    rounds, and co-champions only "If both players and the tournament coordinator
    agree", which is asked when the tie arises (``stages.close_event``).
    """
    policy = _policy_named(fields["policy"], house)
    assert policy is not None  # _check_event_rules refused an unknown policy first
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


def _format_refused(fields: dict[str, Any], house: dict[str, Any] | None) -> str:
    """Which formats the chosen policy defines, by their names in the form."""
    policy = _policy_named(fields["policy"], house)
    assert policy is not None  # the format is checked after the policy
    labels = dict(FORMAT_CHOICES)
    return _("%(policy)s defines these formats only: %(formats)s.") % {
        "policy": policy.title,
        "formats": ", ".join(str(labels[key]) for key in policy.formats),
    }


def create_event(
    *,
    owner: User,
    name: str,
    date: datetime.date | None = None,
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
    pools: Rule | int = NOT_GIVEN,
    advance: Rule | int = NOT_GIVEN,
    gathering: Gathering | None = None,
) -> Event:
    """Create an event in registration, owned by ``owner``, in their ``gathering`` when one is given.

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
        pools=pools,
        advance=advance,
    )
    language = _checked_language(language) or _reader_language() or settings.LANGUAGE_CODE
    time_zone = _checked_time_zone(time_zone) or settings.TIME_ZONE
    # One reading of a house policy's document serves every check and the copy the event keeps.
    house = policy_document_named(rules.get("policy", _default_of("policy")), user=owner)
    _check_event_rules({"name": name, "place": place, **rules}, house)
    _check_tie_option(_with_defaults(rules, house), house)
    if gathering is not None and gathering.owner_id != owner.pk:
        raise ServiceError(_("Only events of the gathering's owner can join it."), field="name")
    with transaction.atomic(durable=True):
        event = Event.objects.create(
            slug=new_event_slug(name),
            gathering=gathering,
            name=name,
            date=date,
            place=place,
            owner=owner,
            players_report=players_report,
            language=language,
            time_zone=time_zone,
            policy_document=house,
            **_with_defaults(rules, house),
        )
        record_change(event, Actor.account(owner, OWNER), AuditAction.EVENT_CREATED, event.name, after=_settings(event))
    return event


def _settings(event: Event) -> dict[str, Any]:
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
    date: datetime.date | None = None,
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
    pools: Rule | int = NOT_GIVEN,
    advance: Rule | int = NOT_GIVEN,
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
        pools=pools,
        advance=advance,
    )
    with transaction.atomic(durable=True):
        event = locked_event(event)
        before = _settings(event)
        changed_rules = [k for k in EVENT_RULE_FIELDS if rules.get(k, getattr(event, k)) != getattr(event, k)]
        if changed_rules and event.status != Event.REGISTRATION:
            raise ServiceError(_("The rules of an event cannot change once it has started."), field=changed_rules[0])
        merged = {k: rules.get(k, getattr(event, k)) for k in EVENT_RULE_FIELDS}
        # The event's own copy while its policy stays; the owner's kept version when it changes to one.
        house = policy_document_named(merged["policy"], user=event.owner, event=event)
        _check_event_rules({"name": name, "place": place, **merged}, house)
        if "tie_resolution" in changed_rules or "policy" in changed_rules:
            _check_tie_option(merged, house)
        if "policy" in changed_rules:
            chosen = _policy_named(merged["policy"], house)
            assert chosen is not None  # _check_event_rules refused an unknown policy first
            for account_id in event.players.exclude(account_id=None).values_list("account_id", flat=True):
                check_may_play(event, chosen, account_id, field="policy")
        event.name, event.date, event.place, event.players_report = name, date, place, players_report
        # The room's language may change at any time, like the reporting (an empty choice keeps it).
        event.language = _checked_language(language) or event.language
        # The venue's zone may change at any time too: the times kept are instants, shown in it.
        event.time_zone = _checked_time_zone(time_zone) or event.time_zone
        for key, value in merged.items():
            setattr(event, key, value)
        # Only a change of policy (before the start) takes a kept version; saving the settings
        # keeps the copy the event took (docs/rules.md, reading 84).
        event.policy_document = house
        event.save()
        if changed_rules:
            # A list's findings are those of the rules it was checked under.
            recheck_deck_lists(event)
        record_change(event, actor, AuditAction.EVENT_UPDATED, event.name, before=before, after=_settings(event))
    return event
