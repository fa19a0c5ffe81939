"""What pairing needs to know of the rounds played: points, byes and who met whom.

The standings' tournament cards (``scoring.tournament_cards.build_records``) carry every game
with its points as exact fractions; pairing needs only each player's total, byes and
opponents, and reads them once per pairing of up to ten thousand players. Totals are
kept here as whole numbers of a common unit (the least common denominator of every
point value in the event, 1 or 2 in practice), so that grouping and comparing them is
integer work; ``points`` turns them back into exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from ..archive.document import Archive


@dataclass
class PairingHistory:
    """Totals in units of ``1 / unit``, byes, and the round in which two players first met."""

    units: dict[str, int]
    unit: int
    byes: dict[str, int]
    first_bye: dict[str, int]
    met: dict[str, dict[str, int]]

    def points(self, player: str) -> Fraction:
        """A player's tournament points, exactly."""
        return Fraction(self.units[player], self.unit)


def pairing_history(archive: Archive) -> PairingHistory:
    """Totals, byes and meetings of every player over the archive's Swiss rounds."""
    whole = {p.id: 0 for p in archive.players}  # points with denominator 1: nearly all of them
    # Numerators per other denominator, so the pass over games adds integers only.
    parts: dict[str, dict[int, int]] = {}
    byes = {p.id: 0 for p in archive.players}
    first_bye: dict[str, int] = {}
    met: dict[str, dict[str, int]] = {p.id: {} for p in archive.players}

    def add(player: str, numerator: int, denominator: int) -> None:
        by_denominator = parts.setdefault(player, {})
        by_denominator[denominator] = by_denominator.get(denominator, 0) + numerator

    for rnd in archive.rounds:
        if rnd.bye is not None:
            add(rnd.bye, *archive.bye_points(rnd.number).as_integer_ratio())
            byes[rnd.bye] += 1
            first_bye.setdefault(rnd.bye, rnd.number)
        number = rnd.number
        # The loop below runs once per game per pairing: kept plain on purpose.
        for game in rnd.games:
            scored = game.scored
            if scored is None:
                continue
            a, b = game.players
            points_a, points_b = scored.points
            numerator_a, denominator_a = points_a.as_integer_ratio()
            numerator_b, denominator_b = points_b.as_integer_ratio()
            if denominator_a == 1:
                whole[a] += numerator_a
            else:
                add(a, numerator_a, denominator_a)
            if denominator_b == 1:
                whole[b] += numerator_b
            else:
                add(b, numerator_b, denominator_b)
            met_a = met[a]
            if b not in met_a:
                met_a[b] = met[b][a] = number
    unit = lcm(1, *{d for by_denominator in parts.values() for d in by_denominator})
    units = {player: points * unit for player, points in whole.items()}
    for player, by_denominator in parts.items():
        units[player] += sum(n * (unit // d) for d, n in by_denominator.items())
    return PairingHistory(units=units, unit=unit, byes=byes, first_bye=first_bye, met=met)
