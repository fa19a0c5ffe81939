"""Elimination brackets (scoring/finals/brackets.py): seeding, byes, single and double elimination, the ranking."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import BYE, DOUBLE, RuleError
from scoring.finals.brackets import SINGLE, build_bracket, seed_positions


def _seeds(count: int) -> list[str]:
    return [f"p{n:02d}" for n in range(1, count + 1)]


def play_out(kind: str, seeds: list[str], pick) -> tuple[list[list[tuple[str, str, str]]], object]:
    """Play every ready match each round, the winner chosen by ``pick(first, second)``, until a champion."""
    rounds: list[list[tuple[str, str, str]]] = []
    bracket = build_bracket(kind, seeds, rounds)
    while not bracket.complete:
        games = [(m.players[0], m.players[1], pick(m.players[0], m.players[1])) for m in bracket.next_matches]
        assert games, "a bracket without a champion must have a match to play"
        rounds.append(games)
        bracket = build_bracket(kind, seeds, rounds)
    return rounds, bracket


@pytest.mark.parametrize("size, order", [(2, [1, 2]), (4, [1, 4, 2, 3]), (8, [1, 8, 4, 5, 2, 7, 3, 6])])
def test_seed_one_meets_the_last_seed_and_seeds_one_and_two_only_in_the_final(size, order):
    assert seed_positions(size) == order


def test_byes_go_to_the_top_seeds():
    bracket = build_bracket(SINGLE, _seeds(5), [])
    with_bye = sorted(next(p for p in m.players if p != BYE) for m in bracket.matches if m.round == 1 and m.is_bye)
    assert with_bye == ["p01", "p02", "p03"]
    # Seeds 2 and 3 had byes: they meet in round 2 while 4 and 5 play round 1.
    assert sorted(tuple(sorted(m.players)) for m in bracket.next_matches) == [("p02", "p03"), ("p04", "p05")]


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=33),
    kind=st.sampled_from([SINGLE, DOUBLE]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_every_player_is_placed_once_and_leaves_only_after_enough_losses(count, kind, seed):
    chance = random.Random(seed)
    seeds = _seeds(count)
    rounds, bracket = play_out(kind, seeds, lambda a, b: chance.choice((a, b)))
    ranking = bracket.ranking()
    assert sorted(player for _, player in ranking) == sorted(seeds)
    assert [place for place, _ in ranking] == list(range(1, count + 1))
    losses = Counter(a if w == b else b for games in rounds for a, b, w in games)
    allowed = 1 if kind == SINGLE else 2
    champion = bracket.champion
    assert ranking[0][1] == champion and losses[champion] < allowed
    assert all(losses[p] == allowed for p in seeds if p != champion)
    # Nobody plays twice in one round.
    for games in rounds:
        seated = [p for a, b, _ in games for p in (a, b)]
        assert len(seated) == len(set(seated))


@pytest.mark.parametrize("count", range(2, 34))
def test_the_better_seed_always_winning_ranks_the_field_in_seed_order(count):
    seeds = _seeds(count)
    _, single = play_out(SINGLE, seeds, min)
    assert single.champion == "p01"
    # Single elimination: out in the same round share it in seed order; the field's order holds.
    assert [p for _, p in single.ranking()] == seeds
    _, double = play_out(DOUBLE, seeds, min)
    assert double.champion == "p01" and sorted(p for _, p in double.ranking()) == seeds


def test_single_elimination_of_a_power_of_two_takes_as_many_rounds_as_halvings():
    rounds, bracket = play_out(SINGLE, _seeds(16), min)
    assert len(rounds) == 4 and [len(games) for games in rounds] == [8, 4, 2, 1]
    assert [p for _, p in bracket.ranking()][:2] == ["p01", "p02"]


def test_the_losers_champion_who_wins_the_final_forces_a_second_final():
    # p02 loses the winners' final to p01, wins the losers' bracket, then beats p01 once.
    def pick(a, b):
        if {a, b} == {"p01", "p02"}:
            return "p01" if first_meeting[0] else "p02"
        return min(a, b)

    first_meeting = [True]
    seeds = _seeds(4)
    rounds: list = []
    bracket = build_bracket(DOUBLE, seeds, rounds)
    while not bracket.complete:
        games = []
        for m in bracket.next_matches:
            games.append((m.players[0], m.players[1], pick(*m.players)))
            if set(m.players) == {"p01", "p02"}:
                first_meeting[0] = False
        rounds.append(games)
        bracket = build_bracket(DOUBLE, seeds, rounds)
    final, again = (m for m in bracket.matches if m.id in ("F", "F2"))
    assert final.players == ("p01", "p02") and final.winner == "p02"
    assert set(again.players) == {"p01", "p02"} and again.winner == "p02" == bracket.champion
    assert [p for _, p in bracket.ranking()][:2] == ["p02", "p01"]


def test_the_winners_champion_who_wins_the_final_needs_no_second():
    _, bracket = play_out(DOUBLE, _seeds(4), min)
    again = next(m for m in bracket.matches if m.id == "F2")
    assert again.winner == BYE and again.played_in is None and bracket.champion == "p01"


@pytest.mark.parametrize(
    "game, said",
    [
        (("p01", "p03", "p01"), "p01 and p03 have no match to play in elimination round 1"),
        (("p01", "p04", "p02"), "an elimination game needs its winner"),
    ],
)
def test_a_game_that_is_no_ready_match_or_has_no_winner_is_refused(game, said):
    with pytest.raises(RuleError) as refused:
        build_bracket(SINGLE, _seeds(4), [[game]])
    assert said in str(refused.value) and refused.value.field == "rounds[0][0]"


def test_a_bracket_needs_two_distinct_players_and_a_known_kind():
    for kind, seeds in ((SINGLE, ["p01"]), (SINGLE, ["p01", "p01"]), ("swiss", ["p01", "p02"])):
        with pytest.raises(RuleError):
            build_bracket(kind, seeds, [])
