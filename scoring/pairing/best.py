"""The best pairing of a round's players once the bye is set aside, and the cost it is judged by.

The players are split into score groups and, in a Fallen-wizard-only event, into classes
of players who may not meet; ``best_pairing`` then runs the exact search that fits the
round: score group by score group when no rematch or clash is forced
(``scoring.pairing.groups``), player by player when one is (``scoring.pairing.defects``).
Pairings are compared by ``cost_vector``, the priorities 3 and 4 of
``scoring.pairing.next_round``: (rematches, avatar clashes, D0, X0, D1, X1, ...), where Di
counts games from group i down to a lower group and Xi the groups those games skip.
"""

from __future__ import annotations

from .defects import solve_with_defects
from .groups import GroupSearch


def best_pairing(
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
        by_class: dict[int | None, set[int]] = {}
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
    search: GroupSearch | None
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
            counts[avatars[p]] = counts.get(avatars[p], 0) + 1  # type: ignore[index, arg-type]  # not None
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
            avatar_class[p] = classes[avatars[p]]  # type: ignore[index]  # not None
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
            counts[avatars[p]] = counts.get(avatars[p], 0) + 1  # type: ignore[index, arg-type]  # not None
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
