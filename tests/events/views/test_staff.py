"""The staff page (events/views/staff.py)."""

from __future__ import annotations

from events import services
from tests.helpers import actor, register


def test_staff_page_adds_an_account_and_makes_a_link(as_owner, event):
    response = as_owner.post(f"/events/{event.slug}/staff/", {"username": "helper", "password": "", "role": "staff"})
    assert response.status_code == 422 and 'id="id_password_error"' in response.content.decode()
    as_owner.post(
        f"/events/{event.slug}/staff/", {"username": "helper", "password": "long enough pass", "role": "staff"}
    )
    as_owner.post(f"/events/{event.slug}/staff/link/")
    page = as_owner.get(f"/events/{event.slug}/staff/").content.decode()
    event.refresh_from_db()
    assert "helper" in page and f"/staff/{event.staff_token}/" in page


def test_the_owner_registers_themself_only_after_naming_an_arbiter(as_owner, event, staff_user):
    url = f"/events/{event.slug}/staff/"
    refused = as_owner.post(url, {"register_organiser": "1", "account": event.owner.pk, "name": "Olwen"})
    assert refused.status_code == 422
    field = refused.content.decode().split('id="id_account_error"')[1].split("</ul>")[0]
    assert "Name an arbiter first" in field
    assert not event.players.exists()

    as_owner.post(url, {"name_arbiter": "1", "arbiter": staff_user.pk})
    done = as_owner.post(url, {"register_organiser": "1", "account": event.owner.pk, "name": "Olwen"}, follow=True)
    assert "Olwen is registered as a player." in done.content.decode()
    assert event.players.get().account_id == event.owner.pk
    offered = as_owner.get(url).content.decode().split('name="account"')[1].split("</select>")[0]
    assert "owner</option>" not in offered and "staff</option>" not in offered  # registered, and the arbiter

    desk = as_owner.get(f"/events/{event.slug}/").content.decode()
    assert "<strong>Olwen</strong> plays (account owner)" in desk
    assert "<strong>staff</strong> rules on their games." in desk
    assert "You play in this event: you cannot rule on your own games." in desk


def test_a_table_the_reader_plays_at_offers_no_result_form_and_names_the_arbiter(as_owner, event, staff_user):
    services.name_arbiter(event, actor=actor(event.owner), user_id=staff_user.pk)
    services.register_organiser(event, actor=actor(event.owner), user_id=event.owner.pk, name="Olwen")
    register(event, 3)
    services.start_event(event, actor=actor(event.owner), rounds=2, note="the test's own number", confirm=True)
    services.pair_round(event, actor=actor(event.owner), seed=1)
    mine = next(g for g in event.latest_round().games.select_related("player_a", "player_b") if g.has_organiser)
    page = as_owner.get(f"/events/{event.slug}/games/{mine.pk}/result/").content.decode()
    assert "You play at this table: staff enters and rules on its result, not you." in page
    assert 'class="result"' not in page
    refused = as_owner.post(
        f"/events/{event.slug}/games/{mine.pk}/result/", {"kind": "council", "mp_a": 20, "mp_b": 10, "version": 0}
    )
    assert refused.status_code == 422
    mine.refresh_from_db()
    assert mine.result is None
