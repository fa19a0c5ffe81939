"""How an event ends: the stage due after the Swiss rounds, and the event's final ranking.

After the Swiss rounds, three things may follow (scoring/finals/stages.py): playoff rounds among
players tied after the whole menu (for the lead when "playoff" was posted; for a lower
tier when the coordinator chooses, Policy #1: "the previously mentioned guidelines also
apply"), or the posted top cut. An elimination event is its bracket. The final ranking
puts the stages together: the bracket's order for its players, then the Swiss standings;
a playoff orders its players among the places they were tied for (docs/rules.md,
readings 54-62).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..archive.document import Archive
from ..archive.event import Player
from ..errors import RuleError
from ..messages import Text, _, ngettext
from ..pairing.next_round import PairingResult, pair_next_round
from ..policies.terms import PLAYOFF_RESOLUTIONS
from ..standings import StandingRow, Standings, compute_standings
from .brackets import DOUBLE
from .stages import ELIMINATION, PLAYOFF, SWISS, Stage, stage_bracket

PLAYOFF_CLAUSE = '{tiebreaks}: playoff rounds "formatted in the same manner as the tournament"'
LOWER_TIER_CLAUSE = 'Policy #1, Tournament Point Ties: "the previously mentioned guidelines also apply"'
# The standings' note for players still tied after the menu (scoring/tiebreaks.py), which says what a stage
# decided once it has.
STILL_TIED = "still tied with %(players)s after every criterion"
# Where a player's place comes from when no stage decided it.
# Translators: where a player's place comes from: the standings of the Swiss rounds.
SWISS_STANDINGS = _("Swiss standings")
# Translators: where a player's place comes from: a player outside an elimination event's bracket.
NOT_SEEDED = _("not seeded")
TOP_CUT_CLAUSE = 'Policy #1, Elimination: "Normal single-, and double-elimination are acceptable"'


@dataclass(frozen=True)
class StagePlan:
    """A stage ready to start: its kind, players in order, rounds, and why, with the clause.

    ``drawn`` lists the players whose order among equals came from the seed's draw (a
    tie at a top cut, an unranked player in a ranked seeding): dice, as General 5 and 6.
    """

    kind: str
    players: tuple[str, ...]
    for_place: int
    clause: str
    rounds: int | None = None
    bracket: str | None = None
    seeded_by: str = "tie"
    seed: int | None = None
    drawn: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        """The plan as JSON data (``python -m scoring standings``)."""
        return {
            "kind": self.kind,
            "players": list(self.players),
            "for_place": self.for_place,
            "rounds": self.rounds,
            "bracket": self.bracket,
            "seeded_by": self.seeded_by,
            "seed": self.seed,
            "drawn": list(self.drawn),
            "clause": self.clause,
        }


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

    def as_dict(self) -> dict:
        """The ranking as JSON data."""
        return {
            "pending": self.pending,
            "champions": list(self.champions),
            "ranking": [placing.__dict__ for placing in self.placings],
        }


def playoff_archive(archive: Archive, stage: Stage) -> Archive:
    """A playoff as an event of its own: its players, its rounds numbered from 1, the event's rules.

    Its standings (``compute_standings``) decide its players' order, and its pairing is
    the policy's Swiss pairing among them (``pair_next_round``).
    """
    offset = stage.first_round - 1
    players = tuple(_from_round(archive.by_id[player], offset) for player in stage.players)
    rounds = tuple(replace(rnd, number=rnd.number - offset, stage=0) for rnd in stage.rounds)
    return Archive(
        event=replace(archive.event, structure=SWISS, top_cut=None),
        players=players,
        rounds=rounds,
        by_id={player.id: player for player in players},
        record=archive.record,
    )


def _from_round(player: Player, offset: int) -> Player:
    if player.dropped_after_round is None:
        return player
    return replace(player, dropped_after_round=max(0, player.dropped_after_round - offset))


def bracket_of(archive: Archive, stage: Stage):
    """The bracket of an elimination stage of ``archive`` as its rounds leave it."""
    dropped = {p.id: p.dropped_after_round for p in archive.players if p.dropped_after_round is not None}
    return stage_bracket(stage, dropped)


def playoff_for(archive: Archive, ranking: FinalRanking, place: int) -> StagePlan:
    """The playoff among the players sharing ``place`` in ``ranking``: the policy's rounds for that many.

    Policy #1 (Tournament Point Ties), Version 3 and Policy Number 4 (after criterion
    III): "playoff rounds are held ... formatted in the same manner as the tournament";
    for a place below the lead, Policy #1's "the previously mentioned guidelines also
    apply" (docs/rules.md, readings 54 and 60).
    """
    players = dict(ranking.tied_places()).get(place)
    if players is None:
        raise ValueError(f"no players share place {place}")
    policy = archive.policy
    clause = PLAYOFF_CLAUSE.format(tiebreaks=policy.tiebreak_clause)
    if place > 1:
        clause = f"{LOWER_TIER_CLAUSE}; {clause}"
    return StagePlan(
        kind=PLAYOFF,
        players=players,
        for_place=place,
        rounds=policy.rounds_for(len(players)),
        clause=f"{clause}; rounds: {policy.rounds_clause}",
    )


def top_cut_seeds(standings: Standings, size: int, seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The best ``size`` ranked players in standings order, and those whose order the seed's draw gave.

    Players still tied after every criterion share a rank; their order, which decides
    both the cut line and the seeding 1 v N, is drawn from ``seed``, as dice settle any
    tie in elimination (General 5 and 6; docs/rules.md, reading 61).
    """
    draw = random.Random(seed)
    ranked: dict[int, list[StandingRow]] = {}
    for row in standings.rows:
        if row.rank is not None:
            ranked.setdefault(row.rank, []).append(row)
    order: list[str] = []
    drawn: list[str] = []
    for rank in sorted(ranked):
        block = [row.player for row in ranked[rank]]
        if len(block) > 1 and len(order) < size:
            draw.shuffle(block)
            drawn.extend(block)
        order.extend(block)
    return tuple(order[:size]), tuple(player for player in drawn if player in order[:size])


def elimination_seeds(archive: Archive, seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An elimination event's seeds: by published ranking, or drawn from ``seed``; and who was drawn.

    By ranking, the best ranking first; players without a ranking come after, in an
    order drawn from the seed (docs/rules.md, reading 61). Only active players are seeded.
    """
    draw = random.Random(seed)
    active = [player for player in archive.players if player.eligible]
    if archive.event.seeding == "random":
        ids = [player.id for player in active]
        draw.shuffle(ids)
        return tuple(ids), tuple(ids)
    ranked = sorted((p for p in active if p.ranking is not None), key=lambda p: (p.ranking, p.name.casefold(), p.id))
    unranked = [p.id for p in active if p.ranking is None]
    draw.shuffle(unranked)
    return tuple(p.id for p in ranked) + tuple(unranked), tuple(unranked) if len(unranked) > 1 else ()


def next_stage(archive: Archive, seed: int) -> StagePlan | None:
    """The stage the rules call for now that the last stage (the Swiss rounds, or a playoff) is over.

    An elimination event's bracket; the posted top cut; a playoff for a lead still tied
    after the whole menu (or after the last playoff) when a playoff was posted (with
    Policy #1's menu or without it: then among all tied on points). None when
    nothing is due. Whether the Swiss rounds are over is the caller's to know.
    """
    event = archive.event
    if event.structure == ELIMINATION:
        if archive.stages:
            return None
        seeds, drawn = elimination_seeds(archive, seed)
        return StagePlan(
            kind=ELIMINATION,
            players=seeds,
            for_place=1,
            bracket=event.elimination,
            seeded_by=event.seeding,
            seed=seed,
            drawn=drawn,
            clause=TOP_CUT_CLAUSE,
        )
    if archive.stages and not _stage_finished(archive, archive.stages[-1]):
        return None
    if event.top_cut is not None:
        if any(stage.kind == ELIMINATION for stage in archive.stages):
            return None
        standings = compute_standings(archive)
        size = min(event.top_cut, sum(1 for row in standings.rows if row.rank is not None))
        if size < 2:
            return None
        seeds, drawn = top_cut_seeds(standings, size, seed)
        return StagePlan(
            kind=ELIMINATION,
            players=seeds,
            for_place=1,
            bracket=event.elimination,
            seeded_by="standings",
            seed=seed,
            drawn=drawn,
            clause=TOP_CUT_CLAUSE,
        )
    if event.tie_resolution not in PLAYOFF_RESOLUTIONS:
        return None
    ranking = final_ranking(archive)
    if len(ranking.champions) < 2:
        return None
    return playoff_for(archive, ranking, 1)


def pair_next(archive: Archive, seed: int) -> PairingResult:
    """The event's next round: a Swiss round, the playoff's (Swiss among its players), or the bracket's ready matches.

    Round numbers run on through the stages. RuleError when the stage under way has
    nothing left to pair.
    """
    if not archive.stages:
        if archive.event.structure == ELIMINATION:
            raise RuleError(_("an elimination event's bracket is seeded before its first round"), field="stages")
        return pair_next_round(archive, seed)
    stage = archive.stages[-1]
    paired = len(archive.all_rounds)
    if stage.kind == PLAYOFF:
        if _stage_finished(archive, stage):
            over = (
                _("the playoff is over: its standings decide")
                if stage.for_place == 1
                else _("the playoff for place %(place)s is over: its standings decide", place=stage.for_place)
            )
            raise RuleError(over, field="stages")
        own = pair_next_round(playoff_archive(archive, stage), seed)
        return replace(own, round=paired + 1)
    bracket = bracket_of(archive, stage)
    if bracket.complete:
        # Translators: stage is a stage's title, "Top 8" or "Elimination".
        raise RuleError(_("the %(stage)s bracket is decided", stage=stage.title), field="stages")
    matches = bracket.next_matches
    return PairingResult(
        round=paired + 1,
        seed=seed,
        bye=None,
        games=tuple((table, *match.players) for table, match in enumerate(matches, start=1)),
        quality={"bracket": [match.id for match in matches]},
    )


def _stage_finished(archive: Archive, stage: Stage) -> bool:
    if stage.kind == PLAYOFF:
        return stage.playoff_over(_still_in(archive, stage))
    return bracket_of(archive, stage).complete


def _still_in(archive: Archive, stage: Stage) -> int:
    return sum(1 for player in stage.players if archive.by_id[player].eligible)


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
    elimination_event = archive.event.structure == ELIMINATION
    place: dict[str, int | None] = {row.player: None if elimination_event else row.rank for row in standings.rows}
    not_seeded, swiss = NOT_SEEDED, SWISS_STANDINGS
    how: dict[str, Text] = {row.player: not_seeded if elimination_event else swiss for row in standings.rows}
    order = {player: index for index, player in enumerate(rows)}
    pending = None
    for stage in archive.stages:
        if stage.kind == PLAYOFF:
            if not stage.playoff_over(_still_in(archive, stage)):
                # Translators: stage is a stage's title ("Playoff"); count is the rounds it plays in all.
                pending = ngettext(
                    "%(stage)s: %(played)s of %(count)s round played",
                    "%(stage)s: %(played)s of %(count)s rounds played",
                    stage.rounds_planned,
                    stage=stage.title,
                    played=len(stage.rounds),
                )
                continue
            # The place they share now: a drop or a correction above them since the start moves it.
            shared = [place[p] for p in stage.players if place.get(p) is not None]
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
    ranked = sum(1 for player in archive.players if player.eligible)
    if event.top_cut is not None and ranked >= 2 and not any(stage.kind == ELIMINATION for stage in archive.stages):
        if event.elimination == DOUBLE:
            return _("Top %(size)s (double elimination): not started yet", size=event.top_cut)
        return _("Top %(size)s (single elimination): not started yet", size=event.top_cut)
    return None
