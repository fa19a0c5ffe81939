"""Invariants of the rules engine over random results and events (hypothesis)."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import POLICIES, RuleError, compute_standings, get_policy, parse_archive, score_result

from .test_pairing_reference import random_event

results = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.just("council"), "mp": st.lists(st.integers(-60, 200), min_size=2, max_size=2)},
        optional={"weakest_link": st.sampled_from([0, 1, None])},
    ),
    st.fixed_dictionaries(
        {"kind": st.sampled_from(["one-ring", "wizard-eliminated"]), "winner": st.sampled_from([0, 1])}
    ),
    st.just({"kind": "tie"}),
    st.fixed_dictionaries(
        {
            "kind": st.just("forfeit"),
            "winner": st.sampled_from([0, 1]),
            "reason": st.sampled_from(["stall", "drop", "cheat", "no-show"]),
        }
    ),
)


@given(
    st.sampled_from(sorted(POLICIES)),
    st.sampled_from(["one-deck-standard", "two-deck", "three-deck", "campaign", "sealed-starter"]),
    results,
    st.tuples(st.sampled_from(["one-ring", "marshalling-points"]), st.sampled_from(["one-ring", "marshalling-points"])),
)
def test_points_are_never_negative_and_the_winner_never_gets_less(key, game_type, result, capabilities):
    try:
        scored = score_result(get_policy(key), game_type, result, capabilities)
    except RuleError as error:
        assert error.field.startswith("result")  # a refusal always names the field
        return
    assert min(scored.points) >= 0
    if scored.winner is not None:
        assert scored.points[scored.winner] > scored.points[1 - scored.winner]
    else:
        assert scored.points[0] == scored.points[1]


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_standings_are_a_permutation_of_the_players_ranked_first(event_seed):
    doc = random_event(random.Random(event_seed))
    out = compute_standings(parse_archive(doc))
    rows = list(out.rows)
    assert sorted(r.player for r in rows) == sorted(p["id"] for p in doc["players"])
    ranked = [r for r in rows if r.rank is not None]
    assert rows[: len(ranked)] == ranked and all(not r.eligible for r in rows[len(ranked) :])
    # ranks never decrease and a better rank never has fewer points
    for before, after in itertools.pairwise(ranked):
        assert before.rank <= after.rank and before.tp >= after.tp
    # a shared rank is shared by players on the same points only
    for before, after in itertools.pairwise(ranked):
        if before.rank == after.rank:
            assert before.tp == after.tp
