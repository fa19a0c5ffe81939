"""The tournament cards: each player's points, games and byes, read from the archive's Swiss rounds.

The standings rank players by the points on their cards and break ties with what the
cards hold (``scoring.tiebreaks``). Points are kept as whole numbers of the event's
point unit (``points_unit``), so that adding and comparing them is integer work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import NamedTuple

from .archive.document import Archive

# Criterion II of Version 3 and Policy Number 4: "games each tied player received 3.5
# or more tournament points-these are wins".
WIN_THRESHOLD = Fraction(7, 2)


WON, LOST, TIED = "won", "lost", "tie"


class PlayedGame(NamedTuple):
    """One game of a player's tournament card, seen from that player."""

    round: int
    table: int
    opponent: str
    points: Fraction
    opponent_points: Fraction
    outcome: str  # WON, LOST or TIED
    counts_as: str  # how a win counts in Policy #1's criteria (scoring.results.score)


@dataclass
class PlayerRecord:
    """Everything the standings need about one player: the tournament card."""

    id: str
    name: str
    status: str
    eligible: bool
    unit: int = 1  # the event's point unit (``points_unit``)
    units: int = 0  # the tournament points in that unit, for integer sums and comparisons
    point_wins: int = 0  # games that gave 3.5 points or more (criterion II of Version 3 and Policy Number 4)
    wins: int = 0  # games won, and lost (a double loss is lost by both)
    losses: int = 0
    opponents_units: int = 0  # the sum of the opponents' points, in the unit
    byes: int = 0
    bye_rounds: list[int] = field(default_factory=list)
    games: list[PlayedGame] = field(default_factory=list)
    lost_to: list[str] = field(default_factory=list)  # the opponent of each game lost, for head-to-head

    @property
    def tp(self) -> Fraction:
        """The tournament points, exactly."""
        return Fraction(self.units, self.unit)

    def won_as(self, method: str) -> int:
        """Games this player won that count as ``method`` in Policy #1's criteria."""
        return sum(1 for g in self.games if g.outcome == WON and g.counts_as == method)


def points_unit(archive: Archive) -> int:
    """The least common denominator of every point value of the archive's Swiss rounds (1, or 2 for halves).

    Totals and tallies are kept as whole numbers of this unit, so that adding and comparing
    them is integer work; ``Fraction(units, unit)`` is the exact value again.
    """
    denominators = {archive.bye_points(rnd.number).denominator for rnd in archive.rounds if rnd.bye is not None}
    for rnd in archive.rounds:
        for game in rnd.games:
            if game.scored is not None:
                denominators.update(point.denominator for point in game.scored.points)
    return lcm(*denominators) if denominators else 1


def build_records(archive: Archive, unit: int | None = None) -> dict[str, PlayerRecord]:
    """Tournament cards of every player: points, games and byes from the archive.

    ``unit`` is ``points_unit(archive)``, passed by a caller that has it already.
    """
    unit = points_unit(archive) if unit is None else unit
    records = {
        p.id: PlayerRecord(id=p.id, name=p.name, status=p.status, eligible=p.eligible, unit=unit)
        for p in archive.players
    }
    # Criterion II of Version 3 and Policy Number 4 counts games of 3.5 points or more: compared in units, as
    # points * denominator >= numerator * unit.
    win_times, win_bar = WIN_THRESHOLD.denominator, WIN_THRESHOLD.numerator * unit
    for rnd in archive.rounds:
        if rnd.bye is not None:
            record = records[rnd.bye]
            bye = archive.bye_points(rnd.number)
            record.units += bye.numerator * (unit // bye.denominator)
            record.byes += 1
            record.bye_rounds.append(rnd.number)
        for game in rnd.games:
            scored = game.scored
            if scored is None:
                continue
            # Both players' lines at once: this runs for every game of the event at every change.
            first, second = game.players
            first_points, second_points = scored.points
            first_units = first_points.numerator * (unit // first_points.denominator)
            second_units = second_points.numerator * (unit // second_points.denominator)
            if scored.lost_by_both:
                first_outcome = second_outcome = LOST
            elif scored.winner is None:
                first_outcome = second_outcome = TIED
            else:
                first_outcome, second_outcome = (WON, LOST) if scored.winner == 0 else (LOST, WON)
            for record, units, outcome, line in (
                (
                    records[first],
                    first_units,
                    first_outcome,
                    PlayedGame(
                        rnd.number, game.table, second, first_points, second_points, first_outcome, scored.counts_as
                    ),
                ),
                (
                    records[second],
                    second_units,
                    second_outcome,
                    PlayedGame(
                        rnd.number, game.table, first, second_points, first_points, second_outcome, scored.counts_as
                    ),
                ),
            ):
                record.units += units
                if units * win_times >= win_bar:
                    record.point_wins += 1
                if outcome == WON:
                    record.wins += 1
                elif outcome == LOST:
                    record.losses += 1
                    record.lost_to.append(line.opponent)
                record.games.append(line)
    totals = {pid: record.units for pid, record in records.items()}
    for record in records.values():
        record.opponents_units = sum(map(totals.__getitem__, [game.opponent for game in record.games]))
    return records
