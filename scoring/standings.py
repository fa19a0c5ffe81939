"""Tournament point totals, tie-breaks and final standings.

The winner is the player with the most tournament points; players tied on points are
separated by the policy's menu of criteria, tier by tier (Policy #1 and Version 3 /
Policy Number 4, "Tournament Point Ties"). Players taken out of contention form the
next tier, which is broken again with the same menu. Each separation is explained.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from . import policies as P
from . import results as R
from .archive import Archive
from .messages import Text, _, listing, ngettext
from .policies import points_json

# Criterion II of Version 3 and Policy Number 4: "games each tied player received 3.5
# or more tournament points-these are wins".
WIN_THRESHOLD = Fraction(7, 2)


WON, LOST, TIED = "won", "lost", "tie"

# Policy #1's three posted options for a tied lead (a citation: it stays English).
TIE_OPTIONS_CLAUSE = "Policy #1, Swiss System: Tournament Point Ties, options (i)-(iii) as posted"
# Why a player who left the event has no rank (a citation: it stays English).
_INELIGIBLE_CLAUSE = "Policy #1, General 19 and 21; the Swiss System's dropping rule"


class PlayedGame(NamedTuple):
    """One game of a player's tournament card, seen from that player."""

    round: int
    table: int
    opponent: str
    points: Fraction
    opponent_points: Fraction
    outcome: str  # WON, LOST or TIED
    counts_as: str  # how a win counts in Policy #1's criteria (scoring.results)


@dataclass
class PlayerRecord:
    """Everything the standings need about one player: the tournament card."""

    id: str
    name: str
    status: str
    eligible: bool
    tp: Fraction = Fraction(0)
    byes: int = 0
    bye_rounds: list[int] = field(default_factory=list)
    games: list[PlayedGame] = field(default_factory=list)

    def won_as(self, method: str) -> int:
        """Games this player won that count as ``method`` in Policy #1's criteria."""
        return sum(1 for g in self.games if g.outcome == WON and g.counts_as == method)


@dataclass(frozen=True)
class StandingRow:
    """One player's line of the standings; ``rank`` is None for a player who left."""

    rank: int | None
    player: str
    name: str
    tp: int | float
    eligible: bool
    status: str
    games_played: int
    wins: int
    losses: int
    ties: int
    byes: int
    opponents_tp: int | float
    notes: tuple[str, ...]


@dataclass(frozen=True)
class LeadTie:
    """Players tied for the lead after every criterion, and the option posted for it."""

    players: tuple[str, ...]
    resolution: str
    text: str
    clause: str


@dataclass(frozen=True)
class GameLine:
    """A game of the event with its tournament points; ``tp`` is None until its result is in."""

    round: int
    table: int
    players: tuple[str, str]
    tp: tuple[int | float, int | float] | None
    result: dict | None
    method: str | None = None
    explanation: str | None = None
    clause: str | None = None


@dataclass(frozen=True)
class ByeLine:
    """A bye and the points it gave."""

    round: int
    player: str
    tp: int | float


@dataclass(frozen=True)
class Standings:
    """The standings of an event: ``rows`` in order, and every game and bye behind them."""

    event: str
    policy: str
    rounds_played: int
    complete: bool
    rows: tuple[StandingRow, ...]
    lead_tie: LeadTie | None
    games: tuple[GameLine, ...]
    byes: tuple[ByeLine, ...]

    def as_dict(self) -> dict:
        """The standings as JSON data (``python -m scoring standings``)."""
        games = []
        for game in self.games:
            entry = {"round": game.round, "table": game.table, "players": list(game.players),
                     "tp": list(game.tp) if game.tp is not None else None, "result": game.result}
            if game.tp is not None:
                entry |= {"method": game.method, "explanation": game.explanation, "clause": game.clause}
            games.append(entry)
        lead_tie = None
        if self.lead_tie is not None:
            lead_tie = {"players": list(self.lead_tie.players), "resolution": self.lead_tie.resolution,
                        "text": self.lead_tie.text, "clause": self.lead_tie.clause}
        return {
            "event": self.event,
            "policy": self.policy,
            "rounds_played": self.rounds_played,
            "complete": self.complete,
            "standings": [{**row.__dict__, "notes": list(row.notes)} for row in self.rows],
            "lead_tie": lead_tie,
            "games": games,
            "byes": [bye.__dict__ for bye in self.byes],
        }


def build_records(archive: Archive) -> dict[str, PlayerRecord]:
    """Tournament cards of every player: points, games and byes from the archive."""
    records = {
        p.id: PlayerRecord(id=p.id, name=p.name, status=p.status, eligible=p.eligible) for p in archive.players
    }
    for rnd in archive.rounds:
        if rnd.bye is not None:
            record = records[rnd.bye]
            record.tp += archive.bye_points(rnd.number)
            record.byes += 1
            record.bye_rounds.append(rnd.number)
        for game in rnd.games:
            if game.scored is None:
                continue
            for me in (0, 1):
                record = records[game.players[me]]
                mine, theirs = game.scored.points[me], game.scored.points[1 - me]
                record.tp += mine
                outcome = TIED if game.scored.winner is None else WON if game.scored.winner == me else LOST
                record.games.append(
                    PlayedGame(rnd.number, game.table, game.players[1 - me], mine, theirs, outcome,
                               game.scored.counts_as)
                )
    return records


@dataclass(frozen=True)
class Criterion:
    """One tie-break criterion: how to tally it and whether more or fewer is better."""

    key: str
    title: Text
    roman: str
    higher_is_better: bool
    phrase_better: Text
    phrase_worse: Text


# Each criterion's title in the texts, whether more is better, and how a note says
# "better" and "worse" by it ("ahead of B: more wins, 2 against 1").
_CRITERIA: dict[str, tuple[Text, bool, Text, Text]] = {
    P.HEAD_TO_HEAD: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Head-to-Head"), False, _("fewer head-to-head losses"), _("more head-to-head losses"),
    ),
    P.ONE_RING_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Destroying the One Ring"), True, _("more One Ring wins"), _("fewer One Ring wins"),
    ),
    P.RATIO_2_AND_WIZARD_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Highest MP Ratio and Eliminating Opponent's Wizard"),
        True,
        _("more wins by ratio 2 or Wizard elimination"),
        _("fewer wins by ratio 2 or Wizard elimination"),
    ),
    P.RATIO_15_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Next MP Ratio"), True, _("more wins by ratio 1.5 to 2"), _("fewer wins by ratio 1.5 to 2"),
    ),
    P.RATIO_1_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Lowest MP Ratio"), True, _("more wins by ratio 1 to 1.5"), _("fewer wins by ratio 1 to 1.5"),
    ),
    P.WEAKEST_LINK_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Weakest Link Method Win"), True, _("more Weakest Link wins"), _("fewer Weakest Link wins"),
    ),
    P.BYES_RECEIVED: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Receiving a Bye"), True, _("more byes"), _("fewer byes"),
    ),
    P.NUMBER_OF_WINS: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Number of Wins"), True, _("more wins"), _("fewer wins"),
    ),
    P.OPPONENTS_SCORES: (
        # Translators: title of a tie-break criterion in the tournament policies.
        _("Sum of Opponents' Scores"), True, _("higher opponents' scores"), _("lower opponents' scores"),
    ),
}
_ROMANS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")


def _criteria(policy: P.Policy) -> list[Criterion]:
    return [
        Criterion(key, _CRITERIA[key][0], _ROMANS[i], _CRITERIA[key][1], _CRITERIA[key][2], _CRITERIA[key][3])
        for i, key in enumerate(policy.tiebreaks)
    ]


def _tally(criterion: str, record: PlayerRecord, tied: set[str], records: dict[str, PlayerRecord]) -> Fraction:
    if criterion == P.HEAD_TO_HEAD:
        return Fraction(sum(1 for g in record.games if g.opponent in tied and g.outcome == LOST))
    if criterion == P.ONE_RING_WINS:
        return Fraction(record.won_as(R.ONE_RING))
    if criterion == P.RATIO_2_AND_WIZARD_WINS:
        return Fraction(record.won_as(R.RATIO_2) + record.won_as(R.WIZARD_ELIMINATED))
    if criterion == P.RATIO_15_WINS:
        return Fraction(record.won_as(R.RATIO_15))
    if criterion == P.RATIO_1_WINS:
        return Fraction(record.won_as(R.RATIO_1))
    if criterion == P.WEAKEST_LINK_WINS:
        return Fraction(record.won_as(R.WEAKEST_LINK))
    if criterion == P.BYES_RECEIVED:
        return Fraction(record.byes)
    if criterion == P.NUMBER_OF_WINS:
        # A bye is not a game, so it is not a win here (docs/rules.md).
        return Fraction(sum(1 for g in record.games if g.points >= WIN_THRESHOLD))
    if criterion == P.OPPONENTS_SCORES:
        return sum((records[g.opponent].tp for g in record.games), Fraction(0))
    raise ValueError(f"unknown tie-break criterion {criterion!r}")


def _names(ids: list[str], records: dict[str, PlayerRecord], limit: int = 3) -> Text | str:
    return listing([records[i].name for i in ids], limit=limit)


def _others(block: list[str], pid: str, records: dict[str, PlayerRecord], limit: int = 3) -> Text | str:
    """The players of ``block`` but ``pid``, named as ``_names`` does, without walking the whole block."""
    head = [q for q in block[:limit + 2] if q != pid][:limit + 1]
    if len(block) - 1 <= limit + 1:
        return _names(head, records, limit)
    return ngettext("%(listed)s and %(count)s more", "%(listed)s and %(count)s more", len(block) - 1 - limit,
                    listed=tuple(records[q].name for q in head[:limit]))


def _values(values: list[Fraction]) -> Fraction | Text:
    """Tallies as a note lists them, lowest first: one number, or "1 and 2"."""
    ordered = sorted(set(values))
    return ordered[0] if len(ordered) == 1 else listing(ordered)


def _places(first: int, count: int) -> Text | int:
    """Places ``first`` to ``first + count - 1``, as a note names them: "3", or "3-5"."""
    return first if count == 1 else _("%(first)s-%(last)s", first=first, last=first + count - 1)


def break_tier(
    tier: list[str], records: dict[str, PlayerRecord], policy: P.Policy, notes: dict[str, list[str]],
    first_place: int = 1,
) -> list[list[str]]:
    """Order players tied on points into blocks; players in one block stay tied.

    Applies the policy's criteria in order to the players still in contention; those
    taken out form the next tier, broken again with the whole menu, until every player
    is placed (docs/rules.md, reading 8). Each player's notes say, in order: why they
    left the contention of the last tier they did not win (behind the players that tier
    placed), which players formed their own tier with them and for which places, and
    how that tier was broken (ahead of whom, by which criterion). Earlier tiers concern
    players placed higher and are explained in those players' notes.
    """
    blocks: list[list[str]] = []
    remaining = list(tier)
    left: dict[str, tuple[Criterion, Fraction, Fraction]] = {}
    behind: dict[str, str] = {}
    formed: dict[str, str] = {}
    criteria = _criteria(policy)
    place = first_place
    # Only head-to-head depends on who is still tied; every other tally is fixed per player.
    fixed: dict[tuple[str, str], Fraction] = {}

    def tally(key: str, pid: str, tied: set[str]) -> Fraction:
        if key == P.HEAD_TO_HEAD:
            return _tally(key, records[pid], tied, records)
        if (key, pid) not in fixed:
            fixed[key, pid] = _tally(key, records[pid], tied, records)
        return fixed[key, pid]

    while remaining:
        contention = list(remaining)
        out: list[str] = []
        tied = set(remaining)
        ahead: dict[str, list[str]] = {pid: [] for pid in remaining}
        for criterion in criteria:
            if len(contention) == 1:
                break
            values = {pid: tally(criterion.key, pid, tied) for pid in contention}
            best = max(values.values()) if criterion.higher_is_better else min(values.values())
            stay = [pid for pid in contention if values[pid] == best]
            leave = [pid for pid in contention if values[pid] != best]
            if not leave:
                continue
            against = _values([values[q] for q in leave])
            leavers = _names(leave, records)
            for pid in stay:
                # Translators: a tie-break note: "ahead of Bob: more wins, 2 against 1 (criterion II,
                # Number of Wins)"; phrase says what is better, criterion is the criterion's title.
                ahead[pid].append(_(
                    "ahead of %(players)s: %(phrase)s, %(value)s against %(others)s (criterion %(number)s, "
                    "%(criterion)s)",
                    players=leavers, phrase=criterion.phrase_better, value=best, others=against,
                    number=criterion.roman, criterion=criterion.title,
                ))
            for pid in leave:
                left[pid] = (criterion, values[pid], best)
            contention = stay
            out.extend(leave)
        for pid in contention:
            notes[pid].extend([behind[pid]] if pid in behind else [])
            notes[pid].extend([formed[pid]] if pid in formed else [])
            notes[pid].extend(ahead[pid])
            if len(contention) > 1:
                notes[pid].append(_("still tied with %(players)s after every criterion",
                                    players=_others(contention, pid, records)))
        blocks.append(contention)
        # The players this tier placed are ahead of everyone it took out of contention.
        winners = _names(contention, records)
        placed = _places(place, len(contention))
        for pid in out:
            criterion, value, best = left[pid]
            # Translators: a tie-break note: "behind Ann (place 1): out of contention at criterion I, Head-to-Head,
            # more head-to-head losses, 1 against 0"; phrase says what is worse, criterion is the criterion's title.
            behind[pid] = _(
                "behind %(players)s (place %(place)s): out of contention at criterion %(number)s, %(criterion)s, "
                "%(phrase)s, %(value)s against %(others)s",
                players=winners, place=placed, number=criterion.roman, criterion=criterion.title,
                phrase=criterion.phrase_worse, value=value, others=best,
            )
        place += len(contention)
        if len(out) > 1:
            for pid in out:
                # Translators: a tie-break note: "tied again for places 2-3 with Bob: the whole menu of criteria
                # starts again among them".
                formed[pid] = _(
                    "tied again for places %(places)s with %(players)s: the whole menu of criteria starts again "
                    "among them", places=_places(place, len(out)), players=_others(out, pid, records),
                )
        else:
            formed.clear()
        remaining = out
    return blocks


def _tied_without_menu(block: list[str], records: dict[str, PlayerRecord], tp: Fraction,
                       notes: dict[str, list[str]], clause: str) -> None:
    """Notes for players who share a place because no tie-breaker is applied, as posted."""
    for pid in block:
        # Translators: a standings note for Policy #1's posted options without the menu of tie-breakers.
        notes[pid].append(_("tied on %(points)s points with %(players)s: no tie-breaker is applied, as posted "
                            "(%(clause)s)", points=tp, players=_others(block, pid, records), clause=clause))


def compute_standings(archive: Archive) -> Standings:
    """Standings of an event: ranks, points, tie-break explanations, games and byes.

    Eligible players are ranked by tournament points, ties broken by the policy's menu;
    players tied after the whole menu share a rank. Dropped and ejected players have
    rank None and are listed after the ranked ones (Policy #1, General 19 and 21).
    """
    policy = archive.policy
    records = build_records(archive)
    order = {p.id: index for index, p in enumerate(archive.players)}
    notes: dict[str, list[str]] = {pid: [] for pid in records}
    eligible = [r for r in records.values() if r.eligible]
    by_points: dict[Fraction, list[str]] = {}
    for record in sorted(eligible, key=lambda r: (-r.tp, order[r.id])):
        by_points.setdefault(record.tp, []).append(record.id)

    placed: list[tuple[PlayerRecord, int | None]] = []
    lead_tie = None
    position = 1
    resolution = archive.event.tie_resolution
    for tp in sorted(by_points, reverse=True):
        if resolution in P.WITHOUT_MENU:
            # Policy #1, Tournament Point Ties: options (ii) and (iii) posted alone take no tie breaker action.
            blocks = [by_points[tp]]
            if len(by_points[tp]) > 1:
                _tied_without_menu(by_points[tp], records, tp, notes, TIE_OPTIONS_CLAUSE)
        else:
            blocks = break_tier(by_points[tp], records, policy, notes, first_place=position)
        for block in blocks:
            block.sort(key=lambda pid: (records[pid].name.casefold(), order[pid]))
            if position == 1 and len(block) > 1:
                lead_tie = LeadTie(players=tuple(block), resolution=resolution,
                                   text=_lead_tie_text(_names(block, records, limit=10), resolution, policy),
                                   clause=TIE_OPTIONS_CLAUSE if resolution in P.WITHOUT_MENU else policy.tiebreak_clause)
            placed.extend((records[pid], position) for pid in block)
            position += len(block)
    ineligible = sorted(
        (r for r in records.values() if not r.eligible), key=lambda r: (-r.tp, r.name.casefold(), order[r.id])
    )
    for record in ineligible:
        notes[record.id].append(
            _("ejected: no ranking (%(clause)s)", clause=_INELIGIBLE_CLAUSE) if record.status == "ejected"
            else _("dropped: no ranking (%(clause)s)", clause=_INELIGIBLE_CLAUSE)
        )
        placed.append((record, None))

    games = []
    byes = []
    for rnd in archive.rounds:
        if rnd.bye is not None:
            byes.append(ByeLine(rnd.number, rnd.bye, points_json(archive.bye_points(rnd.number))))
        for game in rnd.games:
            if game.scored is None:
                games.append(GameLine(rnd.number, game.table, game.players, None, None))
            else:
                games.append(GameLine(rnd.number, game.table, game.players,
                                      (points_json(game.scored.points[0]), points_json(game.scored.points[1])),
                                      game.result, game.scored.method, game.scored.explanation, game.scored.clause))
    return Standings(
        event=archive.event.name,
        policy=policy.key,
        rounds_played=len(archive.rounds),
        complete=all(r.complete for r in archive.rounds),
        rows=tuple(_row(record, rank, records, notes) for record, rank in placed),
        lead_tie=lead_tie,
        games=tuple(games),
        byes=tuple(byes),
    )


def _lead_tie_text(players: Text | str, resolution: str, policy: P.Policy) -> Text:
    """What happens to players who share the lead, as the posted option (or the policy) says."""
    if resolution == P.PLAYOFF and policy.co_champions_by_agreement:
        return _("%(players)s are tied for the lead after every criterion: playoff rounds are held among them, "
                 "unless they and the coordinator agree that they are co-champions", players=players)
    if resolution == P.PLAYOFF:
        return _("%(players)s are tied for the lead after every criterion: playoff rounds are held among them",
                 players=players)
    if resolution == P.PLAYOFF_WITHOUT_MENU:
        return _("%(players)s are tied for the lead on points: playoff rounds are held among them, without the "
                 "menu of tie-breakers, as posted", players=players)
    if resolution == P.CO_CHAMPIONS_WITHOUT_MENU:
        return _("%(players)s are tied for the lead on points: with no tie-breaker, as posted, they are "
                 "co-champions and share the prizes for their places evenly", players=players)
    return _("%(players)s are tied for the lead after every criterion: they are co-champions and share the prizes "
             "for their places evenly", players=players)


def _row(record: PlayerRecord, rank: int | None, records: dict[str, PlayerRecord],
         notes: dict[str, list[str]]) -> StandingRow:
    wins = sum(1 for g in record.games if g.outcome == WON)
    losses = sum(1 for g in record.games if g.outcome == LOST)
    return StandingRow(
        rank=rank,
        player=record.id,
        name=record.name,
        tp=points_json(record.tp),
        eligible=record.eligible,
        status=record.status,
        games_played=len(record.games),
        wins=wins,
        losses=losses,
        ties=len(record.games) - wins - losses,
        byes=record.byes,
        opponents_tp=points_json(sum((records[g.opponent].tp for g in record.games), Fraction(0))),
        notes=tuple(notes[record.id]),
    )
