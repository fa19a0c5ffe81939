"""Players' own reports: the game a slip's code belongs to, and a report as staff read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring import points_json

from ..archive import score_game_result
from ..clocks import clock_display
from ..codes import CODE_LENGTH
from ..devices import device_label
from ..i18n import say
from ..models import Event, Game, Player, Round


def find_reporting_game(event: Event, code: str) -> tuple[Game, int] | None:
    """The game of the latest round whose slip carries ``code``, and the side (0 or 1) it belongs to."""
    code = code.strip().upper()
    rnd = event.latest_round()
    if rnd is None or len(code) != CODE_LENGTH:
        return None
    game = (
        Game.objects.filter(round=rnd)
        .filter(Q(code_a=code) | Q(code_b=code))
        .select_related("round", "player_a", "player_b")
        .first()
    )
    if game is None:
        return None
    game.round.event = event
    return game, 0 if game.code_a == code else 1


@dataclass(frozen=True)
class PlayerReport:
    """One player's report of their game as staff read it, and the device it came from."""

    player: str
    described: str
    device: str


def players_reports(game: Game) -> list[PlayerReport]:
    """Both players' reports of ``game``, in seat order, with the devices they came from."""
    return [
        PlayerReport(player=player.name, described=described_report(game, report), device=device_label(device))
        for player, report, device in (
            (game.player_a, game.report_a, game.report_a_device),
            (game.player_b, game.report_b, game.report_b_device),
        )
    ]


@dataclass(frozen=True)
class ReportingSeat:
    """A player's seat in the current round, as their private link shows it: the code that reports it."""

    round_label: object
    table: int
    opponent: str
    code: str
    reported: bool
    settled: bool


def seat_clock(event: Event, player: Player) -> dict[str, Any] | None:
    """The clock of the player's game of the latest round while it has no result, with the table's own extra
    time: what their private page shows (for a round of days, when time is called in their own zone)."""
    rnd = event.latest_round()
    if event.status != Event.RUNNING or rnd is None:
        return None
    game = Game.objects.filter(round=rnd, result__isnull=True).filter(Q(player_a=player) | Q(player_b=player)).first()
    if game is None:
        return None
    label = _("Table %(table)s") % {"table": game.table} if game.extra_seconds else ""
    return clock_display(event, rnd, extra_seconds=game.extra_seconds, label=label)


def reporting_seat(event: Event, player: Player) -> ReportingSeat | None:
    """The player's game of the latest round with their own report code, when players report their results."""
    rnd = event.latest_round()
    if not event.players_report or event.status != Event.RUNNING or rnd is None:
        return None
    game = (
        Game.objects.filter(round=rnd)
        .filter(Q(player_a=player) | Q(player_b=player))
        .select_related("player_a", "player_b")
        .first()
    )
    if game is None:
        return None
    side = 0 if game.player_a_id == player.pk else 1
    return ReportingSeat(
        round_label=rnd.label,
        table=game.table,
        opponent=(game.player_b, game.player_a)[side].name,
        code=(game.code_a, game.code_b)[side],
        reported=(game.report_a, game.report_b)[side] is not None,
        settled=game.result is not None,
    )


@dataclass(frozen=True)
class CodeSlip:
    """One player's own slip with their report code, to be cut out and handed to them alone."""

    player: str
    table: int
    opponent: str
    code: str
    # The reader plays at this table: its codes are not shown to them (their players use their private links).
    withheld: bool


def code_slips(event: Event, rnd: Round, user_id: int | None) -> list[CodeSlip]:
    """Each seated player's report code for ``rnd``, by table, each on a slip of its own.

    The codes of a table where the reader plays are withheld: a coordinator who plays
    must not hold their opponent's code.
    """
    slips = []
    for game in rnd.games.select_related("player_a", "player_b").order_by("table"):
        withheld = game.played_by(user_id)
        for player, opponent, code in (
            (game.player_a, game.player_b, game.code_a),
            (game.player_b, game.player_a, game.code_b),
        ):
            slips.append(
                CodeSlip(
                    player=player.name,
                    table=game.table,
                    opponent=opponent.name,
                    code="" if withheld else code,
                    withheld=withheld,
                )
            )
    return slips


def described_report(game: Game, report: dict[str, Any] | None) -> str:
    """A player's report as its points and explanation, the way staff read a result, in the reader's language."""
    if report is None:
        return ""
    scored = score_game_result(game, report)
    # Translators: the points of the two players, and how the result gives them: "6–0, a win by the One Ring".
    return _("%(points_a)s–%(points_b)s, %(explanation)s") % {
        "points_a": number_format(points_json(scored.points[0])),
        "points_b": number_format(points_json(scored.points[1])),
        "explanation": say(scored.explanation),
    }
