"""Tournament cards: each player's opponent, result and points, round by round.

Policy #1, Swiss System, Tournament Point Ties: "keep a running record of each player's
opponent each round, result types each round, as well as tournament point results each
round". Shown on the player's phone and printed for the tables.

The cards are kept with the public page's parts, which are kept per language
(events/caching/parts.py): a row's ``detail`` is in the language it was built in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import scoring

from ..i18n import say
from ..models import Player

RESULT_LABELS = {
    "one-ring": gettext_lazy("the One Ring"),
    "wizard-eliminated": gettext_lazy("Wizard eliminated"),
    "forfeit": pgettext_lazy("how a game was won", "forfeit"),
    "scenario": pgettext_lazy("how a game was won", "scenario"),
    "double-loss": pgettext_lazy("a game neither player played", "double loss"),
}

# What a row's outcome code is called on the card.
OUTCOME_LABELS = {
    "won": pgettext_lazy("a game's outcome for the player", "won"),
    "lost": pgettext_lazy("a game's outcome for the player", "lost"),
    "tie": pgettext_lazy("a game's outcome for the player", "tie"),
    "bye": pgettext_lazy("a round without a game", "bye"),
    "playing": pgettext_lazy("a game still being played", "playing"),
}


@dataclass
class CardRow:
    """One round of a player's tournament card."""

    round: int
    table: int | None
    opponent: str
    outcome: str  # "won", "lost", "tie", "bye" or "playing"
    detail: str
    tp: float | int | None
    total: float | int | None  # None on a row of a playoff or bracket, which the total does not count
    stage: str = ""  # the playoff or bracket the row's game belongs to, in the card's language

    @property
    def outcome_label(self) -> str:
        """The outcome as the card shows it, in the reader's language ("won", "bye")."""
        return str(OUTCOME_LABELS.get(self.outcome, self.outcome))


# The fields of a row, in the order ``rows_text`` writes them and ``card_from_text`` reads them.
_ROW_FIELDS = [f.name for f in fields(CardRow)]


@dataclass
class Card:
    """A player's tournament card: their place, their points and a row for each round played."""

    player: Player
    rank: int | None
    total: float | int
    rows: list[CardRow] = field(default_factory=list)


def _number(value: Fraction | int) -> float | int:
    if type(value) is int:
        return value
    return int(value) if value.denominator == 1 else float(value)


def _detail_words() -> dict[object, str]:
    """The words of a card's details in the reader's language, looked up once for every card of an event."""
    return {
        # Translators: the marshalling points (MP) of the player and of their opponent.
        None: _("MP %(mine)s–%(theirs)s"),
        # Translators: the marshalling points (MP) of the player and of their opponent; the player won the
        # Weakest Link (a tie-break of the policy).
        True: _("MP %(mine)s–%(theirs)s, Weakest Link won"),
        # Translators: the marshalling points (MP) of the player and of their opponent; the player lost the
        # Weakest Link (a tie-break of the policy).
        False: _("MP %(mine)s–%(theirs)s, Weakest Link lost"),
        **{kind: str(label) for kind, label in RESULT_LABELS.items()},
    }


def _detail(result: dict[str, Any] | None, mine: int, words: dict[object, str]) -> str:
    if not result:
        return ""
    if "mp" in result:
        values = {"mine": result["mp"][mine], "theirs": result["mp"][1 - mine]}
        weakest_link = result.get("weakest_link")
        return words[None if weakest_link is None else weakest_link == mine] % values
    if result["kind"] == "tie":
        return ""  # the outcome says it already
    return words[result["kind"]]


def tournament_cards(standings: scoring.Standings, players_by_archive_id: dict[str, Player]) -> list[Card]:
    """The tournament card of each player, with the running total; cards follow the standings order."""
    names = {archive_id: player.name for archive_id, player in players_by_archive_id.items()}
    return [
        Card(players_by_archive_id[standing.player], standing.rank, standing.tp, rows)
        for standing, rows in zip(standings.rows, card_rows(standings, names), strict=True)
    ]


def card_rows(standings: scoring.Standings, names: Mapping[str, str]) -> list[list[CardRow]]:
    """The rows of each player's tournament card, with the running total, in the standings order; ``names`` gives
    each opponent's name by archive id. The public page keeps them as text (``rows_text``) with no player at hand."""
    entries: dict[str, list[tuple[int, CardRow]]] = {row.player: [] for row in standings.rows}
    words = _detail_words()
    for bye in standings.byes:
        if bye.player in entries:
            row = CardRow(bye.round, None, "—", "bye", str(OUTCOME_LABELS["bye"]), bye.tp, 0)
            entries[bye.player].append((bye.round, row))
    for game in (*standings.games, *standings.stage_games):
        for mine in (0, 1):
            pid = game.players[mine]
            if pid not in entries:
                continue
            opponent = names[game.players[1 - mine]]
            stage = str(say(game.stage)) if game.stage is not None else ""
            if game.tp is None:
                row = CardRow(game.round, game.table, opponent, "playing", "", None, 0, stage)
            else:
                # Points are whole numbers or exact binary floats (3.5): compared as they are.
                my_tp, their_tp = game.tp[mine], game.tp[1 - mine]
                outcome = "won" if my_tp > their_tp else "lost" if my_tp < their_tp else "tie"
                if (game.result or {}).get("kind") == "double-loss":
                    outcome = "lost"  # neither played: a loss on each card (docs/rules.md, reading 94)
                if game.result and "roll_winner" in game.result:  # a level bracket game goes to the dice
                    outcome = "won" if game.result["roll_winner"] == mine else "lost"
                row = CardRow(
                    game.round,
                    game.table,
                    opponent,
                    outcome,
                    _detail(game.result, mine, words),
                    game.tp[mine],
                    0,
                    stage,
                )
            entries[pid].append((game.round, row))
    cards = []
    for standing in standings.rows:
        total: Fraction | int = 0
        rows = []
        for _round, row in sorted(entries[standing.player], key=lambda item: item[0]):
            if row.stage:
                row.total = None  # a stage's game counts in its stage, not in the tournament points
            else:
                # Whole points are added as ints (20,000 cards); a half makes the total an exact Fraction.
                points = row.tp or 0
                total += points if type(points) is int else Fraction(points)
                row.total = _number(total)
            rows.append(row)
        cards.append(rows)
    return cards


def rows_text(total: float | int, rows: list[CardRow]) -> str:
    """A card of ``total`` points and ``rows`` as a JSON string, without its player or place.

    A phone's page reads a whole piece of cards from the cache, and strings load at once
    where lists of rows do not; only the phone's own card is then decoded (``card_from_text``).
    The place is kept apart: a result moves many players' places and few players' cards.
    """
    return json.dumps([total, [[getattr(row, name) for name in _ROW_FIELDS] for row in rows]])


def card_from_text(player: Player, text: str, rank: int | None) -> Card:
    """The card ``rows_text`` kept, for ``player`` at place ``rank``."""
    total, rows = json.loads(text)
    return Card(player, rank, total, [CardRow(*row) for row in rows])
