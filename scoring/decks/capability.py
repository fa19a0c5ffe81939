"""A deck's capability: can it destroy The One Ring, or only win on marshalling points?

The forfeit points depend on it: stalling, dropping out and cheating give the opponent
"the maximum tournament points for the capability of his or her deck" (Policy #1,
General 18, 19 and 21; Policy Number 4, Cheating). The clause's own test is applied to
the registered list; docs/rules.md, "Decks", gives the readings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..messages import Text, _, listing
from ..results.score import DECK_CAPABILITIES
from .cards import BALROG, MINION

# The two capabilities General 18 knows, as results/score.py's forfeits read them.
ONE_RING_DECK, MARSHALLING_POINTS_DECK = DECK_CAPABILITIES
CAPABILITY_CLAUSE = "Policy #1, General 18, 19 and 21"

# General 18's "ring test (not counting Ringlores or Tests of Lore)": the cards that test
# a gold ring, by their facts in the card index (docs/rules.md, Decks 3).
RING_TESTS = frozenset({"Gandalf", "Test of Form", "Wizard’s Test", "Test of Fire"})
# General 18 names three Precious Gold Rings; the later policies' One Ring wins ("Cracks
# of Doom, A New Ringlord, etc.", Version 3) also come from the other gold rings whose
# test may bring The One Ring (docs/rules.md, Decks 4).
POLICY_1_GOLD_RINGS = frozenset({"Precious Gold Ring"})
ONE_RING_GOLD_RINGS = frozenset(
    {
        "Precious Gold Ring",
        "Fair Gold Ring",
        "Beautiful Gold Ring",
        "A Little Gold Ring",
        "Gold Ring that Sauron Fancies",
        "The Least of Gold Rings",
    }
)
# The minion's One Ring victory: "Move The One Ring to Barad Dur—Sauron is reunited with The
# One Ring" (rulesbook, The Victory Conditions, The Lidless Eye), which Version 3 and Policy
# Number 4 count as "Winning with The One Ring (... etc.)" (docs/rules.md, reading 67).
BARAD_DUR = "Barad-dûr"
MINION_SIDE = (MINION, BALROG)


@dataclass(frozen=True)
class Capability:
    """Whether a deck can destroy The One Ring, and why (General 18)."""

    capability: str
    reason: Text


def _one_after_another(items: list[Text | str]) -> Text | str:
    """The things a deck misses, one after another, separated by semicolons."""
    said = items[0]
    for item in items[1:]:
        # Translators: joins two of the things a deck misses to destroy The One Ring, as in
        # "The One Ring; Cracks of Doom or Gollum’s Fate and Gollum".
        said = _("%(earlier)s; %(later)s", earlier=said, later=item)
    return said


def _ways_to_destroy(ways: list[tuple[str, ...]]) -> Text:
    """The cards that destroy The One Ring, any way of them (card names are never translated)."""
    if len(ways) == 2:
        # Translators: the card names are kept as written: "Cracks of Doom or Gollum’s Fate and Gollum".
        return _(
            "%(cracks_of_doom)s or %(gollums_fate)s and %(gollum)s",
            cracks_of_doom=ways[0][0],
            gollums_fate=ways[1][0],
            gollum=ways[1][1],
        )
    # Translators: the card names are kept as written: "Cracks of Doom or Gollum’s Fate and Gollum or A New Ringlord".
    return _(
        "%(cracks_of_doom)s or %(gollums_fate)s and %(gollum)s or %(new_ringlord)s",
        cracks_of_doom=ways[0][0],
        gollums_fate=ways[1][0],
        gollum=ways[1][1],
        new_ringlord=ways[2][0],
    )


def deck_capability(
    *,
    starting: Counter[str],
    play: Counter[str],
    available: Counter[str],
    policy_key: str,
    sites: Counter[str] | None = None,
    alignment: str | None = None,
) -> Capability:
    """General 18: a ring test (not Ringlore or Test of Lore) and three Precious Gold Rings in the play deck, and
    The One Ring with Cracks of Doom (or Gollum's Fate and Gollum) in the play deck or sideboard.

    Each argument counts copies by card name: ``starting`` the pool and play deck,
    ``play`` the play deck, ``available`` the play deck and sideboard, ``sites`` the
    location deck. Under Version 3 and Policy Number 4 a minion deck (``alignment``
    minion or Balrog) wins with The One Ring by taking it to Barad-dûr, so it needs that
    site where a hero deck needs Cracks of Doom; Policy #1 scores only the Ring destroyed.
    """
    sites = sites or Counter()
    gold_rings = POLICY_1_GOLD_RINGS if policy_key == "policy-1-1996" else ONE_RING_GOLD_RINGS
    minion = alignment in MINION_SIDE and policy_key != "policy-1-1996"
    ways = [("Cracks of Doom",), ("Gollum’s Fate", "Gollum")]
    if policy_key != "policy-1-1996":
        ways.append(("A New Ringlord",))
    missing: list[Text | str] = []
    tests = sorted(name for name in RING_TESTS if starting[name])
    if not tests:
        # Translators: something a deck misses to destroy The One Ring; Ringlore and Test of Lore are card names.
        missing.append(_("a ring test (Ringlore and Test of Lore do not count)"))
    rings = sum(play[name] for name in gold_rings)
    if rings < 3:
        if policy_key == "policy-1-1996":
            # Translators: something a deck misses to destroy The One Ring; Precious Gold Ring is a card's name;
            # %(rings)s is how many the play deck has.
            missing.append(_("three Precious Gold Rings in the play deck (it has %(rings)s)", rings=rings))
        else:
            # Translators: something a deck misses to destroy The One Ring; %(rings)s is how many the play deck has.
            missing.append(
                _("three gold rings that may become The One Ring in the play deck (it has %(rings)s)", rings=rings)
            )
    if not available["The One Ring"]:
        missing.append("The One Ring")  # a card's name
    if minion:
        way: tuple[str, ...] | None = (BARAD_DUR,) if sites[BARAD_DUR] else None
        if way is None:
            # Translators: something a minion deck misses to win with The One Ring; Barad-dûr is a site's name.
            missing.append(
                _("the site %(site)s in the location deck, where Sauron is reunited with The One Ring", site=BARAD_DUR)
            )
    else:
        way = next((way for way in ways if all(available[name] for name in way)), None)
        if way is None:
            missing.append(_ways_to_destroy(ways))
    if missing:
        # Translators: why a deck cannot destroy The One Ring; %(missing)s are the cards it misses, separated by
        # semicolons.
        return Capability(MARSHALLING_POINTS_DECK, _("missing %(missing)s", missing=_one_after_another(missing)))
    assert way is not None
    # Translators: why a deck can destroy The One Ring; %(tests)s are the ring tests' card names, %(one_ring)s is
    # the card The One Ring and %(way)s the card names that destroy it, such as "Cracks of Doom".
    return Capability(
        ONE_RING_DECK,
        _(
            "%(tests)s, %(rings)s gold rings, %(one_ring)s and %(way)s",
            tests=tuple(tests),
            rings=rings,
            one_ring="The One Ring",
            way=listing(list(way)),
        ),
    )
