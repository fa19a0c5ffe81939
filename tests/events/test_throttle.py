"""The counts behind the rate limits (events/throttle.py): a refused attempt writes nothing, and the table is bounded.

A flood fills each kind of key to its bound and no further; no count is removed before
its window ends, so the flood clears nobody's count; and the browsers that signed in
before, the result codes and the sign-ups keep their own room (docs/security.md).
"""

from __future__ import annotations

import datetime
import secrets
from collections import Counter

import pytest
from django.test import Client
from django.utils import timezone

from events import throttle
from events.models import Throttle
from events.throttle import (
    LOGIN_PER_ADDRESS,
    LOGIN_PER_NAME,
    LOGIN_PER_NAME_AND_ADDRESS,
    RESULT_CODE_PER_ADDRESS,
    SIGN_UP_PER_ADDRESS,
)
from tests.helpers import fire_together

RIGHT = "correct horse battery"


def _sign_in(name: str, password: str = "wrong", address: str = "10.0.0.1", client=None):
    return (client or Client()).post("/accounts/login/", {"username": name, "password": password}, REMOTE_ADDR=address)


def _rows() -> list[tuple]:
    return sorted(Throttle.objects.values_list("key", "window_started_at", "failures"))


def _rows_by_kind() -> dict[str, int]:
    return dict(Counter(key.split(":", 1)[0] for key in Throttle.objects.values_list("key", flat=True)))


def test_two_hundred_refused_sign_ins_with_random_names_add_no_rows(db):
    for guess in range(LOGIN_PER_ADDRESS.failures):
        assert _sign_in(f"guess{guess}").status_code == 422
    before = _rows()
    answers = [_sign_in(secrets.token_hex(8)).status_code for _ in range(200)]
    assert answers == [429] * 200
    assert _rows() == before


def test_a_refused_attempt_changes_no_count(db):
    keys = [("login-name:anna", LOGIN_PER_NAME), ("login-address:10.0.0.1", LOGIN_PER_ADDRESS)]
    for _ in range(LOGIN_PER_NAME.failures):
        assert throttle.attempt(keys) == 0
    before = _rows()
    assert throttle.attempt(keys) == LOGIN_PER_NAME.minutes
    assert throttle.attempt([("login-name:anna", LOGIN_PER_NAME), ("login-address:10.0.0.2", LOGIN_PER_ADDRESS)]) > 0
    assert _rows() == before


def test_windows_that_ended_and_counts_given_back_are_removed_when_a_row_is_added(db):
    now = timezone.now()
    Throttle.objects.create(key="login-name:ended", window_started_at=now - datetime.timedelta(minutes=16), failures=9)
    Throttle.objects.create(
        key="code-address:1:10.0.0.1", window_started_at=now - datetime.timedelta(minutes=11), failures=3
    )
    Throttle.objects.create(key="login-address:10.0.0.9", window_started_at=now, failures=0)
    # Sign-ups count for an hour: twenty minutes on, the window still runs.
    Throttle.objects.create(
        key="sign-up:1:10.0.0.1", window_started_at=now - datetime.timedelta(minutes=20), failures=4
    )
    Throttle.objects.create(
        key="login-name:running", window_started_at=now - datetime.timedelta(minutes=14), failures=2
    )
    assert throttle.attempt([("login-name:new", LOGIN_PER_NAME)]) == 0
    assert sorted(Throttle.objects.values_list("key", "failures")) == [
        ("login-name:new", 1),
        ("login-name:running", 2),
        ("sign-up:1:10.0.0.1", 4),
    ]


@pytest.fixture
def small_bound(monkeypatch):
    """A bound of forty rows a kind, so that a test can fill it."""
    monkeypatch.setattr(throttle, "ROWS_PER_KIND", 40)
    return 40


def test_a_flood_of_new_names_from_many_addresses_fills_each_kind_to_its_bound_and_no_further(db, small_bound):
    answers = [
        _sign_in(secrets.token_hex(8), address=f"10.1.{n // 250}.{n % 250}").status_code
        for n in range(small_bound + 20)
    ]
    assert answers == [422] * small_bound + [429] * 20
    assert _rows_by_kind() == {
        "login-name-address": small_bound,
        "login-name": small_bound,
        "login-address": small_bound,
    }


def test_a_flood_at_the_bound_clears_no_count_and_locks_out_neither_a_known_browser_nor_the_result_codes(
    db, owner, small_bound
):
    laptop = Client()
    assert _sign_in("owner", RIGHT, address="10.0.0.5", client=laptop).status_code == 302
    laptop.post("/accounts/logout/")
    phone = Client()
    for _ in range(LOGIN_PER_NAME_AND_ADDRESS.failures - 1):
        assert _sign_in("owner", address="10.0.0.66", client=phone).status_code == 422
    counted = [row for row in _rows() if row[2]]
    for n in range(small_bound + 20):
        _sign_in(secrets.token_hex(8), address=f"10.1.{n // 250}.{n % 250}")
    assert max(_rows_by_kind().values()) == small_bound
    # The owner's counts are all still there: the flood made room for itself by clearing nobody's.
    assert set(counted) <= set(_rows())
    # They go on counting: one more failure from the phone, and it is stopped.
    assert _sign_in("owner", address="10.0.0.66", client=phone).status_code == 422
    assert _sign_in("owner", RIGHT, address="10.0.0.66", client=phone).status_code == 429
    # A new browser would need a new row, and waits until the flood's windows end ...
    refused = _sign_in("owner", RIGHT, address="10.0.0.77")
    assert refused.status_code == 429
    assert "Try again in 15 minutes." in refused.content.decode()
    # ... but the laptop that signed in before is its own kind, which strangers cannot fill.
    assert _sign_in("owner", "wrong", address="10.0.0.5", client=laptop).status_code == 422
    assert _sign_in("owner", RIGHT, address="10.0.0.5", client=laptop).status_code == 302
    # Result codes and sign-ups keep their room too.
    assert throttle.attempt([("code-address:1:10.0.0.77", RESULT_CODE_PER_ADDRESS)]) == 0
    assert throttle.attempt([("sign-up:1:10.0.0.77", SIGN_UP_PER_ADDRESS)]) == 0


def test_once_the_floods_windows_end_there_is_room_again(db, small_bound):
    for n in range(small_bound):
        _sign_in(secrets.token_hex(8), address=f"10.1.0.{n}")
    assert _sign_in("late", address="10.2.0.1").status_code == 429
    Throttle.objects.update(window_started_at=timezone.now() - datetime.timedelta(minutes=LOGIN_PER_NAME.minutes))
    assert _sign_in("late", address="10.2.0.1").status_code == 422
    assert Throttle.objects.count() <= small_bound
    assert (
        Throttle.objects.filter(
            key__in=["login-name:late", "login-address:10.2.0.1", "login-name-address:late:10.2.0.1"]
        ).count()
        == 3
    )


def test_the_bound_is_counted_by_kind(db, small_bound):
    Throttle.objects.bulk_create(
        Throttle(key=f"login-name:flood{n}", window_started_at=timezone.now(), failures=1) for n in range(small_bound)
    )
    assert throttle.attempt([("login-name:one-more", LOGIN_PER_NAME)]) == LOGIN_PER_NAME.minutes
    assert throttle.attempt([("login-address:10.0.0.1", LOGIN_PER_ADDRESS)]) == 0
    assert Throttle.objects.filter(key__startswith="login-name:").count() == small_bound


@pytest.mark.django_db(transaction=True)
def test_attempts_on_new_keys_sent_at_the_same_moment_are_counted_one_after_the_other():
    # None of the keys has a row yet, so there is nothing to lock until the first attempt adds them.
    keys = [
        ("login-name-address:anna:10.0.0.1", LOGIN_PER_NAME_AND_ADDRESS),
        ("login-name:anna", LOGIN_PER_NAME),
        ("login-address:10.0.0.1", LOGIN_PER_ADDRESS),
    ]
    answers = fire_together(2 * LOGIN_PER_NAME_AND_ADDRESS.failures, lambda _: throttle.attempt(keys))
    assert answers.count(0) == LOGIN_PER_NAME_AND_ADDRESS.failures
    assert all(isinstance(wait, int) for wait in answers)
    assert set(Throttle.objects.values_list("failures", flat=True)) == {LOGIN_PER_NAME_AND_ADDRESS.failures}
