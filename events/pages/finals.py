"""The final ranking and the brackets rendered: once per state of the event, for every page that shows them."""

from __future__ import annotations

from dataclasses import dataclass, fields
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
    """

    def build() -> FinalsPage:
        board = finals_board(event)
        context = {"placings": board.placings, "brackets": board.brackets, "swiss": board.swiss, "pools": board.pools}
        shown = board.brackets or board.pools
        return FinalsPage(
            **{field.name: getattr(board, field.name) for field in fields(board)},
            ranking_html=render_partial("events/_finals.html#final-ranking", context),
            brackets_html=render_partial("events/_finals.html#brackets", context) if shown else "",
        )

    return kept_part(event, "finals-page", build).value


def coordinator_finals(event: Event) -> dict[str, Any]:
    """The coordinator's finals panel: the rendered board and what the panel says around it."""
    finals = finals_page(event)
    return as_context(finals_panel(event, finals), finals=finals)
