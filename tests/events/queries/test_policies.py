"""The house policies an account keeps (events/queries/policies.py)."""

from __future__ import annotations

import scoring
from events import services
from events.queries.policies import EXPECTED_PLAYERS, house_policy_choices, kept_policies, kept_policy_page
from tests.factories import UserFactory

BASE = scoring.get_policy("policy-4-2001")


def keep(owner, key, title, **changes):
    document = {"key": key, "title": title, "base": "policy-4-2001", "changes": changes}
    return services.save_house_policy(owner=owner, document=document)


def test_an_account_lists_its_own_house_policies_by_title(owner, stranger):
    keep(owner, "online-2024", "Online Worlds 2024", time_limits={"two-deck": 120}, tie_points=2)
    keep(owner, "club", "Club Rules")
    keep(stranger, "theirs", "Their Rules")
    listed = kept_policies(owner)
    assert [(p.key, p.title, p.base_title, p.changes) for p in listed] == [
        ("club", "Club Rules", BASE.title, 0),
        ("online-2024", "Online Worlds 2024", BASE.title, 2),
    ]


def test_a_superuser_lists_every_house_policy(owner, stranger):
    keep(owner, "club", "Club Rules")
    keep(stranger, "theirs", "Their Rules")
    admin = UserFactory(username="admin", is_superuser=True)
    assert [p.key for p in kept_policies(admin)] == ["club", "theirs"]


def test_one_house_policy_shows_its_house_rules_and_what_it_implies(owner):
    keep(owner, "online-2024", "Online Worlds 2024", time_limits={"two-deck": 120})
    page = kept_policy_page(owner, "online-2024")
    assert (page.key, page.title, page.base_title, str(page.game_type)) == (
        "online-2024",
        "Online Worlds 2024",
        BASE.title,
        "Two-deck game",
    )
    [rule] = page.rules
    assert (rule.value, rule.replaces) == ("Two-deck game: 2 hours", BASE.time_clause)
    assert rule.citation.startswith("Online Worlds 2024, house rule on time")
    assert (page.implications.players, page.implications.time_limit_minutes) == (EXPECTED_PLAYERS, 120)
    assert page.document["changes"] == {"time_limits": {"two-deck": 120}}


def test_another_accounts_house_policy_is_not_found(owner, stranger):
    keep(owner, "club", "Club Rules")
    assert (kept_policy_page(stranger, "club"), kept_policy_page(owner, "no-such-key")) == (None, None)


def test_the_event_form_offers_an_accounts_house_policies_and_an_events_own(owner, stranger, event):
    keep(owner, "club", "Club Rules")
    assert house_policy_choices(owner) == [("club", "Club Rules")]
    assert house_policy_choices(stranger) == []
    mine = services.create_event(owner=owner, name="Club Night", policy="club", game_type="two-deck")
    # A co-coordinator keeps none, yet the event's own policy stays among its choices.
    assert house_policy_choices(stranger, mine) == [("club", "Club Rules")]
    assert house_policy_choices(stranger, event) == []
