"""Players known across the events of one server: each a member with a stable player number (issue 32).

A member is a person, not a registration: each event's ``Player`` row stays the event's
own, and links to a member only when someone said so (the coordinator typing the player
number, or confirming a name that reads the same; docs/rules.md, reading 108). Two members
found to be one person are merged by pointing one at the other, which a second press
undoes exactly. Fields only; ``events/services/members.py`` changes them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django_countries.fields import CountryField

from scoring import MAX_NAME_LENGTH, MAX_USERNAME_LENGTH

# Player numbers start here, so that a number never reads as a table or a round.
FIRST_PLAYER_NUMBER = 1001


class Member(models.Model):
    number = models.PositiveIntegerField(unique=True)
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # events.names.name_digest(name): the members a registration of a name reading the same may be.
    name_digest = models.CharField(max_length=32, blank=True, db_index=True)
    country = CountryField(blank=True)
    # The member's consent to a public page (their history, ladder points and rating); without it only the
    # server's signed-in coordinators see it.
    public = models.BooleanField(default=False)
    # A member merged into another is that one: their registrations count as the other's until the merge is undone.
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged")
    created_at = models.DateTimeField(auto_now_add=True)
    # Forgotten at the member's request: nothing of them is kept but the number, so that it is never given again.
    forgotten = models.BooleanField(default=False)
    # The key of the member's private link (/players/you/<key>/), which a registrar gives them: following it,
    # the player links their own registrations whose names read as theirs (docs/rules.md, reading 111).
    link_token = models.CharField(max_length=64, blank=True, db_index=True)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"

    def kept(self) -> Member:
        """The member this one now is: the end of its chain of merges (itself when not merged)."""
        member, seen = self, {self.pk}
        while member.merged_into_id is not None and member.merged_into_id not in seen:
            seen.add(member.merged_into_id)
            member = Member.objects.get(pk=member.merged_into_id)
        return member

    def one_person(self) -> list[int]:
        """The pks of this member and of every member merged into them, directly or not: one person's records."""
        found, frontier = [self.pk], [self.pk]
        while frontier:
            frontier = list(
                Member.objects.filter(merged_into__in=frontier).exclude(pk__in=found).values_list("pk", flat=True)
            )
            found += frontier
        return found


class MemberLogEntry(models.Model):
    """What was done to a member, by whom: a member belongs to no event, so no event's audit log holds it."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=32)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_label = models.CharField(max_length=MAX_USERNAME_LENGTH)
    subject = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.subject
