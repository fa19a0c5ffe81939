"""The round clock: the policy's time limit, the warning before time, pauses and extensions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    READY,
    RUNNING,
    RuleError,
    adjust_clock,
    call_time,
    end_of_time_text,
    get_policy,
    new_clock,
    pause_clock,
    read_clock,
    start_clock,
)
from scoring.clock import PAUSED

P1 = get_policy("policy-1-1996")
V3 = get_policy("version-3-1998")
T0 = 1_700_000_000.0


def test_a_new_clock_holds_the_policys_time_limit_for_the_game_type():
    # Policy #1, Time Limits: a two-deck game has 1 hour and 15 minutes; Version 3 gives 80.
    assert new_clock(P1, "two-deck").remaining == 75 * 60
    assert new_clock(V3, "two-deck").remaining == 80 * 60
    assert new_clock(P1, "scenario").remaining == 60 * 60
    with pytest.raises(RuleError):
        new_clock(P1, "challenge-deck")


def test_running_warning_and_time_follow_the_policys_announcement():
    clock = start_clock(new_clock(P1, "one-deck-standard"), T0)  # 45 minutes
    warning = P1.warning_minutes * 60
    assert read_clock(clock, T0 + 60, warning).phase == "running"
    assert read_clock(clock, T0 + 60, warning).remaining == 44 * 60
    # Policy #1 announces the time 5 minutes before final time.
    assert read_clock(clock, T0 + 40 * 60 - 1, warning).phase == "running"
    assert read_clock(clock, T0 + 40 * 60, warning).phase == "warning"
    assert read_clock(clock, T0 + 45 * 60, warning).phase == "time"
    assert read_clock(clock, T0 + 50 * 60, warning).remaining == 0


def test_pause_keeps_the_time_left_and_start_runs_it_again():
    clock = start_clock(new_clock(P1, "one-deck-standard"), T0)
    paused = pause_clock(clock, T0 + 600)
    assert paused.state == PAUSED and paused.remaining == 35 * 60
    # Time spent paused does not count.
    assert read_clock(paused, T0 + 5000, 300).remaining == 35 * 60
    resumed = start_clock(paused, T0 + 5000)
    assert resumed.state == RUNNING and resumed.ends_at == T0 + 5000 + 35 * 60


def test_a_table_extension_moves_only_that_tables_time():
    clock = start_clock(new_clock(P1, "one-deck-standard"), T0)
    at_time = T0 + 45 * 60
    assert read_clock(clock, at_time, 300).phase == "time"
    table = read_clock(clock, at_time, 300, extra_seconds=5 * 60)
    assert table.phase == "warning" and table.remaining == 5 * 60 and table.ends_at == at_time + 300


def test_calling_time_early_and_adding_minutes_after_it():
    clock = start_clock(new_clock(P1, "two-deck"), T0)
    called = call_time(clock, T0 + 60)
    assert read_clock(called, T0 + 60, 300).phase == "time"
    with pytest.raises(RuleError, match="already called"):
        call_time(called, T0 + 120)
    with pytest.raises(RuleError, match="add minutes"):
        pause_clock(called, T0 + 120)
    # Minutes added after time count from now, not from when time was called.
    extended = adjust_clock(called, 180, T0 + 600)
    assert read_clock(extended, T0 + 600, 300).remaining == 180


def test_refusals_name_the_state_they_need():
    ready = new_clock(P1, "two-deck")
    with pytest.raises(RuleError, match="not started"):
        call_time(ready, T0)
    with pytest.raises(RuleError, match="running clock"):
        pause_clock(ready, T0)
    with pytest.raises(RuleError, match="already running"):
        start_clock(start_clock(ready, T0), T0)


def test_taking_time_back_never_goes_below_zero():
    assert adjust_clock(new_clock(P1, "two-deck"), -100 * 60, T0).remaining == 0
    running = start_clock(new_clock(P1, "two-deck"), T0)
    assert read_clock(adjust_clock(running, -100 * 60, T0 + 10), T0 + 10, 300).phase == "time"


def test_end_of_time_follows_the_policy_and_the_game_type():
    assert "player who went second finishes a turn" in end_of_time_text(P1, "two-deck")
    assert "Free Council" in end_of_time_text(P1, "two-deck")
    assert "End-of-Game" in end_of_time_text(V3, "two-deck")
    assert "scenario rank" in end_of_time_text(P1, "scenario")


moments = st.floats(min_value=0, max_value=4 * 3600, allow_nan=False)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["start", "pause", "call", "adjust"]), moments, st.integers(min_value=-3600, max_value=3600)
        ),
        max_size=12,
    )
)
def test_any_sequence_of_changes_keeps_a_sane_clock(steps):
    """Whatever the coordinator presses, the time left is never negative, and a pause
    followed by a start loses and gains nothing."""
    clock, now = new_clock(P1, "two-deck"), T0
    for action, wait, seconds in steps:
        now += wait
        try:
            if action == "start":
                before = read_clock(clock, now, 300).remaining
                clock = start_clock(clock, now)
                assert read_clock(clock, now, 300).remaining == pytest.approx(before)
            elif action == "pause":
                clock = pause_clock(clock, now)
            elif action == "call":
                clock = call_time(clock, now)
            else:
                clock = adjust_clock(clock, seconds, now)
        except RuleError:
            continue
        reading = read_clock(clock, now, 300)
        assert reading.remaining >= 0
        assert clock.state in (READY, RUNNING, PAUSED)
