"""The event's final ranking: every stage counted, and the standings shown in that order.

The final ranking puts the stages together (docs/rules.md, readings 54-62, 74): the
Swiss standings' ranks, shared where players are tied after every criterion; each
finished playoff orders its players among the places they shared, by its own standings;
a bracket gives its players the first places by how far they went, and the Swiss
standings follow for everyone outside the cut. ``standings_in_final_order`` then shows
the standings with each player's final place, so that one champion is named everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from ..archive.document import Archive
from ..messages import Text, _, ngettext
from ..standings import Standings, compute_standings
from .brackets import DOUBLE
from .pools import pool_orders
from .pools_schedule import knockout_seeds
from .progress import bracket_of, playoff_archive, stage_finished, still_in
from .stages import ELIMINATION, PLAYOFF, POOLS, Stage

# The standings' note for players still tied after the menu (scoring/tiebreaks.py), which says what a stage
# decided once it has.
STILL_TIED = "still tied with %(players)s after every criterion"
# Where a player's place comes from when no stage decided it.
# Translators: where a player's place comes from: the standings of the Swiss rounds.
SWISS_STANDINGS = _("Swiss standings")
# Translators: where a player's place comes from: a player outside an elimination event's bracket.
NOT_SEEDED = _("not seeded")


@dataclass(frozen=True)
class Placing:
    """One player's place in the event (None: left the event, or still playing), and where it came from."""

    place: int | None
    player: str
    name: str
    tp: int | float
    how: Text


@dataclass(frozen=True)
class FinalRanking:
    """The event's ranking with every stage counted, and what is still to be played before it is final."""

    placings: tuple[Placing, ...]
    pending: Text | None

    @property
    def champions(self) -> tuple[str, ...]:
        """The players in first place: one, or co-champions."""
        return tuple(p.player for p in self.placings if p.place == 1)

    def tied_places(self) -> list[tuple[int, tuple[str, ...]]]:
        """(place, players) for every place two or more players still share."""
        shared: dict[int, list[str]] = {}
        for placing in self.placings:
            if placing.place is not None:
                shared.setdefault(placing.place, []).append(placing.player)
        return [(place, tuple(players)) for place, players in sorted(shared.items()) if len(players) > 1]

    def as_dict(self) -> dict[str, Any]:
        """The ranking as JSON data."""
        return {
            "pending": self.pending,
            "champions": list(self.champions),
            "ranking": [placing.__dict__ for placing in self.placings],
        }


def final_ranking(archive: Archive, standings: Standings | None = None) -> FinalRanking:
    """The event's places with every stage counted, best first; players who left have none.

    The Swiss standings' ranks, shared where players are tied after every criterion;
    each finished playoff orders its players among the places they shared, by its own
    standings and menu (a playoff tied again leaves them sharing, for another playoff);
    a bracket gives its players the first places by how far they went, and the Swiss
    standings follow for everyone outside the cut (docs/rules.md, readings 58 and 62).
    ``standings``, when given, are the archive's Swiss standings already computed.
    """
    standings = standings or compute_standings(archive)
    rows = {row.player: row for row in standings.rows}
    # An elimination event, or one of pools, has no Swiss rounds: its stages give every place.
    elimination_event = archive.event.structure in (ELIMINATION, POOLS)
    place: dict[str, int | None] = {row.player: None if elimination_event else row.rank for row in standings.rows}
    not_seeded, swiss = NOT_SEEDED, SWISS_STANDINGS
    how: dict[str, Text] = {row.player: not_seeded if elimination_event else swiss for row in standings.rows}
    order = {player: index for index, player in enumerate(rows)}
    pending = None
    for stage in archive.stages:
        if stage.kind == POOLS:
            pending = _pool_places(archive, stage, place, how) or pending
            order = {player: index for index, player in enumerate(stage.players)}
            continue
        if stage.kind == PLAYOFF:
            if not stage.playoff_over(still_in(archive, stage)):
                # Translators: stage is a stage's title ("Playoff"); count is the rounds it plays in all.
                pending = ngettext(
                    "%(stage)s: %(played)s of %(count)s round played",
                    "%(stage)s: %(played)s of %(count)s rounds played",
                    cast(int, stage.rounds_planned),  # a playoff's, from the policy's table
                    stage=stage.title,
                    played=len(stage.rounds),
                )
                continue
            # The place they share now: a drop or a correction above them since the start moves it.
            shared = cast(list[int], [place[p] for p in stage.players if place.get(p) is not None])
            base = min(shared) if shared else stage.for_place
            for row in compute_standings(playoff_archive(archive, stage)).rows:
                if row.rank is not None and place.get(row.player) is not None:
                    place[row.player] = base + row.rank - 1
                    how[row.player] = _(
                        "%(stage)s, place %(place)s of %(players)s",
                        stage=stage.title,
                        place=row.rank,
                        players=len(stage.players),
                    )
            continue
        bracket = bracket_of(archive, stage)
        if not bracket.complete:
            pending = _("%(stage)s: the bracket is being played", stage=stage.title)
        out = {player: number for number, player in bracket.ranking()}
        in_stage = {player for player in stage.players if rows[player].eligible}
        for player, rank in list(place.items()):
            if player not in in_stage and rank is not None:
                place[player] = max(rank, len(in_stage) + 1)  # outside the cut: after everyone in it
        for player in in_stage:
            place[player] = out.get(player)
            how[player] = (
                _("%(stage)s: still playing", stage=stage.title)
                if player not in out
                else _("%(stage)s, champion", stage=stage.title)
                if out[player] == 1
                else _("%(stage)s, place %(place)s", stage=stage.title, place=out[player])
            )
        if elimination_event:
            order = {player: index for index, player in enumerate(stage.players)}
    if pending is None:
        pending = _due(archive)
    _paper_playoff(archive, place, how)
    placings = sorted(
        rows.values(),
        key=lambda row: (place[row.player] is None, place[row.player] or 0, order.get(row.player, len(order))),
    )
    return FinalRanking(
        placings=tuple(
            Placing(place=place[row.player], player=row.player, name=row.name, tp=row.tp, how=how[row.player])
            for row in placings
        ),
        pending=pending,
    )


def pool_name(index: int) -> str:
    """A pool's name: A, B, C..., then AA, AB... past Z."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _pool_places(archive: Archive, stage: Stage, place: dict[str, int | None], how: dict[str, Text]) -> Text | None:
    """Places by the pools: every pool's winners share the first places, the runners-up the next, and so on
    (the knockout then orders those who go on); what is still to be played, or None."""
    orders = pool_orders(archive, stage)
    next_place = 1
    for depth in range(max((len(order) for order in orders), default=0)):
        tier = [(index, order[depth]) for index, order in enumerate(orders) if depth < len(order)]
        for index, player in tier:
            place[player] = next_place
            # Translators: stage is "Pools"; pool is a pool's letter (A, B...); place is the player's place in it.
            how[player] = _(
                "%(stage)s: pool %(pool)s, place %(place)s", stage=stage.title, pool=pool_name(index), place=depth + 1
            )
        next_place += len(tier)
    if stage_finished(archive, stage):
        return None
    return ngettext(
        "%(stage)s: %(played)s of %(count)s round played",
        "%(stage)s: %(played)s of %(count)s rounds played",
        cast(int, stage.rounds_planned),
        stage=stage.title,
        played=len(stage.rounds),
    )


def _paper_playoff(archive: Archive, place: dict[str, int | None], how: dict[str, Text]) -> None:
    """A playoff played on paper: its recorded winner takes first place, the others they were tied with second."""
    winner = archive.record.playoff_winner
    if winner is None or place.get(winner) != 1:
        return
    tied = [player for player, rank in place.items() if rank == 1]
    if len(tied) < 2:
        return
    for player in tied:
        place[player] = 1 if player == winner else 2
        # Translators: where a player's place comes from: a playoff the coordinator recorded, played on paper.
        how[player] = _("playoff played on paper, won") if player == winner else _("playoff played on paper, lost")


def standings_in_final_order(standings: Standings, ranking: FinalRanking) -> Standings:
    """The standings as the event ended: each player's rank is their final place, in that order.

    After a playoff or a bracket the Swiss standings still share a rank the final ranking
    has decided; every table, printout and phone that shows a rank shows this one, so one
    champion is named everywhere (docs/rules.md, reading 74). A player whose place came
    from a stage gets a note saying which.
    """
    rows = {row.player: row for row in standings.rows}
    ordered = []
    for placing in ranking.placings:
        row = rows[placing.player]
        from_a_stage = placing.place is not None and placing.how not in (SWISS_STANDINGS, NOT_SEEDED)
        notes = row.notes
        if from_a_stage:
            # "Still tied after every criterion" was so before the stage; say what the stage then decided.
            # Translators: a standings note: how is the stage that decided the place, such as "Playoff, place 2 of 2".
            notes = tuple(
                _(
                    "tied with %(players)s after every criterion, then %(how)s",
                    players=note.params["players"],
                    how=placing.how,
                )
                if isinstance(note, Text) and note.msgid == STILL_TIED
                else note
                for note in row.notes
            )
            if notes == row.notes:
                notes = (*row.notes, placing.how)
        ordered.append(replace(row, rank=placing.place, notes=notes))
    lead_tie = standings.lead_tie if len(ranking.champions) > 1 else None
    return replace(standings, rows=tuple(ordered), lead_tie=lead_tie)


def _due(archive: Archive) -> Text | None:
    """What the rules still ask for before the ranking is final, when no stage is under way."""
    event = archive.event
    if event.structure == ELIMINATION and not archive.stages:
        return _("Elimination: the bracket is not seeded yet")
    if event.structure == POOLS:
        if not archive.stages:
            return _("Pools: not dealt yet")
        pools = archive.stages[-1]
        if pools.kind == POOLS and len(knockout_seeds(pool_orders(archive, pools), cast(int, pools.advance))) >= 2:
            return _("Knockout: not started yet")
    ranked = sum(1 for player in archive.players if player.eligible)
    if event.top_cut is not None and ranked >= 2 and not any(stage.kind == ELIMINATION for stage in archive.stages):
        if event.elimination == DOUBLE:
            return _("Top %(size)s (double elimination): not started yet", size=event.top_cut)
        return _("Top %(size)s (single elimination): not started yet", size=event.top_cut)
    return None
