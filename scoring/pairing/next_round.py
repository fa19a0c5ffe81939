"""Swiss pairing of the next round.

The Council texts pair top-down by score groups: pick a random player of the highest
group, pair them with a random eligible player of the same points, else with a player
of the next lowest total; avoid rematches by rearranging inside the group, else by
pairing down (Version 3 and Policy Number 4, "Pairing Players"). The engine follows that
procedure as its search order and looks for the best pairing under these priorities,
in order:

1. every active player plays exactly one game or has the bye;
2. the bye goes to a random player of the lowest group (round 1: of all players), and
   under Version 3 and Policy Number 4 never to a player who already had one while
   someone without one can take it;
3. no rematch when a rematch-free round exists; in a Fallen-wizard-only event, no two
   players with the same Fallen-wizard when possible;
4. score groups from the top: fewest players leave each group to play lower, higher
   groups first, and a player who floats goes no further down than needed;
5. everything left open is random, from the seed.

Priorities 3 and 4 form one cost, compared lexicographically: (rematches, avatar
clashes, D0, X0, D1, X1, ...) where Di counts games between a player of group i and a
lower player, and Xi counts the groups those games skip. The search is exact: score
group by score group when the round can avoid every rematch and clash
(``scoring.pairing.groups``), player by player when it cannot
(``scoring.pairing.defects``). Every pairing it returns is proven the best under these
priorities (docs/performance.md measures it against an exact reference), but for a
safety net that only lopsided Fallen-wizard-only fields reach.

This module pairs the round: the bye (priority 2), round 1 by published ranking, and the
tables; the rest of the players are paired by ``scoring.pairing.best``, and the round is
reported on by ``scoring.pairing.assessment``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..archive.document import Archive
from ..errors import RuleError
from ..messages import _
from .assessment import assess_pairing
from .best import best_pairing
from .history import pairing_history


@dataclass(frozen=True)
class PairingResult:
    """The next round: its number, the seed, the bye and the games by table."""

    round: int
    seed: int
    bye: str | None
    games: tuple[tuple[int, str, str], ...]
    quality: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, as the command line prints it."""
        return {
            "round": self.round,
            "seed": self.seed,
            "bye": self.bye,
            "games": [{"table": table, "players": [a, b]} for table, a, b in self.games],
            "quality": self.quality,
        }


def check_ready_to_pair(archive: Archive) -> None:
    """Refuse to pair while a game of an earlier round has no result."""
    for r_index, rnd in enumerate(archive.rounds):
        for g_index, game in enumerate(rnd.games):
            if game.scored is None:
                raise RuleError(
                    _(
                        "round %(round)s, table %(table)s has no result yet; record it before pairing round "
                        "%(next_round)s",
                        round=rnd.number,
                        table=game.table,
                        next_round=len(archive.rounds) + 1,
                    ),
                    field=f"rounds[{r_index}].games[{g_index}].result",
                )


def pair_next_round(archive: Archive, seed: int) -> PairingResult:
    """Pair the next round of ``archive`` with the random choices drawn from ``seed``.

    The same archive and seed give the same pairing. ``quality`` reports rematches,
    avatar clashes, floats, the largest point gap and ``proven_optimal``: true for every
    pairing the engine proves the best, which is every one but for the safety net of
    ``scoring.pairing.groups`` (a coordinator's swap by hand sets it false too).
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RuleError(_("the seed must be a whole number of at least 0"), field="seed")
    check_ready_to_pair(archive)
    policy = archive.policy
    round_number = len(archive.rounds) + 1
    active = sorted((p for p in archive.players if p.status == "active"), key=lambda p: p.id)
    if len(active) < 2:
        raise RuleError(_("at least two active players are needed to pair a round"), field="players")
    history = pairing_history(archive)
    index_of = {p.id: i for i, p in enumerate(active)}
    scores = [history.units[p.id] for p in active]
    byes = [history.byes[p.id] for p in active]
    opponents = [{index_of[o] for o in history.met[p.id] if o in index_of} for p in active]
    fallen_wizards_only = archive.event.format == "fallen-wizard-only"
    avatars = [p.avatar if fallen_wizards_only else None for p in active]

    rng = random.Random(seed)
    shuffled = list(range(len(active)))
    rng.shuffle(shuffled)
    # Highest score first; inside a score group the shuffled order stands (a stable sort).
    order = sorted(shuffled, key=lambda i: -scores[i])

    bye_candidates: list[int] = []
    if len(active) % 2 == 1:
        bye_candidates = _bye_candidates(order, scores, byes, policy.no_second_bye)

    if round_number == 1 and archive.event.first_round_pairing == "ranking":
        bye = bye_candidates[0] if bye_candidates else None
        players = [i for i in order if i != bye]
        ranked = sorted(players, key=lambda i: (active[i].ranking is None, active[i].ranking or 0))
        pairs = _pair_by_ranking(ranked, avatars)
        proven = True
    else:
        bye, pairs, proven = _best_over_byes(order, bye_candidates, scores, opponents, avatars)

    pairs.sort(key=lambda pair: (-max(scores[pair[0]], scores[pair[1]]), -min(scores[pair[0]], scores[pair[1]])))
    games = tuple((table, active[a].id, active[b].id) for table, (a, b) in enumerate(pairs, start=1))
    bye_id = None if bye is None else active[bye].id
    quality, _warnings = assess_pairing(archive, bye_id, games, history=history)
    quality["proven_optimal"] = proven
    return PairingResult(round=round_number, seed=seed, bye=bye_id, games=games, quality=quality)


def _bye_candidates(order: list[int], scores: list[int], byes: list[int], no_second_bye: bool) -> list[int]:
    """Players who may take the bye, in the seed's random order.

    Awarding Byes (all policies): a random player of the group with the lowest points
    (in round 1 everyone has 0). Version 3 / Policy Number 4: "No player should receive
    two byes", so the lowest group is taken among the players with the fewest byes.
    Policy #1 is silent; inside its lowest group, players without a bye go first
    (docs/rules.md).
    """
    if no_second_bye:
        fewest = min(byes[i] for i in order)
        pool = [i for i in order if byes[i] == fewest]
        lowest = min(scores[i] for i in pool)
        return [i for i in pool if scores[i] == lowest]
    lowest = min(scores[i] for i in order)
    group = [i for i in order if scores[i] == lowest]
    fewest = min(byes[i] for i in group)
    return [i for i in group if byes[i] == fewest]


def _pair_by_ranking(ranked: list[int], avatars: list[str | None]) -> list[tuple[int, int]]:
    """Round 1 by published ranking (Policy Number 4): top half meets bottom half, 1 v h+1.

    In a Fallen-wizard-only event a clash is resolved by swapping with a later bottom-half
    player when that clears both games.
    """
    half = len(ranked) // 2
    top, bottom = ranked[:half], ranked[half:]
    for i in range(half):
        if avatars[top[i]] is not None and avatars[top[i]] == avatars[bottom[i]]:
            for j in range(i + 1, half):
                if avatars[top[i]] != avatars[bottom[j]] and avatars[top[j]] != avatars[bottom[i]]:
                    bottom[i], bottom[j] = bottom[j], bottom[i]
                    break
    return list(zip(top, bottom, strict=False))


def _best_over_byes(
    order: list[int],
    bye_candidates: Sequence[int | None],
    scores: list[int],
    opponents: list[set[int]],
    avatars: list[str | None],
) -> tuple[int | None, list[tuple[int, int]], bool]:
    """Try each allowed bye in the seed's order; keep the best pairing of the rest, and whether it is proven.

    Pairings of different rests are compared by their cost vectors (rematches, avatar
    clashes, D0, X0, D1, X1, ...), each over its own score groups. A rest paired at the
    least cost any rest could have (no rematch, no clash, every cut crossed only as its
    parity demands) ends the search.
    """
    best: tuple[tuple[int, ...], int | None, list[tuple[int, int]]] | None = None
    proven = True
    for candidate in bye_candidates or [None]:
        rest = [i for i in order if i != candidate]
        pairs, vector, floor, rest_proven = best_pairing(rest, scores, opponents, avatars)
        proven = proven and rest_proven
        if best is None or vector < best[0]:
            best = (vector, candidate, pairs)
        if vector == floor:
            return candidate, pairs, True
    assert best is not None
    return best[1], best[2], proven
