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
lower player, and Xi counts the groups those games skip. The search is a depth-first
branch and bound in the texts' own order; its first descent is the texts' random
procedure. Lower bounds (the parity of each score group, the players a small group
cannot pair inside itself, and an exact pairing of the bottom few players) prove most
rounds optimal at once. A blossom matching on the last few players keeps the search
from ever running into a dead end. The search has a budget of steps; a round it could
not finish proving says so in ``quality["proven_optimal"]`` (docs/performance.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from .archive import Archive
from .errors import RuleError
from .matching import matching_size
from .messages import _
from .policies import points_json
from .standings import build_records

# Search steps and bound evaluations for one round; see docs/performance.md.
DEFAULT_NODE_LIMIT = 4_000
_FEASIBILITY_CACHE_LIMIT = 50_000
# The bottom groups solved exactly for the tail bound: at most this many players.
_TAIL_LIMIT = 12
_NO_PAIRING = math.inf  # compares above every integer cost, however wide the event


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
                    _("round %(round)s, table %(table)s has no result yet; record it before pairing round "
                      "%(next_round)s", round=rnd.number, table=game.table, next_round=len(archive.rounds) + 1),
                    field=f"rounds[{r_index}].games[{g_index}].result",
                )


def pair_next_round(archive: Archive, seed: int, *, node_limit: int = DEFAULT_NODE_LIMIT) -> PairingResult:
    """Pair the next round of ``archive`` with the random choices drawn from ``seed``.

    The same archive and seed give the same pairing. ``quality`` reports rematches,
    avatar clashes, floats, the largest point gap and whether the search proved the
    pairing optimal (it always does unless ``node_limit`` search steps ran out).
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RuleError(_("the seed must be a whole number of at least 0"), field="seed")
    check_ready_to_pair(archive)
    policy = archive.policy
    round_number = len(archive.rounds) + 1
    active = sorted((p for p in archive.players if p.status == "active"), key=lambda p: p.id)
    if len(active) < 2:
        raise RuleError(_("at least two active players are needed to pair a round"), field="players")
    records = build_records(archive)
    index_of = {p.id: i for i, p in enumerate(active)}
    scores = [records[p.id].tp for p in active]
    byes = [records[p.id].byes for p in active]
    opponents: list[set[int]] = [set() for _ in active]
    for i, player in enumerate(active):
        for game in records[player.id].games:
            j = index_of.get(game.opponent)
            if j is not None:
                opponents[i].add(j)
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
        bye, pairs, proven = _best_over_byes(order, bye_candidates, scores, opponents, avatars, node_limit)

    pairs.sort(key=lambda pair: (-max(scores[pair[0]], scores[pair[1]]), -min(scores[pair[0]], scores[pair[1]])))
    games = tuple((table, active[a].id, active[b].id) for table, (a, b) in enumerate(pairs, start=1))
    bye_id = None if bye is None else active[bye].id
    quality, _warnings = assess_pairing(archive, bye_id, games, records=records)
    quality["proven_optimal"] = proven
    return PairingResult(round=round_number, seed=seed, bye=bye_id, games=games, quality=quality)


def assess_pairing(
    archive: Archive,
    bye: str | None,
    games: tuple[tuple[int, str, str], ...] | list[tuple[int, str, str]],
    *,
    records: dict | None = None,
) -> tuple[dict, list[str]]:
    """How a proposed next round departs from the ideal, as counts and as sentences.

    ``archive`` holds the rounds before the proposed one. Counts: rematches, avatar
    clashes (Fallen-wizard-only events), games between different point totals, the
    largest gap, and a repeated bye. Each sentence names the players and the clause,
    so a coordinator who swaps players by hand sees what the swap costs.
    """
    policy = archive.policy
    records = records if records is not None else build_records(archive)
    fallen_wizards_only = archive.event.format == "fallen-wizard-only"
    warnings: list[str] = []
    rematches = clashes = floats = 0
    largest_gap = Fraction(0)
    for table, a, b in games:
        first, second = records[a], records[b]
        met = [g.round for g in first.games if g.opponent == b]
        if met:
            rematches += 1
            warnings.append(_(
                "Table %(table)s: %(first)s and %(second)s already played in round %(round)s (a rematch; %(clause)s)",
                table=table, first=first.name, second=second.name, round=met[0], clause=policy.rematch_clause,
            ))
        avatar_a, avatar_b = archive.by_id[a].avatar, archive.by_id[b].avatar
        if fallen_wizards_only and avatar_a is not None and avatar_a == avatar_b:
            clashes += 1
            # Translators: avatar is the name of a Fallen-wizard card both players play.
            warnings.append(_(
                "Table %(table)s: %(first)s and %(second)s both play %(avatar)s (Fallen-wizard-only events pair "
                "different Fallen-wizards)", table=table, first=first.name, second=second.name, avatar=avatar_a,
            ))
        if first.tp != second.tp:
            floats += 1
            gap = abs(first.tp - second.tp)
            largest_gap = max(largest_gap, gap)
            warnings.append(_(
                "Table %(table)s: %(first)s (%(first_points)s points) and %(second)s (%(second_points)s points) are "
                "%(gap)s points apart (%(clause)s)", table=table, first=first.name, first_points=first.tp,
                second=second.name, second_points=second.tp, gap=gap, clause=policy.pairing_clause,
            ))
    repeat_bye = bye is not None and records[bye].byes > 0
    if repeat_bye:
        said = {"player": records[bye].name, "round": records[bye].bye_rounds[0], "clause": policy.bye_clause}
        warnings.append(
            _("%(player)s already had a bye in round %(round)s (no player should receive two byes; %(clause)s)",
              **said) if policy.no_second_bye
            else _("%(player)s already had a bye in round %(round)s (byes should go round; %(clause)s)", **said)
        )
    quality = {
        "rematches": rematches,
        "avatar_clashes": clashes,
        "floats": floats,
        "max_point_gap": points_json(largest_gap),
        "repeat_bye": repeat_bye,
    }
    return quality, warnings


def _bye_candidates(order: list[int], scores: list[Fraction], byes: list[int], no_second_bye: bool) -> list[int]:
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
    return list(zip(top, bottom))


def _best_over_byes(
    order: list[int],
    bye_candidates: list[int],
    scores: list[Fraction],
    opponents: list[set[int]],
    avatars: list[str | None],
    node_limit: int,
) -> tuple[int | None, list[tuple[int, int]], bool]:
    """Try bye candidates in random order; keep the best pairing of the rest.

    All candidates come from one score group, so the rest has the same score groups and
    the same parity bound whoever sits out: a pairing that meets that bound (and so has
    no rematch or clash either) ends the search. The rematch and clash part of a bound
    depends on who sits out, so it never ends the search early.
    """
    if not bye_candidates:
        solver = _Solver(order, scores, opponents, avatars, node_limit)
        pairs, _cost, proven = solver.solve()
        return None, pairs, proven
    best: tuple[int, int, list[tuple[int, int]]] | None = None
    every_one_proven = True
    tried_all = True
    budget = node_limit
    for position, candidate in enumerate(bye_candidates):
        rest = [i for i in order if i != candidate]
        solver = _Solver(rest, scores, opponents, avatars, max(budget, 1))
        pairs, cost, proven = solver.solve()
        budget -= solver.nodes
        every_one_proven = every_one_proven and proven
        if best is None or cost < best[0]:
            best = (cost, candidate, pairs)
        if cost == solver.shared_bound:
            return candidate, pairs, True
        if budget <= 0 and position + 1 < len(bye_candidates):
            tried_all = False
            break
    assert best is not None
    return best[1], best[2], every_one_proven and tried_all


class _Solver:
    """Branch and bound for one round's pairing, in the texts' top-down order."""

    def __init__(
        self,
        order: list[int],
        scores: list[Fraction],
        opponents: list[set[int]],
        avatars: list[str | None],
        node_limit: int,
    ) -> None:
        self.players = order  # local index -> player index; score groups from the top
        m = self.m = len(order)
        local = {p: i for i, p in enumerate(order)}
        group_scores = sorted({scores[p] for p in order}, reverse=True)
        group_index = {s: g for g, s in enumerate(group_scores)}
        self.group = [group_index[scores[p]] for p in order]
        k = self.k = len(group_scores)
        self.rematch = [{local[o] for o in opponents[p] if o in local} for p in order]
        self.clash: list[set[int]] = [set() for _ in order]
        by_avatar: dict[str, list[int]] = {}
        for i, p in enumerate(order):
            if avatars[p] is not None:
                by_avatar.setdefault(avatars[p], []).append(i)
        for members in by_avatar.values():
            for i in members:
                self.clash[i] = {j for j in members if j != i}
        self.forbidden = [self.rematch[i] | self.clash[i] for i in range(m)]
        self.node_limit = node_limit
        self.nodes = 0  # search steps and bound evaluations, against node_limit
        self.out_of_budget = False

        # Lexicographic weights: every term outweighs all later terms together.
        base = m * max(k, 1) + 2
        terms = 2 + 2 * k
        weight = [base ** (terms - 1 - t) for t in range(terms)]
        self.w_rematch, self.w_clash = weight[0], weight[1]
        self.w_down = [weight[2 + 2 * g] for g in range(k)]
        self.w_skip = [weight[3 + 2 * g] for g in range(k)]

        # Unpaired players: one doubly linked list per group, sentinel m + g.
        self.next = [0] * (m + k)
        self.prev = [0] * (m + k)
        self.count = [0] * k
        for g in range(k):
            self.next[m + g] = self.prev[m + g] = m + g
        for i in range(m):
            self._link(i)
        self.remaining = m

        # Dirac: a graph of r vertices with minimum degree >= r/2 has a perfect matching.
        # The allowed graph of any r players has minimum degree >= r - 1 - dmax.
        dmax = max((len(f) for f in self.forbidden), default=0)
        self.dirac_size = 2 * dmax + 2
        self._feasible_cache: dict[frozenset[int], bool] = {}
        self._bound_cache: dict[frozenset[int], int] = {}
        self.tail_start: int | None = None
        self.group_size = list(self.count)
        self._inside_cache: dict[frozenset[int], int] = {}
        self.strict = self._clean_perfect(frozenset(range(m)))

    # -- the unpaired lists -------------------------------------------------------
    def _link(self, i: int) -> None:
        sentinel = self.m + self.group[i]
        last = self.prev[sentinel]
        self.next[last], self.prev[i], self.next[i], self.prev[sentinel] = i, last, sentinel, i
        self.count[self.group[i]] += 1

    def _unlink(self, i: int) -> None:
        self.next[self.prev[i]] = self.next[i]
        self.prev[self.next[i]] = self.prev[i]
        self.count[self.group[i]] -= 1

    def _relink(self, i: int) -> None:
        # Dancing links: i's neighbours still point where they did when it left.
        self.next[self.prev[i]] = i
        self.prev[self.next[i]] = i
        self.count[self.group[i]] += 1

    def _members(self, g: int):
        i = self.next[self.m + g]
        while i < self.m:
            yield i
            i = self.next[i]

    def _unpaired(self) -> list[int]:
        return [i for g in range(self.k) for i in self._members(g)]

    # -- costs and bounds ---------------------------------------------------------
    def _group_cost(self, a: int, b: int) -> int:
        return 0 if a == b else self.w_down[a] + (b - a - 1) * self.w_skip[a]

    def _edge_cost(self, i: int, j: int) -> int:
        cost = self._group_cost(self.group[i], self.group[j])
        if j in self.rematch[i]:
            cost += self.w_rematch
        if j in self.clash[i]:
            cost += self.w_clash
        return cost

    def _parity_bound(self) -> int:
        """Each cut between groups with an odd number of players above it is crossed."""
        bound = 0
        prefix = 0
        for g in range(self.k - 1):
            prefix += self.count[g]
            if prefix & 1:
                bound += self.w_down[g]
        return bound

    def _strict_bound(self) -> int:
        """A lower bound on the score-group cost of pairing the unpaired players.

        cross[c] games must cross the cut below group c: at least the parity of the
        players above it, and enough that the players of group c who cannot all be
        paired inside it (a blossom matching, for the small groups) find partners across
        the cut above or below. Taking cross[0], then cross[1], ... as small as possible
        follows the lexicographic order of the weights, so the sum never exceeds the
        true cost. Below ``tail_start`` the bottom groups are priced exactly instead:
        the best pairing of their unpaired players, less the ones the games crossing
        into the tail take. The two parts charge different games.
        """
        tail = self.tail_start
        if tail is not None and not any(self.count[g] for g in range(tail)):
            tail = None  # the search is inside the tail: it is small, the cuts suffice
        last_cut = (self.k - 1) if tail is None else tail
        bound = 0
        prefix = 0
        crossing = 0
        for g in range(last_cut):
            prefix += self.count[g]
            needed = max(prefix & 1, self._unmatchable(g) - crossing)
            if (needed - prefix) & 1:
                needed += 1  # games across a cut have the parity of the players above it
            bound += needed * self.w_down[g]
            crossing = needed
        if tail is not None:
            mask = 0
            for g in range(tail, self.k):
                for i in self._members(g):
                    mask |= self.tail_bit[i]
            bound += self._tail_after_taking(mask, crossing)
        return bound

    def _unmatchable(self, g: int) -> int:
        """Unpaired players of group g left over by a maximum matching inside the group."""
        size = self.count[g]
        if size >= self.dirac_size:
            return size & 1
        members = frozenset(self._members(g))
        known = self._inside_cache.get(members)
        if known is None:
            known = size - 2 * matching_size(self._graph(members, self.forbidden))
            if len(self._inside_cache) < _FEASIBILITY_CACHE_LIMIT:
                self._inside_cache[members] = known
        return known

    def _tail_after_taking(self, mask: int, taken: int) -> int:
        """Least cost of the tail players in ``mask`` once ``taken`` of them play above."""
        if taken > 3:
            return 0
        key = (mask, taken)
        known = self.tail_taken_memo.get(key)
        if known is None:
            bits = [bit for bit in self.tail_player if mask & bit]
            best = _NO_PAIRING
            for removed in combinations(bits, taken):
                best = min(best, self._tail_cost(mask ^ sum(removed)))
            known = 0 if best >= _NO_PAIRING else best
            self.tail_taken_memo[key] = known
        return known

    def _tail_cost(self, mask: int) -> int:
        """Least score-group cost of pairing the tail players in ``mask`` without rematch."""
        known = self.tail_memo.get(mask)
        if known is not None:
            return known
        if mask == 0:
            return 0
        first_bit = mask & -mask
        i = self.tail_player[first_bit]
        best = _NO_PAIRING
        rest = mask ^ first_bit
        scan = rest
        while scan:
            bit = scan & -scan
            scan ^= bit
            j = self.tail_player[bit]
            if j in self.forbidden[i]:
                continue
            low, high = sorted((self.group[i], self.group[j]))
            cost = self._group_cost(low, high) + self._tail_cost(rest ^ bit)
            if cost < best:
                best = cost
        self.tail_memo[mask] = best
        return best

    def _enable_tail_bound(self) -> bool:
        """Use the tail bound from now on, if the bottom groups are small enough."""
        size = 0
        start = self.k
        for g in range(self.k - 1, 0, -1):
            if size + self.group_size[g] > _TAIL_LIMIT:
                break
            size += self.group_size[g]
            start = g
        if start == self.k:
            return False
        self.tail_start = start
        tail = [i for i in range(self.m) if self.group[i] >= start]
        self.tail_bit = {i: 1 << n for n, i in enumerate(tail)}
        self.tail_player = {bit: i for i, bit in self.tail_bit.items()}
        self.tail_memo: dict[int, int] = {}
        self.tail_taken_memo: dict[tuple[int, int], int] = {}
        return True

    def _graph(self, players: frozenset[int], banned: list[set[int]]) -> list[list[int]]:
        ordered = sorted(players)
        position = {p: n for n, p in enumerate(ordered)}
        return [[position[q] for q in ordered if q != p and q not in banned[p]] for p in ordered]

    def _clean_perfect(self, players: frozenset[int]) -> bool:
        """Whether these players can all be paired without rematch or avatar clash."""
        size = len(players)
        if size % 2:
            return False
        if size >= self.dirac_size:
            return True
        known = self._feasible_cache.get(players)
        if known is None:
            known = 2 * matching_size(self._graph(players, self.forbidden)) == size
            if len(self._feasible_cache) < _FEASIBILITY_CACHE_LIMIT:
                self._feasible_cache[players] = known
        return known

    def _defect_bound(self, players: frozenset[int]) -> int:
        """Lower bound on rematch and clash costs of pairing these players (small sets)."""
        known = self._bound_cache.get(players)
        if known is None:
            half = len(players) // 2
            rematches = half - matching_size(self._graph(players, self.rematch))
            defects = half - matching_size(self._graph(players, self.forbidden))
            known = self.w_rematch * rematches + self.w_clash * max(0, defects - rematches)
            if len(self._bound_cache) < _FEASIBILITY_CACHE_LIMIT:
                self._bound_cache[players] = known
        return known

    def _bound(self) -> int:
        if not self.strict:
            return self._parity_bound() + self._defect_bound(frozenset(self._unpaired()))
        return self._strict_bound()

    # -- candidates ---------------------------------------------------------------
    def _strict_candidates(self, p: int):
        """Allowed partners of p, cheapest group first, the seed's order inside a group."""
        a = self.group[p]
        for g in range(a, self.k):
            if self.count[g] == 0:
                continue
            cost = self._group_cost(a, g)
            # In a large group outside the tail the bound does not depend on which member
            # is taken, so one check covers the group; otherwise check each member.
            uniform = self.count[g] >= self.dirac_size and (self.tail_start is None or g < self.tail_start)
            checked_bound_for = None
            for q in self._members(g):
                if q == p or q in self.forbidden[p]:
                    continue
                if self.best_cost is not None and self.nodes >= self.node_limit:
                    self.out_of_budget = True
                    return
                if self.best_cost is not None and (not uniform or checked_bound_for != self.best_cost):
                    checked_bound_for = self.best_cost
                    if self._bound_after(p, q, cost) >= self.best_cost:
                        if uniform:
                            break
                        continue
                if self.remaining - 2 < self.dirac_size:
                    rest = frozenset(self._unpaired()) - {p, q}
                    if not self._clean_perfect(rest):
                        continue
                yield q, cost

    def _any_candidates(self, p: int):
        """Every partner of p, cheapest first (used only for small, tight fields)."""
        options = sorted(
            ((self._edge_cost(p, q), q) for g in range(self.k) for q in self._members(g) if q != p),
        )
        for cost, q in options:
            if self.best_cost is not None and self.nodes >= self.node_limit:
                self.out_of_budget = True
                return
            if self.best_cost is not None and self._bound_after(p, q, cost) >= self.best_cost:
                continue
            yield q, cost

    def _bound_after(self, p: int, q: int, cost: int) -> int:
        self.nodes += 1  # a bound costs about as much as a step of the search
        self._unlink(p)
        self._unlink(q)
        bound = self.cost + cost + self._bound()
        self._relink(q)
        self._relink(p)
        return bound

    # -- search -------------------------------------------------------------------
    def solve(self) -> tuple[list[tuple[int, int]], int, bool]:
        """Best pairing found, its cost, and whether it is proven optimal.

        Depth-first in the texts' order. Once every player above group g is paired, the
        rest of the round depends only on g and on which lower players the floaters
        took; a lower bound on that rest is remembered per such state, so other ways of
        pairing the groups above that lead to the same state are not searched again.
        """
        self.cost = 0
        self.best_cost: int | None = None
        best_pairs: list[tuple[int, int]] = []
        if self.m == 0:
            self.root_bound = self.shared_bound = 0
            return [], 0, True
        self.root_bound = self._bound()
        self.shared_bound = self._parity_bound()
        candidates = self._strict_candidates if self.strict else self._any_candidates
        group = self.group
        rest_bound: dict[tuple[int, frozenset[int]], int] = {}
        floated_to: list[int] = []  # lower players taken by floaters, along the path
        chosen: list[tuple[int, int, int]] = []  # (p, q, cost) along the current path
        # frame: (p, its candidates, stage state or None, cost on entering the stage)
        stack: list[tuple[int, object, tuple[int, frozenset[int]] | None, int]] = []
        p = self._first_unpaired()
        stack.append((p, candidates(p), None, 0))
        exhausted = True
        while stack:
            p, options, state, entry_cost = stack[-1]
            if len(chosen) == len(stack):
                _p, q, cost = chosen.pop()
                if group[q] != group[p]:
                    floated_to.pop()
                self.cost -= cost
                self._relink(q)
                self._relink(p)
                self.remaining += 2
            step = next(options, None)  # type: ignore[call-overload]
            if step is None:
                stack.pop()
                if state is not None and self.best_cost is not None:
                    # Every completion of this state costs at least this much more.
                    known = rest_bound.get(state)
                    learned = self.best_cost - entry_cost
                    rest_bound[state] = learned if known is None else max(known, learned)
                continue
            q, cost = step
            self.nodes += 1
            self._unlink(p)
            self._unlink(q)
            self.remaining -= 2
            self.cost += cost
            chosen.append((p, q, cost))
            if group[q] != group[p]:
                floated_to.append(q)
            if self.remaining == 0:
                first = self.best_cost is None
                if first or self.cost < self.best_cost:
                    self.best_cost = self.cost
                    best_pairs = [(self.players[a], self.players[b]) for a, b, _ in chosen]
                if first and self.best_cost > self.root_bound and self.strict and self._enable_tail_bound():
                    # The quick bound did not prove the first pairing: bring in the exact
                    # tail. The bound at the root needs every player unpaired again.
                    self.root_bound = max(self.root_bound, self._root_tail_bound(chosen))
                if self.best_cost == self.root_bound:
                    break
                continue
            if self.nodes >= self.node_limit and self.best_cost is not None:
                exhausted = False
                break
            nxt = self._first_unpaired()
            next_state = None
            if group[nxt] != group[p]:
                stage = group[nxt]
                next_state = (stage, frozenset(x for x in floated_to if group[x] >= stage))
                known = rest_bound.get(next_state)
                if known is not None and self.best_cost is not None and self.cost + known >= self.best_cost:
                    continue
            stack.append((nxt, candidates(nxt), next_state, self.cost))
        proven = (exhausted and not self.out_of_budget) or self.best_cost == self.root_bound
        assert self.best_cost is not None, "the search always completes its first descent"
        return best_pairs, self.best_cost, proven

    def _root_tail_bound(self, chosen: list[tuple[int, int, int]]) -> int:
        for p, q, _cost in reversed(chosen):
            self._relink(q)
            self._relink(p)
        bound = self._bound()
        for p, q, _cost in chosen:
            self._unlink(p)
            self._unlink(q)
        return bound

    def _first_unpaired(self) -> int:
        for g in range(self.k):
            if self.count[g]:
                return self.next[self.m + g]
        raise AssertionError("no unpaired player left")
