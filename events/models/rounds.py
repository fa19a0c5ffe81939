"""The rounds of an event and their games: fields and cheap properties only.

A round is Swiss, or belongs to a stage (``stages.Stage``: a playoff or a bracket); its
games hold the result in the engine's form.
"""

from __future__ import annotations

from django.db import connections, models, router
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import MAX_ADJUSTMENT_MINUTES, Text, new_clock, spot_check_choice, text_from_data

from ..devices import same_device
from ..i18n import say
from .clock import ClockFields
from .event import Event
from .players import Player


class Round(ClockFields):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    # Numbered on through the event's stages: a playoff after five Swiss rounds starts at 6.
    number = models.PositiveSmallIntegerField()
    # None for a Swiss round; else the playoff or bracket it belongs to.
    stage = models.ForeignKey("Stage", null=True, blank=True, on_delete=models.CASCADE, related_name="rounds")
    seed = models.BigIntegerField(null=True, blank=True)
    bye = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # The engine's report on the pairing: rematches, floats, proven_optimal...
    quality = models.JSONField(default=dict, blank=True)
    # The players drawn for a deck check when the round was paired (None: a round paired
    # before deck checks existed, or restored; its draw is then made when asked).
    spot_check_ids = models.JSONField(null=True, blank=True)
    paired_at = models.DateTimeField(auto_now_add=True)
    # The official clock (Policy #1, Time Limits) is ClockFields' clock_state, clock_ends_at, clock_remaining.

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_number_per_event")]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """What people call the round: "Round 3", "Playoff, round 1", "Top 8, round 2"."""
        stage = self.stage  # None without a query for a Swiss round
        if stage is None:
            return _("Round %(number)s") % {"number": self.number}
        return _("%(stage)s, round %(number)s") % {
            "stage": say(stage.title),
            "number": self.number - stage.first_round + 1,
        }

    def full_clock_seconds(self) -> float:
        """The time limit of the event's policy for its game type: a round paired before clocks existed starts with it.

        Policy #1, Swiss System: Time Limits; Version 3 and Policy Number 4, Time Limits.
        """
        remaining = new_clock(self.event.rules, self.event.game_type).remaining
        assert remaining is not None  # a new clock is ready, holding the whole limit
        return remaining

    def adjustment_limit(self) -> int:
        """The most minutes one change of this round's clock, or of one table's, may give or take back.

        ``MAX_ADJUSTMENT_MINUTES`` catches a slip of the finger at a venue; a game's whole
        time limit is as far as a decision goes, and a round played online over days
        extends a table by a day (docs/rules.md, reading 96).
        """
        return max(MAX_ADJUSTMENT_MINUTES, self.event.rules.time_limit(self.event.game_type))

    @property
    def is_elimination(self) -> bool:
        """True for a round of a bracket, whose games must have a winner (General 5 and 6)."""
        stage = self.stage  # None without a query for a Swiss round
        return stage is not None and stage.is_bracket

    def tables_without_result(self) -> list[int]:
        """The tables of this round still waiting for their result."""
        return list(self.games.filter(result__isnull=True).values_list("table", flat=True))

    def draw_spot_checks(self) -> list[int]:
        """The players whose decks are checked against their lists this round, drawn now.

        Drawn from the round's seed and number among the seated players who registered
        a list, by archive id (scoring/spot_checks.py); ``pair_round`` keeps the draw in
        ``spot_check_ids``.
        """
        count = self.event.spot_checks_per_round
        if not count:
            return []
        # The seated players found by the database (subqueries), not a thousand ids sent to it and back.
        seated = Q(pk__in=self.games.values("player_a_id")) | Q(pk__in=self.games.values("player_b_id"))
        # By archive id, which an export, import or restore keeps, unlike row ids.
        listed = dict(Player.objects.filter(seated, deck_list__isnull=False).values_list("archive_id", "pk"))
        chosen = spot_check_choice(list(listed), seed=self.seed or 0, round_number=self.number, count=count)
        return [listed[archive_id] for archive_id in chosen]

    def spot_check_tables(self) -> dict[int, int]:
        """The players drawn for a deck check this round, each with the table they sit at now."""
        drawn = self.spot_check_ids if self.spot_check_ids is not None else self.draw_spot_checks()
        seats = {}
        for table, a, b in self.games.filter(Q(player_a_id__in=drawn) | Q(player_b_id__in=drawn)).values_list(
            "table", "player_a_id", "player_b_id"
        ):
            seats[a] = seats[b] = table
        return {pk: seats[pk] for pk in drawn if pk in seats}

    def deck_check_open(self, player_id: int, *, by_coordinator: bool) -> bool:
        """Whether this round's deck check of ``player_id`` may be made: by a coordinator, of anyone;
        by staff, of a player this round drew, while it is the latest round (Policy #1, General 12).

        The one statement of the rule, read by the deck-check page and by the service that records it.
        """
        if by_coordinator:
            return True
        latest = self.event.rounds.order_by("-number").values_list("pk", flat=True).first()
        return latest == self.pk and player_id in self.spot_check_tables()


class GameState(models.TextChoices):
    """A game's result: none yet, reported by staff or by the players, or confirmed (Policy #1, General 17)."""

    PLAYING = "playing", gettext_lazy("Playing")
    REPORTED = "reported", gettext_lazy("Reported")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed")


class Game(models.Model):
    PLAYING, REPORTED, CONFIRMED = GameState.PLAYING, GameState.REPORTED, GameState.CONFIRMED

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField()
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # The result in the engine's form, seen from player_a and player_b.
    result = models.JSONField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=GameState.choices, default=GameState.PLAYING)
    # Points and explanation as the engine scored ``result``; kept for the round views.
    points = models.JSONField(null=True, blank=True)
    explanation = models.TextField(blank=True)
    # The same explanation as the engine's words and values (scoring.messages.text_data), so each
    # reader gets it in their own language; the English above is the record as scored.
    explanation_words = models.JSONField(null=True, blank=True)
    # Raised by every save of the result: a save made against an older version is refused.
    version = models.PositiveIntegerField(default=0)
    reported_by = models.TextField(blank=True)
    reported_at = models.DateTimeField(null=True, blank=True)
    # Time given to this table alone, after a judge call, on top of the round clock.
    extra_seconds = models.PositiveIntegerField(default=0)
    # Each player's code, printed on the result slip, for reporting from a phone; and the
    # result each player reported with it (the engine's dict), until staff or agreement settle it.
    code_a = models.CharField(max_length=8, blank=True)
    code_b = models.CharField(max_length=8, blank=True)
    report_a = models.JSONField(null=True, blank=True)
    report_b = models.JSONField(null=True, blank=True)
    # The device each report came from (events/devices.py): two reports from one device
    # settle nothing, and the record shows which device made each.
    report_a_device = models.CharField(max_length=64, blank=True)
    report_b_device = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="one_game_per_table_and_round")]

    def __str__(self) -> str:
        return _("Table %(table)s") % {"table": self.table}

    @property
    def described(self) -> Text | str:
        """The result's explanation to be said in the reader's language (``|say``); the English for older rows."""
        return text_from_data(self.explanation_words) if self.explanation_words else self.explanation

    @property
    def has_result(self) -> bool:
        return self.result is not None

    @property
    def reports_differ(self) -> bool:
        """Both players reported, differently, and nobody has settled it: staff are needed."""
        return self.result is None and None not in (self.report_a, self.report_b) and self.report_a != self.report_b

    @property
    def reported_from_one_device(self) -> bool:
        """Both sides were reported from one phone or browser: agreeing or not, they settle nothing."""
        return (
            self.result is None
            and None not in (self.report_a, self.report_b)
            and same_device(self.report_a_device, self.report_b_device)
        )

    def played_by(self, user_id: int | None) -> bool:
        """Whether the account ``user_id`` is registered as one of this game's players."""
        return user_id is not None and user_id in (self.player_a.account_id, self.player_b.account_id)

    @property
    def has_organiser(self) -> bool:
        """Whether someone who holds a role in the event plays here: the arbiter rules on such a game."""
        return self.player_a.account_id is not None or self.player_b.account_id is not None

    @property
    def needs_staff(self) -> bool:
        """The players' reports cannot settle the game: they differ, or one device sent both."""
        return self.reports_differ or self.reported_from_one_device

    @property
    def reports_in(self) -> int:
        return (self.report_a is not None) + (self.report_b is not None)


def insert_new_games(round_id: int, seats: list[tuple[int, int, int, str, str]]) -> None:
    """Insert the games of a round just paired, each ``(table, player_a, player_b, code_a, code_b)``: on SQLite
    one statement run once per game, on PostgreSQL one statement whose seats are arrays.

    ``bulk_create`` prepares every column of every game anew, most of them the same empty
    values, and on SQLite splits the rows into batches of about forty: for a large event that
    took more time than the rest of the pairing. Here every other column takes a new game's
    own value, prepared once.
    """
    if not seats:
        return
    fields = [field for field in Game._meta.concrete_fields if not field.primary_key]
    seat_columns = ("table", "player_a_id", "player_b_id", "code_a", "code_b")
    # Every other column is one value for all the games: a default that differs by row (a callable, a
    # token) would be given to every game alike, so none may have one.
    assert not any(
        field.has_default() and callable(field.default) for field in fields if field.attname not in seat_columns
    )
    new = Game(round_id=round_id)
    connection = connections[router.db_for_write(Game)]
    fixed = {
        field.attname: field.get_db_prep_save(field.pre_save(new, add=True), connection)
        for field in fields
        if field.attname not in seat_columns
    }
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(field.column)) for field in fields)
    values = ", ".join(["%s"] * len(fields))
    table = quote(Game._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            # SQLite runs executemany in its own loop, over one prepared statement.
            rows = []
            for seat in seats:
                by_column = fixed | dict(zip(seat_columns, seat, strict=True))
                rows.append([by_column[field.attname] for field in fields])
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({values})", rows)
            return
        # PostgreSQL parses and plans each statement of an executemany anew, and rows of one statement are each a
        # parameter per column to write in: 500 games took 45-60 ms either way. Here a column of the seats is one
        # array, and every other column one value: 7 ms.
        seats_at = {name: index for index, name in enumerate(seat_columns)}
        chosen = [f"seat.c{seats_at[field.attname]}" if field.attname in seats_at else "%s" for field in fields]
        # Text goes in as text[]: a cast to varchar(n)[] would cut a value too long where the column refuses it.
        arrays = ", ".join(
            f"%s::{'text' if name.startswith('code') else Game._meta.get_field(name).db_type(connection)}[]"
            for name in seat_columns
        )
        cursor.execute(
            f"INSERT INTO {table} ({columns}) SELECT {', '.join(chosen)} FROM unnest({arrays}) "
            f"AS seat({', '.join(f'c{index}' for index in range(len(seat_columns)))})",
            [fixed[field.attname] for field in fields if field.attname not in seats_at]
            + [list(column) for column in zip(*seats, strict=True)],
        )
