"""The labels of the engine's choices, one per key: a key the engine knows without a label is caught at import.

The event's own choices are ``event.py``'s; here are the helper they share and the choices a
house policy may set (scoring/policies/house.py), which the policy form and the house rules'
words read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

from scoring import DECK_ALIGNMENTS, END_OF_TIME_PROCEDURES, ORGANISERS_PLAY

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def labelled(keys: Iterable[str], labels: Mapping[str, StrOrPromise]) -> list[tuple[str, StrOrPromise]]:
    missing = set(keys) - set(labels)
    if missing:
        # Every key the engine knows needs its label in every language: caught at import.
        raise LookupError(f"no label for {sorted(missing)}")
    return [(key, labels[key]) for key in keys]


# What a house policy may set (scoring/policies/house.py): the alignments whose decks may bring
# The One Ring, the end-of-time procedure, and who of those who run the event may play.
DECK_ALIGNMENT_CHOICES = labelled(
    DECK_ALIGNMENTS,
    {
        "hero": gettext_lazy("Hero"),
        "minion": gettext_lazy("Minion"),
        "fallen-wizard": gettext_lazy("Fallen-wizard"),
        "balrog": gettext_lazy("Balrog"),
    },
)
END_OF_TIME_CHOICES = labelled(
    END_OF_TIME_PROCEDURES,
    {
        "equal-turns": gettext_lazy("Play on until both players have had as many turns (the released texts)"),
        "current-turn": gettext_lazy("The player taking a turn finishes it, then the final count"),
        "at-once": gettext_lazy("Play stops at once and the position is counted (a round of days online)"),
    },
)
ORGANISERS_PLAY_CHOICES = labelled(
    ORGANISERS_PLAY,
    {
        "with-arbiter": gettext_lazy("Coordinators and staff may play when a second person rules on their games"),
        "staff-with-arbiter": gettext_lazy(
            "Coordinators may not play; staff may, when a second person rules on their games"
        ),
        "never": gettext_lazy("No one who runs the event may play in it"),
    },
)
