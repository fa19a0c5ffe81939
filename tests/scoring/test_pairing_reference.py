"""The pairing engine against an exact reference: on thousands of random small events,
and on every round of whole Swiss events of 15 to 64 players.

The reference is a minimum-cost perfect matching (networkx, test-only) over every
allowed bye, with the priorities of rules 3 and 4 encoded as one integer weight. The
cost of both pairings is then measured here, independently of the engine, as the
vector (rematches, avatar clashes, D0, X0, D1, X1, ...) compared lexicographically:
Di counts games from score group i down to a lower group, Xi the groups they skip.
"""

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from scoring import compute_standings, get_policy, pair_next_round, parse_archive

POLICIES = ["policy-1-1996", "version-3-1998", "policy-4-2001"]
AVATARS = ["Saruman", "Alatar", "Pallando"]


def random_event(rng: random.Random) -> dict:
    """A random event in progress: players, finished rounds, drops between rounds."""
    policy = rng.choice(POLICIES)
    # Fallen-wizard-only is a format of Version 3 and Policy Number 4; Policy #1 has none.
    fallen_wizards = rng.random() < 0.25 and policy != "policy-1-1996"
    n = rng.randint(2, 14)
    players = [{"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(n)]
    if fallen_wizards:
        for p in players:
            p["avatar"] = rng.choice(AVATARS)
    tie = {"kind": "council", "mp": [12, 12]}
    if policy != "policy-4-2001":
        tie["weakest_link"] = rng.choice([0, 1, None])
    outcomes = [
        {"kind": "council", "mp": [20, 5]},
        {"kind": "council", "mp": [5, 20]},
        {"kind": "council", "mp": [15, 10]},
        {"kind": "council", "mp": [14, 10]},
        tie,
        {"kind": "one-ring", "winner": 1},
    ]
    if policy != "policy-4-2001":  # Policy Number 4 ties only by equal MP
        outcomes.append({"kind": "tie"})
    active = [p["id"] for p in players]
    rounds = []
    for number in range(1, rng.randint(0, 6) + 1):
        order = active[:]
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        games = [
            {"table": t, "players": [order[2 * t - 2], order[2 * t - 1]], "result": rng.choice(outcomes)}
            for t in range(1, len(order) // 2 + 1)
        ]
        rounds.append({"number": number, "bye": bye, "games": games})
        for pid in list(active):
            if len(active) > 2 and rng.random() < 0.08:
                active.remove(pid)
                player = next(p for p in players if p["id"] == pid)
                player.update(status=rng.choice(["dropped", "ejected"]))
                if player["status"] == "dropped":
                    player["dropped_after_round"] = number
    return {
        "format": "council-archive/1",
        "event": {
            "name": "Random",
            "policy": policy,
            "game_type": "two-deck",
            "format": event_format(policy, fallen_wizards),
        },
        "players": players,
        "rounds": rounds,
    }


def event_format(policy: str, fallen_wizards: bool) -> str:
    """The event's format: Policy #1's only one, else Fallen-wizard-only or general opponent."""
    if policy == "policy-1-1996":
        return "single-deck"
    return "fallen-wizard-only" if fallen_wizards else "general-opponent"


def history(doc):
    scores = {row.player: row.tp for row in compute_standings(parse_archive(doc)).rows}
    opponents = {p["id"]: set() for p in doc["players"]}
    byes = {p["id"]: 0 for p in doc["players"]}
    for rnd in doc["rounds"]:
        if rnd["bye"]:
            byes[rnd["bye"]] += 1
        for game in rnd["games"]:
            a, b = game["players"]
            opponents[a].add(b)
            opponents[b].add(a)
    fallen = doc["event"]["format"] == "fallen-wizard-only"
    avatars = {p["id"]: p.get("avatar") if fallen else None for p in doc["players"]}
    active = [p["id"] for p in doc["players"] if p.get("status", "active") == "active"]
    return active, scores, opponents, byes, avatars


def allowed_byes(doc, active, scores, byes):
    """Rule 2, written out again from the policy texts."""
    if len(active) % 2 == 0:
        return [None]
    if doc["event"]["policy"] == "policy-1-1996":
        lowest = min(scores[p] for p in active)
        group = [p for p in active if scores[p] == lowest]
        fewest = min(byes[p] for p in group)
        return [p for p in group if byes[p] == fewest]
    fewest = min(byes[p] for p in active)
    pool = [p for p in active if byes[p] == fewest]
    lowest = min(scores[p] for p in pool)
    return [p for p in pool if scores[p] == lowest]


def cost_vector(games, scores, opponents, avatars):
    groups = sorted({scores[p] for game in games for p in game}, reverse=True)
    index = {s: i for i, s in enumerate(groups)}
    down, skipped = [0] * len(groups), [0] * len(groups)
    for a, b in games:
        high, low = sorted((index[scores[a]], index[scores[b]]))
        if high != low:
            down[high] += 1
            skipped[high] += low - high - 1
    rematches = sum(1 for a, b in games if b in opponents[a])
    clashes = sum(1 for a, b in games if avatars[a] is not None and avatars[a] == avatars[b])
    return (rematches, clashes, *[x for pair in zip(down, skipped, strict=False) for x in pair])


def reference_best(players, scores, opponents, avatars):
    if not players:
        return ()
    groups = sorted({scores[p] for p in players}, reverse=True)
    k = len(groups)
    base = len(players) * k + 2
    terms = 2 + 2 * k
    graph = nx.Graph()
    costs = {}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            vector = cost_vector([(a, b)], scores, opponents, avatars)
            vector = vector + (0,) * (terms - len(vector))
            # re-index the group terms onto the whole field's groups
            ga, gb = sorted((groups.index(scores[a]), groups.index(scores[b])))
            cost = vector[0] * base ** (terms - 1) + vector[1] * base ** (terms - 2)
            if ga != gb:
                cost += base ** (terms - 3 - 2 * ga) + (gb - ga - 1) * base ** (terms - 4 - 2 * ga)
            costs[(a, b)] = cost
    ceiling = max(costs.values()) + 1
    for (a, b), cost in costs.items():
        graph.add_edge(a, b, weight=ceiling - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == len(players)
    return cost_vector(list(matching), scores, opponents, avatars)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=2**31))
def test_engine_is_never_worse_than_the_exact_reference(event_seed, pairing_seed):
    doc = random_event(random.Random(event_seed))
    active, scores, opponents, byes, avatars = history(doc)
    result = pair_next_round(parse_archive(doc), pairing_seed)

    # Rule 1: everyone active plays exactly once or has the bye.
    seated = [p for _, a, b in result.games for p in (a, b)] + ([result.bye] if result.bye else [])
    assert sorted(seated) == sorted(active)
    # Rule 2: the bye is one the policy allows.
    candidates = allowed_byes(doc, active, scores, byes)
    assert result.bye in candidates
    # Rules 3 and 4: as good as the exact optimum over every allowed bye.
    engine = cost_vector([(a, b) for _, a, b in result.games], scores, opponents, avatars)
    best = min(reference_best([p for p in active if p != bye], scores, opponents, avatars) for bye in candidates)
    assert result.quality["rematches"] == engine[0]
    if not result.quality["proven_optimal"]:
        past_the_net("a small event", doc, active, engine, best)
        return
    assert engine <= best


# Whole Swiss events of 15 to 64 players, paired round by round by the engine itself
# (or by the reference), with results that spread the field over many point totals.

# Results won by players[0], with their weights: 6-0, 5-x, 4-x, equal MP (a Weakest
# Link where the policy has one), a tie and a One Ring win.
WINS = [
    ({"kind": "council", "mp": [20, 8]}, 3),
    ({"kind": "council", "mp": [15, 10]}, 2),
    ({"kind": "council", "mp": [14, 10]}, 2),
    ({"kind": "council", "mp": [12, 12]}, 1),
    ({"kind": "tie"}, 1),
    ({"kind": "one-ring", "winner": 0}, 1),
]


def random_result(rng: random.Random, policy: str) -> dict:
    result = dict(rng.choices([r for r, _ in WINS], [w for _, w in WINS])[0])
    if result["kind"] == "tie" and policy == "policy-4-2001":  # Policy Number 4 ties only by equal MP
        result = {"kind": "council", "mp": [12, 12]}
    if result.get("mp") == [12, 12] and policy != "policy-4-2001":
        result["weakest_link"] = rng.choice([0, 0, 0, None])
    if rng.random() < 0.5:  # the winner is players[1]
        if "mp" in result:
            result["mp"] = result["mp"][::-1]
        for key in ("winner", "weakest_link"):
            if result.get(key) is not None:
                result[key] = 1 - result[key]
    return result


def new_swiss_event(rng: random.Random) -> tuple[dict, int, float]:
    """An empty event of 15-64 players, the rounds to play and the chance of a drop."""
    policy = rng.choice(POLICIES)
    fallen_wizards = rng.random() < 0.3 and policy != "policy-1-1996"
    n = rng.randint(15, 64)
    players = [{"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(n)]
    if fallen_wizards:
        # Skewed, so that clashes cannot always be avoided in the late rounds.
        weights = sorted((rng.random() for _ in AVATARS), reverse=True)
        weights[0] += rng.random() * 2
        for p in players:
            p["avatar"] = rng.choices(AVATARS, weights)[0]
    doc = {
        "format": "council-archive/1",
        "event": {
            "name": "Swiss",
            "policy": policy,
            "game_type": "two-deck",
            "format": event_format(policy, fallen_wizards),
        },
        "players": players,
        "rounds": [],
    }
    # Up to 9 rounds, past the policy's count, where small score groups have mostly met.
    rounds = rng.randint(get_policy(policy).rounds_for(n), 9)
    drop_rate = rng.choice([0, 0, 0.02, 0.05])
    return doc, rounds, drop_rate


def play_round(rng: random.Random, doc: dict, bye, games, drop_rate: float) -> None:
    """Append the round with random results, then let some players drop."""
    number = len(doc["rounds"]) + 1
    policy = doc["event"]["policy"]
    doc["rounds"].append(
        {
            "number": number,
            "bye": bye,
            "games": [
                {"table": t, "players": [a, b], "result": random_result(rng, policy)}
                for t, (a, b) in enumerate(games, start=1)
            ],
        }
    )
    active = [p for p in doc["players"] if p.get("status", "active") == "active"]
    for player in list(active):
        if len(active) > 2 and rng.random() < drop_rate:
            active.remove(player)
            player.update(status="dropped", dropped_after_round=number)


BYE_VERTEX = "(bye)"  # no player id: ids here are p00, p01, ...


def exact_best_over_byes(active, candidates, scores, opponents, avatars):
    """The reference for a whole field: (cost vector, bye, games) of a minimum-cost pairing.

    One maximum-weight perfect matching decides the bye too: an extra vertex stands for
    the bye and is joined only to the allowed players, all of one score group, so every
    choice leaves the same score groups and the same encoding below.
    """
    assert len({scores[p] for p in candidates if p is not None}) <= 1
    players = [p for p in active if p not in candidates or len(candidates) > 1]
    rest = [p for p in active if p != candidates[0]]
    groups = sorted({scores[p] for p in rest}, reverse=True)
    index = {s: i for i, s in enumerate(groups)}
    k = len(groups)
    games = len(rest) // 2
    # No term of the vector may reach the base, or the encoding would carry: rematches
    # and clashes count at most one per game, Di at most one per player of group i, Xi at
    # most k - 2 - i skipped groups for each of those.
    sizes = [sum(1 for p in rest if scores[p] == s) for s in groups]
    largest = max(
        [games, games]
        + [x for i, size in enumerate(sizes) for x in (min(size, games), min(size, games) * max(k - 2 - i, 0))]
    )
    base = games * max(k - 2, 1) + 1
    assert largest < base
    terms = 2 + 2 * k
    weight_of = [base ** (terms - 1 - t) for t in range(terms)]
    edges = []
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            cost = 0
            if b in opponents[a]:
                cost += weight_of[0]
            if avatars[a] is not None and avatars[a] == avatars[b]:
                cost += weight_of[1]
            high, low = sorted((index[scores[a]], index[scores[b]]))
            if high != low:
                cost += weight_of[2 + 2 * high] + (low - high - 1) * weight_of[3 + 2 * high]
            edges.append((a, b, cost))
    ceiling = max(cost for _, _, cost in edges) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, ceiling - cost) for a, b, cost in edges)
    if len(candidates) > 1:
        graph.add_weighted_edges_from((BYE_VERTEX, p, ceiling) for p in candidates)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == graph.number_of_nodes()  # perfect
    bye = next((a if b == BYE_VERTEX else b for a, b in matching if BYE_VERTEX in (a, b)), candidates[0])
    # Sorted: a set's order follows the string hashes, which differ from run to run.
    pairs = sorted(sorted(pair) for pair in matching if BYE_VERTEX not in pair)
    vector = cost_vector(pairs, scores, opponents, avatars)
    total = sum(ceiling - cost for a, b, cost in edges if (a, b) in matching or (b, a) in matching)
    assert len(pairs) * ceiling - total == sum(x * w for x, w in zip(vector, weight_of, strict=False))  # no carries
    return vector, bye, pairs


def check_round(doc: dict, result, rng: random.Random) -> tuple:
    """Rules 1-4 for the engine's ``result`` on ``doc``, against the exact reference.

    Returns the reference's (bye, games), its ties broken by ``rng``.
    """
    number = len(doc["rounds"]) + 1
    active, scores, opponents, byes, avatars = history(doc)
    seated = [p for _, a, b in result.games for p in (a, b)] + ([result.bye] if result.bye else [])
    assert sorted(seated) == sorted(active), f"round {number}: not everyone seated once"
    candidates = allowed_byes(doc, active, scores, byes)
    assert result.bye in candidates, f"round {number}: bye {result.bye} not in {candidates}"
    engine = cost_vector([(a, b) for _, a, b in result.games], scores, opponents, avatars)
    rng.shuffle(active)
    best, bye, games = exact_best_over_byes(active, candidates, scores, opponents, avatars)
    size = f"round {number} of {len(active)} players"
    assert result.quality["rematches"] == engine[0]
    if not result.quality["proven_optimal"]:
        past_the_net(size, doc, active, engine, best)
        return bye, games
    assert engine <= best, f"{size}: engine {engine} worse than reference {best}"
    return bye, games


def past_the_net(size: str, doc: dict, active: list[str], engine: tuple, best: tuple) -> None:
    """What a round the search's safety net stopped still keeps (docs/performance.md).

    Only a lopsided Fallen-wizard-only field reaches the net: one Fallen-wizard played by
    at least two players in five. Its pairing, said to be unproven, has no more rematches
    and clashes together than the optimum (the most allowed games a matching can have);
    how far players float may be worse.
    """
    avatars = [p.get("avatar") for p in doc["players"] if p["id"] in active]
    largest = max((avatars.count(a) for a in set(avatars) if a), default=0)
    assert doc["event"]["format"] == "fallen-wizard-only" and 5 * largest >= 2 * len(active), (
        f"{size}: unproven outside a lopsided Fallen-wizard-only field (engine {engine}, reference {best})"
    )
    assert engine[0] + engine[1] <= best[0] + best[1], f"{size}: more rematches and clashes than needed"


def play_swiss_event(event_seed: int, *, paired_by: str) -> None:
    """Check the engine on every round of a random event whose rounds are paired by
    the engine itself, or by the reference (the same event whatever the engine does)."""
    rng = random.Random(event_seed)
    doc, rounds, drop_rate = new_swiss_event(rng)
    for _ in range(rounds):
        result = pair_next_round(parse_archive(doc), rng.randrange(2**31))
        bye, games = check_round(doc, result, rng)
        if paired_by == "engine":
            bye, games = result.bye, [(a, b) for _, a, b in result.games]
        play_round(rng, doc, bye, games, drop_rate)


# A seed shrinks to nothing meaningful, so failures are reported as found.
@settings(
    max_examples=80,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(min_value=0, max_value=2**32))
@example(14)  # the engine before issue 19: Policy #1, 57 players, round 7, two floats from group 3, none needed
@example(31)  # the engine before issue 19: Policy #1, 63 players, round 7, optimal but not proven
# Fallen-wizard-only events where the search reached the safety net and fell back on the
# nearest-first pairing (unproven, and sometimes worse), before the exact-half classes and
# the leftover choices that skip outnumbered pools; 1933 still reaches it (past_the_net):
@example(230)  # Policy Number 4, 59 players, round 2: 37 Sarumans, all 14 byes past the net, unproven
@example(324)  # Policy Number 4, 60 players, round 3: 30 Sarumans (half), X7 5 where 4 suffice
@example(586)  # Policy Number 4, 59 players, round 4: 35 Sarumans, past the net, unproven
@example(1127)  # Version 3, 21 players, round 9: 10 Sarumans of 20 after the bye, X0 15 where 12 suffice
@example(1179)  # Policy Number 4, 59 players, round 2: 34 Sarumans, past the net, unproven
@example(1780)  # Policy Number 4, 62 players, round 2: 35 Sarumans, past the net, unproven
@example(1933)  # Version 3, 57 players, round 3: 33 Sarumans, D8 9 X8 16 where 7 and 10 suffice
def test_engine_matches_the_exact_reference_on_every_round_of_events_up_to_64_players(event_seed):
    play_swiss_event(event_seed, paired_by="engine")


# Events that stay the same whatever the engine pairs; each failed with the engine before issue 19.
@pytest.mark.parametrize(
    "event_seed",
    [
        57,  # Policy #1, 53 players, round 6: two floats from group 4 where none are needed
        38,  # Policy Number 4, 63 players, round 6: optimal but not proven
        65,  # Version 3, Fallen-wizard-only, 47 players, round 2: 9 avatar clashes where 8 suffice
    ],
)
def test_engine_matches_the_exact_reference_on_events_paired_by_the_reference(event_seed):
    play_swiss_event(event_seed, paired_by="reference")


# Fallen-wizard-only events paired by the reference, so the same rounds whatever the
# engine does; each reached the search's safety net with the engine before the fix for
# event seed 324, and its nearest-first pairing was worse than the optimum. 614 still
# reaches it: its rounds are held to what the net keeps (past_the_net).
@pytest.mark.parametrize(
    "event_seed",
    [
        120,  # Policy Number 4, 55 players, round 3: 29 Sarumans, X1 9 where none is needed
        324,  # Policy Number 4, 60 players, round 2: 30 Sarumans (half), X0 18 where none is needed
        614,  # Version 3, 58 players, round 2: 28 Sarumans, three Fallen-wizards, X0 8 where none is needed
        767,  # Policy Number 4, 52 players, round 2: 26 Sarumans (half), X1 5 where none is needed
    ],
)
def test_engine_matches_the_exact_reference_on_lopsided_fallen_wizard_events(event_seed):
    play_swiss_event(event_seed, paired_by="reference")


def test_exact_reference_with_a_bye_vertex_agrees_with_trying_every_bye():
    for seed in range(300):
        doc = random_event(random.Random(seed))
        active, scores, opponents, byes, avatars = history(doc)
        if len(active) < 2:
            continue
        candidates = allowed_byes(doc, active, scores, byes)
        best, bye, games = exact_best_over_byes(active, candidates, scores, opponents, avatars)
        expected = min(reference_best([p for p in active if p != c], scores, opponents, avatars) for c in candidates)
        assert best == expected
        assert bye in candidates
        assert sorted(p for game in games for p in game) == sorted(p for p in active if p != bye)
