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
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from ..archive.document import Archive
from ..errors import RuleError
from ..messages import _
from ..policies.terms import points_json
from .defects import solve_with_defects
from .groups import GroupSearch
from .history import PairingHistory, pairing_history


@dataclass(frozen=True)
class PairingResult:
    """The next round: its number, the seed, the bye and the games by table."""

    round: int
    seed: int
    bye: str | None
    games: tuple[tuple[int, str, str], ...]
    quality: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
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


def assess_pairing(
    archive: Archive,
    bye: str | None,
    games: tuple[tuple[int, str, str], ...] | list[tuple[int, str, str]],
    *,
    history: PairingHistory | None = None,
) -> tuple[dict, list[str]]:
    """How a proposed next round departs from the ideal, as counts and as sentences.

    ``archive`` holds the rounds before the proposed one. Counts: rematches, avatar
    clashes (Fallen-wizard-only events), games between different point totals, the
    largest gap, and a repeated bye. Each sentence names the players and the clause,
    so a coordinator who swaps players by hand sees what the swap costs.
    """
    policy = archive.policy
    history = history if history is not None else pairing_history(archive)
    fallen_wizards_only = archive.event.format == "fallen-wizard-only"
    name = {p.id: p.name for p in archive.players}
    warnings: list[str] = []
    rematches = clashes = floats = 0
    largest_gap = 0
    for table, a, b in games:
        met = history.met[a].get(b)
        if met is not None:
            rematches += 1
            warnings.append(
                _(
                    "Table %(table)s: %(first)s and %(second)s already played in round %(round)s (a "
                    "rematch; %(clause)s)",
                    table=table,
                    first=name[a],
                    second=name[b],
                    round=met,
                    clause=policy.rematch_clause,
                )
            )
        avatar_a, avatar_b = archive.by_id[a].avatar, archive.by_id[b].avatar
        if fallen_wizards_only and avatar_a is not None and avatar_a == avatar_b:
            clashes += 1
            # Translators: avatar is the name of a Fallen-wizard card both players play.
            warnings.append(
                _(
                    "Table %(table)s: %(first)s and %(second)s both play %(avatar)s (Fallen-wizard-only events pair "
                    "different Fallen-wizards)",
                    table=table,
                    first=name[a],
                    second=name[b],
                    avatar=avatar_a,
                )
            )
        gap = abs(history.units[a] - history.units[b])
        if gap:
            floats += 1
            largest_gap = max(largest_gap, gap)
            warnings.append(
                _(
                    "Table %(table)s: %(first)s (%(first_points)s points) and %(second)s "
                    "(%(second_points)s points) are "
                    "%(gap)s points apart (%(clause)s)",
                    table=table,
                    first=name[a],
                    first_points=history.points(a),
                    second=name[b],
                    second_points=history.points(b),
                    gap=Fraction(gap, history.unit),
                    clause=policy.pairing_clause,
                )
            )
    repeat_bye = bye is not None and history.byes[bye] > 0
    if repeat_bye:
        said = {"player": name[bye], "round": history.first_bye[bye], "clause": policy.bye_clause}
        warnings.append(
            _("%(player)s already had a bye in round %(round)s (no player should receive two byes; %(clause)s)", **said)
            if policy.no_second_bye
            else _("%(player)s already had a bye in round %(round)s (byes should go round; %(clause)s)", **said)
        )
    quality = {
        "rematches": rematches,
        "avatar_clashes": clashes,
        "floats": floats,
        "max_point_gap": points_json(Fraction(largest_gap, history.unit)),
        "repeat_bye": repeat_bye,
    }
    return quality, warnings


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
    bye_candidates: list[int],
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
        pairs, vector, floor, rest_proven = _best_pairing(rest, scores, opponents, avatars)
        proven = proven and rest_proven
        if best is None or vector < best[0]:
            best = (vector, candidate, pairs)
        if vector == floor:
            return candidate, pairs, True
    assert best is not None
    return best[1], best[2], proven


def _best_pairing(
    order: list[int],
    scores: list[int],
    opponents: list[set[int]],
    avatars: list[str | None],
) -> tuple[list[tuple[int, int]], tuple[int, ...], tuple[int, ...], bool]:
    """The best pairing of ``order``, its cost vector, the least vector any pairing could have, and whether proven."""
    group_scores = sorted({scores[p] for p in order}, reverse=True)
    group_index = {s: g for g, s in enumerate(group_scores)}
    groups: list[list[int]] = [[] for _ in group_scores]
    for p in order:
        groups[group_index[scores[p]]].append(p)
    avatar_class = _avatar_classes(order, avatars, len(scores))
    # Opponents who are not in ``order`` (the bye) are never asked about, so they may stay.
    forbidden = opponents
    if any(c is not None for c in avatar_class):
        by_class: dict[int, set[int]] = {}
        for p in order:
            if avatar_class[p] is not None:
                by_class.setdefault(avatar_class[p], set()).add(p)
        forbidden = list(opponents)
        for p in order:
            if avatar_class[p] is not None:
                forbidden[p] = opponents[p] | (by_class[avatar_class[p]] - {p})
    floor = _parity_vector(groups)
    if not order:
        return [], floor, floor, True
    search = GroupSearch(groups, forbidden, avatar_class)
    if not search.pairable_at_all():
        search = _search_around_a_dominant_wizard(groups, order, opponents, avatars)
    if search is not None:
        pairs, _cost = search.solve()
        proven = search.proven
    else:
        pairs, proven = solve_with_defects(order, scores, opponents, avatars)
    return pairs, cost_vector(pairs, groups, opponents, avatars), floor, proven


def _avatar_classes(order: list[int], avatars: list[str | None], size: int) -> list[int | None]:
    """Each player's class for the group search: players of one class may not meet.

    A class is a Fallen-wizard (None: no avatar, or not a Fallen-wizard-only event). When
    one Fallen-wizard is played by exactly half the players, a pairing without a clash
    pairs each of them with one of the other half, so the other half may not meet one
    another either: they form the second class. No pairing without a clash is lost,
    and the search, which reasons about a class outnumbering the others in a pool or
    below a cut, sees the balance both ways (seen: a 60-player round with 30 Sarumans
    that searched past the safety net with three classes).
    """
    avatar_class: list[int | None] = [None] * size
    counts: dict[str, int] = {}
    for p in order:
        if avatars[p] is not None:
            counts[avatars[p]] = counts.get(avatars[p], 0) + 1
    if not counts:
        return avatar_class
    dominant = max(sorted(counts), key=lambda a: counts[a])
    if 2 * counts[dominant] == len(order):
        for p in order:
            avatar_class[p] = 1 if avatars[p] == dominant else 0
        return avatar_class
    classes = {a: n for n, a in enumerate(sorted(counts))}
    for p in order:
        if avatars[p] is not None:
            avatar_class[p] = classes[avatars[p]]
    return avatar_class


def _search_around_a_dominant_wizard(
    groups: list[list[int]],
    order: list[int],
    opponents: list[set[int]],
    avatars: list[str | None],
) -> GroupSearch | None:
    """The search for a field where one Fallen-wizard is played by more than half the players.

    At least (dominant - others) / 2 games must then be clashes, and exactly that many
    are only when every other player meets a player of the dominant Fallen-wizard.
    Pairings without a rematch in which no two other players meet therefore have the
    fewest clashes possible, all the same number; among them the score groups decide,
    which is the group search over these games. None when there is no dominant
    Fallen-wizard or no such pairing (rematches in the way): the defect search decides.
    """
    counts: dict[str, int] = {}
    for p in order:
        if avatars[p] is not None:
            counts[avatars[p]] = counts.get(avatars[p], 0) + 1
    if not counts:
        return None
    dominant = max(counts, key=lambda a: counts[a])
    if 2 * counts[dominant] <= len(order):
        return None
    others = {p for p in order if avatars[p] != dominant}
    forbidden = list(opponents)
    for p in others:
        forbidden[p] = opponents[p] | (others - {p})
    # The other players now form one class of players who may not meet each other.
    others_class: list[int | None] = [0 if p in others else None for p in range(len(opponents))]
    search = GroupSearch(groups, forbidden, others_class)
    return search if search.pairable_at_all() else None


def cost_vector(
    pairs: list[tuple[int, int]],
    groups: list[list[int]],
    opponents: list[set[int]],
    avatars: list[str | None],
) -> tuple[int, ...]:
    """(rematches, avatar clashes, D0, X0, D1, X1, ...) of a pairing over these score groups.

    Di counts games from group i down to a lower group, Xi the groups those games skip.
    """
    group_of = {p: g for g, members in enumerate(groups) for p in members}
    down = [0] * len(groups)
    skipped = [0] * len(groups)
    rematches = clashes = 0
    for a, b in pairs:
        high, low = sorted((group_of[a], group_of[b]))
        if high != low:
            down[high] += 1
            skipped[high] += low - high - 1
        rematches += b in opponents[a]
        clashes += avatars[a] is not None and avatars[a] == avatars[b]
    return (rematches, clashes, *[n for pair in zip(down, skipped, strict=False) for n in pair])


def _parity_vector(groups: list[list[int]]) -> tuple[int, ...]:
    """The least cost vector: one game down across each cut with an odd number above it."""
    vector = [0, 0]
    above = 0
    for members in groups:
        above += len(members)
        vector += [above & 1, 0]
    vector[-2] = 0  # no cut below the last group
    return tuple(vector)
