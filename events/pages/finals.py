"""The final ranking and the brackets rendered: once per state of the event, for every page that shows them."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..caching.parts import kept_part
from ..models import Event
from ..queries.stages import FinalsBoard, finals_board, finals_panel
from .rendering import as_context, render_partial


@dataclass(frozen=True)
class FinalsPage(FinalsBoard):
    """The finals board with its final ranking and brackets rendered (HTML), as the pages show them."""

    ranking_html: str = ""
    brackets_html: str = ""


def finals_page(event: Event) -> FinalsPage:
    """The event's finals board with the ranking and brackets rendered, kept per state of the event.

    The coordinator's panel, the phones, the projector and the printout show the same HTML.
    The final ranking is rendered once a stage has begun, the only time a page shows it:
    before that it is the Swiss standings, which have pages of their own (at 20,000 players,
    its HTML took a second to render for nobody).
    """

    def build() -> FinalsPage:
        board = finals_board(event)
        shown = board.brackets or board.pools
        return FinalsPage(
            **{field.name: getattr(board, field.name) for field in fields(board)},
            ranking_html=_final_ranking_html(board) if board.has_stages else "",
            brackets_html=render_partial("events/_finals.html#brackets", _context(board)) if shown else "",
        )

    return kept_part(event, "finals-page", build).value


def printed_finals(event: Event) -> FinalsPage:
    """The finals page as the bracket's printout shows it: with the ranking even before any stage has begun."""
    finals = finals_page(event)
    return finals if finals.ranking_html else replace(finals, ranking_html=_final_ranking_html(finals))


def _final_ranking_html(board: FinalsBoard) -> str:
    return render_partial("events/_finals.html#final-ranking", _context(board))


def _context(board: FinalsBoard) -> dict[str, Any]:
    return {"placings": board.placings, "brackets": board.brackets, "swiss": board.swiss, "pools": board.pools}


def coordinator_finals(event: Event) -> dict[str, Any]:
    """The coordinator's finals panel: the rendered board and what the panel says around it."""
    finals = finals_page(event)
    return as_context(finals_panel(event, finals), finals=finals)
