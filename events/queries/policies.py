"""The house policies an account keeps or is shared: its list, one policy with its house rules and its
versions, and the choices of a policy.

A house policy is built from a released text (``scoring/policies/house.py``) and kept
here under its key (``HousePolicy``); each value it changes cites the house rule in place
of the base text's clause (``house_rules``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

import scoring

from ..models import GAME_TYPE_CHOICES, Event, HousePolicy, could_be_house_key, usable_by
from .house_rules import HouseRule, base_of, house_rules
from .policy import PolicyImplications, policy_implications

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser
    from django_stubs_ext import StrOrPromise

# What a house policy's page shows it implies for, before any event has players.
EXPECTED_PLAYERS = 16


@dataclass(frozen=True)
class KeptPolicy:
    """One house policy in an account's list."""

    key: str
    title: str
    base_title: str  # the released text it is built from, as published; "" when it no longer reads
    changes: int  # how many values it changes
    updated_at: datetime.datetime
    shared: bool
    owner: str  # the account that keeps it, as its name


@dataclass(frozen=True)
class PolicyVersion:
    """One saved version of a house policy, and how many events took it."""

    number: int
    title: str
    changes: int
    saved_by: str
    saved_at: datetime.datetime
    events: int  # events made under this version (holding its document)


@dataclass(frozen=True)
class HousePolicyPage:
    """One house policy as its page shows it: what it is, each value it changes, and what it implies."""

    key: str
    title: str
    date: str
    source: str
    base_title: str
    rules: tuple[HouseRule, ...]
    implications: PolicyImplications | None  # for EXPECTED_PLAYERS, in a two-deck game if it has one
    game_type: StrOrPromise  # the game type of the implications, named
    document: dict[str, Any]  # as kept, for the form that edits it
    shared: bool
    versions: tuple[PolicyVersion, ...]  # the latest first


def _kept_by(user: AbstractBaseUser | AnonymousUser) -> QuerySet[HousePolicy]:
    """The house policies ``user`` may use and change: their own; every one, for a superuser."""
    if not user.is_authenticated:
        return HousePolicy.objects.none()
    if getattr(user, "is_superuser", False):
        return HousePolicy.objects.all()
    return HousePolicy.objects.filter(owner_id=user.pk)


def _built(document: object) -> scoring.Policy | None:
    try:
        return scoring.policy_of(document)
    except scoring.RuleError:
        return None


def _changes(document: object) -> int:
    policy = _built(document)
    return len(policy.house_rules) if policy is not None else 0


def _listed(policies: QuerySet[HousePolicy]) -> list[KeptPolicy]:
    listed = []
    for kept in policies.select_related("owner").order_by("title", "key"):
        policy = _built(kept.document)
        base = base_of(policy) if policy is not None else None
        listed.append(
            KeptPolicy(
                key=kept.key,
                title=kept.title,
                base_title=base.title if base is not None else "",
                changes=len(policy.house_rules) if policy is not None else 0,
                updated_at=kept.updated_at,
                shared=kept.shared,
                owner=kept.owner.get_username() if kept.owner is not None else "",
            )
        )
    return listed


def kept_policies(user: AbstractBaseUser | AnonymousUser) -> list[KeptPolicy]:
    """The house policies ``user`` keeps (a superuser: every one), by title."""
    return _listed(_kept_by(user))


def shared_policies(user: AbstractBaseUser | AnonymousUser) -> list[KeptPolicy]:
    """The house policies other accounts share with every coordinator here, which ``user`` may run events
    under but not change, by title."""
    if not user.is_authenticated:
        return []
    return _listed(HousePolicy.objects.filter(shared=True).exclude(pk__in=_kept_by(user).values("pk")))


def _versions(kept: HousePolicy) -> tuple[PolicyVersion, ...]:
    # Which version each event under this key took: the one whose document it holds.
    taken = list(Event.objects.filter(policy=kept.key).values_list("policy_document", flat=True))
    return tuple(
        PolicyVersion(
            number=version.number,
            title=version.title,
            changes=_changes(version.document),
            saved_by=version.saved_by.get_username() if version.saved_by is not None else "",
            saved_at=version.saved_at,
            events=sum(1 for document in taken if document == version.document),
        )
        for version in kept.versions.select_related("saved_by").order_by("-number")
    )


def kept_policy_page(user: AbstractBaseUser | AnonymousUser, key: str) -> HousePolicyPage | None:
    """The house policy ``key`` as ``user`` may see and change it; None when it is not theirs (or no such key)."""
    kept = _kept_by(user).filter(key=key).first() if could_be_house_key(key) else None
    if kept is None:
        return None
    policy = _built(kept.document)
    base = base_of(policy) if policy is not None else None
    document = kept.document if isinstance(kept.document, dict) else {}
    offered = policy.game_types if policy is not None else ()
    game_type = "two-deck" if "two-deck" in offered else next(iter(offered), "")
    return HousePolicyPage(
        key=kept.key,
        title=kept.title,
        date=str(document.get("date", "")),
        source=str(document.get("source", "")),
        base_title=base.title if base is not None else "",
        rules=house_rules(policy) if policy is not None else (),
        implications=policy_implications(policy, EXPECTED_PLAYERS, game_type) if policy and game_type else None,
        game_type=dict(GAME_TYPE_CHOICES).get(game_type, ""),
        document=document,
        shared=kept.shared,
        versions=_versions(kept),
    )


def house_policy_choices(user: AbstractBaseUser | AnonymousUser, event: Event | None = None) -> list[tuple[str, str]]:
    """The house policies an event form offers ``user`` beside the three released texts: those they keep and
    those shared with every coordinator, by title.

    An event already under a house policy keeps it among the choices, whoever keeps it now.
    """
    kept = list(HousePolicy.objects.filter(usable_by(user)).order_by("title", "key").values_list("key", "title"))
    if event is not None and event.policy_document is not None and all(key != event.policy for key, _t in kept):
        kept.append((event.policy, event.rules.title))
    return kept


def starting_points() -> list[tuple[str, str]]:
    """The house policies to start from (``scoring.STARTING_POINTS``), each as its key and title."""
    return [(key, str(document["title"])) for key, document in scoring.STARTING_POINTS.items()]


def starting_point(key: object) -> dict[str, Any] | None:
    """The document of the starting point ``key``, to fill a new house policy's form; None for none."""
    found = scoring.STARTING_POINTS.get(key) if isinstance(key, str) else None
    return dict(found) if found is not None else None
