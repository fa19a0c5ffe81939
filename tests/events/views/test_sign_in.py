"""Signing in: guessing is stopped, and nobody can lock the coordinator out of their own laptop.

Each failure counts for the name from that address, for the name from anywhere and for
the address; a browser that signed in as the name before counts its own failures only
(events/throttle.py, docs/security.md).
"""

from __future__ import annotations

import time
from html import escape
from urllib.parse import quote

import pytest
from django.contrib.auth.backends import ModelBackend
from django.test import Client

from events.models import Throttle
from events.throttle import LOGIN_PER_ADDRESS, LOGIN_PER_NAME, LOGIN_PER_NAME_AND_ADDRESS
from tests.helpers import fire_together

RIGHT = "correct horse battery"


def _sign_in(client, name: str, password: str, address: str = "127.0.0.1"):
    return client.post("/accounts/login/", {"username": name, "password": password}, REMOTE_ADDR=address)


def _fail(times: int, name: str = "owner", address: str = "127.0.0.1", client=None):
    client = client or Client()
    for _ in range(times):
        assert _sign_in(client, name, "wrong", address).status_code == 422


def test_sign_in_is_refused_after_too_many_wrong_passwords_even_with_the_right_one(client, owner):
    for _ in range(LOGIN_PER_NAME_AND_ADDRESS.failures):
        response = client.post("/accounts/login/", {"username": "owner", "password": "wrong"})
        assert response.status_code == 422
    response = client.post("/accounts/login/", {"username": "owner", "password": "correct horse battery"})
    assert response.status_code == 429
    assert "Too many failed sign-ins. Try again in 15 minutes." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_successful_sign_in_clears_the_count_of_its_name(client, owner):
    client.post("/accounts/login/", {"username": "owner", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "owner", "password": "correct horse battery"})
    assert response.status_code == 302
    assert not Throttle.objects.filter(key="login-name:owner").exists()
    assert Throttle.objects.get(key="login-address:127.0.0.1").failures == 1


@pytest.mark.parametrize("spelling", [" owner", "owner ", "owner\t", "ｏwner", "OWNER"])
def test_every_spelling_that_signs_in_as_a_name_counts_as_that_name(db, owner, spelling):
    _fail(LOGIN_PER_NAME_AND_ADDRESS.failures)
    client = Client()
    response = _sign_in(client, spelling, RIGHT)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_failures_from_a_phone_on_the_wifi_do_not_lock_the_coordinator_out(db, owner):
    _fail(LOGIN_PER_NAME_AND_ADDRESS.failures, address="10.0.0.66")
    assert _sign_in(Client(), "owner", RIGHT, address="10.0.0.66").status_code == 429
    laptop = Client()
    assert _sign_in(laptop, "owner", RIGHT, address="10.0.0.5").status_code == 302
    assert "_auth_user_id" in laptop.session


def test_a_name_guessed_from_many_addresses_stops_new_browsers_but_not_one_that_signed_in_before(db, owner):
    laptop = Client()
    assert _sign_in(laptop, "owner", RIGHT, address="10.0.0.5").status_code == 302
    laptop.post("/accounts/logout/")  # signing out keeps the browser's other cookies
    for phone in range(LOGIN_PER_NAME.failures // LOGIN_PER_NAME_AND_ADDRESS.failures):
        _fail(LOGIN_PER_NAME_AND_ADDRESS.failures, address=f"10.0.1.{phone}")
    assert _sign_in(Client(), "owner", RIGHT, address="10.0.0.9").status_code == 429
    assert _sign_in(laptop, "owner", RIGHT, address="10.0.0.5").status_code == 302


def test_an_address_that_failed_too_often_stops_new_browsers_but_not_one_that_signed_in_before(db, owner):
    laptop = Client()
    assert _sign_in(laptop, "owner", RIGHT, address="10.0.0.1").status_code == 302
    laptop.post("/accounts/logout/")  # signing out keeps the browser's other cookies
    for name in range(LOGIN_PER_ADDRESS.failures // LOGIN_PER_NAME_AND_ADDRESS.failures):
        _fail(LOGIN_PER_NAME_AND_ADDRESS.failures, name=f"guess{name}", address="10.0.0.1")
    assert _sign_in(Client(), "owner", RIGHT, address="10.0.0.1").status_code == 429
    assert _sign_in(laptop, "owner", RIGHT, address="10.0.0.1").status_code == 302


def test_a_browser_that_signed_in_before_is_stopped_after_its_own_failures(db, owner):
    laptop = Client()
    assert _sign_in(laptop, "owner", RIGHT).status_code == 302
    laptop.post("/accounts/logout/")  # signing out keeps the browser's other cookies
    _fail(LOGIN_PER_NAME_AND_ADDRESS.failures, client=laptop)
    assert _sign_in(laptop, "owner", RIGHT).status_code == 429


def test_a_browser_is_trusted_only_for_the_name_it_signed_in_as(db, owner, stranger):
    laptop = Client()
    assert _sign_in(laptop, "stranger", RIGHT, address="10.0.0.1").status_code == 302
    laptop.post("/accounts/logout/")  # signing out keeps the browser's other cookies
    _fail(LOGIN_PER_NAME_AND_ADDRESS.failures, address="10.0.0.1")
    assert _sign_in(laptop, "owner", RIGHT, address="10.0.0.1").status_code == 429


def test_a_forged_device_cookie_is_not_trusted(db, owner):
    _fail(LOGIN_PER_NAME_AND_ADDRESS.failures)
    client = Client()
    client.cookies["council_device"] = '{"name": "owner", "device": "x"}'
    assert _sign_in(client, "owner", RIGHT).status_code == 429


def test_a_very_long_or_odd_name_is_counted_without_error(db):
    for name in ["n" * 5000, "a\x00b", "\u202ecoordinator"]:
        assert _sign_in(Client(), name, "wrong").status_code == 422


def test_a_name_padded_beyond_any_length_counts_as_that_name(db, owner):
    _fail(LOGIN_PER_NAME_AND_ADDRESS.failures)
    assert _sign_in(Client(), " " * 300 + "owner", RIGHT).status_code == 429


def test_a_laptop_known_for_two_accounts_stays_trusted_for_both(db, owner, stranger):
    laptop = Client()
    for name in ("owner", "stranger"):
        assert _sign_in(laptop, name, RIGHT, address="10.0.0.5").status_code == 302
        laptop.post("/accounts/logout/")
    for name in ("owner", "stranger"):
        _fail(LOGIN_PER_NAME_AND_ADDRESS.failures, name=name, address="10.0.0.5")
    for name in ("owner", "stranger"):
        assert _sign_in(laptop, name, RIGHT, address="10.0.0.5").status_code == 302
        laptop.post("/accounts/logout/")


def test_the_addresses_of_one_ipv6_network_count_as_one_address(db, owner):
    for host in range(1, LOGIN_PER_NAME_AND_ADDRESS.failures + 1):
        assert _sign_in(Client(), "owner", "wrong", address=f"2001:db8:0:1::{host:x}").status_code == 422
    assert _sign_in(Client(), "owner", RIGHT, address="2001:db8:0:1:ffff::9").status_code == 429
    assert _sign_in(Client(), "owner", RIGHT, address="2001:db8:0:2::1").status_code == 302


@pytest.mark.django_db(transaction=True)
def test_guesses_sent_at_the_same_moment_get_no_more_checks_than_the_limit(owner, monkeypatch):
    checked = []
    check = ModelBackend.authenticate

    def slow_check(self, request, username=None, password=None, **kwargs):
        # Slow enough that every guess arrives while the first ones are still checked.
        checked.append(username)
        time.sleep(0.2)
        return check(self, request, username, password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", slow_check)
    guesses = 2 * LOGIN_PER_NAME_AND_ADDRESS.failures
    answers = fire_together(guesses, lambda _: _sign_in(Client(), "owner", "wrong").status_code)
    assert len(checked) == LOGIN_PER_NAME_AND_ADDRESS.failures
    assert sorted(answers) == [422] * LOGIN_PER_NAME_AND_ADDRESS.failures + [429] * (guesses - len(checked))


def test_a_signed_out_coordinator_is_sent_to_sign_in_and_back_to_the_page_they_asked_for(client, event, owner):
    page = f"/events/{event.slug}/audit/?kind=result.entered"
    sent = client.get(page)
    assert (sent.status_code, sent["Location"]) == (302, "/accounts/login/?next=" + quote(page, safe="/"))
    form = client.get(sent["Location"]).content.decode()
    assert f'<input type="hidden" name="next" value="{escape(page)}">' in form
    signed_in = client.post(sent["Location"], {"username": "owner", "password": RIGHT, "next": page})
    assert (signed_in.status_code, signed_in["Location"]) == (302, page)
    assert client.get(page).status_code == 200


def test_the_desk_round_trip_needs_no_more_than_signing_in(client, event, owner):
    desk = f"/events/{event.slug}/"
    sign_in_page = client.get(desk)["Location"]
    assert client.post(sign_in_page, {"username": "owner", "password": RIGHT, "next": desk})["Location"] == desk
    assert client.get(desk).status_code == 200


@pytest.mark.parametrize(
    "elsewhere",
    [
        "https://evil.example/",
        "//evil.example/",
        "http://testserver.evil.example/",
        "javascript:alert(1)",
        "\\\\evil.example",
    ],
)
def test_signing_in_follows_next_only_to_this_site(client, owner, elsewhere):
    signed_in = client.post(
        f"/accounts/login/?next={quote(elsewhere)}", {"username": "owner", "password": RIGHT, "next": elsewhere}
    )
    assert (signed_in.status_code, signed_in["Location"]) == (302, "/")
