"""What players bring and show: deck lists, sealed products, deck checks, the clock between sealed rounds.

Private by nature (docs/security.md, "Deck lists"): nothing here is in the event's
archive, and only a list the coordinator publishes after the event reaches a public page.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext as _

from .clock import ClockFields
from .event import Event
from .players import Player
from .rounds import Round


class DeckList(models.Model):
    """A player's registered deck list: as written, as read, and what the rules said of it.

    Private: the coordinators see it, staff during a deck check, the player through their
    own link; never the public pages, other players, or the event's archive.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="deck_list")
    text = models.TextField()
    # scoring.decklists.DeckList.as_dict() and scoring.decks.DeckCheck.as_dict().
    data = models.JSONField()
    findings = models.JSONField()
    submitted_at = models.DateTimeField()
    submitted_by = models.TextField()
    # Shown on the public page once the event is over, when the coordinator chose it.
    published = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Deck list of {self.player}"


class SpotCheck(models.Model):
    """A deck checked against its registered list at the table, and what was found."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="spot_checks")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="spot_checks")
    matches = models.BooleanField()
    note = models.TextField(blank=True)
    checked_by = models.TextField()
    checked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="one_spot_check_per_round")]

    def __str__(self) -> str:
        return f"Deck check of {self.player} in round {self.round.number}"


class SealedProduct(models.Model):
    """The cards the coordinator handed a player in a sealed event: a starter and three boosters.

    Policy Number 4, The Sealed Deck Game: "No other cards are allowed in the play area
    besides the cards received from the Tournament Coordinator". The coordinator enters
    it, so the check that every card of the deck came from it does not rest on the
    player's own word.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="sealed_product")
    text = models.TextField()
    # The entries as scoring.decklists reads them: [{"count", "name"}].
    data = models.JSONField()
    entered_at = models.DateTimeField()
    entered_by = models.TextField()

    def __str__(self) -> str:
        return f"Sealed product of {self.player}"


class BreakClock(ClockFields):
    """The clock between rounds of a sealed event: building the deck before round 1, exchanging cards after.

    One per event, for the break after round ``after_round`` (0: the construction before
    round 1); the next break replaces it. Its fields and their reading are ``ClockFields``',
    as a round's clock; its arithmetic is ``scoring.clock``'s.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="break_clock")
    after_round = models.PositiveSmallIntegerField()
    minutes = models.PositiveSmallIntegerField()

    def __str__(self) -> str:
        return f"{self.purpose} clock of {self.event}"

    @property
    def purpose(self) -> str:
        return _("Deck construction") if self.after_round == 0 else _("Card exchanges")

    def full_clock_seconds(self) -> float:
        """The break's minutes."""
        return self.minutes * 60.0
