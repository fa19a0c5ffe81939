"""What a policy implies for an event of so many players: rounds, official status, time limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import scoring

from ..i18n import say
from ..models import FORMAT_CHOICES, TIE_CHOICES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class PolicyImplications:
    """What a policy implies for an event of so many players, as the event form's side panel shows it."""

    title: str  # as the document has it, in English
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


def policy_implications(policy_key: object, expected_players: int, game_type: str | None) -> PolicyImplications | None:
    """The engine's summary of the policy for ``expected_players`` (at least 2), or None if the choice is incomplete.

    Its end-of-time procedure is in the reader's language; the policy's title stays as the document has it.
    """
    try:
        policy = scoring.get_policy(policy_key)
        info = scoring.policy_info(policy, max(expected_players, 2), game_type or "two-deck")
    except scoring.RuleError:
        return None
    formats, options = dict(FORMAT_CHOICES), dict(TIE_CHOICES)
    return PolicyImplications(
        title=policy.title,
        players=info["players"],
        rounds=info["rounds"],
        official=info["official"],
        min_official_players=info["min_official_players"],
        game_type=info["game_type"],
        time_limit_minutes=info["time_limit_minutes"],
        warning_minutes=info["warning_minutes"],
        end_of_time=say(info["end_of_time"]),
        bye_points_by_round=info["bye_points_by_round"],
        formats=[formats[key] for key in policy.formats],
        format_clause=policy.format_clause,
        tie_options=[options[key] for key in policy.tie_resolutions],
        co_champions_by_agreement=policy.co_champions_by_agreement,
        clauses=info["clauses"],
    )
