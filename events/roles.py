"""The roles in an event, defined once, and who makes a change.

Roles, smallest first: public (anyone), staff (an account given the staff role, or a
phone that opened the event's current staff link), coordinator (an account given the
co-coordinator role), owner (the account that created or imported the event). Which
role a request has is worked out in ``events/pages/access.py``; the services record
the Actor of each change in the audit log.

A leaf: it imports nothing of the app, so models, services and views all read it.

An actor's label is kept with each change it makes (the audit log, who reported a
result): an account's user name, or for the actors without an account an English label
the record keeps as data, said in the reader's language by ``actor_said``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser

PUBLIC, STAFF, COORDINATOR, OWNER = "public", "staff", "coordinator", "owner"
RANK = {PUBLIC: 0, STAFF: 1, COORDINATOR: 2, OWNER: 3}
# The roles an account can be given in an event; the owner's is the event's own.
GIVEN_ROLES = [(COORDINATOR, gettext_lazy("Co-coordinator")), (STAFF, pgettext_lazy("a role in an event", "Staff"))]


# The labels of actors without an account, in English as the record keeps them.
STAFF_LINK_LABEL = gettext_noop("staff link")
BOTH_PLAYERS_LABEL = gettext_noop("both players")
# Translators: who changed a hosted copy of an event: the laptop at the venue, which publishes it.
VENUE_LABEL = gettext_noop("the venue's laptop")
OWN_DECK_LINK_LABEL = gettext_noop("%(name)s (own deck link)")
SIGNING_UP_LABEL = gettext_noop("%(name)s (sign-up)")
# Translators: a player who linked their own registration to their player number, by their private link.
MEMBER_LINK_LABEL = gettext_noop("%(name)s (own player link)")
# Translators: a player who reported their own game with their own report code.
REPORTING_PLAYER_LABEL = gettext_noop("%(name)s (player, code)")
_NAMED_LABELS = [
    (re.compile("^" + re.escape(label).replace(re.escape("%(name)s"), "(?P<name>.+)") + "$", re.S), label)
    for label in (OWN_DECK_LINK_LABEL, SIGNING_UP_LABEL, REPORTING_PLAYER_LABEL, MEMBER_LINK_LABEL)
]


def actor_said(label: str) -> str:
    """A recorded actor's label in the reader's language: the labels above are said anew, names as written.

    A label recorded in another language by an earlier version stays as it was recorded.
    """
    if label in (STAFF_LINK_LABEL, BOTH_PLAYERS_LABEL, VENUE_LABEL):
        return gettext(label)
    for pattern, english in _NAMED_LABELS:
        found = pattern.match(label)
        if found:
            return gettext(english) % {"name": found.group("name")}
    return label


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
    def account(cls, user: AbstractBaseUser, role: str) -> Actor:
        """A signed-in account acting in ``role``."""
        return cls(user=user, label=user.get_username(), role=role)

    @classmethod
    def staff_link(cls) -> Actor:
        """A phone that opened the event's staff link: staff, with no account."""
        return cls(user=None, label=STAFF_LINK_LABEL, role=STAFF)

    @classmethod
    def deck_link(cls, name: str) -> Actor:
        """A player editing their own deck list through their private link."""
        return cls(user=None, label=OWN_DECK_LINK_LABEL % {"name": name}, role=PUBLIC)

    @classmethod
    def signing_up(cls, name: str) -> Actor:
        """Someone registering themselves on the public sign-up page."""
        return cls(user=None, label=SIGNING_UP_LABEL % {"name": name}, role=PUBLIC)

    @classmethod
    def member_link(cls, name: str) -> Actor:
        """A player linking their own registration to their player number, by their private link."""
        return cls(user=None, label=MEMBER_LINK_LABEL % {"name": name}, role=PUBLIC)

    @classmethod
    def reporting_player(cls, name: str) -> Actor:
        """A player reporting their own game with the code on their slip."""
        return cls(user=None, label=REPORTING_PLAYER_LABEL % {"name": name}, role=PUBLIC)


# Two players whose reports agree settle their game together.
BOTH_PLAYERS = Actor(user=None, label=BOTH_PLAYERS_LABEL, role=PUBLIC)
# A venue's push to the hosted copy of its event, under the key the copy's coordinator issued.
VENUE = Actor(user=None, label=VENUE_LABEL, role=COORDINATOR)
