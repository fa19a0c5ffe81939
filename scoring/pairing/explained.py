"""Why a round was paired as it was, table by table, in words a player reads.

The pairing engine (``scoring.pairing.next_round``) finds the best round under the texts'
priorities; this module reads a round already paired and says, for each table, why its
two players meet: the score groups, who plays a lower group and why (a group with an
odd number of players, a rematch avoided, two players of the same Fallen-wizard kept
apart), who has the bye and why. It judges the round as paired, so a round changed by
hand is explained as it stands. Fallen-wizards are never named: a player's avatar is
not public before the game (Version 3: "players not be allowed to scout").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ..archive.document import Archive
from ..messages import Text, _, listing, ngettext
from ..policies.terms import Policy
from .history import PairingHistory, pairing_history

FALLEN_WIZARD_CLAUSE = "Version 3 and Policy Number 4, Single Alignment: Fallen-wizard-only tournaments"
PLAYOFF_CLAUSE = 'Playoff rounds are "formatted in the same manner as the tournament" (Tournament Point Ties)'


class Reason(NamedTuple):
    """One sentence of why, and the clause it rests on ("" when none): cited apart, in the text's own words."""

    text: Text
    clause: str = ""


@dataclass(frozen=True)
class TableExplained:
    """One table: its players (the higher score first), their points before the round, and why they meet."""

    table: int
    players: tuple[str, str]
    points: tuple[Fraction, Fraction]
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class PairingExplained:
    """A round's pairing explained: how the round is paired, its score groups, each table and the bye."""

    round: int
    method: Text
    clause: str
    groups: tuple[tuple[Text, int], ...]  # the points ("6 points") and how many players, highest first
    tables: tuple[TableExplained, ...]
    bye: str | None
    bye_reason: Reason | None


def points_said(points: Fraction) -> Text:
    """ "1 point", "3.5 points": a total as a phrase, its plural by the number."""
    return ngettext("%(points)s point", "%(points)s points", 1 if points == 1 else 2, points=points)


def explain_pairing(
    archive: Archive,
    bye: str | None,
    games: list[tuple[int, str, str]] | tuple[tuple[int, str, str], ...],
    *,
    changed_by_hand: bool = False,
    playoff: bool = False,
) -> PairingExplained:
    """Why each table of the next round of ``archive`` (its rounds before it) was paired as it was.

    ``games`` are (table, player, player) and ``bye`` the player with the bye, as paired.
    Round 1 is paired at random, or by published ranking (Policy Number 4); later rounds
    by score groups from the highest (Pairing Players, every text). A ``playoff`` is an
    event of its own among the tied players, and ``archive`` holds its rounds only.
    """
    policy = archive.policy
    history = pairing_history(archive)
    number = len(archive.rounds) + 1
    name = {player.id: player.name for player in archive.players}
    seated = [p for _table, a, b in games for p in (a, b)] + ([bye] if bye else [])
    groups = sorted({history.units[p] for p in seated}, reverse=True)
    index = {units: i for i, units in enumerate(groups)}
    sizes = [sum(1 for p in seated if history.units[p] == units) for units in groups]
    if playoff:
        method = (
            _("The playoff is paired as an event of its own among the tied players: its first round at random")
            if number == 1
            else _("The playoff is paired as an event of its own: by score groups of the points won in it")
        )
        clause = PLAYOFF_CLAUSE
    elif number == 1:
        method = (
            _("Round 1 is paired by published ranking: the top half meets the bottom half")
            if archive.event.first_round_pairing == "ranking"
            else _("Round 1 is paired at random")
        )
        clause = policy.first_round_clause
    else:
        method = _(
            "Paired by score groups from the highest: each player meets a player with the same points when "
            "one is left they have not met, else the nearest lower total"
        )
        clause = policy.pairing_clause
    if changed_by_hand:
        method = _("%(method)s; the coordinator then changed it by hand", method=method)
    fallen_wizards = archive.event.format == "fallen-wizard-only"
    avatar = {player.id: player.avatar if fallen_wizards else None for player in archive.players}
    explainer = _Explainer(history, index, sizes, games, seated, avatar, name, policy, number)
    tables = []
    for table, first, second in games:
        high, low = (first, second) if history.units[first] >= history.units[second] else (second, first)
        tables.append(
            TableExplained(
                table, (high, low), (history.points(high), history.points(low)), tuple(explainer.reasons(high, low))
            )
        )
    return PairingExplained(
        round=number,
        method=method,
        clause=clause,
        groups=tuple(
            (points_said(Fraction(units, history.unit)), size) for units, size in zip(groups, sizes, strict=False)
        ),
        tables=tuple(tables),
        bye=bye,
        bye_reason=_bye_reason(archive, bye, history, seated, name) if bye else None,
    )


class _Explainer:
    """The round as paired, read once: each score group's pool and who left it, and why each table meets."""

    def __init__(
        self,
        history: PairingHistory,
        index: dict[int, int],
        sizes: list[int],
        games: Sequence[tuple[int, str, str]],
        seated: list[str],
        avatar: dict[str, str | None],
        name: dict[str, str],
        policy: Policy,
        number: int,
    ) -> None:
        self.history, self.index, self.sizes, self.avatar, self.name = history, index, sizes, avatar, name
        self.policy, self.number, self.seated = policy, number, seated
        # A group's pool: its players, and those who came down from above to play one of them.
        self.pools: list[set[str]] = [set() for _ in sizes]
        self.leavers = [0] * len(sizes)
        for _table, a, b in games:
            for player in (a, b):
                self.pools[self.group(player)].add(player)
            ga, gb = sorted((self.group(a), self.group(b)))
            if ga != gb:
                self.pools[gb].add(a if self.group(a) == ga else b)
                self.leavers[ga] += 1

    def group(self, player: str) -> int:
        return self.index[self.history.units[player]]

    def reasons(self, high: str, low: str) -> list[Reason]:
        history, name = self.history, self.name
        # A rematch or clash the round could not avoid is said last, after why the two meet.
        defects: list[Reason] = []
        met_in = history.met[high].get(low)
        if met_in is not None:
            # Translators: a pairing explained; round is the round in which the two players met first.
            defects.append(
                Reason(
                    _(
                        "%(first)s and %(second)s met in round %(round)s already: no pairing of this "
                        "round avoids every rematch",
                        first=name[high],
                        second=name[low],
                        round=met_in,
                    ),
                    self.policy.rematch_clause,
                )
            )
        if self.avatar[high] is not None and self.avatar[high] == self.avatar[low]:
            defects.append(
                Reason(
                    _("both play the same Fallen-wizard: no pairing of this round keeps every such pair apart"),
                    FALLEN_WIZARD_CLAUSE,
                )
            )
        if self.number == 1:
            return defects
        points_high, points_low = points_said(history.points(high)), points_said(history.points(low))
        if self.group(low) == self.group(high):
            return [
                Reason(
                    _(
                        "%(first)s and %(second)s both have %(points)s",
                        first=name[high],
                        second=name[low],
                        points=points_high,
                    )
                ),
                *defects,
            ]
        reasons = [
            Reason(
                _(
                    "%(first)s (%(first_points)s) plays down to %(second)s (%(second_points)s)",
                    first=name[high],
                    first_points=points_high,
                    second=name[low],
                    second_points=points_low,
                ),
                self.policy.pairing_clause,
            ),
            self._why_down(high, points_high),
        ]
        skipped = self._skipped(high, low)
        if skipped is not None:
            reasons.append(skipped)
        return reasons + defects

    def _why_down(self, high: str, points: Text) -> Reason:
        """Why ``high`` left their score group to play lower."""
        group = self.group(high)
        pool = self.pools[group]
        others = [q for q in pool if q != high]
        unmet = [q for q in others if q not in self.history.met[high]]
        if not others:
            return Reason(_("%(player)s was the only player on %(points)s", player=self.name[high], points=points))
        if not unmet:
            return Reason(
                _(
                    "%(player)s has played every other player on %(points)s already",
                    player=self.name[high],
                    points=points,
                )
            )
        if self.avatar[high] is not None and all(self.avatar[q] == self.avatar[high] for q in unmet):
            return Reason(
                _(
                    "every player on %(points)s whom %(player)s has not met plays the same Fallen-wizard, "
                    "and such players are kept apart",
                    points=points,
                    player=self.name[high],
                ),
                FALLEN_WIZARD_CLAUSE,
            )
        if len(pool) % 2 == 1 and self.leavers[group] == 1:
            members, came_down = self.sizes[group], len(pool) - self.sizes[group]
            if not came_down:
                # Translators: a pairing explained: a score group of an odd number of players cannot all meet.
                return Reason(
                    ngettext(
                        "%(count)s player was on %(points)s, an odd number: one of them plays the next total down",
                        "%(count)s players were on %(points)s, an odd number: one of them plays the next total down",
                        members,
                        points=points,
                    )
                )
            # Translators: a pairing explained: a score group and the players from above it make an odd number.
            return Reason(
                ngettext(
                    "%(count)s player was on %(points)s and %(came)s came down to play there, an odd "
                    "number in all: one of them plays the next total down",
                    "%(count)s players were on %(points)s and %(came)s came down to play there, an "
                    "odd number in all: one of them plays the next total down",
                    members,
                    points=points,
                    came=came_down,
                )
            )
        return Reason(
            _(
                "pairing everyone on %(points)s among themselves would mean a rematch or two players of the "
                "same Fallen-wizard; as few as possible play lower",
                points=points,
            )
        )

    def _skipped(self, high: str, low: str) -> Reason | None:
        """Why ``high`` plays past the totals between theirs and ``low``'s; None when nothing lies between."""
        units_high, units_low = self.history.units[high], self.history.units[low]
        between = [p for p in self.seated if units_low < self.history.units[p] < units_high]
        if not between:
            return None
        unmet = [
            p
            for p in between
            if p not in self.history.met[high] and (self.avatar[high] is None or self.avatar[p] != self.avatar[high])
        ]
        if not unmet:
            return Reason(
                _(
                    "%(player)s has played, or shares the Fallen-wizard of, every player on the totals in between",
                    player=self.name[high],
                )
            )
        return Reason(
            _(
                "the players on the totals in between whom %(player)s could meet were needed at other tables "
                "for a round with fewer players playing down; %(player)s plays the nearest total left",
                player=self.name[high],
            )
        )


def _bye_reason(archive: Archive, bye: str, history: PairingHistory, seated: list[str], name: dict[str, str]) -> Reason:
    """Why ``bye`` has the bye, by the policy's Awarding Byes."""
    clause = archive.policy.bye_clause
    if not archive.rounds:
        return Reason(_("%(player)s has the bye: in round 1 it is drawn from all players", player=name[bye]), clause)
    lowest = min(history.units[p] for p in seated)
    points = points_said(history.points(bye))
    if history.units[bye] == lowest:
        others = [p for p in seated if history.units[p] == lowest and p != bye]
        with_a_bye = [name[p] for p in others if history.byes[p] > history.byes[bye]]
        if with_a_bye:
            return Reason(
                _(
                    "%(player)s has the bye: the lowest total is %(points)s, and of the players on it "
                    "%(others)s had a bye already",
                    player=name[bye],
                    points=points,
                    others=listing(sorted(with_a_bye), limit=3),
                ),
                clause,
            )
        return Reason(
            _(
                "%(player)s has the bye: drawn from the players on the lowest total, %(points)s",
                player=name[bye],
                points=points,
            ),
            clause,
        )
    return Reason(
        _(
            "%(player)s has the bye on %(points)s: every player below had a bye already, and no player "
            "should receive two",
            player=name[bye],
            points=points,
        ),
        clause,
    )
