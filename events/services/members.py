"""Players known across events: enrolling a member, linking an event's registration to them, merging two members
and undoing it, forgetting a member on their request (docs/rules.md, readings 108-109).

A member belongs to no event: what is done to one is kept in its own log
(``MemberLogEntry``); linking or unlinking a registration is a change to that event too,
with its audit entry there.
"""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring import MAX_NAME_LENGTH, name_problem

from ..i18n import say
from ..models import FIRST_PLAYER_NUMBER, Event, Member, MemberLogEntry, Player
from ..names import name_digest
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .players import clean_name

CREATED, CHANGED, MERGED, UNMERGED, LINKED, UNLINKED = "created", "changed", "merged", "unmerged", "linked", "unlinked"
LINK_MADE = "link_made"


def _log(member: Member, actor: Actor, action: str, subject: str) -> None:
    user = actor.user if actor.user is not None and actor.user.pk else None
    MemberLogEntry.objects.create(
        member=member, action=action, actor=user, actor_label=str(actor.label), subject=subject
    )


def _checked_name(name: str) -> str:
    name = clean_name(name)
    if not name:
        raise ServiceError(_("A player needs a name."), field="name")
    if len(name) > MAX_NAME_LENGTH:
        raise ServiceError(_("A name has at most %(count)s characters.") % {"count": MAX_NAME_LENGTH}, field="name")
    if name_problem(name):
        # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
        raise ServiceError(_("The name %(problem)s.") % {"problem": say(name_problem(name))}, field="name")
    return name


def enrol_member(*, name: str, country: str = "", public: bool = False, actor: Actor) -> Member:
    """Make a member with the next player number; a number is never given twice (a forgotten member keeps theirs)."""
    name = _checked_name(name)
    with transaction.atomic(durable=True):
        # Two enrolments at once may read the same highest number: the unique column refuses the second, which
        # takes the next one (a savepoint keeps the transaction usable).
        for _attempt in range(20):
            last = Member.objects.aggregate(last=Max("number"))["last"]
            number = max(last or 0, FIRST_PLAYER_NUMBER - 1) + 1
            try:
                with transaction.atomic():
                    member = Member.objects.create(
                        number=number, name=name, name_digest=name_digest(name), country=country, public=public
                    )
                break
            except IntegrityError:
                continue
        else:
            raise ServiceError(_("Too many players are being given numbers at once; try again."), field="name")
        _log(member, actor, CREATED, _("Player number %(number)s given to %(name)s") % {"number": number, "name": name})
    return member


def change_member(member: Member, *, name: str, country: str = "", public: bool = False, actor: Actor) -> Member:
    """Change a member's name, country or consent to a public page; their player number stays."""
    name = _checked_name(name)
    with transaction.atomic(durable=True):
        member = Member.objects.select_for_update().get(pk=member.pk)
        member.name, member.name_digest, member.country, member.public = name, name_digest(name), country, public
        member.save(update_fields=["name", "name_digest", "country", "public"])
        _log(member, actor, CHANGED, _("%(name)s changed") % {"name": name})
    return member


def link_registration(player: Player, *, number: int, actor: Actor) -> Player:
    """Link ``player``, a registration of one event, to the member of player number ``number``.

    The registration keeps the number typed; a number merged into another counts as the
    member it now is wherever it is read, so undoing the merge gives it back exactly.
    Refused: a number no member has, and a person already linked to another registration of
    the same event (one person registers once in an event). Linking a closed event's
    registration is allowed: it counts in the rankings from then on (reading 108).
    """
    with transaction.atomic(durable=True):
        event = locked_event(player.event, hosted_copy_too=True)
        player = Player.objects.select_for_update(of=("self",)).get(pk=player.pk)
        found = Member.objects.select_for_update().filter(number=number, forgotten=False).first()
        if found is None:
            raise ServiceError(_("No player has the number %(number)s.") % {"number": number}, field="number")
        _link(event, player, found, actor, field="number")
    return player


def _link(event: Event, player: Player, member: Member, actor: Actor, *, field: str) -> None:
    """Link the locked ``player`` of the locked ``event`` to ``member``, with the event's audit entry and the
    member's log line; refused (naming ``field``) when the person has another registration in the event."""
    other = event.players.filter(member__in=member.kept().one_person()).exclude(pk=player.pk).first()
    if other is not None:
        raise ServiceError(
            _("Player number %(number)s is already %(other)s in this event.")
            % {"number": member.number, "other": other.name},
            field=field,
        )
    player.member = member
    player.save(update_fields=["member"])
    subject = _("%(name)s is player number %(number)s") % {"name": player.name, "number": member.number}
    record_change(event, actor, AuditAction.PLAYER_MEMBER_LINKED, subject, after={"number": member.number})
    _log(member, actor, LINKED, _("%(name)s at %(event)s") % {"name": player.name, "event": event.name})


def make_member_link(member: Member, *, actor: Actor) -> Member:
    """Give ``member`` a new private link (``Member.link_token``); the one before it stops working.

    A registrar gives it to the player (by hand, a message or its QR code): following it,
    the player links their own registrations (``claim_registration``; reading 111).
    """
    with transaction.atomic(durable=True):
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.forgotten or member.merged_into_id is not None:
            raise ServiceError(_("Give the link to the number the person is now."), field="member")
        member.link_token = secrets.token_urlsafe(24)
        member.save(update_fields=["link_token"])
        _log(member, actor, LINK_MADE, _("A new private link; the one before it no longer works"))
    return member


def claim_registration(link_token: str, player: Player) -> Player:
    """Link ``player`` to the member whose private link is ``link_token``, at the player's own word (reading 111).

    Only a registration not linked yet whose name reads as the member's (events/names.py):
    a player claims their own registrations, not a stranger's. Refused as ``link_registration``
    is when the person has another registration in the event. The event's audit log and the
    member's log say it was the player, by their link.
    """
    with transaction.atomic(durable=True):
        member = (
            Member.objects.select_for_update()
            .filter(link_token=link_token, forgotten=False, merged_into__isnull=True)
            .first()
        )
        if not link_token or member is None:
            raise ServiceError(_("This link no longer works: ask a registrar for a new one."), field="player")
        event = locked_event(player.event, hosted_copy_too=True)
        player = Player.objects.select_for_update(of=("self",)).get(pk=player.pk)
        if player.member_id is not None:
            raise ServiceError(_("This registration has a player number already."), field="player")
        if player.name_digest != member.name_digest:
            raise ServiceError(
                _("This registration's name does not read as yours; ask the event's coordinator."), field="player"
            )
        _link(event, player, member, Actor.member_link(member.name), field="player")
    return player


def unlink_registration(player: Player, *, actor: Actor) -> Player:
    """Take ``player``'s link to a member away: the registration stays the event's, known to no one else."""
    with transaction.atomic(durable=True):
        event = locked_event(player.event, hosted_copy_too=True)
        player = Player.objects.select_for_update(of=("self",)).select_related("member").get(pk=player.pk)
        member = player.member
        if member is None:
            return player
        player.member = None
        player.save(update_fields=["member"])
        subject = _("%(name)s is no longer player number %(number)s") % {"name": player.name, "number": member.number}
        record_change(event, actor, AuditAction.PLAYER_MEMBER_UNLINKED, subject, before={"number": member.number})
        _log(member, actor, UNLINKED, _("%(name)s at %(event)s") % {"name": player.name, "event": event.name})
    return player


def merge_members(duplicate: Member, *, number: int, actor: Actor) -> Member:
    """Make ``duplicate`` the member of player number ``number``: their registrations count as that member's
    until the merge is undone.

    Refused: a number no member has, a member already merged (undo that first), a member
    merged with themselves (or with one merged into them), and two members registered in
    one event, who must be two people.
    """
    with transaction.atomic(durable=True):
        target = Member.objects.filter(number=number, forgotten=False).first()
        if target is None:
            raise ServiceError(_("No player has the number %(number)s.") % {"number": number}, field="number")
        # Both rows locked in one order, so that two merges at once never wait on each other.
        locked = {m.pk: m for m in Member.objects.select_for_update().filter(pk__in=[duplicate.pk, target.pk])}
        duplicate, kept = locked[duplicate.pk], locked[target.pk].kept()
        if duplicate.merged_into_id is not None:
            raise ServiceError(_("This player is already merged into another: undo that merge first."), field="number")
        if kept.pk in duplicate.one_person():
            raise ServiceError(_("A player cannot be merged with themselves."), field="number")
        both = Event.objects.filter(players__member__in=duplicate.one_person()).filter(
            players__member__in=kept.one_person()
        )
        shared = both.values_list("name", flat=True).first()
        if shared is not None:
            raise ServiceError(_("Both played in %(event)s: they are two people.") % {"event": shared}, field="number")
        duplicate.merged_into = kept
        # A merged number has no private link: the person's link is the kept number's (reading 111).
        duplicate.link_token = ""
        duplicate.save(update_fields=["merged_into", "link_token"])
        values = {"duplicate": duplicate.number, "kept": kept.number}
        _log(duplicate, actor, MERGED, _("Player number %(duplicate)s merged into %(kept)s") % values)
        _log(kept, actor, MERGED, _("Player number %(duplicate)s merged into %(kept)s") % values)
    return kept


def undo_merge(duplicate: Member, *, actor: Actor) -> Member:
    """Undo a merge: ``duplicate`` is a member of their own again, with exactly the registrations they had."""
    with transaction.atomic(durable=True):
        duplicate = Member.objects.select_for_update().get(pk=duplicate.pk)
        if duplicate.merged_into_id is None:
            return duplicate
        kept = Member.objects.get(pk=duplicate.merged_into_id)
        duplicate.merged_into = None
        duplicate.save(update_fields=["merged_into"])
        values = {"duplicate": duplicate.number, "kept": kept.number}
        _log(duplicate, actor, UNMERGED, _("Player number %(duplicate)s no longer merged into %(kept)s") % values)
        _log(kept, actor, UNMERGED, _("Player number %(duplicate)s no longer merged into %(kept)s") % values)
    return duplicate


def forget_member(member: Member, *, actor: Actor) -> int:
    """Forget a person at their request: their name, country, consent and log go, and no registration is linked.

    The person is the member and every member merged into them: all are forgotten. Each
    event keeps its own registration (its results are the event's), known to no one else,
    with an audit entry there. Only the numbers stay, marked forgotten, so that none is
    ever given to anyone else.
    """
    with transaction.atomic(durable=True):
        member = Member.objects.select_for_update().get(pk=member.pk).kept()
        for record in Member.objects.select_for_update().filter(pk__in=member.one_person()).order_by("pk"):
            _forget(record, actor)
    return member.number


def _forget(member: Member, actor: Actor) -> None:
    """Forget one member record, inside the caller's transaction."""
    for player in Player.objects.filter(member=member).select_related("event"):
        event = locked_event(player.event, hosted_copy_too=True)
        subject = _("%(name)s is no longer player number %(number)s") % {"name": player.name, "number": member.number}
        record_change(event, actor, AuditAction.PLAYER_MEMBER_UNLINKED, subject, before={"number": member.number})
    Player.objects.filter(member=member).update(member=None)
    member.log.all().delete()
    member.name, member.name_digest, member.country, member.public = "", "", "", False
    member.merged_into, member.forgotten, member.link_token = None, True, ""
    member.save()
