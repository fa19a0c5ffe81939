"""Gatherings: a weekend's events sharing one registration (docs/rules.md, reading 102).

A person registers once (an ``Entrant``) and chooses events; each choice makes an ordinary
player of that event, linked to the entrant, written with the event's own checks and its
own audit entry, so every event runs, scores and exports as one on its own would.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import MAX_NAME_LENGTH, name_problem, text_problem

from ..i18n import say
from ..models import Entrant, Event, Gathering, Player
from ..names import name_digest
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, new_gathering_slug, record_change, unique_slug
from .contacts import clean_contacts, contacts_record
from .players import add_players, clean_name


def _checked_gathering(name: str, place: str) -> tuple[str, str]:
    """The name and place as kept, checked as an archive checks them (its events' archives name the gathering)."""
    name, place = clean_name(name), clean_name(place)
    if not name:
        raise ServiceError(_("A gathering needs a name."), field="name")
    for field, text in (("name", name), ("place", place)):
        if len(text) > MAX_NAME_LENGTH:
            raise ServiceError(
                ngettext("At most %(count)s character.", "At most %(count)s characters.", MAX_NAME_LENGTH)
                % {"count": MAX_NAME_LENGTH},
                field=field,
            )
    if name_problem(name):
        # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
        raise ServiceError(_("The name %(problem)s.") % {"problem": say(name_problem(name))}, field="name")
    if text_problem(place):
        # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0000)".
        raise ServiceError(_("The place %(problem)s.") % {"problem": say(text_problem(place))}, field="place")
    return name, place


def create_gathering(*, owner: User, name: str, place: str = "") -> Gathering:
    """Create a gathering owned by ``owner``: the events they add to it share its registration.

    No event changes, so no event's audit log has an entry; each event added to it has one.
    """
    name, place = _checked_gathering(name, place)
    with transaction.atomic(durable=True):
        slug = new_gathering_slug(name)
        # The archive id names this gathering wherever its events are imported: a random part keeps next year's
        # weekend of the same name, or another server's, from being taken for it (services/imports.py).
        return Gathering.objects.create(
            slug=slug, name=name, place=place, owner=owner, archive_id=f"{slug[:50]}-{secrets.token_hex(4)}"
        )


def change_gathering(gathering: Gathering, *, name: str, place: str = "", actor: Actor) -> Gathering:
    """Rename the gathering or change its place; its address and archive id stay.

    Each of its events shows the gathering's name, so a new name is a change to each: its
    audit entry, and a new version of its pages.
    """
    name, place = _checked_gathering(name, place)
    with transaction.atomic(durable=True):
        events = _locked_events(gathering.events.all())
        gathering = Gathering.objects.select_for_update().get(pk=gathering.pk)
        before = gathering.name
        gathering.name, gathering.place = name, place
        gathering.save(update_fields=["name", "place"])
        if name != before:
            for event in events:
                subject = _("Part of %(gathering)s") % {"gathering": name}
                record_change(event, actor, AuditAction.EVENT_GATHERING_CHANGED, subject, before=before, after=name)
    return gathering


def set_event_gathering(event: Event, gathering: Gathering | None, *, actor: Actor) -> Event:
    """Put ``event`` in ``gathering``, or take it out (``None``).

    Only the gathering's owner's own events join it, so whoever runs a gathering may
    register people in each of its events. An event taken out keeps its players and their
    links to the gathering's people, which count only while the event is in it: put back,
    it has them again (``queries/gatherings.py`` reads a link only where both agree).
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if gathering is not None and gathering.owner_id != event.owner_id:
            raise ServiceError(_("Only events of the gathering's owner can join it."), field="event")
        before = event.gathering.name if event.gathering is not None else None
        if event.gathering_id == (gathering.pk if gathering else None):
            return event
        event.gathering = gathering
        event.save(update_fields=["gathering"])
        subject = (
            _("Part of %(gathering)s") % {"gathering": gathering.name}
            if gathering
            else _("No longer part of %(gathering)s") % {"gathering": before}
        )
        record_change(
            event,
            actor,
            AuditAction.EVENT_GATHERING_CHANGED,
            subject,
            before=before,
            after=gathering.name if gathering else None,
        )
    return event


def _new_entrant(gathering: Gathering, name: str) -> Entrant:
    """A new entrant of the locked ``gathering``; refused when a name reading alike is registered."""
    digest = name_digest(name)
    other = gathering.entrants.filter(name_digest=digest).values_list("name", flat=True).first()
    if other is not None:
        raise ServiceError(
            _(
                "%(name)s is already registered for %(gathering)s (as %(other)s). Use your own link to choose more "
                "events, or ask the coordinator; or add an initial or a city to tell two people apart."
            )
            % {"name": name, "gathering": gathering.name, "other": other},
            field="name",
        )
    taken = set(gathering.entrants.values_list("archive_id", flat=True))
    return Entrant.objects.create(
        gathering=gathering,
        name=name,
        name_digest=digest,
        archive_id=unique_slug(slugify(name)[:40] or "entrant", taken),
        token=secrets.token_urlsafe(24),
    )


def _enter(
    entrant: Entrant,
    event: Event,
    actor: Actor,
    *,
    public: bool,
    now: datetime.datetime,
    contacts: dict[str, object] | None = None,
) -> Player:
    """Register ``entrant`` in the locked ``event`` with the event's own checks and audit entry."""
    if event.gathering_id != entrant.gathering_id:
        raise ServiceError(_("%(event)s is not part of this gathering.") % {"event": event.name}, field="events")
    if event.players.filter(entrant=entrant).exists():
        raise ServiceError(
            _("%(name)s is already registered in %(event)s.") % {"name": entrant.name, "event": event.name},
            field="events",
        )
    if not public:
        # The coordinator names this person and this event: a player of the event registered at its own desk
        # under the same name (before the weekend was one gathering) is that person, linked now, not made twice.
        same = event.players.filter(entrant__isnull=True, name_digest=entrant.name_digest).first()
        if same is not None:
            same.entrant = entrant
            same.save(update_fields=["entrant"])
            record_change(
                event,
                actor,
                AuditAction.PLAYER_UPDATED,
                _("%(name)s linked to %(gathering)s") % {"name": same.name, "gathering": entrant.gathering.name},
                after={"gathering": entrant.gathering.name},
            )
            return same
    if public:
        closed = event.sign_up_closed(now, event.players.count())
        if closed:
            # Translators: %(event)s is an event's name; %(reason)s says why its sign-up is closed, a sentence.
            raise ServiceError(_("%(event)s: %(reason)s") % {"event": event.name, "reason": closed}, field="events")
    try:
        [player] = add_players(event, [entrant.name], field="events")
    except ServiceError as refused:
        raise ServiceError(
            _("%(event)s: %(reason)s") % {"event": event.name, "reason": refused.message}, field="events"
        ) from None
    player.entrant = entrant
    player.deck_token = secrets.token_urlsafe(24)
    fields = ["entrant", "deck_token"]
    if contacts:
        for name, value in contacts.items():
            setattr(player, name, value)
        fields += list(contacts)
    player.save(update_fields=fields)
    kept = contacts_record(player.online_name, player.email, player.share_email)
    action = AuditAction.PLAYER_SIGNED_UP if public else AuditAction.PLAYER_REGISTERED
    record_change(event, actor, action, entrant.name, after={**kept, "gathering": entrant.gathering.name})
    return player


def _locked_events(events: Iterable[Event]) -> list[Event]:
    # Always in one order, so that two registrations at once never wait on each other's locks.
    return [locked_event(event) for event in sorted(events, key=lambda e: e.pk)]


def enter_gathering(
    gathering: Gathering,
    name: str,
    events: list[Event],
    *,
    actor: Actor | None = None,
    online_name: str = "",
    email: str = "",
    share_email: bool = False,
    language: str = "",
    now: datetime.datetime | None = None,
) -> Entrant:
    """Register a person once for ``gathering``, in each of ``events``: their own sign-up, or the coordinator's.

    With no ``actor`` it is the public sign-up: each chosen event's sign-up must be open
    (``Event.sign_up_closed``). With an actor (the gathering's owner at the desk) the events
    take them as their desk would (``players.add_players``: a late player in a running
    Swiss event). Either way, one event refusing refuses all, naming it, and nothing is
    saved. Each player gets their private deck link in their event, and the contacts given
    (docs/rules.md, reading 95); the entrant gets the private link to the gathering.
    """
    name = clean_name(name)
    if not name:
        raise ServiceError(_("Type your name.") if actor is None else _("Type a player's name."), field="name")
    if not events:
        raise ServiceError(_("Choose at least one event."), field="events")
    online_name, email, share_email = clean_contacts(online_name, email, share_email)
    contacts = {
        "online_name": online_name,
        "email": email,
        "share_email": share_email,
        "language": language if language in dict(settings.LANGUAGES) else "",
    }
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        locked = _locked_events(events)
        gathering = Gathering.objects.select_for_update().get(pk=gathering.pk)
        entrant = _new_entrant(gathering, name)
        for event in locked:
            _enter(
                entrant,
                event,
                actor or Actor.signing_up(name),
                public=actor is None,
                now=now,
                contacts=contacts,
            )
    return entrant


def enter_event(
    entrant: Entrant, event: Event, *, actor: Actor | None = None, now: datetime.datetime | None = None
) -> Player:
    """Register an entrant of the gathering in one more of its events.

    With no ``actor`` the entrant chooses it through their own link, while its sign-up is
    open; the coordinator (``actor``) enters them as the event's desk would, and a player of
    the event registered at its own desk under a name reading the same, not yet linked, is
    linked to them instead (docs/rules.md, reading 102). A new player takes the contacts
    the entrant gave in their other events.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        [event] = _locked_events([event])
        entrant = Entrant.objects.select_for_update(of=("self",)).select_related("gathering").get(pk=entrant.pk)
        earlier = entrant.players.order_by("pk").first()
        contacts = (
            {name: getattr(earlier, name) for name in ("online_name", "email", "share_email", "language")}
            if earlier
            else None
        )
        return _enter(
            entrant, event, actor or Actor.signing_up(entrant.name), public=actor is None, now=now, contacts=contacts
        )


def make_entrant_link(entrant: Entrant, *, actor: Actor) -> Entrant:
    """Give ``entrant`` a new private link to the gathering; the old one stops working at once.

    For a link that leaked: it opens the person's page in each of their events too, so each
    of those events records it. A leaked deck link is replaced on the player's own page.
    """
    with transaction.atomic(durable=True):
        events = _locked_events(Event.objects.filter(gathering=entrant.gathering_id, players__entrant=entrant))
        entrant = Entrant.objects.select_for_update(of=("self",)).select_related("gathering").get(pk=entrant.pk)
        entrant.token = secrets.token_urlsafe(24)
        entrant.save(update_fields=["token"])
        for event in events:
            subject = _("New link to %(gathering)s for %(name)s") % {
                "gathering": entrant.gathering.name,
                "name": entrant.name,
            }
            record_change(event, actor, AuditAction.PLAYER_GATHERING_LINK_CREATED, subject)
    return entrant
