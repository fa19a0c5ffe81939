"""Why a round was paired as it was, table by table, in words a player reads.

The pairing engine (``scoring.pairing``) finds the best round under the texts'
priorities; this module reads a round already paired and says, for each table, why its
two players meet: the score groups, who plays a lower group and why (a group with an
odd number of players, a rematch avoided, two players of the same Fallen-wizard kept
apart), who has the bye and why. It judges the round as paired, so a round changed by
hand is explained as it stands. Fallen-wizards are never named: a player's avatar is
not public before the game (Version 3: "players not be allowed to scout").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .archive import Archive
from .messages import Text, _, listing
from .pairing_history import PairingHistory, pairing_history

FALLEN_WIZARD_CLAUSE = "Version 3 and Policy Number 4, Single Alignment: Fallen-wizard-only tournaments"


@dataclass(frozen=True)
class TableExplained:
    """One table: its players (the higher score first), their points before the round, and why they meet."""

    table: int
    players: tuple[str, str]
    points: tuple[Fraction, Fraction]
    reasons: tuple[Text, ...]


@dataclass(frozen=True)
class PairingExplained:
    """A round's pairing explained: how the round is paired, its score groups, each table and the bye."""

    round: int
    method: Text
    clause: str
    groups: tuple[tuple[Fraction, int], ...]  # points and how many players, highest first
    tables: tuple[TableExplained, ...]
    bye: str | None
    bye_reason: Text | None


def explain_pairing(archive: Archive, bye: str | None, games: list[tuple[int, str, str]] | tuple,
                    *, changed_by_hand: bool = False) -> PairingExplained:
    """Why each table of the next round of ``archive`` (its rounds before it) was paired as it was.

    ``games`` are (table, player, player) and ``bye`` the player with the bye, as paired.
    Round 1 is paired at random, or by published ranking (Policy Number 4); later rounds
    by score groups from the highest (Pairing Players, every text).
    """
    policy = archive.policy
    history = pairing_history(archive)
    number = len(archive.rounds) + 1
    name = {player.id: player.name for player in archive.players}
    seated = [p for _table, a, b in games for p in (a, b)] + ([bye] if bye else [])
    groups = sorted({history.units[p] for p in seated}, reverse=True)
    index = {units: i for i, units in enumerate(groups)}
    sizes = [sum(1 for p in seated if history.units[p] == units) for units in groups]
    if number == 1:
        method = (_("Round 1 is paired by published ranking: the top half meets the bottom half")
                  if archive.event.first_round_pairing == "ranking" else _("Round 1 is paired at random"))
        clause = policy.first_round_clause
    else:
        method = _("Paired by score groups from the highest: each player meets a player with the same points when "
                   "one is left they have not met, else the nearest lower total")
        clause = policy.pairing_clause
    if changed_by_hand:
        method = _("%(method)s; the coordinator then changed it by hand", method=method)
    pools, leavers = _pools(games, history, index, len(groups))
    fallen_wizards = archive.event.format == "fallen-wizard-only"
    avatar = {player.id: player.avatar if fallen_wizards else None for player in archive.players}
    tables = []
    for table, first, second in games:
        high, low = (first, second) if history.units[first] >= history.units[second] else (second, first)
        reasons = _table_reasons(high, low, number, history, index, pools, leavers, avatar, name, policy)
        tables.append(TableExplained(table, (high, low), (history.points(high), history.points(low)),
                                     tuple(reasons)))
    return PairingExplained(
        round=number, method=method, clause=clause,
        groups=tuple((Fraction(units, history.unit), size) for units, size in zip(groups, sizes)),
        tables=tuple(tables), bye=bye,
        bye_reason=_bye_reason(archive, bye, history, seated, name) if bye else None,
    )


def _pools(games, history: PairingHistory, index: dict[int, int], count: int) -> tuple[list[set[str]], list[int]]:
    """Each score group's pool (its players, and those who came down to play one of them) and how many left it."""
    pools: list[set[str]] = [set() for _ in range(count)]
    leavers = [0] * count
    for _table, a, b in games:
        for player in (a, b):
            pools[index[history.units[player]]].add(player)
        ga, gb = sorted((index[history.units[a]], index[history.units[b]]))
        if ga != gb:
            high = a if index[history.units[a]] == ga else b
            pools[gb].add(high)
            leavers[ga] += 1
    return pools, leavers


def _table_reasons(high: str, low: str, number: int, history: PairingHistory, index: dict[int, int],
                   pools: list[set[str]], leavers: list[int], avatar: dict[str, str | None],
                   name: dict[str, str], policy) -> list[Text]:
    reasons: list[Text] = []
    points_high, points_low = history.points(high), history.points(low)
    # A rematch or clash the round could not avoid is said last, after why the two meet.
    defects: list[Text] = []
    met_in = history.met[high].get(low)
    if met_in is not None:
        # Translators: a pairing explained; round is the round in which the two players met first.
        defects.append(_("%(first)s and %(second)s met in round %(round)s already: no pairing of this round avoids "
                         "every rematch (%(clause)s)", first=name[high], second=name[low], round=met_in,
                         clause=policy.rematch_clause))
    if avatar[high] is not None and avatar[high] == avatar[low]:
        defects.append(_("both play the same Fallen-wizard: no pairing of this round keeps every such pair apart "
                         "(%(clause)s)", clause=FALLEN_WIZARD_CLAUSE))
    if number == 1:
        return defects
    group = index[history.units[high]]
    if index[history.units[low]] == group:
        reasons.append(_("%(first)s and %(second)s both have %(points)s points", first=name[high],
                         second=name[low], points=points_high))
        return reasons + defects
    reasons.append(_("%(first)s (%(first_points)s points) plays down to %(second)s (%(second_points)s points)",
                        first=name[high], first_points=points_high, second=name[low],
                        second_points=points_low))
    others = [q for q in pools[group] if q != high]
    unmet = [q for q in others if q not in history.met[high]]
    if not unmet:
        reasons.append(_("%(player)s has played every other player on %(points)s points already", player=name[high],
                         points=points_high))
    elif avatar[high] is not None and all(avatar[q] == avatar[high] for q in unmet):
        reasons.append(_("every player on %(points)s points whom %(player)s has not met plays the same "
                         "Fallen-wizard, and such players are kept apart (%(clause)s)", points=points_high,
                         player=name[high], clause=FALLEN_WIZARD_CLAUSE))
    elif len(pools[group]) % 2 == 1 and leavers[group] == 1:
        reasons.append(_odd_group(points_high, len(pools[group])))
    else:
        reasons.append(_("pairing everyone on %(points)s points among themselves would mean a rematch or two "
                         "players of the same Fallen-wizard; as few as possible play lower", points=points_high))
    skipped = index[history.units[low]] - group - 1
    if skipped:
        reasons.append(_("no player on the totals in between could take %(player)s without a rematch or a clash: "
                         "%(player)s plays the nearest lower total that could", player=name[high]))
    return reasons + defects


def _odd_group(points: Fraction, size: int) -> Text:
    """The sentence for a score group with an odd number of players: one of them plays lower."""
    # Translators: a pairing explained: a score group of an odd number of players cannot all meet each other.
    return _("%(count)s players were on %(points)s points, an odd number: one of them plays the next total down",
             count=size, points=points)


def _bye_reason(archive: Archive, bye: str, history: PairingHistory, seated: list[str],
                name: dict[str, str]) -> Text:
    """Why ``bye`` has the bye, by the policy's Awarding Byes."""
    policy = archive.policy
    if not archive.rounds:
        return _("%(player)s has the bye: in round 1 it is drawn from all players (%(clause)s)", player=name[bye],
                 clause=policy.bye_clause)
    lowest = min(history.units[p] for p in seated)
    points = history.points(bye)
    if history.units[bye] == lowest:
        others = [p for p in seated if history.units[p] == lowest and p != bye]
        with_a_bye = [name[p] for p in others if history.byes[p] > history.byes[bye]]
        if with_a_bye:
            return _("%(player)s has the bye: the lowest total is %(points)s points, and of the players on it "
                     "%(others)s had a bye already (%(clause)s)", player=name[bye], points=points,
                     others=listing(sorted(with_a_bye), limit=3), clause=policy.bye_clause)
        return _("%(player)s has the bye: drawn from the players on the lowest total, %(points)s points (%(clause)s)",
                 player=name[bye], points=points, clause=policy.bye_clause)
    return _("%(player)s has the bye on %(points)s points: every player below had a bye already, and no player "
             "should receive two (%(clause)s)", player=name[bye], points=points, clause=policy.bye_clause)
