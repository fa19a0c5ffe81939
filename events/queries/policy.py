"""What a policy implies for an event of so many players: rounds, official status, time limits, house rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.text import capfirst
from django.utils.translation import gettext as _

import scoring

from ..i18n import say
from ..models import ELIMINATION_CHOICES, FORMAT_CHOICES, TIE_CHOICES
from .house_rules import HouseRule, base_of, chosen_policy, house_rules

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class PoolsImplied:
    """An event of pools as the form has it, for the players expected: each pool a round robin, then the best
    of each pool to a knockout (docs/rules.md, "Pools"). Its numbers are None until the form gives them."""

    pools: int | None
    advance: int | None
    smallest: int  # the pools' sizes as the players expected are dealt; 0 until the pools are given
    largest: int
    knockout: int  # the players who go on to the knockout
    elimination: StrOrPromise  # the knockout's kind, named
    problem: str  # why these numbers make no event of pools for the players expected; "" when they do


@dataclass(frozen=True)
class BracketImplied:
    """An elimination event as the form has it, for the players expected: one bracket, filled to the next power
    of two with byes to the best seeds (docs/rules.md, reading 55)."""

    elimination: StrOrPromise  # the bracket's kind, named
    size: int  # the bracket's places: the next power of two
    byes: int  # the best seeds' byes in its first round


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
    pools: PoolsImplied | None  # an event of pools, which plays no Swiss round; None for any other structure
    bracket: BracketImplied | None = None  # an elimination event, which plays no Swiss round either


def policy_implications(
    policy: scoring.Policy | object,
    expected_players: int,
    game_type: str | None,
    *,
    structure: object = None,
    pools: object = None,
    advance: object = None,
    elimination: object = None,
) -> PolicyImplications | None:
    """The engine's summary of the policy for ``expected_players`` (at least 2), or None if the choice is incomplete.

    ``policy`` is a Policy (a house policy the caller found for its reader, ``chosen_policy``),
    or a released text's key. Its end-of-time procedure is in the reader's language; the policy's title stays as
    the document has it. A house policy's clauses cite its house rules where it changes a
    value, and the house rules are listed each with the clause it replaces. An event of
    ``structure`` "pools" says what its pools do instead of its Swiss rounds, from the
    ``pools``, ``advance`` and ``elimination`` the form has (as it sends them, or None);
    an elimination event, its bracket.
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
        pools=_pools_implied(info["players"], pools, advance, elimination) if structure == "pools" else None,
        bracket=_bracket_implied(info["players"], elimination) if structure == "elimination" else None,
    )


def _bracket_implied(players: int, elimination: object) -> BracketImplied:
    named = dict(ELIMINATION_CHOICES)
    size = 1 << (players - 1).bit_length()
    return BracketImplied(
        elimination=named.get(elimination if isinstance(elimination, str) else "", named["single"]),
        size=size,
        byes=size - players,
    )


def _whole(value: object) -> int | None:
    """A count as the form sends it ("4") or an event keeps it (4); None when it is none."""
    try:
        number = int(value) if isinstance(value, int | str) else None
    except ValueError:  # not a number, or one too long to read
        return None
    return number if number is not None and number >= 1 else None


def _pools_implied(players: int, pools: object, advance: object, elimination: object) -> PoolsImplied:
    """What ``pools`` pools, ``advance`` of each going on, make of ``players``; the problems are the engine's, said
    before the start refuses them (``scoring.next_stage``): a pool holds 3 to 8, and no more go on than the
    smallest pool holds."""
    count, going_on = _whole(pools), _whole(advance)
    named = dict(ELIMINATION_CHOICES)
    kind = named.get(elimination if isinstance(elimination, str) else "", named["single"])
    if count is None:
        return PoolsImplied(None, going_on, 0, 0, 0, kind, "")
    # Dealt back and forth, pool sizes differ by at most one (docs/rules.md, reading 98).
    smallest, largest = players // count, -(-players // count)
    problem = ""
    sizes = scoring.pool_sizes_problem(players, count)
    if sizes is not None:
        problem = _("%(players)s players make %(pools)s pools of %(least)s to %(most)s; a pool holds 3 to 8") % {
            "players": players,
            "pools": count,
            "least": sizes[0],
            "most": sizes[1],
        }
    elif going_on is not None and going_on > smallest:
        problem = _("%(advance)s of each pool cannot go on from a pool of %(size)s") % {
            "advance": going_on,
            "size": smallest,
        }
    elif going_on is not None and count * going_on < 2:
        problem = _("at least two players go on to the knockout")
    knockout = count * going_on if going_on is not None else 0
    return PoolsImplied(count, going_on, smallest, largest, knockout, kind, capfirst(problem))
