"""The stages after (or instead of) an event's Swiss rounds: playoffs, brackets and pools (scoring/finals/)."""

from __future__ import annotations

from typing import Any

from django.db import models

from scoring import BRACKET_KINDS, SEEDED_BY, STAGE_KINDS, stage_title


class Stage(models.Model):
    """A playoff among tied players, an elimination bracket, or round-robin pools, as the archive's ``stages``
    holds it."""

    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="stages")
    # 1 for the event's first stage: the archive's rounds name their stage by it.
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=[(k, k.capitalize()) for k in STAGE_KINDS])
    bracket = models.CharField(max_length=8, blank=True, choices=[(k, k.capitalize()) for k in BRACKET_KINDS])
    # Archive ids: a playoff's tied players, or a bracket's seeds, best first.
    players = models.JSONField()
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    for_place = models.PositiveIntegerField(default=1)
    seeded_by = models.CharField(max_length=16, choices=[(k, k) for k in SEEDED_BY])
    seed = models.BigIntegerField(null=True, blank=True)
    # The event round number of the stage's first round.
    first_round = models.PositiveSmallIntegerField()
    # Pools: each pool's archive ids, and how many of each go on to the knockout.
    pools = models.JSONField(default=list, blank=True)
    advance = models.PositiveSmallIntegerField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_stage_number_per_event")]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        return stage_title(self.kind, len(self.players), self.for_place, self.seeded_by)

    @property
    def is_bracket(self) -> bool:
        return self.kind == "elimination"

    def as_archive(self) -> dict[str, Any]:
        """The stage's header in the archive (docs/archive-format.md)."""
        entry: dict[str, Any] = {"kind": self.kind, "players": list(self.players), "seeded_by": self.seeded_by}
        if self.is_bracket:
            entry["bracket"] = self.bracket
        elif self.kind == "pools":
            entry |= {"pools": [list(pool) for pool in self.pools], "advance": self.advance}
        else:
            entry |= {"rounds": self.rounds_planned, "for_place": self.for_place}
        if self.seed is not None:
            entry["seed"] = self.seed
        return entry
