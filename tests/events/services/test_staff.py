"""Staff accounts and staff links (events/services/staff.py)."""

from __future__ import annotations

import pytest

from events import services
from tests.helpers import actor


def test_staff_link_is_replaced_and_revoked(event):
    first = services.create_staff_link(event, actor=actor(event.owner))
    second = services.create_staff_link(event, actor=actor(event.owner))
    assert first != second and len(second) >= 20
    services.revoke_staff_link(event, actor=actor(event.owner))
    event.refresh_from_db()
    assert event.staff_token == ""


def test_add_staff_creates_an_account_only_with_a_good_password(event):
    with pytest.raises(services.ServiceError) as caught:
        services.add_staff(event, actor=actor(event.owner), username="helper")
    assert caught.value.field == "password"
    with pytest.raises(services.ServiceError) as caught:
        services.add_staff(event, actor=actor(event.owner), username="helper", password="short")
    assert caught.value.field == "password"
    user = services.add_staff(event, actor=actor(event.owner), username="helper", password="long enough pass")
    assert event.roles.get(user=user).role == "staff"
