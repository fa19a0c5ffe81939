"""How a forfeit's explanation names its reason and the winner's deck, kept apart from the rules
that score it (``scoring/results/score.py``), as ``decks/words.py`` keeps the words of deck checks.
"""

from __future__ import annotations

from ..messages import _

# How the forfeit explanation names the reason and the winner's deck; the English words are the codes.
FORFEIT_REASON_WORDS = {
    # Translators: why a game was forfeited, inside "forfeit (stall): ...": stalling (Policy #1, General 18).
    "stall": _("stall"),
    # Translators: why a game was forfeited: the player dropped out of the event mid-game.
    "drop": _("drop"),
    # Translators: why a game was forfeited: cheating.
    "cheat": _("cheat"),
    # Translators: why a game was forfeited: the player did not show up.
    "no-show": _("no-show"),
}
DECK_WORDS = {
    # Translators: the winner's deck in "the maximum for a scenario deck".
    "scenario": _("scenario"),
    # Translators: the winner's deck in "the maximum for a one-ring deck": a deck that can destroy The One Ring.
    "one-ring": _("one-ring"),
    # Translators: the winner's deck in "the maximum for a marshalling-points deck": it can win on points only.
    "marshalling-points": _("marshalling-points"),
}
