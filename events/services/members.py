"""Players known across events: enrolling a member, linking an event's registration to them, merging two members
and undoing it, forgetting a member on their request (docs/rules.md, readings 108-109).

A member belongs to no event: what is done to one is kept in its own log
(``MemberLogEntry``); linking or unlinking a registration is a change to that event too,
with its audit entry there.
"""

from __future__ import annotations

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
        event = locked_event(player.event)
        player = Player.objects.select_for_update(of=("self",)).get(pk=player.pk)
        found = Member.objects.select_for_update().filter(number=number, forgotten=False).first()
        if found is None:
            raise ServiceError(_("No player has the number %(number)s.") % {"number": number}, field="number")
        member = found
        other = event.players.filter(member__in=found.kept().one_person()).exclude(pk=player.pk).first()
        if other is not None:
            raise ServiceError(
                _("Player number %(number)s is already %(other)s in this event.")
                % {"number": member.number, "other": other.name},
                field="number",
            )
        player.member = member
        player.save(update_fields=["member"])
        subject = _("%(name)s is player number %(number)s") % {"name": player.name, "number": member.number}
        record_change(event, actor, AuditAction.PLAYER_MEMBER_LINKED, subject, after={"number": member.number})
        _log(member, actor, LINKED, _("%(name)s at %(event)s") % {"name": player.name, "event": event.name})
    return player


def unlink_registration(player: Player, *, actor: Actor) -> Player:
    """Take ``player``'s link to a member away: the registration stays the event's, known to no one else."""
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
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
        duplicate.save(update_fields=["merged_into"])
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
        event = locked_event(player.event)
        subject = _("%(name)s is no longer player number %(number)s") % {"name": player.name, "number": member.number}
        record_change(event, actor, AuditAction.PLAYER_MEMBER_UNLINKED, subject, before={"number": member.number})
    Player.objects.filter(member=member).update(member=None)
    member.log.all().delete()
    member.name, member.name_digest, member.country, member.public = "", "", "", False
    member.merged_into, member.forgotten = None, True
    member.save()
