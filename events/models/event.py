"""The event: its settings and status, and what they allow now (the sign-up, deck lists, a stage).

Fields and cheap methods only. The choices of its fields and its players' are here, each
a key of the engine with its label; the players and their roles are in ``players``, the
audit log and snapshots in ``record``.

State changes live in ``events/services/``; nothing here changes more than one row.
The rules come from ``scoring``: the policy, game type and result fields hold the
engine's own keys, and ``events/archive.py`` turns these rows into the engine's
``council-archive`` data and back.
"""

from __future__ import annotations

import datetime
import functools
import json
import zoneinfo
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import formats, timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import (
    DECK_CAPABILITIES,
    EVENT_FORMATS,
    FIRST_ROUND_PAIRINGS,
    GAME_TYPES,
    MAX_NAME_LENGTH,
    OFFICIAL_SCENARIOS,
    POLICIES,
    SEALED_GAME_TYPES,
    SEEDINGS,
    STRUCTURES,
    TIE_RESOLUTIONS,
    TIEBREAK_CRITERIA,
    TOP_CUTS,
    Policy,
    deck_choice_kind,
    get_policy,
    policy_of,
)

from .choices import labelled


@functools.lru_cache(maxsize=64)
def house_policy(document: str) -> Policy:
    """The house policy of a stored document (JSON text): built once per process for every event that runs it."""
    return policy_of(json.loads(document))


def rules_of(key: str, document: object) -> Policy:
    """An event's policy from its two columns (``Event.rules``), for a caller that read them without the row."""
    if document is None:
        return get_policy(key)
    return house_policy(json.dumps(document, sort_keys=True))


if TYPE_CHECKING:
    from .rounds import Round


# Policy titles are the documents' own names: they stay as published (docs/i18n.md).
POLICY_CHOICES = [(key, policy.title) for key, policy in POLICIES.items()]
GAME_TYPE_CHOICES = labelled(
    GAME_TYPES,
    {
        "one-deck-starter": gettext_lazy("One-deck game, starter decks"),
        "one-deck-standard": gettext_lazy("One-deck game, standard decks"),
        "two-deck": gettext_lazy("Two-deck game"),
        "three-deck": gettext_lazy("Three-deck game"),
        "campaign": gettext_lazy("Campaign game"),
        "sealed-starter": gettext_lazy("Sealed deck, starter"),
        "sealed-standard": gettext_lazy("Sealed deck, standard"),
        "challenge-deck": gettext_lazy("Challenge deck game"),
        "scenario": gettext_lazy("Resource/character scenario game"),
    },
)
FORMAT_CHOICES = labelled(
    EVENT_FORMATS,
    {
        "general-opponent": gettext_lazy("General opponent"),
        "hero-only": gettext_lazy("Hero only"),
        "minion-only": gettext_lazy("Minion only"),
        "fallen-wizard-only": gettext_lazy("Fallen-wizard only"),
        "single-deck": gettext_lazy("One deck each, the same all event (Policy #1 has no other format)"),
    },
)
TIE_CHOICES = labelled(
    TIE_RESOLUTIONS,
    {
        "playoff": gettext_lazy("The menu of tie-breakers, then playoff rounds among those still tied"),
        "co-champions": gettext_lazy("The menu of tie-breakers, then those still tied are co-champions"),
        "playoff-without-menu": gettext_lazy("Playoff rounds among all tied on points, without the menu"),
        "co-champions-without-menu": gettext_lazy("All tied on points are co-champions, without the menu"),
    },
)
# The tie-break criteria a house policy orders, by their titles in the texts (as the engine's
# standings notes name them, so one translation serves both).
TIEBREAK_CHOICES = labelled(
    TIEBREAK_CRITERIA,
    {
        "head-to-head": gettext_lazy("Head-to-Head"),
        "one-ring-wins": gettext_lazy("Destroying the One Ring"),
        "ratio-2-and-wizard-wins": gettext_lazy("Highest MP Ratio and Eliminating Opponent's Wizard"),
        "ratio-1.5-wins": gettext_lazy("Next MP Ratio"),
        "ratio-1-wins": gettext_lazy("Lowest MP Ratio"),
        "weakest-link-wins": gettext_lazy("Weakest Link Method Win"),
        "byes-received": gettext_lazy("Receiving a Bye"),
        "number-of-wins": gettext_lazy("Number of Wins"),
        "opponents-scores": gettext_lazy("Sum of Opponents' Scores"),
    },
)
FIRST_ROUND_CHOICES = labelled(
    FIRST_ROUND_PAIRINGS,
    {
        "random": gettext_lazy("Random"),
        "ranking": gettext_lazy("By published ranking"),
    },
)
STRUCTURE_CHOICES = labelled(
    STRUCTURES,
    {
        "swiss": gettext_lazy("Swiss rounds"),
        "elimination": gettext_lazy("Elimination (a bracket)"),
        "pools": gettext_lazy("Round-robin pools, then a knockout"),
    },
)
ELIMINATION_CHOICES = [
    ("single", gettext_lazy("Single elimination")),
    ("double", gettext_lazy("Double elimination (losers' bracket, grand final)")),
]
SEEDING_CHOICES = labelled(
    SEEDINGS,
    {
        "ranking": gettext_lazy("By published ranking"),
        "random": gettext_lazy("At random"),
    },
)


def _top(size: int) -> str:
    return _("Top %(size)s") % {"size": size}


# Said when shown, in the reader's language (a lazy "Top 8").
TOP_CUT_CHOICES = [(size, lazy(_top, str)(size)) for size in TOP_CUTS]
DECK_CAPABILITY_CHOICES = labelled(
    DECK_CAPABILITIES,
    {
        "one-ring": gettext_lazy("Can destroy the One Ring"),
        "marshalling-points": gettext_lazy("Marshalling points only"),
    },
)
# The event's own language: its projector and printouts are in it, whatever the laptop's browser asks.
LANGUAGE_CHOICES = [(code, name) for code, name in settings.LANGUAGES]
# Every zone the IANA database names, as a hosted server may run events in any of them.
TIME_ZONES = sorted(zoneinfo.available_timezones())


def default_time_zone() -> str:
    """The zone a new event starts with: the server's, which on a venue laptop is the venue's."""
    return settings.TIME_ZONE


class EventStatus(models.TextChoices):
    """Where an event stands: registering players, running its rounds, or closed on its final ranking."""

    REGISTRATION = "registration", gettext_lazy("Registration")
    RUNNING = "running", gettext_lazy("Running")
    CLOSED = "closed", gettext_lazy("Closed")


class Event(models.Model):
    # The statuses by their short names, as the code has always read them (Event.RUNNING).
    REGISTRATION, RUNNING, CLOSED = EventStatus.REGISTRATION, EventStatus.RUNNING, EventStatus.CLOSED

    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    date = models.DateField(null=True, blank=True)
    place = models.CharField(max_length=MAX_NAME_LENGTH, blank=True)
    # A released text's key, or a house policy's (whose document is then policy_document).
    policy = models.CharField(max_length=32)
    # The house policy the event runs under, as it was when the event took it: a later
    # edit of the kept policy (HousePolicy) never changes an event already made.
    policy_document = models.JSONField(null=True, blank=True)
    game_type = models.CharField(max_length=32, choices=GAME_TYPE_CHOICES)
    format = models.CharField(max_length=32, choices=FORMAT_CHOICES, default="general-opponent")
    tie_resolution = models.CharField(max_length=32, choices=TIE_CHOICES, default="playoff")
    first_round_pairing = models.CharField(max_length=16, choices=FIRST_ROUND_CHOICES, default="random")
    # Swiss rounds (perhaps followed by a top cut), or one elimination bracket (scoring/stages.py).
    structure = models.CharField(max_length=16, choices=STRUCTURE_CHOICES, default="swiss")
    elimination = models.CharField(max_length=8, choices=ELIMINATION_CHOICES, default="single")
    seeding = models.CharField(max_length=16, choices=SEEDING_CHOICES, default="ranking")
    top_cut = models.PositiveSmallIntegerField(null=True, blank=True, choices=TOP_CUT_CHOICES)
    # An event of pools: how many pools, and how many of each go on to the knockout (scoring/finals/pools.py).
    pools = models.PositiveSmallIntegerField(null=True, blank=True)
    advance = models.PositiveSmallIntegerField(null=True, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_events")
    # The weekend this event is part of, whose registration it shares (models/gathering.py).
    gathering = models.ForeignKey("Gathering", null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    status = models.CharField(max_length=16, choices=EventStatus.choices, default=EventStatus.REGISTRATION)
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    # What the policy's table gave at the start, kept to show a departure from it.
    rounds_by_policy = models.PositiveSmallIntegerField(null=True, blank=True)
    # Written by the app around the coordinator's own words: any length it is given.
    rounds_note = models.TextField(blank=True)
    playoff_winner = models.ForeignKey("Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # The revocable staff link; empty when there is none.
    staff_token = models.CharField(max_length=64, blank=True)
    # The second person who rules on the games of those who run the event and play in it
    # (docs/rules.md, reading 78): a co-coordinator or a staff account of the event.
    arbiter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="arbitrated_events"
    )
    # Players enter their own results with the codes on their slips (Policy #1, General 17).
    players_report = models.BooleanField(default=False)
    # Deck lists (issue 16): whether players register theirs, and the public sign-up.
    deck_lists_wanted = models.BooleanField(default=False)
    sign_up_opens_at = models.DateTimeField(null=True, blank=True)
    sign_up_closes_at = models.DateTimeField(null=True, blank=True)
    sign_up_cap = models.PositiveIntegerField(null=True, blank=True)
    # Players may change their own list until then (never after the event starts).
    deck_deadline = models.DateTimeField(null=True, blank=True)
    # Decks checked against their lists at the tables each round (Policy #1, General 12).
    spot_checks_per_round = models.PositiveSmallIntegerField(default=2)
    # The challenge decks or scenarios players choose from, as the coordinator posted them.
    deck_choices = models.JSONField(default=list, blank=True)
    language = models.CharField(max_length=8, choices=LANGUAGE_CHOICES, default=settings.LANGUAGE_CODE)
    # The venue's zone: the event's pages show and take times in it (events/pages/access.py).
    time_zone = models.CharField(max_length=64, default=default_time_zone)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every service that changes what any page of the event shows.
    changed_at = models.DateTimeField(auto_now=True)
    # Counts the event's changes (services.base.record_change), one by one in the order they
    # were made: what a venue's publishing sends as its sequence (models/publishing.py).
    revision = models.PositiveBigIntegerField(default=0)
    # A hosted copy of an event run at a venue, which pushes it here: read-only, changed
    # only by what the venue publishes (services/hosted_copies.py).
    hosted_copy = models.BooleanField(default=False)

    class Meta:
        ordering = ["-date", "-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Policy:
        """The policy the event runs under: a released text by its key, or its own copy of a house policy."""
        return rules_of(self.policy, self.policy_document)

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The event's time zone; the server's when the stored name is not one this machine knows."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo(settings.TIME_ZONE)

    def sign_up_closed(self, now: datetime.datetime, registered: int) -> str | None:
        """Why the public sign-up takes no one now, as a sentence; None when it is open."""
        if self.status == self.CLOSED:
            return _("The event is over.")
        if self.status != self.REGISTRATION:
            return _("The sign-up is closed: the event has started. Ask the coordinator at the desk.")
        if self.sign_up_opens_at is None:
            return _("This event takes no sign-ups here; ask the coordinator.")
        if now < self.sign_up_opens_at:
            opens = formats.date_format(timezone.localtime(self.sign_up_opens_at), "DATETIME_FORMAT")
            return _("The sign-up opens on %(when)s.") % {"when": opens}
        if self.sign_up_closes_at and now >= self.sign_up_closes_at:
            return _("The sign-up is closed; ask the coordinator at the desk.")
        if self.sign_up_cap is not None and registered >= self.sign_up_cap:
            return ngettext(
                "The event is full (%(count)s player); ask the coordinator about a place.",
                "The event is full (%(count)s players); ask the coordinator about a place.",
                self.sign_up_cap,
            ) % {"count": self.sign_up_cap}
        return None

    def lists_closed_to_players(self, now: datetime.datetime) -> str | None:
        """Why a player may not change their own deck list now, as a sentence; None when they may.

        Policy #1, General 12: the same deck, sideboard and pool "for the entire
        tournament", so a player's own changes end when the event starts, or at the
        posted deadline if that comes first. A sealed deck is built at the event and
        changes between rounds: ``sealed_deck_closed``.
        """
        if self.game_type in SEALED_GAME_TYPES:
            return self.sealed_deck_closed(now)
        if self.status == self.CLOSED:
            return _("The event is over: your list stays as registered.")
        if self.status != self.REGISTRATION:
            return _("The event has started: your list stays as registered. Ask the coordinator if it must change.")
        if self.deck_deadline and now >= self.deck_deadline:
            return _("The deadline for deck lists has passed. Ask the coordinator if your list must change.")
        return None

    def deck_choices_offered(self) -> list[str]:
        """What a player chooses from: the posted choices, else for scenario games the official three.

        Empty for a challenge-deck event with nothing posted (the player writes which deck)
        and for games with nothing to choose (``scoring.decks.deck_choice_kind``).
        """
        kind = deck_choice_kind(self.game_type)
        if kind is None:
            return []
        if self.deck_choices:
            return list(self.deck_choices)
        return list(OFFICIAL_SCENARIOS) if kind == "scenario" else []

    def sealed_deck_closed(self, now: datetime.datetime) -> str | None:
        """Why a sealed player may not change their deck now; None while they build it or exchange cards.

        Policy Number 4, The Sealed Deck Game: 45 minutes to construct the deck, and
        exchanges between the deck and the rest of the product "between rounds ... in
        the time allotted": until the break's clock runs out (docs/rules.md, reading 51).
        """
        if self.status == self.CLOSED:
            return _("The event is over.")
        latest = self.latest_round()
        if latest is not None and not self.rules.sealed_exchanges:
            # Policy #1 has no exchanges between rounds, and General 12 allows no substitutions.
            return _("Your deck stays as you built it: this event's policy has no card exchanges between rounds.")
        if latest is not None and latest.games.filter(result__isnull=True).exists():
            return _("%(round)s is being played: your deck changes only between rounds.") % {"round": latest.label}
        if latest is not None and self.rounds_planned is not None and latest.number >= self.rounds_planned:
            return _("The last round is over: your deck stays as you played it.")
        clock = self.break_clock if hasattr(self, "break_clock") else None
        if clock is not None and clock.after_round == (latest.number if latest else 0) and clock.time_is_up(now):
            return _("Time is up: the deck stays as it is until the next break.")
        return None

    def stage_cannot_start(self) -> str | None:
        """Why no playoff or bracket can start now (a round under way, Swiss rounds to play); None when one can."""
        if self.status != self.RUNNING:
            return _("Only a running event starts a playoff or a bracket.")
        latest = self.latest_round()
        if latest is not None and latest.tables_without_result():
            return _("%(round)s still needs results.") % {"round": latest.label}
        if self.structure == "swiss" and latest is None:
            return _("No Swiss round has been played yet.")
        if (
            self.structure == "pools"
            and latest is not None
            and latest.stage is not None
            and latest.stage.kind == "pools"
        ):
            pools_left = (latest.stage.rounds_planned or 0) - latest.stage.rounds.count()
            if pools_left > 0:
                return ngettext(
                    "The pools have %(count)s round still to play.",
                    "The pools have %(count)s rounds still to play.",
                    pools_left,
                ) % {"count": pools_left}
        swiss = self.rounds.filter(stage__isnull=True).count()
        planned = self.rounds_planned or 0
        if self.structure == "swiss" and not self.stages.exists() and swiss < planned:
            return ngettext(
                "Only %(played)s of the %(count)s Swiss round is played.",
                "Only %(played)s of the %(count)s Swiss rounds are played.",
                planned,
            ) % {"played": swiss, "count": planned}
        return None

    def latest_round(self) -> Round | None:
        """The round paired last, with its bye player, or None before round 1."""
        return self.rounds.select_related("bye", "stage").order_by("-number").first()
