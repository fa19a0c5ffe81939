"""Deck spot checks drawn from the round's seed (scoring/decks/spot_checks.py)."""

from hypothesis import given
from hypothesis import strategies as st

from scoring import spot_check_choice

IDS = [f"p{n:02d}" for n in range(20)]


def test_the_same_seed_and_round_draw_the_same_players_whatever_their_order():
    first = spot_check_choice(IDS, seed=42, round_number=3, count=2)
    assert first == spot_check_choice(list(reversed(IDS)), seed=42, round_number=3, count=2)
    assert len(first) == 2 and set(first) <= set(IDS)


def test_another_round_or_seed_draws_others():
    draws = {
        tuple(spot_check_choice(IDS, seed=seed, round_number=number, count=3))
        for seed in range(5)
        for number in range(1, 5)
    }
    assert len(draws) > 15


def test_no_more_players_than_there_are():
    assert spot_check_choice(["a", "b"], seed=1, round_number=1, count=5) == ["a", "b"]
    assert spot_check_choice(IDS, seed=1, round_number=1, count=0) == []


@given(
    ids=st.sets(st.text(min_size=1, max_size=5), max_size=30), seed=st.integers(0, 2**63 - 1), count=st.integers(0, 10)
)
def test_a_draw_is_a_sorted_subset_of_the_wanted_size(ids, seed, count):
    chosen = spot_check_choice(sorted(ids), seed=seed, round_number=1, count=count)
    assert chosen == sorted(chosen) and set(chosen) <= ids and len(chosen) == min(count, len(ids))
