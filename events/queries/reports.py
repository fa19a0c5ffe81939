"""Players' own reports: the game a slip's code belongs to, and a report as staff read it."""

from __future__ import annotations

from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring.policies import points_json

from ..archive import score_game_result
from ..codes import CODE_LENGTH
from ..i18n import say
from ..models import Event, Game


def find_reporting_game(event: Event, code: str) -> tuple[Game, int] | None:
    """The game of the latest round whose slip carries ``code``, and the side (0 or 1) it belongs to."""
    code = code.strip().upper()
    rnd = event.latest_round()
    if rnd is None or len(code) != CODE_LENGTH:
        return None
    game = (Game.objects.filter(round=rnd).filter(Q(code_a=code) | Q(code_b=code))
            .select_related("round", "player_a", "player_b").first())
    if game is None:
        return None
    game.round.event = event
    return game, 0 if game.code_a == code else 1


def described_report(game: Game, report: dict | None) -> str:
    """A player's report as its points and explanation, the way staff read a result, in the reader's language."""
    if report is None:
        return ""
    scored = score_game_result(game, report)
    # Translators: the points of the two players, and how the result gives them: "6–0, a win by the One Ring".
    return _("%(points_a)s–%(points_b)s, %(explanation)s") % {
        "points_a": number_format(points_json(scored.points[0])),
        "points_b": number_format(points_json(scored.points[1])),
        "explanation": say(scored.explanation)}
