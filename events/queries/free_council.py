"""The Free Council calculator: each player's marshalling points, step by step (CRF 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

import scoring

from ..i18n import say
from ..models import Event, Game


@dataclass(frozen=True)
class CouncilStep:
    """One step of the Free Council as the reader reads it: its title, its clause, each player's notes."""

    title: str
    clause: str
    notes: list[str]


@dataclass(frozen=True)
class CouncilOutcome:
    """The engine's Free Council for two players' sheets: the final marshalling points and each step explained."""

    policy: str
    mp: list[int]
    steps: list[dict[str, Any]]  # the engine's steps, as it gives them
    explained: list[CouncilStep]


def council_outcome(event: Event, game: Game, sheets: tuple[dict[str, Any], dict[str, Any]]) -> CouncilOutcome:
    """The engine's Free Council for the two players' ``sheets``, each step's notes naming the player.

    ``explained`` is in the reader's language. A scoring.RuleError when a sheet is refused.
    """
    parsed = (scoring.parse_sheet(sheets[0], "a"), scoring.parse_sheet(sheets[1], "b"))
    outcome = scoring.free_council(event.rules, parsed)
    names = (game.player_a.name, game.player_b.name)
    return CouncilOutcome(
        policy=outcome["policy"],
        mp=outcome["mp"],
        steps=outcome["steps"],
        explained=[
            CouncilStep(
                title=say(step["title"]),
                clause=step["clause"],
                notes=[_player_notes(names[i], step["notes"][i]) for i in (0, 1) if step["notes"][i]],
            )
            for step in outcome["steps"]
        ],
    )


def _player_notes(name: str, notes: list[Any]) -> str:
    """A step's notes for one player, in the reader's language: "Ann: ...; ..."."""
    # Translators: a player's name, and what a step of the Free Council did for them ("...; ...").
    return _("%(player)s: %(notes)s") % {"player": name, "notes": "; ".join(str(say(note)) for note in notes)}
