"""A deck's capability: can it destroy The One Ring, or only win on marshalling points?

The forfeit points depend on it: stalling, dropping out and cheating give the opponent
"the maximum tournament points for the capability of his or her deck" (Policy #1,
General 18, 19 and 21; Policy Number 4, Cheating). The clause's own test is applied to
the registered list; docs/rules.md, "Decks", gives the readings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .results import DECK_CAPABILITIES

# The two capabilities General 18 knows, as results.py's forfeits read them.
ONE_RING_DECK, MARSHALLING_POINTS_DECK = DECK_CAPABILITIES
CAPABILITY_CLAUSE = "Policy #1, General 18, 19 and 21"

# General 18's "ring test (not counting Ringlores or Tests of Lore)": the cards that test
# a gold ring, by their facts in the card index (docs/rules.md, Decks 3).
RING_TESTS = frozenset({"Gandalf", "Test of Form", "Wizard’s Test", "Test of Fire"})
# General 18 names three Precious Gold Rings; the later policies' One Ring wins ("Cracks
# of Doom, A New Ringlord, etc.", Version 3) also come from the other gold rings whose
# test may bring The One Ring (docs/rules.md, Decks 4).
POLICY_1_GOLD_RINGS = frozenset({"Precious Gold Ring"})
ONE_RING_GOLD_RINGS = frozenset({"Precious Gold Ring", "Fair Gold Ring", "Beautiful Gold Ring", "A Little Gold Ring",
                                 "Gold Ring that Sauron Fancies", "The Least of Gold Rings"})


@dataclass(frozen=True)
class Capability:
    """Whether a deck can destroy The One Ring, and why (General 18)."""

    capability: str
    reason: str


def deck_capability(*, starting: Counter, play: Counter, available: Counter, policy_key: str) -> Capability:
    """General 18: a ring test (not Ringlore or Test of Lore) and three Precious Gold Rings in the play deck, and
    The One Ring with Cracks of Doom (or Gollum's Fate and Gollum) in the play deck or sideboard.

    Each argument counts copies by card name: ``starting`` the pool and play deck,
    ``play`` the play deck, ``available`` the play deck and sideboard.
    """
    gold_rings = POLICY_1_GOLD_RINGS if policy_key == "policy-1-1996" else ONE_RING_GOLD_RINGS
    ways = [("Cracks of Doom",), ("Gollum’s Fate", "Gollum")]
    if policy_key != "policy-1-1996":
        ways.append(("A New Ringlord",))
    missing = []
    tests = sorted(name for name in RING_TESTS if starting[name])
    if not tests:
        missing.append("a ring test (Ringlore and Test of Lore do not count)")
    rings = sum(play[name] for name in gold_rings)
    if rings < 3:
        named = "Precious Gold Rings" if policy_key == "policy-1-1996" else "gold rings that may become The One Ring"
        missing.append(f"three {named} in the play deck (it has {rings})")
    if not available["The One Ring"]:
        missing.append("The One Ring")
    way = next((way for way in ways if all(available[name] for name in way)), None)
    if way is None:
        missing.append(" or ".join(" and ".join(way) for way in ways))
    if missing:
        return Capability(MARSHALLING_POINTS_DECK, "missing " + "; ".join(missing))
    return Capability(ONE_RING_DECK, f"{', '.join(tests)}, {rings} gold rings, The One Ring and {' and '.join(way)}")
