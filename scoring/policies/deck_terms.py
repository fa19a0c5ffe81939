"""The numbers a policy sets for a deck, each with the clause that states it.

A deck's least and most cards, its sideboard by game type, the copies of one card, the
creatures a play deck needs and who may bring The One Ring: the released texts state some
of them, and a house policy (``scoring/policies/house.py``) may change any, citing its own
rule in place of the clause. ``scoring.decks`` applies them; the rules no policy changes
(one of each unique card, two of one Wizard, the character draft, single alignment) stay
in ``scoring/decks/policy.py``. The readings are in docs/rules.md, "Decks".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

GENERAL_8 = "Policy #1, General 8"
GENERAL_9 = "Policy #1, General 9"
SIDEBOARD_P1 = "Policy #1, General 30: Larger Sideboard"
SIDEBOARD_P4 = "Policy Number 4, Larger Sideboard"
DECK_SIZE_CLAUSE = (
    'Version 3 and Policy Number 4, The Sealed Deck Game: "sealed deck tournaments only require a '
    '25/25 card minimum deck size (as printed in the rulesbook)"'
)

# The alignments a deck is played as (``scoring.decks.cards``' codes), of which a house
# policy may name those that may bring The One Ring.
DECK_ALIGNMENTS = ("hero", "minion", "fallen-wizard", "balrog")
STARTER_GAME_TYPES = ("one-deck-starter", "sealed-starter")
# Sideboard maxima by game type: Policy Number 4 (30 / 35 / 40). Policy #1 adds 5 "for all
# standard rules game formats" to the rulesbook's 15, 20 (three-deck game) and 25
# (four-deck game), which Version 3 keeps (docs/rules.md, reading 40). Starter rules have
# no sideboard; where a text gives no number (a scenario), nothing is checked.
_STARTER = dict.fromkeys(STARTER_GAME_TYPES, 0)
SIDEBOARD_BY_P4 = MappingProxyType(
    {
        **_STARTER,
        "one-deck-standard": 30,
        "two-deck": 30,
        "three-deck": 35,
        "campaign": 40,
        "sealed-standard": 30,
        "challenge-deck": 30,
    }
)
SIDEBOARD_BY_P1 = MappingProxyType(
    {
        **_STARTER,
        "one-deck-standard": 20,
        "two-deck": 20,
        "three-deck": 25,
        "campaign": 30,
        "sealed-standard": 20,
        "challenge-deck": 20,
    }
)
# The play deck's least resources (characters counted among them) and hazards; the texts
# give no larger number for a constructed deck (docs/rules.md, reading 70).
DECK_MINIMUM = 25
COPIES = 3
MIN_CREATURES = 10


@dataclass(frozen=True)
class DeckRules:
    """What a policy asks of a deck's numbers, each with the clause that states it.

    A clause left empty means no text states the rule: a house policy that sets one adds a
    rule rather than replacing a clause.
    """

    minimum: int  # the play deck's least resources (characters counted among them), and least hazards
    minimum_clause: str
    maximum: int | None  # the play deck's most cards; None: no text gives one
    maximum_clause: str
    sideboard: Mapping[str, int]  # the most cards by game type; a game type absent: no text says
    sideboard_clause: str
    copies: int  # the most copies of a card that is neither unique nor a Wizard
    copies_clause: str
    creatures: int | None  # the least creatures a constructed play deck holds; None: no minimum
    creatures_clause: str
    one_ring_alignments: tuple[str, ...] | None  # the alignments whose decks may hold The One Ring; None: any
    one_ring_clause: str

    def sideboard_limit(self, game_type: str) -> int | None:
        """The most cards a sideboard may hold in ``game_type``; 0 under starter rules; None if no rule says."""
        return self.sideboard.get(game_type)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready, as ``python -m scoring info`` prints it."""
        return {
            "minimum": self.minimum,
            "maximum": self.maximum,
            "sideboard": dict(self.sideboard),
            "copies": self.copies,
            "creatures": self.creatures,
            "one_ring_alignments": None if self.one_ring_alignments is None else list(self.one_ring_alignments),
        }


def released_deck_rules(*, sideboard: Mapping[str, int], sideboard_clause: str, creatures: int | None) -> DeckRules:
    """A released text's deck numbers: they differ only in the sideboard and General 8's creatures."""
    return DeckRules(
        minimum=DECK_MINIMUM,
        minimum_clause=DECK_SIZE_CLAUSE,
        maximum=None,
        maximum_clause="",
        sideboard=sideboard,
        sideboard_clause=sideboard_clause,
        copies=COPIES,
        copies_clause=GENERAL_9,
        creatures=creatures,
        creatures_clause=GENERAL_8 if creatures is not None else "",
        one_ring_alignments=None,
        one_ring_clause="",
    )
