"""Rankings across events: the Glicko-2 rating (scoring/rankings/glicko2.py), the games it rates (rated.py) and a
season's ladder (ladder.py); docs/rules.md, readings 104-107."""

from __future__ import annotations

import datetime
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    Finish,
    LadderRules,
    RatedGame,
    Rating,
    finish_points,
    ladder,
    parse_archive,
    rate_event,
    rate_period,
    rated_games,
)

from .builders import LOSS, TIE, WIN, archive

FORFEIT = {"kind": "forfeit", "winner": 0, "reason": "no-show"}
TODAY = datetime.date(2026, 11, 26)


def test_glickmans_published_example():
    # Mark Glickman, "Example of the Glicko-2 system" (2013): a player of 1500 (RD 200, volatility 0.06), tau 0.5,
    # beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999.
    # The paper rounds its intermediate steps (v = 1.7785, delta = -0.4834), so its last digit may differ.
    after = rate_period(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30, 0.06), 1), (Rating(1550, 100, 0.06), 0), (Rating(1700, 300, 0.06), 0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_player_with_no_game_in_a_period_keeps_their_rating_and_grows_less_certain():
    after = rate_period(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation == pytest.approx(math.sqrt(100**2 + (0.06 * 173.7178) ** 2))


def test_an_event_is_one_period_each_game_rated_against_the_ratings_before_it():
    before = {"ann": Rating(1500, 200, 0.06), "bob": Rating(1500, 200, 0.06)}
    games = [RatedGame("ann", "bob", 1), RatedGame("bob", "ann", 0.5)]
    after = rate_event(before, games)
    assert set(after) == {"ann", "bob"}
    # Zero-sum at equal ratings and deviations: what one gains, the other loses.
    assert after["ann"].rating - 1500 == pytest.approx(1500 - after["bob"].rating)
    assert after["ann"].rating > 1500 and after["ann"].deviation < 200
    # Rated in any order of its games, the event gives the same ratings.
    assert rate_event(before, list(reversed(games))) == after
    # A newcomer starts at 1500 and 350, and is provisional until their deviation falls enough.
    first = rate_event({}, [RatedGame("cat", "dan", 1)])
    assert first["cat"].rating > 1500 > first["dan"].rating
    assert first["cat"].is_provisional() and not Rating(1500, 60, 0.06).is_provisional()


def test_byes_forfeits_double_losses_and_open_games_are_not_rated_and_a_level_game_is_half_each():
    doc = archive(
        "abcdef", [([("a", "b", WIN), ("c", "d", FORFEIT)], "e"), ([("a", "c", TIE), ("b", "d", LOSS)], None)]
    )
    doc["format"] = "council-archive/3"
    doc["rounds"][1]["games"].append({"table": 3, "players": ["e", "f"], "result": {"kind": "double-loss"}})
    doc["rounds"].append({"number": 3, "bye": None, "games": [{"table": 1, "players": ["a", "d"], "result": None}]})
    assert rated_games(parse_archive(doc)) == [
        RatedGame("a", "b", 1.0),
        RatedGame("a", "c", 0.5),
        RatedGame("b", "d", 0.0),
    ]


@given(
    st.lists(
        st.tuples(st.sampled_from("abcdef"), st.sampled_from("abcdef"), st.sampled_from([0.0, 0.5, 1.0])),
        min_size=1,
        max_size=30,
    ).map(lambda games: [RatedGame(a, b, s) for a, b, s in games if a != b])
)
def test_a_rating_stays_finite_and_more_certain_after_games(games):
    after = rate_event({}, games)
    for rating in after.values():
        assert math.isfinite(rating.rating) and 0 < rating.deviation < 350
        assert 0 < rating.volatility < 0.1


@pytest.mark.parametrize(
    ("place", "players", "points"),
    [
        (1, 16, 100),
        (16, 16, 6),
        (2, 16, 94),
        (1, 8, 50),
        (8, 8, 6),
        (1, 32, 200),
        (1, 64, 400),
        (1, 128, 400),
        (64, 128, 203),
        (1, 7, 0),
        (0, 16, 0),
        (17, 16, 0),
    ],
)
def test_a_places_points_grow_with_the_event_and_fall_with_the_place(place, players, points):
    assert finish_points(place, players) == points


def test_the_ladder_counts_each_players_best_events_of_the_window_and_says_why_the_rest_do_not():
    rules = LadderRules(best_events=2)
    ann = [
        Finish("spring", datetime.date(2026, 4, 1), 16, 1),  # 100
        Finish("summer", datetime.date(2026, 7, 1), 32, 3),  # 188
        Finish("autumn", datetime.date(2026, 10, 1), 16, 2),  # 94: not among her best two
        Finish("club", datetime.date(2026, 11, 1), 6, 1),  # too small
        Finish("last-year", datetime.date(2025, 11, 1), 64, 1),  # outside the window
    ]
    bob = [Finish("summer", datetime.date(2026, 7, 1), 32, 1), Finish("spring", datetime.date(2026, 4, 1), 16, 4)]
    cat = [Finish("club", datetime.date(2026, 11, 1), 6, 2)]
    lines = ladder({"ann": ann, "bob": bob, "cat": cat}, TODAY, rules)
    by_player = {line.player: line for line in lines}
    assert by_player["ann"].total == 288 and by_player["bob"].total == 200 + 81
    assert [(c.finish.event, c.points, c.counts, c.reason) for c in by_player["ann"].finishes] == [
        ("club", 0, False, "small"),
        ("autumn", 94, False, "not-best"),
        ("summer", 188, True, ""),
        ("spring", 100, True, ""),
        ("last-year", 400, False, "outside-window"),
    ]
    assert [(line.place, line.player) for line in lines] == [(1, "ann"), (2, "bob")]
    assert "cat" not in by_player  # points from no event


def test_players_with_equal_totals_share_a_place():
    same = [Finish("open", datetime.date(2026, 5, 1), 16, 1)]
    lines = ladder({"bob": same, "ann": same, "cat": [Finish("open", datetime.date(2026, 5, 1), 16, 2)]}, TODAY)
    assert [(line.place, line.player) for line in lines] == [(1, "ann"), (1, "bob"), (3, "cat")]


@given(
    st.lists(
        st.builds(
            Finish,
            st.text("xyz", min_size=1, max_size=3),
            st.dates(datetime.date(2025, 1, 1), datetime.date(2026, 12, 31)),
            st.integers(2, 100),
            st.integers(1, 100),
        ),
        max_size=12,
    ),
    st.integers(1, 6),
)
def test_a_total_is_the_sum_of_the_best_counted_finishes(finishes, best):
    rules = LadderRules(best_events=best)
    lines = ladder({"p": finishes}, TODAY, rules)
    eligible = sorted(
        (
            finish_points(f.place, f.players, rules)
            for f in finishes
            if f.players >= rules.min_players and TODAY - datetime.timedelta(days=365) < f.date <= TODAY
        ),
        reverse=True,
    )
    total = sum(eligible[:best])
    assert [line.total for line in lines] == ([total] if total else [])
