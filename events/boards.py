"""What the public sees: pairings, standings, a player's tournament card, the printouts.

Read-only: these functions build plain data for the public page, the projector and the
printed sheets, in a fixed number of queries whatever the event's size. Nothing here
is private: no deck capability, no Wizard, no staff link, no account.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field, fields
from fractions import Fraction

from django.conf import settings
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse

import scoring

from .archive import load_archive
from .clocks import clock_display
from .kept import kept_part, kept_pieces
from .models import Event, Game, Player, Round

MAX_FOUND = 20

RESULT_LABELS = {
    "one-ring": "the One Ring",
    "wizard-eliminated": "Wizard eliminated",
    "forfeit": "forfeit",
    "scenario": "scenario",
}


def fold(text: str) -> str:
    """A name as people search it: no accents, no case. "eowyn" finds "Éowyn"."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def holds_every_word(folded: str, words: list[str]) -> bool:
    """The rule of every search by name: each of the query's folded ``words``, in any order, within ``folded``."""
    return all(word in folded for word in words)


def find_players(players: list[Player], query: str, limit: int = MAX_FOUND) -> list[Player]:
    """Players whose name holds every word of ``query``, in any order: "smi ann" finds "Ann Smith"."""
    words = fold(query).split()
    if not words:
        return []
    return [p for p in players if holds_every_word(fold(p.name), words)][:limit]


@dataclass
class Seat:
    """Where a player is in the current round: a table and an opponent, or the bye."""

    table: int | None = None
    opponent: Player | None = None
    game: Game | None = None
    bye: bool = False


@dataclass
class CardRow:
    """One round of a player's tournament card (Policy #1, Tournament Point Ties)."""

    round: int
    table: int | None
    opponent: str
    outcome: str  # "won", "lost", "tie", "bye" or "playing"
    detail: str
    tp: float | int | None
    total: float | int


@dataclass
class Card:
    player: Player
    rank: int | None
    total: float | int
    rows: list[CardRow] = field(default_factory=list)


def seats(rnd: Round | None, games: list[Game]) -> dict[int, Seat]:
    """Every player's seat in the round, by player pk."""
    found: dict[int, Seat] = {}
    for game in games:
        found[game.player_a_id] = Seat(table=game.table, opponent=game.player_b, game=game)
        found[game.player_b_id] = Seat(table=game.table, opponent=game.player_a, game=game)
    if rnd is not None and rnd.bye_id:
        found[rnd.bye_id] = Seat(bye=True)
    return found


def _number(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else float(value)


def _detail(result: dict | None, mine: int) -> str:
    if not result:
        return ""
    if "mp" in result:
        text = f"MP {result['mp'][mine]}–{result['mp'][1 - mine]}"
        if result.get("weakest_link") is not None:
            text += ", Weakest Link " + ("won" if result["weakest_link"] == mine else "lost")
        return text
    return RESULT_LABELS.get(result["kind"], result["kind"].replace("-", " "))


def tournament_cards(standings: dict, players_by_archive_id: dict[str, Player]) -> list[Card]:
    """The tournament card of each player: opponent, result and points of every round, with the running total.

    Policy #1, Swiss System, Tournament Point Ties: "keep a running record of each
    player's opponent each round, result types each round, as well as tournament point
    results each round". Cards follow the standings order.
    """
    entries: dict[str, list[tuple[int, CardRow]]] = {row["player"]: [] for row in standings["standings"]}
    for bye in standings["byes"]:
        if bye["player"] in entries:
            entries[bye["player"]].append(
                (bye["round"], CardRow(bye["round"], None, "—", "bye", "bye", bye["tp"], 0)))
    for game in standings["games"]:
        for mine in (0, 1):
            pid = game["players"][mine]
            if pid not in entries:
                continue
            opponent = players_by_archive_id[game["players"][1 - mine]].name
            if game["tp"] is None:
                row = CardRow(game["round"], game["table"], opponent, "playing", "", None, 0)
            else:
                my_tp, their_tp = Fraction(game["tp"][mine]), Fraction(game["tp"][1 - mine])
                outcome = "won" if my_tp > their_tp else "lost" if my_tp < their_tp else "tie"
                row = CardRow(game["round"], game["table"], opponent, outcome, _detail(game["result"], mine),
                              game["tp"][mine], 0)
            entries[pid].append((game["round"], row))
    cards = []
    for standing in standings["standings"]:
        total = Fraction(0)
        rows = []
        for _, row in sorted(entries[standing["player"]], key=lambda item: item[0]):
            total += Fraction(row.tp or 0)
            row.total = _number(total)
            rows.append(row)
        cards.append(Card(players_by_archive_id[standing["player"]], standing["rank"], standing["tp"], rows))
    return cards


def latest_round(event: Event) -> Round | None:
    return event.rounds.select_related("bye").order_by("-number").first()


def round_games(rnd: Round | None) -> list[Game]:
    return list(rnd.games.select_related("player_a", "player_b")) if rnd else []


def event_standings(event: Event, *, before_play: bool = False) -> dict | None:
    """The engine's standings of the event as it is now; before the first round, None,
    or with ``before_play`` the engine's empty standings.

    Built once per state of the event and shared by every worker (events/kept.py):
    at 1,000 players the engine takes about half a second over the whole event.
    """
    def build() -> dict:
        return scoring.compute_standings(load_archive(event))

    standings = kept_part(event, "standings", build).value
    return standings if standings["rounds_played"] or before_play else None


def standings_page(event: Event) -> dict:
    """The coordinator's standings: the ranking rendered with every tie-break note, and what the page says around it.

    Kept per state of the event like the standings themselves; at 1,000 players the
    ranking with its notes is about 600 KB of HTML.
    """
    def build() -> dict:
        standings = event_standings(event, before_play=True)
        rows = standings["standings"]
        ranking = render_to_string("events/standings.html#ranking", {
            "ranked": [row for row in rows if row["rank"] is not None],
            "unranked": [row for row in rows if row["rank"] is None],
        })
        return {"rounds_played": standings["rounds_played"], "complete": standings["complete"],
                "lead_tie": standings["lead_tie"], "ranking": ranking}

    return kept_part(event, "standings-page", build).value


def projector_list(event: Event, rnd: Round, by_name: bool) -> str:
    """The projector's list of the round's tables, or of its players by name with their table, rendered and kept.

    The same for every screen and phone that shows it, so it is built once per state of
    the event; at 1,000 players it is 500 tables or 1,000 names.
    """
    def build() -> str:
        games = round_games(rnd)
        if by_name:
            seated = alphabetical_seats(list(event.players.all()), rnd, games)
            return render_to_string("events/projector.html#names", {"seated": seated})
        return render_to_string("events/projector.html#tables", {"games": games, "round": rnd})

    return kept_part(event, "projector-names" if by_name else "projector-tables", build).value


def _card_text(card: Card) -> str:
    # Each card is kept as a JSON string: a phone's page reads a whole piece of cards
    # from the cache, and strings load at once where lists of rows do not; only the
    # phone's own card is then decoded.
    names = [f.name for f in fields(CardRow)]
    return json.dumps([card.rank, card.total, [[getattr(row, name) for name in names] for row in card.rows]])


# Cards are kept in this many pieces, by player pk: a phone reads one piece, not all 1,000 cards.
CARD_PIECES = 16


def _card_piece(pk: int) -> str:
    return f"cards-{pk % CARD_PIECES}"


def _public_tables(event: Event) -> dict:
    """What the public page shows alike to every phone, rendered (the round's tables and the
    standings), and every player's tournament card, in pieces by player pk."""
    players = list(event.players.all())
    pk_of = {p.archive_id: p.pk for p in players}
    rnd = latest_round(event)
    games = round_games(rnd)
    standings = event_standings(event)
    context = {
        "event": event,
        "round": rnd,
        "games": games,
        "standings": [(row, pk_of[row["player"]]) for row in standings["standings"]] if standings else [],
    }
    pieces: dict = {_card_piece(number): {} for number in range(CARD_PIECES)}
    if standings is not None:
        by_archive_id = {p.archive_id: p for p in players}
        for card in tournament_cards(standings, by_archive_id):
            pieces[_card_piece(card.player.pk)][card.player.pk] = _card_text(card)
    pieces["tables"] = {
        "pairings": render_to_string("events/public.html#pairings", context),
        "standings": render_to_string("events/public.html#standings", context) if standings else "",
    }
    return pieces


def public_board(event: Event, *, me_id: int | None = None, query: str = "") -> dict:
    """The public page: the current round by table, the clock, standings, search results
    and, for a player who said "this is me", their seat and tournament card.

    ``current`` is False when the tables shown are of the event's state just before now
    because another worker is building the new one; the page then asks again at once.
    """
    me = event.players.filter(pk=me_id).first() if me_id is not None else None
    wanted = ["tables"] + ([_card_piece(me.pk)] if me is not None else [])
    kept = kept_pieces(event, "public", lambda: _public_tables(event), wanted, earlier_state_will_do=True)
    rnd = latest_round(event)
    card = None
    if me is not None and me.pk in kept.value[_card_piece(me.pk)]:
        rank, total, rows = json.loads(kept.value[_card_piece(me.pk)][me.pk])
        card = Card(me, rank, total, [CardRow(*row) for row in rows])
    my_seat = None
    if me is not None and rnd is not None:
        mine = rnd.games.filter(Q(player_a=me) | Q(player_b=me)).select_related("player_a", "player_b").first()
        my_seat = seats(rnd, [mine] if mine else []).get(me.pk)
    clock = None
    if rnd is not None and event.status == Event.RUNNING:
        extra = my_seat.game.extra_seconds if my_seat and my_seat.game and my_seat.game.result is None else 0
        label = f"Table {my_seat.table}" if extra else ""
        clock = clock_display(event, rnd, extra_seconds=extra, label=label)
    return {
        "event": event,
        "round": rnd,
        "tables": kept.value["tables"],
        "current": kept.current,
        "clock": clock,
        "me": me,
        "my_seat": my_seat,
        "card": card,
        "query": query,
        "found": found_players(event, query)["found"] if query else [],
        "past_rounds": list(range((rnd.number - 1) if rnd else 0, 0, -1)),
    }


def found_players(event: Event, query: str) -> dict:
    """The search as you type: matching players with their seat, without the standings' cost."""
    rnd = latest_round(event)
    seat_of = seats(rnd, round_games(rnd))
    players = sorted(event.players.all(), key=lambda p: fold(p.name))
    return {"event": event, "round": rnd, "query": query,
            "found": [(p, seat_of.get(p.pk)) for p in find_players(players, query)]}


def alphabetical_seats(players: list[Player], rnd: Round | None, games: list[Game]) -> list[tuple[Player, Seat]]:
    """Every player of the round in name order with their table, as the room looks them up."""
    seat_of = seats(rnd, games)
    return [(p, seat_of[p.pk]) for p in sorted(players, key=lambda p: (fold(p.name), p.pk)) if p.pk in seat_of]


def public_address(request, event: Event) -> str:
    """The public page's full address for QR codes and printouts.

    COUNCIL_PUBLIC_URL wins when set (a server behind a proxy); otherwise the address
    the coordinator's browser used, which at a venue is the laptop's Wi-Fi address.
    """
    path = reverse("public", args=[event.slug])
    base = settings.COUNCIL_PUBLIC_URL
    return f"{base}{path}" if base else request.build_absolute_uri(path)
