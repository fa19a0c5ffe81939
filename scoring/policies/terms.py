"""What a tournament policy is: its fields, its tie-break criteria, and what it answers.

The three released policies themselves, as frozen data, are in ``scoring/policies/released.py``,
which also gives every name here to its callers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import RuleError
from ..messages import _
from .deck_terms import DeckRules
from .game_types import GAME_TYPE_WORDS, GAME_TYPES

# How a lead still tied is resolved, as posted before the event. "playoff" and
# "co-champions" follow the menu of criteria; Policy #1 also lets the coordinator post a
# playoff, or co-champions, without the menu ("The three options are", Tournament Point
# Ties). Under Version 3 and Policy Number 4 co-champions are not posted: the tied
# players and the coordinator agree to them when the tie arises (docs/rules.md, 68-69).
PLAYOFF, CO_CHAMPIONS = "playoff", "co-champions"
PLAYOFF_WITHOUT_MENU, CO_CHAMPIONS_WITHOUT_MENU = "playoff-without-menu", "co-champions-without-menu"
TIE_RESOLUTIONS = (PLAYOFF, CO_CHAMPIONS, PLAYOFF_WITHOUT_MENU, CO_CHAMPIONS_WITHOUT_MENU)
PLAYOFF_RESOLUTIONS = (PLAYOFF, PLAYOFF_WITHOUT_MENU)
WITHOUT_MENU = (PLAYOFF_WITHOUT_MENU, CO_CHAMPIONS_WITHOUT_MENU)

# The event formats. Version 3 and Policy Number 4 define four ("Formats"); Policy #1
# defines none, only that each player keeps "the same play deck, sideboard, and pool of
# starting characters for the entire tournament" (General 12): one deck each.
GENERAL_OPPONENT, HERO_ONLY, MINION_ONLY, FALLEN_WIZARD_ONLY = (
    "general-opponent",
    "hero-only",
    "minion-only",
    "fallen-wizard-only",
)
SINGLE_DECK = "single-deck"
EVENT_FORMATS = (GENERAL_OPPONENT, HERO_ONLY, MINION_ONLY, FALLEN_WIZARD_ONLY, SINGLE_DECK)

# The order of the Free Council's marshalling point modifications. CRF 10 (1998) doubles,
# then caps a type at the rest; Policy #1, General 10 reads them "in the order they are
# printed" in The Wizards Unlimited rulesbook: revealed uniques, no type over half (round
# up), then doubling (docs/rules.md, reading 12).
COUNCIL_CRF_10 = "crf-10"
COUNCIL_UNLIMITED_PRINTED = "unlimited-printed"
COUNCIL_ORDERS = (COUNCIL_CRF_10, COUNCIL_UNLIMITED_PRINTED)

# Tie-break criteria, in the words of the texts. The engine in standings.py knows how
# to tally each one; a policy lists the ones it uses, in its order.
HEAD_TO_HEAD = "head-to-head"
ONE_RING_WINS = "one-ring-wins"
RATIO_2_AND_WIZARD_WINS = "ratio-2-and-wizard-wins"
RATIO_15_WINS = "ratio-1.5-wins"
RATIO_1_WINS = "ratio-1-wins"
WEAKEST_LINK_WINS = "weakest-link-wins"
BYES_RECEIVED = "byes-received"
NUMBER_OF_WINS = "number-of-wins"
OPPONENTS_SCORES = "opponents-scores"
# Every criterion the engine can tally (a house policy orders some of them).
TIEBREAK_CRITERIA = (
    HEAD_TO_HEAD,
    ONE_RING_WINS,
    RATIO_2_AND_WIZARD_WINS,
    RATIO_15_WINS,
    RATIO_1_WINS,
    WEAKEST_LINK_WINS,
    BYES_RECEIVED,
    NUMBER_OF_WINS,
    OPPONENTS_SCORES,
)

# Who of those who run an event may play in it. No released text says; Council's reading
# of Policy #1 (introduction, General 17) lets a coordinator or staff member play when a
# second person rules on their games (docs/rules.md, reading 78). A house policy may keep
# coordinators, or everyone who runs the event, out of it.
WITH_ARBITER, STAFF_WITH_ARBITER, ORGANISERS_NEVER = "with-arbiter", "staff-with-arbiter", "never"
ORGANISERS_PLAY = (WITH_ARBITER, STAFF_WITH_ARBITER, ORGANISERS_NEVER)
ORGANISERS_CLAUSE = "Policy #1, introduction and General 17 (as docs/rules.md, reading 78, reads them)"


@dataclass(frozen=True)
class RoundsRow:
    """One row of a policy's Number of Rounds table."""

    min_players: int
    max_players: int | None  # None: no upper bound
    rounds: int
    official: bool


@dataclass(frozen=True)
class Policy:
    """One released Council of Lórien tournament policy.

    Points are ``Fraction`` so that 3.5 and 2.5 (Version 3, Tournament Points (e), (g))
    add up exactly.
    """

    key: str
    title: str
    date: str
    source: str
    rounds_table: tuple[RoundsRow, ...]
    rounds_clause: str
    bye_points_by_round: tuple[int, ...]  # the last value repeats for later rounds
    bye_clause: str
    no_second_bye: bool
    time_limits: Mapping[str, int]
    warning_minutes: int
    warning_range: tuple[int, int]
    time_clause: str
    one_ring_points: Mapping[str, int]
    one_ring_clause: str
    # (winner, loser) for MP ratio >= 2, >= 1.5, > 1
    ratio_points: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    ratio_clause: str
    weakest_link_points: tuple[Fraction, Fraction] | None
    weakest_link_clause: str
    tie_points: int
    tie_clause: str
    # A game that ends with both avatars eliminated at once (Policy #1, General 6) is a
    # tie; where elimination no longer ends the game (Policy Number 4) only equal MP tie.
    simultaneous_elimination_ties: bool
    wizard_elimination_points: tuple[int, int] | None  # None: not a game end
    wizard_elimination_clause: str
    negative_mp_count_as_zero: bool
    negative_mp_clause: str
    eliminated_avatar_penalty: int  # MP subtracted at the Free Council; 0: none
    forfeit_clause: str
    scenario_points: Mapping[str, int]
    scenario_clause: str
    tiebreaks: tuple[str, ...]
    tiebreak_clause: str
    avoid_rematches: bool
    rematch_clause: str
    first_round_pairings: tuple[str, ...]
    first_round_clause: str
    pairing_clause: str
    game_types: tuple[str, ...]
    end_of_time: str
    end_of_time_scenario: str
    council_order: str
    council_clause: str
    formats: tuple[str, ...]  # the first is the default
    format_clause: str
    # Whether a sealed player may exchange cards between rounds (Version 3, Policy Number 4).
    sealed_exchanges: bool
    sealed_exchanges_clause: str
    tie_resolutions: tuple[str, ...]  # what the coordinator may post for a tied lead; the first is the default
    co_champions_by_agreement: bool  # "If both players and the tournament coordinator agree"
    deck_rules: DeckRules  # sizes, sideboard, copies, creatures, The One Ring (scoring/policies/deck_terms.py)
    # What the released texts leave unsaid and a house policy may say (scoring/policies/house.py):
    # the fan (Dream Card) sets allowed, by code, and cards banned, by name.
    fan_sets: tuple[str, ...] = ()
    banned_cards: tuple[str, ...] = ()
    # Printed sets an event leaves out, by code (an event of the first sets only, say).
    excluded_sets: tuple[str, ...] = ()
    deck_clause: str = ""
    organisers_play: str = WITH_ARBITER
    organisers_clause: str = ORGANISERS_CLAUSE
    # A house policy: the released text it is built from (its key), the changes it makes, in
    # the order given, and its document as written; empty for a released text.
    base: str = ""
    house_rules: tuple[str, ...] = ()
    house_document: Mapping[str, Any] | None = None

    @property
    def is_house_policy(self) -> bool:
        """Whether this is a house policy built from a released text (else a released text itself)."""
        return bool(self.base)

    def as_document(self) -> str | dict[str, Any]:
        """How an archive names the policy: a released text by its key, a house policy by its whole document."""
        return dict(self.house_document) if self.house_document is not None else self.key

    def clause(self, attribute: str) -> str:
        """The clause an attribute names (``time_clause``, or ``deck_rules.sideboard_clause``)."""
        owner: object = self
        for part in attribute.split("."):
            owner = getattr(owner, part)
        return str(owner)

    def rounds_row(self, players: int) -> RoundsRow:
        """The Number of Rounds row for ``players`` players at the start."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError(_("the number of players must be a whole number"), field="players")
        for row in self.rounds_table:
            if players >= row.min_players and (row.max_players is None or players <= row.max_players):
                return row
        raise RuleError(
            _("a Swiss event needs at least 2 players, not %(players)s", players=players),
            field="players",
            rule=self.rounds_clause,
        )

    def rounds_for(self, players: int) -> int:
        """Number of Swiss rounds for ``players`` players at the start."""
        return self.rounds_row(players).rounds

    def can_be_official(self, players: int) -> bool:
        """Whether an event of ``players`` players can be an official Council event."""
        return self.rounds_row(players).official

    def bye_points(self, round_number: int) -> int:
        """Tournament points for a bye in round ``round_number`` (1-based)."""
        if round_number < 1:
            raise RuleError(_("rounds are numbered from 1"), field="round")
        table = self.bye_points_by_round
        return table[min(round_number, len(table)) - 1]

    def check_game_type(self, game_type: str, field: str = "game_type") -> None:
        """Reject a game type this policy does not describe."""
        if game_type not in GAME_TYPES:
            raise RuleError(
                _(
                    "unknown game type %(game_type)s; one of: %(choices)s",
                    game_type=repr(game_type),
                    choices=GAME_TYPES,
                ),
                field=field,
            )
        if game_type not in self.game_types:
            raise RuleError(
                # Translators: policy is the English title of a tournament policy; game_type a code such as
                # "challenge-deck".
                _("%(policy)s has no %(game_type)s game", policy=self.title, game_type=GAME_TYPE_WORDS[game_type]),
                field=field,
                rule=self.time_clause,
            )

    def check_format(self, event_format: str, field: str = "format") -> None:
        """Reject a format this policy does not define."""
        if event_format not in self.formats:
            raise RuleError(
                # Translators: format is a format's code such as "general-opponent"; choices are the policy's codes.
                _(
                    "%(policy)s has no %(format)s format; its formats: %(choices)s",
                    policy=self.title,
                    format=repr(event_format),
                    choices=self.formats,
                ),
                field=field,
                rule=self.format_clause,
            )

    def check_tie_resolution(self, resolution: str, field: str = "tie_resolution") -> None:
        """Reject an option for a tied lead that this policy does not let the coordinator post."""
        if resolution not in self.tie_resolutions:
            raise RuleError(
                _(
                    "%(policy)s does not let a coordinator post %(option)s; its options: %(choices)s",
                    policy=self.title,
                    option=repr(resolution),
                    choices=self.tie_resolutions,
                ),
                field=field,
                rule=self.tiebreak_clause,
            )

    def time_limit(self, game_type: str) -> int:
        """Minutes of play for one game of ``game_type``."""
        self.check_game_type(game_type)
        return self.time_limits[game_type]

    def max_points(self, game_type: str, deck_capability: str) -> int:
        """The most tournament points a deck of this capability can win in one game.

        Policy #1, General 18, 19 and 21: a deck either can destroy The One Ring, or is
        "only capable of the maximum marshalling points win". In a scenario game the
        maximum is achieving the victory conditions.
        """
        self.check_game_type(game_type)
        if game_type == "scenario":
            return self.scenario_points["victory"]
        if deck_capability == "one-ring":
            return self.one_ring_points[game_type]
        return self.ratio_points[0][0]

    def as_dict(self) -> dict[str, Any]:
        """The policy as plain JSON-ready data (for the CLI and the web app)."""
        return {
            "key": self.key,
            "title": self.title,
            "date": self.date,
            "source": self.source,
            "rounds": [
                {
                    "min_players": row.min_players,
                    "max_players": row.max_players,
                    "rounds": row.rounds,
                    "official": row.official,
                }
                for row in self.rounds_table
            ],
            "bye_points_by_round": list(self.bye_points_by_round),
            "no_second_bye": self.no_second_bye,
            "time_limits": dict(self.time_limits),
            "warning_minutes": self.warning_minutes,
            "one_ring_points": dict(self.one_ring_points),
            "ratio_points": [list(p) for p in self.ratio_points],
            "weakest_link_points": (
                None if self.weakest_link_points is None else [points_json(p) for p in self.weakest_link_points]
            ),
            "tie_points": self.tie_points,
            "wizard_elimination_ends_game": self.wizard_elimination_points is not None,
            "negative_mp_count_as_zero": self.negative_mp_count_as_zero,
            "eliminated_avatar_penalty": self.eliminated_avatar_penalty,
            "scenario_points": dict(self.scenario_points),
            "tiebreaks": list(self.tiebreaks),
            "avoid_rematches": self.avoid_rematches,
            "first_round_pairings": list(self.first_round_pairings),
            "game_types": list(self.game_types),
            "formats": list(self.formats),
            "council_order": self.council_order,
            "sealed_exchanges": self.sealed_exchanges,
            "tie_resolutions": list(self.tie_resolutions),
            "co_champions_by_agreement": self.co_champions_by_agreement,
            "deck_rules": self.deck_rules.as_dict(),
            "fan_sets": list(self.fan_sets),
            "banned_cards": list(self.banned_cards),
            "excluded_sets": list(self.excluded_sets),
            "organisers_play": self.organisers_play,
        }


def points_of_units(units: int, unit: int) -> int | float:
    """``points_json`` of ``Fraction(units, unit)``, for totals kept as whole numbers of a unit."""
    whole, rest = divmod(units, unit)
    return whole if rest == 0 else units / unit


def points_json(value: Fraction | int) -> int | float:
    """A point value for JSON: an integer when whole, else the exact binary float (3.5)."""
    # The standings of thousands call this: no new Fraction made for an int or a Fraction, and a Fraction's
    # float is its numerator divided by its denominator (Python's int division rounds exactly as float() does).
    if type(value) is int:
        return value
    if type(value) is Fraction:
        numerator, denominator = value.numerator, value.denominator
        return numerator if denominator == 1 else numerator / denominator
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)
