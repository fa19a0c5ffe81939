"""The roles in an event, defined once, and who makes a change.

Roles, smallest first: public (anyone), staff (an account given the staff role, or a
phone that opened the event's current staff link), coordinator (an account given the
co-coordinator role), owner (the account that created or imported the event). Which
role a request has is worked out in ``events/views/access.py``; the services record
the Actor of each change in the audit log.

A leaf: it imports nothing of the app, so models, services and views all read it.

An actor's label is kept with each change it makes (the audit log, who reported a
result), in the language of the request that made it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

PUBLIC, STAFF, COORDINATOR, OWNER = "public", "staff", "coordinator", "owner"
RANK = {PUBLIC: 0, STAFF: 1, COORDINATOR: 2, OWNER: 3}
# The roles an account can be given in an event; the owner's is the event's own.
GIVEN_ROLES = [(COORDINATOR, gettext_lazy("Co-coordinator")), (STAFF, pgettext_lazy("a role in an event", "Staff"))]


@dataclass(frozen=True)
class Actor:
    """Who makes a change: a user account, a staff link, or players reporting with their codes."""

    user: Any
    label: str
    role: str

    @property
    def is_coordinator(self) -> bool:
        return RANK[self.role] >= RANK[COORDINATOR]

    @classmethod
    def account(cls, user, role: str) -> Actor:
        """A signed-in account acting in ``role``."""
        return cls(user=user, label=user.get_username(), role=role)

    @classmethod
    def staff_link(cls) -> Actor:
        """A phone that opened the event's staff link: staff, with no account."""
        return cls(user=None, label=_("staff link"), role=STAFF)

    @classmethod
    def deck_link(cls, name: str) -> Actor:
        """A player editing their own deck list through their private link."""
        return cls(user=None, label=_("%(name)s (own deck link)") % {"name": name}, role=PUBLIC)

    @classmethod
    def signing_up(cls, name: str) -> Actor:
        """Someone registering themselves on the public sign-up page."""
        return cls(user=None, label=_("%(name)s (sign-up)") % {"name": name}, role=PUBLIC)

    @classmethod
    def reporting_player(cls, name: str) -> Actor:
        """A player reporting their own game with the code on their slip."""
        # Translators: a player who reported their own game with the code on their result slip.
        return cls(user=None, label=_("%(name)s (player, code)") % {"name": name}, role=PUBLIC)


# Two players whose reports agree settle their game together. The label is said in the
# language of the request that settles it, when it is kept (``str(actor.label)``).
BOTH_PLAYERS = Actor(user=None, label=gettext_lazy("both players"), role=PUBLIC)
