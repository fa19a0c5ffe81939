"""The Council of Lórien tournament policies, as frozen data.

A released policy is never edited: a correction or a new policy is added beside the
old ones under a new key, so an event archived under a key is scored the same way
forever. Every value below names the clause of the text in ``shared/rules/`` it comes
from; ``docs/rules.md`` lists the readings chosen where a text is ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from ..errors import RuleError
from ..messages import _
from .deck_terms import SIDEBOARD_BY_P1, SIDEBOARD_BY_P4, SIDEBOARD_P1, SIDEBOARD_P4, released_deck_rules
from .end_of_time import END_OF_TIME_END_OF_GAME, END_OF_TIME_FREE_COUNCIL, END_OF_TIME_SCENARIO
from .game_types import GAME_TYPES
from .terms import (
    BYES_RECEIVED,
    CO_CHAMPIONS,
    CO_CHAMPIONS_WITHOUT_MENU,
    COUNCIL_CRF_10,
    COUNCIL_UNLIMITED_PRINTED,
    FALLEN_WIZARD_ONLY,
    GENERAL_OPPONENT,
    HEAD_TO_HEAD,
    HERO_ONLY,
    MINION_ONLY,
    NUMBER_OF_WINS,
    ONE_RING_WINS,
    OPPONENTS_SCORES,
    PLAYOFF,
    PLAYOFF_WITHOUT_MENU,
    RATIO_1_WINS,
    RATIO_2_AND_WIZARD_WINS,
    RATIO_15_WINS,
    SINGLE_DECK,
    WEAKEST_LINK_WINS,
    Policy,
    RoundsRow,
)

V = TypeVar("V")


def _frozen(mapping: dict[str, V]) -> Mapping[str, V]:
    return MappingProxyType(dict(mapping))


_SCENARIO_POINTS = _frozen({"victory": 6, "higher-rank": 4, "tie": 3, "lower-rank": 2, "defeated": 0})

POLICY_1_1996 = Policy(
    key="policy-1-1996",
    title="Council of Lórien Policy #1 (1996)",
    date="1996-05-21",
    source="col-policy-1-1996.md",
    rounds_table=(
        RoundsRow(2, 2, 1, False),
        RoundsRow(3, 4, 2, False),
        RoundsRow(5, 8, 3, True),
        RoundsRow(9, 16, 4, True),
        RoundsRow(17, 32, 5, True),
        RoundsRow(33, 64, 6, True),
        RoundsRow(65, 128, 7, True),
        RoundsRow(129, None, 8, True),
    ),
    rounds_clause="Policy #1, The Tournament Format, Swiss System: Number of rounds",
    bye_points_by_round=(6, 3),
    bye_clause="Policy #1, Swiss System: Awarding Byes; Tournament Points (bye)",
    no_second_bye=False,
    time_limits=_frozen(
        {
            "one-deck-starter": 45,
            "one-deck-standard": 45,
            "two-deck": 75,
            "three-deck": 120,
            "campaign": 180,
            "sealed-starter": 45,
            "sealed-standard": 45,
            "scenario": 60,
        }
    ),
    warning_minutes=5,
    warning_range=(5, 5),
    time_clause="Policy #1, Swiss System: Time Limits",
    one_ring_points=_frozen(
        {
            "one-deck-starter": 8,
            "one-deck-standard": 8,
            "two-deck": 7,
            "three-deck": 7,
            "campaign": 7,
            "sealed-starter": 10,
            "sealed-standard": 10,
        }
    ),
    one_ring_clause="Policy #1, Swiss System: Tournament Points (Destroying The One Ring)",
    ratio_points=((6, 0), (5, 0), (4, 0)),
    ratio_clause="Policy #1, Swiss System: Tournament Points; Marshalling Point Ratios",
    weakest_link_points=(Fraction(3), Fraction(2)),
    weakest_link_clause="Policy #1, General 5: Free Council Ties (The Weakest Link Method)",
    tie_points=3,
    tie_clause="Policy #1, General 5 and 6: a tie in the Swiss System is worth 3",
    simultaneous_elimination_ties=True,
    wizard_elimination_points=(6, 0),
    wizard_elimination_clause="Policy #1, Swiss System: Tournament Points (Opponent's Wizard being eliminated)",
    negative_mp_count_as_zero=False,
    negative_mp_clause="Policy #1, Marshalling Point Ratios: a loser with zero or negative MPs gives the winner 6",
    eliminated_avatar_penalty=0,
    forfeit_clause="Policy #1, General 18 (stalling), 19 (dropping out), 21 (cheating)",
    scenario_points=_SCENARIO_POINTS,
    scenario_clause="Policy #1, The Resource/Character Scenario Game: Tournament Points",
    tiebreaks=(
        HEAD_TO_HEAD,
        ONE_RING_WINS,
        RATIO_2_AND_WIZARD_WINS,
        RATIO_15_WINS,
        RATIO_1_WINS,
        WEAKEST_LINK_WINS,
        BYES_RECEIVED,
    ),
    tiebreak_clause="Policy #1, Swiss System: Tournament Point Ties, criteria I-VII",
    avoid_rematches=True,
    rematch_clause="Policy #1 is silent on rematches; the project avoids them (docs/rules.md)",
    first_round_pairings=("random",),
    first_round_clause="Policy #1, Swiss System: for the first round only, players are paired off randomly",
    pairing_clause="Policy #1, Swiss System: Pairing Players",
    game_types=tuple(t for t in GAME_TYPES if t != "challenge-deck"),
    end_of_time=END_OF_TIME_FREE_COUNCIL,
    end_of_time_scenario=END_OF_TIME_SCENARIO,
    council_order=COUNCIL_UNLIMITED_PRINTED,
    council_clause="Policy #1, General 10: the modifications of The Wizards Unlimited rulesbook, in the order printed",
    formats=(SINGLE_DECK,),
    format_clause="Policy #1, General 12: Deck Integrity (the same play deck, sideboard and pool all tournament)",
    sealed_exchanges=False,
    sealed_exchanges_clause=(
        "Policy #1, The Sealed Deck Game (no exchanges between rounds) and General 12: "
        "no card substitutions are allowed between games"
    ),
    tie_resolutions=(PLAYOFF, CO_CHAMPIONS, PLAYOFF_WITHOUT_MENU, CO_CHAMPIONS_WITHOUT_MENU),
    co_champions_by_agreement=False,
    deck_rules=released_deck_rules(sideboard=SIDEBOARD_BY_P1, sideboard_clause=SIDEBOARD_P1, creatures=10),
)

_ICE_ERA_TIME_LIMITS = _frozen(
    {
        "one-deck-starter": 50,
        "one-deck-standard": 50,
        "two-deck": 80,
        "three-deck": 120,
        "campaign": 180,
        "sealed-starter": 50,
        "sealed-standard": 50,
        # "it should be run as a two-deck tournament" (The Challenge Deck Game)
        "challenge-deck": 80,
        "scenario": 60,
    }
)
_ICE_ERA_ONE_RING = _frozen(
    {
        "one-deck-starter": 8,
        "one-deck-standard": 8,
        "two-deck": 7,
        "challenge-deck": 7,
        "three-deck": 6,
        "campaign": 6,  # the campaign game is the four-deck game (rulesbook, The Longer Games)
        "sealed-starter": 10,
        "sealed-standard": 10,
    }
)

VERSION_3_1998 = Policy(
    key="version-3-1998",
    title="Council of Lórien Tournament Policy Version 3, Swiss System (1998)",
    date="1998-05-09",
    source="col-version-3-1998-swiss.txt",
    rounds_table=(
        RoundsRow(2, 2, 1, False),
        RoundsRow(3, 4, 2, False),
        RoundsRow(5, 5, 3, False),
        RoundsRow(6, 8, 3, True),
        RoundsRow(9, 16, 4, True),
        RoundsRow(17, 32, 5, True),
        RoundsRow(33, 64, 6, True),  # the text also says "64 + players 7 rounds": docs/rules.md
        RoundsRow(65, None, 7, True),
    ),
    rounds_clause="Version 3, Swiss System: Number of rounds",
    bye_points_by_round=(6, 5, 4, 3, 2, 1),
    bye_clause="Version 3, Swiss System: Awarding Byes",
    no_second_bye=True,
    time_limits=_ICE_ERA_TIME_LIMITS,
    warning_minutes=15,
    warning_range=(10, 15),
    time_clause="Version 3, Swiss System: Time Limits",
    one_ring_points=_ICE_ERA_ONE_RING,
    one_ring_clause="Version 3, Tournament Points (a)",
    ratio_points=((6, 0), (5, 1), (4, 2)),
    ratio_clause="Version 3, Tournament Points (b)-(d), (h)-(j); Marshalling Point Ratios",
    weakest_link_points=(Fraction(7, 2), Fraction(5, 2)),
    weakest_link_clause="Version 3, Tournament Points (e), (g)",
    tie_points=3,
    tie_clause="Version 3, Tournament Points (f): a tie as per item 6 under General (simultaneous elimination)",
    simultaneous_elimination_ties=True,
    # The rulesbook's first victory condition ends the game; Version 3 lists no points for
    # it, so the win counts as its most decisive non-Ring result, (b) (docs/rules.md, reading 66).
    wizard_elimination_points=(6, 0),
    wizard_elimination_clause=(
        "Rulesbook, The Victory Conditions 1 (the opponent wins); Version 3, Tournament "
        "Points (b) and (j), as read in docs/rules.md"
    ),
    negative_mp_count_as_zero=True,
    negative_mp_clause="Version 3, Negative MPs",
    eliminated_avatar_penalty=0,
    forfeit_clause="Version 3 keeps Policy #1, General 18, 19 and 21 (docs/rules.md)",
    scenario_points=_SCENARIO_POINTS,
    scenario_clause="Version 3, The Resource/Character Scenario Game: Tournament Points",
    tiebreaks=(HEAD_TO_HEAD, NUMBER_OF_WINS, OPPONENTS_SCORES),
    tiebreak_clause="Version 3, Tournament Point Ties, criteria I-III",
    avoid_rematches=True,
    rematch_clause="Version 3, Pairing Players: avoid having the same players play each other more than once",
    first_round_pairings=("random",),
    first_round_clause="Version 3, Swiss System: for the first round only, players are paired off randomly",
    pairing_clause="Version 3, Swiss System: Pairing Players",
    game_types=GAME_TYPES,
    end_of_time=END_OF_TIME_END_OF_GAME,
    end_of_time_scenario=END_OF_TIME_SCENARIO,
    council_order=COUNCIL_CRF_10,
    council_clause="CRF 10, Free Council (January 1998)",
    formats=(GENERAL_OPPONENT, HERO_ONLY, MINION_ONLY, FALLEN_WIZARD_ONLY),
    format_clause="Version 3, Formats: Single Alignment and General Opponent",
    sealed_exchanges=True,
    sealed_exchanges_clause="Version 3, The Sealed Deck Game: exchanges between rounds, in the time allotted",
    tie_resolutions=(PLAYOFF,),
    co_champions_by_agreement=True,
    deck_rules=released_deck_rules(sideboard=SIDEBOARD_BY_P1, sideboard_clause=SIDEBOARD_P1, creatures=None),
)

POLICY_4_2001 = Policy(
    key="policy-4-2001",
    title="Council of Lórien Tournament Policy Number 4 (2001)",
    date="2001-04-01",
    source="col-policy-4-2001.txt",
    rounds_table=(
        RoundsRow(2, 2, 1, False),
        RoundsRow(3, 3, 2, False),
        RoundsRow(4, 4, 2, True),
        RoundsRow(5, 5, 3, True),
        RoundsRow(6, 8, 3, True),
        RoundsRow(9, 16, 4, True),
        RoundsRow(17, 32, 5, True),
        RoundsRow(33, 64, 6, True),  # the table also has "64+ | 7": docs/rules.md
        RoundsRow(65, None, 7, True),
    ),
    rounds_clause="Policy Number 4, The Swiss System Format: Number of rounds",
    bye_points_by_round=(6, 5, 4, 3, 2, 1),
    bye_clause="Policy Number 4, The Swiss System Format: Awarding Byes",
    no_second_bye=True,
    time_limits=_ICE_ERA_TIME_LIMITS,
    warning_minutes=15,
    warning_range=(10, 15),
    time_clause="Policy Number 4, The Swiss System Format: Time Limits",
    one_ring_points=_ICE_ERA_ONE_RING,
    one_ring_clause="Policy Number 4, Tournament Points: Winning with The One Ring",
    ratio_points=((6, 0), (5, 1), (4, 2)),
    ratio_clause="Policy Number 4, Tournament Points; Marshalling Point Ratios",
    weakest_link_points=None,
    weakest_link_clause="Policy Number 4, Marshalling Point Ratios: equal MPs give both players 3",
    tie_points=3,
    tie_clause="Policy Number 4, Tournament Points: Achieving a tie (equal MPs)",
    simultaneous_elimination_ties=False,
    wizard_elimination_points=None,
    wizard_elimination_clause=(
        "Policy Number 4, Additional Rules: Victory Conditions (elimination no longer ends the game)"
    ),
    negative_mp_count_as_zero=True,
    negative_mp_clause="Policy Number 4, Negative MPs",
    eliminated_avatar_penalty=5,
    forfeit_clause="Policy Number 4, Cheating (and the stalling and dropping rules it refers to)",
    scenario_points=_SCENARIO_POINTS,
    scenario_clause="Policy Number 4, The Resource/Character Scenario Game: Tournament Points",
    tiebreaks=(HEAD_TO_HEAD, NUMBER_OF_WINS, OPPONENTS_SCORES),
    tiebreak_clause="Policy Number 4, Tournament Point Ties, criteria I-III",
    avoid_rematches=True,
    rematch_clause="Policy Number 4, Pairing Players: avoid having the same players play each other more than once",
    first_round_pairings=("random", "ranking"),
    first_round_clause="Policy Number 4: paired off randomly, or optionally by published ranking",
    pairing_clause="Policy Number 4, The Swiss System Format: Pairing Players",
    game_types=GAME_TYPES,
    end_of_time=END_OF_TIME_END_OF_GAME,
    end_of_time_scenario=END_OF_TIME_SCENARIO,
    council_order=COUNCIL_CRF_10,
    council_clause="CRF 10, Free Council (January 1998)",
    formats=(GENERAL_OPPONENT, HERO_ONLY, MINION_ONLY, FALLEN_WIZARD_ONLY),
    format_clause="Policy Number 4, Formats: Single Alignment and General Opponent",
    sealed_exchanges=True,
    sealed_exchanges_clause="Policy Number 4, The Sealed Deck Game: exchanges between rounds, in the time allotted",
    tie_resolutions=(PLAYOFF,),
    co_champions_by_agreement=True,
    deck_rules=released_deck_rules(sideboard=SIDEBOARD_BY_P4, sideboard_clause=SIDEBOARD_P4, creatures=None),
)

POLICIES: Mapping[str, Policy] = _frozen(
    {policy.key: policy for policy in (POLICY_1_1996, VERSION_3_1998, POLICY_4_2001)}
)


def get_policy(key: object, field: str = "policy") -> Policy:
    """The released policy with this key, or a RuleError naming the known keys."""
    try:
        return POLICIES[key]  # type: ignore[index]  # any value an archive brings: a wrong one is refused below
    except (KeyError, TypeError):
        raise RuleError(
            _("unknown policy %(key)s; one of: %(choices)s", key=repr(key), choices=tuple(POLICIES)), field=field
        ) from None


def policy_info(policy: Policy, players: int, game_type: str) -> dict[str, Any]:
    """What a policy implies for an event: rounds, officialness, time and warning."""
    row = policy.rounds_row(players)
    policy.check_game_type(game_type)
    house = (
        {"title": policy.title, "base": policy.base, "house_rules": list(policy.house_rules)}
        if policy.is_house_policy
        else {}
    )
    return {
        "policy": policy.key,
        **house,
        "players": players,
        "rounds": row.rounds,
        "official": row.official,
        "min_official_players": min(r.min_players for r in policy.rounds_table if r.official),
        "game_type": game_type,
        "time_limit_minutes": policy.time_limits[game_type],
        "warning_minutes": policy.warning_minutes,
        "warning_range_minutes": list(policy.warning_range),
        "end_of_time": policy.end_of_time_scenario if game_type == "scenario" else policy.end_of_time,
        "bye_points_by_round": list(policy.bye_points_by_round),
        "tiebreaks": list(policy.tiebreaks),
        "first_round_pairings": list(policy.first_round_pairings),
        "formats": list(policy.formats),
        "tie_resolutions": list(policy.tie_resolutions),
        "co_champions_by_agreement": policy.co_champions_by_agreement,
        "free_council_order": policy.council_order,
        "sealed_exchanges": policy.sealed_exchanges,
        "deck_rules": policy.deck_rules.as_dict(),
        "fan_sets": list(policy.fan_sets),
        "excluded_sets": list(policy.excluded_sets),
        "banned_cards": list(policy.banned_cards),
        "organisers_play": policy.organisers_play,
        "clauses": {
            "rounds": policy.rounds_clause,
            "time": policy.time_clause,
            "byes": policy.bye_clause,
            "tiebreaks": policy.tiebreak_clause,
            "formats": policy.format_clause,
            "free_council": policy.council_clause,
            "sealed_exchanges": policy.sealed_exchanges_clause,
            "deck_size": policy.deck_rules.minimum_clause,
            "sideboard": policy.deck_rules.sideboard_clause,
            "deck_maximum": policy.deck_rules.maximum_clause,
            "copies": policy.deck_rules.copies_clause,
            "creatures": policy.deck_rules.creatures_clause,
            "one_ring": policy.deck_rules.one_ring_clause,
            "cards_allowed": policy.deck_clause,
            "organisers_play": policy.organisers_clause,
        },
    }
