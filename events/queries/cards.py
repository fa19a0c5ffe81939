"""Tournament cards: each player's opponent, result and points, round by round.

Policy #1, Swiss System, Tournament Point Ties: "keep a running record of each player's
opponent each round, result types each round, as well as tournament point results each
round". Shown on the player's phone and printed for the tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from fractions import Fraction

import scoring

from ..models import Player

RESULT_LABELS = {
    "one-ring": "the One Ring",
    "wizard-eliminated": "Wizard eliminated",
    "forfeit": "forfeit",
    "scenario": "scenario",
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
    total: float | int


@dataclass
class Card:
    """A player's tournament card: their place, their points and a row for each round played."""

    player: Player
    rank: int | None
    total: float | int
    rows: list[CardRow] = field(default_factory=list)


def _number(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else float(value)


def _detail(result: dict | None, mine: int) -> str:
    if not result:
        return ""
    if "mp" in result:
        text = f"MP {result['mp'][mine]}–{result['mp'][1 - mine]}"
        if result.get("weakest_link") is not None:
            text += ", Weakest Link " + ("won" if result["weakest_link"] == mine else "lost")
        return text
    return RESULT_LABELS.get(result["kind"], result["kind"].replace("-", " "))


def tournament_cards(standings: scoring.Standings, players_by_archive_id: dict[str, Player]) -> list[Card]:
    """The tournament card of each player, with the running total; cards follow the standings order."""
    entries: dict[str, list[tuple[int, CardRow]]] = {row.player: [] for row in standings.rows}
    for bye in standings.byes:
        if bye.player in entries:
            entries[bye.player].append((bye.round, CardRow(bye.round, None, "—", "bye", "bye", bye.tp, 0)))
    for game in standings.games:
        for mine in (0, 1):
            pid = game.players[mine]
            if pid not in entries:
                continue
            opponent = players_by_archive_id[game.players[1 - mine]].name
            if game.tp is None:
                row = CardRow(game.round, game.table, opponent, "playing", "", None, 0)
            else:
                my_tp, their_tp = Fraction(game.tp[mine]), Fraction(game.tp[1 - mine])
                outcome = "won" if my_tp > their_tp else "lost" if my_tp < their_tp else "tie"
                row = CardRow(game.round, game.table, opponent, outcome, _detail(game.result, mine),
                              game.tp[mine], 0)
            entries[pid].append((game.round, row))
    cards = []
    for standing in standings.rows:
        total = Fraction(0)
        rows = []
        for _, row in sorted(entries[standing.player], key=lambda item: item[0]):
            total += Fraction(row.tp or 0)
            row.total = _number(total)
            rows.append(row)
        cards.append(Card(players_by_archive_id[standing.player], standing.rank, standing.tp, rows))
    return cards


def card_text(card: Card) -> str:
    """The card as a JSON string, to keep among the public page's parts.

    A phone's page reads a whole piece of cards from the cache, and strings load at once
    where lists of rows do not; only the phone's own card is then decoded (``card_from_text``).
    """
    names = [f.name for f in fields(CardRow)]
    return json.dumps([card.rank, card.total, [[getattr(row, name) for name in names] for row in card.rows]])


def card_from_text(player: Player, text: str) -> Card:
    """The card ``card_text`` kept, for ``player``."""
    rank, total, rows = json.loads(text)
    return Card(player, rank, total, [CardRow(*row) for row in rows])
