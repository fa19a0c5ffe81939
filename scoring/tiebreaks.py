"""Tie-break criteria, tier by tier, and the notes that explain each place.

Players tied on points are separated by the policy's menu of criteria (Policy #1,
Version 3 and Policy Number 4, "Tournament Point Ties"); those taken out of contention
form the next tier, broken again with the whole menu (docs/rules.md, reading 8). Each
separation is a note on the players' lines of the standings (``scoring.standings``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import compress

from .messages import Text, _, listing, ngettext
from .policies import terms as P
from .tiebreak_criteria import Criterion, criteria_of, tally_column
from .tournament_cards import PlayerRecord

# Policy #1's three posted options for a tied lead (a citation: it stays English).
TIE_OPTIONS_CLAUSE = "Policy #1, Swiss System: Tournament Point Ties, options (i)-(iii) as posted"


def names(ids: list[str], records: dict[str, PlayerRecord], limit: int = 3) -> Text | str:
    return listing([records[i].name for i in ids], limit=limit)


def _others(block: list[str], pid: str, records: dict[str, PlayerRecord], limit: int = 3) -> Text | str:
    """The players of ``block`` but ``pid``, named as ``_names`` does, without walking the whole block."""
    head = [q for q in block[: limit + 2] if q != pid][: limit + 1]
    if len(block) - 1 <= limit + 1:
        return names(head, records, limit)
    return ngettext(
        "%(listed)s and %(count)s more",
        "%(listed)s and %(count)s more",
        len(block) - 1 - limit,
        listed=tuple(records[q].name for q in head[:limit]),
    )


def _mention_key(block: list[str], pid: str, limit: int = 3) -> str:
    """What ``_others(block, pid)`` depends on: ``pid`` when it would be named in the list, else "" (every other
    player of a long block reads the same words, made once)."""
    return pid if len(block) - 1 <= limit + 1 or pid in block[:limit] else ""


def _values(values: list[Fraction | int]) -> Fraction | int | Text | str:
    """Tallies as a note lists them, lowest first: one number, or "1 and 2"."""
    ordered = tuple(sorted(set(values)))
    return ordered[0] if len(ordered) == 1 else _listed_values(ordered)


# Notes of one event list the same few tallies and places again and again: a sentence is immutable, so one made
# is shared (the standings of 1,000 players list some 900 tallies, of a few dozen kinds).
@lru_cache(maxsize=1024)
def _listed_values(ordered: tuple[Fraction | int, ...]) -> Text | str:
    return listing(list(ordered))


@lru_cache(maxsize=1024)
def _places(first: int, count: int) -> Text | int:
    """Places ``first`` to ``first + count - 1``, as a note names them: "3", or "3-5"."""
    return first if count == 1 else _("%(first)s-%(last)s", first=first, last=first + count - 1)


def _shown(criterion: Criterion, value: int, unit: int) -> Fraction | int:
    """A tally as a note says it: opponents' scores are points, kept in the event's unit."""
    if criterion.key == P.OPPONENTS_SCORES and unit != 1:
        return Fraction(value, unit)
    return value


@dataclass(frozen=True)
class _TierBroken:
    """What one pass over a tier said of the players it took out of contention, for those of them it placed next.

    A note is built only for the player who gets it: the players taken out are placed one
    block at a time, and only the block placed next reads what the pass before it said.
    """

    winners: Text | str  # the players the pass placed
    placed: Text | int  # their places
    exits: list[tuple[Criterion, dict[str, int], int]]  # each criterion that took players out: its tallies, the best
    # Head-to-head losses the pass counted that the placing of its winners took away (they count only the tied).
    restored: dict[str, int]
    out: list[str]  # everyone it took out, in order: they form the next tier
    unit: int
    # The notes made, by what they depend on: the players of one block mostly read the same sentences.
    said: dict[tuple[str, object, object], Text] = field(default_factory=dict)

    def behind(self, pid: str) -> Text:
        """Why ``pid`` is behind the players this pass placed."""
        # Taken out at the first of these criteria by which ``pid`` was not the best (the pass kept it at the others).
        exit_index, criterion, value, best = next(
            (index, criterion, value, best)
            for index, (criterion, tallies, best) in enumerate(self.exits)
            for value in [tallies[pid] + (self.restored.get(pid, 0) if criterion.key == P.HEAD_TO_HEAD else 0)]
            if value != best
        )
        key = ("behind", exit_index, value)
        if key not in self.said:
            self.said[key] = self._behind(criterion, value, best)
        return self.said[key]

    def _behind(self, criterion: Criterion, value: int, best: int) -> Text:
        # Translators: a tie-break note: "behind Ann (place 1): out of contention at criterion I, Head-to-Head,
        # more head-to-head losses, 1 against 0"; phrase says what is worse, criterion is the criterion's title.
        return _(
            "behind %(players)s (place %(place)s): out of contention at criterion %(number)s, %(criterion)s, "
            "%(phrase)s, %(value)s against %(others)s",
            players=self.winners,
            place=self.placed,
            number=criterion.roman,
            criterion=criterion.title,
            phrase=criterion.phrase_worse,
            value=_shown(criterion, value, self.unit),
            others=_shown(criterion, best, self.unit),
        )

    def formed(self, pid: str, records: dict[str, PlayerRecord], first_place: int) -> Text | None:
        """How ``pid``'s own tier was formed, when the pass took out more players than ``pid``."""
        if len(self.out) <= 1:
            return None
        key = ("formed", _mention_key(self.out, pid), first_place)
        if key not in self.said:
            self.said[key] = self._formed(pid, records, first_place)
        return self.said[key]

    def _formed(self, pid: str, records: dict[str, PlayerRecord], first_place: int) -> Text:
        # Translators: a tie-break note: "tied again for places 2-3 with Bob: the whole menu of criteria
        # starts again among them".
        return _(
            "tied again for places %(places)s with %(players)s: the whole menu of criteria starts again among them",
            places=_places(first_place, len(self.out)),
            players=_others(self.out, pid, records),
        )


def break_tier(
    tier: list[str],
    records: dict[str, PlayerRecord],
    policy: P.Policy,
    notes: dict[str, list[str]],
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
    criteria = criteria_of(policy)
    unit = records[tier[0]].unit if tier else 1
    place = first_place
    # Every tally but head-to-head is fixed per player: counted once per tier, when a pass first reaches it.
    columns: dict[str, dict[str, int]] = {}
    before: _TierBroken | None = None
    # Head-to-head losses against the players still tied, kept as players are placed: a placed
    # player takes one loss (a game) from each player of the tier they beat, rather than every
    # player's games being counted again at each pass.
    in_tier = set(tier)
    losses = dict.fromkeys(tier, 0)
    beat: dict[str, list[str]] = {pid: [] for pid in tier}
    for pid in tier:
        for opponent in records[pid].lost_to:
            if opponent in in_tier:
                losses[pid] += 1
                beat[opponent].append(pid)

    # What the last pass found after each criterion: how many players were still in contention, how many it had
    # taken out, how many criteria had taken some. When a pass places players of a group that leaves others in
    # it (the players with the most wins, say), the next pass would take out the same players at the same
    # criteria, in the same order, with the same words: it starts after them, and a tier broken one player at a
    # time costs each pass the players of that group rather than the whole tier.
    after: list[tuple[int, int, int]] = []
    exits: list[tuple[Criterion, dict[str, int], int]] = []
    ahead: list[Text] = []  # what every player a pass places is ahead of: a note per criterion that took players out
    head_to_head_at = next((i for i, c in enumerate(criteria) if c.key == P.HEAD_TO_HEAD), len(criteria))
    unplaced = set(tier)
    placed_last = 0
    restored: dict[str, int] = {}
    while remaining:
        # Head-to-head counts change as players are placed: past it, nothing is repeated once a tied player's count has.
        repeatable = head_to_head_at if any(pid in unplaced for pid in restored) else len(criteria)
        depth = 0
        while depth < min(len(after), repeatable) and after[depth][0] > placed_last:
            depth += 1
        if depth:
            _still, out_count, exit_count = after[depth - 1]
            contention, out = remaining[out_count:], remaining[:out_count]
            exits, ahead = exits[:exit_count], ahead[:exit_count]
            after = [(still - placed_last, taken, separated) for still, taken, separated in after[:depth]]
        else:
            contention, out, exits, ahead, after = remaining, [], [], [], []
        still_tied: dict[str, Text] = {}
        for criterion in criteria[depth:]:
            separated = len(contention) > 1
            if separated and criterion.key == P.HEAD_TO_HEAD:
                tallies = losses
                # No loss among the tied: the usual case, told by one scan.
                separated = any(map(losses.__getitem__, contention))
            elif separated:
                tallies = columns.get(criterion.key) or columns.setdefault(
                    criterion.key, tally_column(criterion.key, tier, records)
                )
            if separated:
                # A pass runs once per block placed: its scans are kept to C loops over the players in contention.
                values = list(map(tallies.__getitem__, contention))
                best = max(values) if criterion.higher_is_better else min(values)
                separated = values.count(best) != len(values)
            if separated:
                leave = list(compress(contention, map(best.__ne__, values)))
                contention = list(compress(contention, map(best.__eq__, values)))
                worse = set(values)
                worse.discard(best)
                # Translators: a tie-break note: "ahead of Bob: more wins, 2 against 1 (criterion II,
                # Number of Wins)"; phrase says what is better, criterion is the criterion's title.
                ahead.append(
                    _(
                        "ahead of %(players)s: %(phrase)s, %(value)s against %(others)s (criterion %(number)s, "
                        "%(criterion)s)",
                        players=_named(leave, records),
                        phrase=criterion.phrase_better,
                        value=_shown(criterion, best, unit),
                        others=_values([_shown(criterion, value, unit) for value in worse]),
                        number=criterion.roman,
                        criterion=criterion.title,
                    )
                )
                exits.append((criterion, tallies, best))
                out.extend(leave)
            after.append((len(contention), len(out), len(exits)))
        for pid in contention:
            if before is not None:
                notes[pid].append(before.behind(pid))
                formed = before.formed(pid, records, place)
                notes[pid].extend([formed] if formed is not None else [])
            notes[pid].extend(ahead)
            if len(contention) > 1:
                key = _mention_key(contention, pid)
                if key not in still_tied:
                    still_tied[key] = _(
                        "still tied with %(players)s after every criterion", players=_others(contention, pid, records)
                    )
                notes[pid].append(still_tied[key])
        blocks.append(contention)
        restored = {}
        for placed in contention:
            unplaced.discard(placed)
            for loser in beat[placed]:
                losses[loser] -= 1
                restored[loser] = restored.get(loser, 0) + 1
        # The players this pass placed are ahead of everyone it took out of contention.
        before = _TierBroken(_named(contention, records), _places(place, len(contention)), exits, restored, out, unit)
        place += len(contention)
        placed_last = len(contention)
        remaining = out
    return blocks


def _named(ids: list[str], records: dict[str, PlayerRecord], limit: int = 3) -> Text | str:
    """``names(ids)``, reading only the names it shows, not one per player of a long list."""
    if len(ids) <= limit:
        return names(ids, records, limit)
    return ngettext(
        "%(listed)s and %(count)s more",
        "%(listed)s and %(count)s more",
        len(ids) - limit,
        listed=tuple(records[q].name for q in ids[:limit]),
    )


def tied_without_menu(
    block: list[str], records: dict[str, PlayerRecord], tp: Fraction, notes: dict[str, list[str]], clause: str
) -> None:
    """Notes for players who share a place because no tie-breaker is applied, as posted."""
    said: dict[str, Text] = {}
    for pid in block:
        key = _mention_key(block, pid)
        if key not in said:
            # Translators: a standings note for Policy #1's posted options without the menu of tie-breakers.
            said[key] = _(
                "tied on %(points)s points with %(players)s: no tie-breaker is applied, as posted (%(clause)s)",
                points=tp,
                players=_others(block, pid, records),
                clause=clause,
            )
        notes[pid].append(said[key])
