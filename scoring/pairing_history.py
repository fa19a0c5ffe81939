"""What pairing needs to know of the rounds played: points, byes and who met whom.

The standings' tournament cards (``scoring.standings.build_records``) carry every game
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

from .archive import Archive


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
    # Sums of numerators per denominator, so the pass over games adds integers only.
    sums: dict[str, dict[int, int]] = {p.id: {} for p in archive.players}
    byes = {p.id: 0 for p in archive.players}
    first_bye: dict[str, int] = {}
    met: dict[str, dict[str, int]] = {p.id: {} for p in archive.players}
    for rnd in archive.rounds:
        if rnd.bye is not None:
            numerator, denominator = archive.bye_points(rnd.number).as_integer_ratio()
            sums[rnd.bye][denominator] = sums[rnd.bye].get(denominator, 0) + numerator
            byes[rnd.bye] += 1
            first_bye.setdefault(rnd.bye, rnd.number)
        number = rnd.number
        for game in rnd.games:
            scored = game.scored
            if scored is None:
                continue
            a, b = game.players
            # Inlined: this loop runs once per game per pairing.
            for player, value in ((a, scored.points[0]), (b, scored.points[1])):
                numerator, denominator = value.as_integer_ratio()
                by_denominator = sums[player]
                by_denominator[denominator] = by_denominator.get(denominator, 0) + numerator
            met_a, met_b = met[a], met[b]
            if b not in met_a:
                met_a[b] = met_b[a] = number
    unit = lcm(1, *{d for by_denominator in sums.values() for d in by_denominator})
    units = {player: sum(n * (unit // d) for d, n in by_denominator.items()) for player, by_denominator in sums.items()}
    return PairingHistory(units=units, unit=unit, byes=byes, first_bye=first_bye, met=met)
