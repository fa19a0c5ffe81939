"""The staff page (events/views/staff.py)."""

from __future__ import annotations


def test_staff_page_adds_an_account_and_makes_a_link(as_owner, event):
    response = as_owner.post(f"/events/{event.slug}/staff/", {"username": "helper", "password": "", "role": "staff"})
    assert response.status_code == 422 and 'id="id_password_error"' in response.content.decode()
    as_owner.post(f"/events/{event.slug}/staff/", {"username": "helper", "password": "long enough pass",
                                                   "role": "staff"})
    as_owner.post(f"/events/{event.slug}/staff/link/")
    page = as_owner.get(f"/events/{event.slug}/staff/").content.decode()
    event.refresh_from_db()
    assert "helper" in page and f"/staff/{event.staff_token}/" in page
