"""What a policy implies for an event of so many players: rounds, official status, time limits, house rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import scoring

from ..i18n import say
from ..models import FORMAT_CHOICES, TIE_CHOICES
from .house_rules import HouseRule, base_of, chosen_policy, house_rules

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class PolicyImplications:
    """What a policy implies for an event of so many players, as the event form's side panel shows it."""

    title: str  # as the document has it, in English
    base_title: str  # a house policy's released text, as published; "" for a released text
    players: int
    rounds: int
    official: bool
    min_official_players: int
    game_type: str
    time_limit_minutes: int
    warning_minutes: int
    end_of_time: str  # in the reader's language
    bye_points_by_round: list[int]
    formats: list[StrOrPromise]  # each format's name
    format_clause: str
    tie_options: list[StrOrPromise]  # each way a tied lead may be resolved, named
    co_champions_by_agreement: bool
    clauses: dict[str, str]  # the clause of each rule: "rounds", "time", "byes", "tiebreaks"...
    house_rules: tuple[HouseRule, ...]  # each value a house policy changes, citing the clause it replaces


def policy_implications(
    policy: scoring.Policy | object, expected_players: int, game_type: str | None
) -> PolicyImplications | None:
    """The engine's summary of the policy for ``expected_players`` (at least 2), or None if the choice is incomplete.

    ``policy`` is a Policy (a house policy the caller found for its reader, ``chosen_policy``),
    or a released text's key. Its end-of-time procedure is in the reader's language; the policy's title stays as
    the document has it. A house policy's clauses cite its house rules where it changes a
    value, and the house rules are listed each with the clause it replaces.
    """
    chosen = policy if isinstance(policy, scoring.Policy) else chosen_policy(policy, user=None)
    if chosen is None:
        return None
    try:
        info = scoring.policy_info(chosen, max(expected_players, 2), game_type or "two-deck")
    except scoring.RuleError:
        return None
    formats, options = dict(FORMAT_CHOICES), dict(TIE_CHOICES)
    base = base_of(chosen)
    return PolicyImplications(
        title=chosen.title,
        base_title=base.title if base is not None else "",
        players=info["players"],
        rounds=info["rounds"],
        official=info["official"],
        min_official_players=info["min_official_players"],
        game_type=info["game_type"],
        time_limit_minutes=info["time_limit_minutes"],
        warning_minutes=info["warning_minutes"],
        end_of_time=say(info["end_of_time"]),
        bye_points_by_round=info["bye_points_by_round"],
        formats=[formats[key] for key in chosen.formats],
        format_clause=chosen.format_clause,
        tie_options=[options[key] for key in chosen.tie_resolutions],
        co_champions_by_agreement=chosen.co_champions_by_agreement,
        clauses=info["clauses"],
        house_rules=house_rules(chosen),
    )
