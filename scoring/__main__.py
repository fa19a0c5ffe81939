"""Command line of the rules engine: ``python -m scoring COMMAND``.

JSON goes to standard output; bad input gives a one-line message on standard error and
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any, NoReturn

from .archive.document import Archive, parse_archive
from .decks.cards import FAN_INDEX_PATH, INDEX_PATH, build_index, card_index, read_index, write_index
from .decks.check import check_deck_list
from .decks.fan_cards import build_fan_index, read_cardnum_cards
from .decks.lists import read_deck_json, read_deck_text
from .errors import RuleError
from .finals.next_stage import next_stage, pair_next
from .finals.progress import bracket_of
from .finals.ranking import final_ranking
from .json_text import read_json
from .limits import MAX_SEED
from .policies.game_types import GAME_TYPES
from .policies.house import policy_of
from .policies.released import POLICIES, policy_info
from .policies.terms import EVENT_FORMATS, Policy
from .results.free_council import free_council, parse_sheet
from .standings import compute_standings

MAX_INPUT_BYTES = 64 * 1024 * 1024


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit 2, like every other refusal
        raise RuleError(message)


def _read_text(source: str) -> str:
    try:
        if source == "-":
            text = sys.stdin.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise RuleError(f"cannot read {source}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RuleError(f"{source} is not UTF-8 text") from None
    if len(text) > MAX_INPUT_BYTES:
        raise RuleError(f"{source} is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB")
    return text


def _read_json(source: str) -> object:
    return read_json(_read_text(source), source)


def _policy(value: str) -> Policy:
    """A released text by its key, or a house policy read from a JSON file (``-`` for standard input)."""
    if value in POLICIES:
        return POLICIES[value]
    return policy_of(_read_json(value), field=value)


def _deck(args: argparse.Namespace) -> dict[str, Any]:
    text = _read_text(args.file)
    # A list is JSON when it is an object; anything else is the text form players write.
    deck_list = read_deck_json(read_json(text, args.file)) if text.lstrip().startswith("{") else read_deck_text(text)
    policy = _policy(args.policy)
    return check_deck_list(
        deck_list, card_index(), policy_key=policy, game_type=args.game_type, event_format=args.format
    ).as_dict()


def _cards_build(args: argparse.Namespace) -> dict[str, Any]:
    if args.fan_sets:
        return _fan_cards_build(args)
    database = _read_json(args.file)
    if not isinstance(database, dict):
        raise RuleError("the card database must be an object of sets", field=args.file)
    try:
        document = build_index(database, args.source)
    except (KeyError, TypeError, AttributeError) as error:
        raise RuleError(f"not the Council of Elrond's card database: no {error}", field=args.file) from None
    write_index(document, INDEX_PATH)
    return {"cards": len(document["cards"]), "sets": document["sets"], "written": str(INDEX_PATH)}


def _fan_cards_build(args: argparse.Namespace) -> dict[str, Any]:
    sets = _read_json(args.fan_sets)
    if not isinstance(sets, list) or not all(isinstance(card_set, dict) for card_set in sets):
        raise RuleError("Cardnum's sets must be a list of set objects", field=args.fan_sets)
    try:
        records = read_cardnum_cards(_read_text(args.file))
        document = build_fan_index(records, sets, args.source, read_index(INDEX_PATH).sets)
    except (KeyError, TypeError, json.JSONDecodeError) as error:
        raise RuleError(f"not the Cardnum data set's cards: {error}", field=args.file) from None
    write_index(document, FAN_INDEX_PATH)
    return {"cards": len(document["cards"]), "sets": document["sets"], "written": str(FAN_INDEX_PATH)}


POLICY_HELP = f"a released policy's key ({', '.join(POLICIES)}) or a house policy's JSON file"


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    parser = _Parser(prog="python -m scoring", description="Council of Lórien rules engine")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    standings = commands.add_parser("standings", help="standings of an event archive")
    standings.add_argument("file", help="council-archive/3 (or /2, /1) JSON file, or - for standard input")
    info = commands.add_parser("info", help="what a policy implies for an event")
    info.add_argument("--policy", required=True, help=POLICY_HELP)
    info.add_argument("--players", required=True, type=int)
    info.add_argument("--game-type", required=True, choices=list(GAME_TYPES))
    council = commands.add_parser("council", help="Free Council marshalling points, step by step")
    council.add_argument(
        "file", help='{"policy": KEY or a house policy, "players": [{...}, {...}]}, or - for standard input'
    )
    bracket = commands.add_parser("bracket", help="each elimination stage of an event archive, and the final ranking")
    bracket.add_argument("file", help="council-archive/3 (or /2) JSON file, or - for standard input")
    pair = commands.add_parser("pair", help="pair the next round of an event archive (Swiss, playoff or bracket)")
    pair.add_argument("file", help="council-archive/3 (or /2, /1) JSON file, or - for standard input")
    pair.add_argument("--seed", type=int, help="random seed (a new one is drawn and printed if absent)")
    deck = commands.add_parser("deck", help="check a deck list against a policy's deck rules")
    deck.add_argument("file", help="a deck list as text or JSON, or - for standard input")
    deck.add_argument("--policy", required=True, help=POLICY_HELP)
    deck.add_argument("--game-type", required=True, choices=list(GAME_TYPES))
    deck.add_argument("--format", required=True, choices=list(EVENT_FORMATS))
    build = commands.add_parser("cards-build", help="rebuild scoring/decks/data/cards.json from the card database")
    build.add_argument("file", help="the Council of Elrond's cards.json (meccg-cards-database)")
    build.add_argument("--source", required=True, help="where it came from, e.g. the repository and commit")
    build.add_argument(
        "--fan-sets",
        metavar="SETS",
        help="the Cardnum data set's fdata/sets-dc.json: FILE is then its fdata/cards-dc.json, and the released "
        "fan sets are written to scoring/decks/data/fan-cards.json",
    )
    try:
        args = parser.parse_args(argv)
        if args.command == "standings":
            output = _standings(parse_archive(_read_json(args.file)))
        elif args.command == "bracket":
            output = _brackets(parse_archive(_read_json(args.file)))
        elif args.command == "info":
            output = policy_info(_policy(args.policy), args.players, args.game_type)
        elif args.command == "council":
            output = _council(_read_json(args.file))
        elif args.command == "deck":
            output = _deck(args)
        elif args.command == "cards-build":
            output = _cards_build(args)
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            if not 0 <= seed <= MAX_SEED:
                raise RuleError(f"the seed must be from 0 to {MAX_SEED}", field="--seed")
            output = pair_next(parse_archive(_read_json(args.file)), seed).as_dict()
    except RuleError as error:
        print(f"error: {error.one_line()}", file=sys.stderr)
        return 2
    json.dump(output, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _standings(archive: Archive) -> dict[str, Any]:
    """The Swiss standings, the playoff they call for ("playoff": null when none), and the final ranking."""
    standings = compute_standings(archive)
    plan = next_stage(archive, seed=0)
    playoff = plan.as_dict() if plan is not None and plan.kind == "playoff" else None
    return {**standings.as_dict(), "playoff": playoff, "final": final_ranking(archive).as_dict()}


def _brackets(archive: Archive) -> dict[str, Any]:
    """Every elimination stage: matches by round, winners so far, the next matches, the bracket's ranking."""
    stages = []
    for number, stage in enumerate(archive.stages, start=1):
        if stage.kind != "elimination":
            continue
        bracket = bracket_of(archive, stage).as_dict()
        by_round: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for match in bracket.pop("matches"):
            by_round.setdefault((match["side"], match["round"]), []).append(match)
        stages.append(
            {
                "stage": number,
                "title": stage.title,
                "first_round": stage.first_round,
                **bracket,
                "rounds": [
                    {"side": side, "round": rnd, "matches": matches} for (side, rnd), matches in by_round.items()
                ],
            }
        )
    return {"event": archive.event.name, "stages": stages, "final": final_ranking(archive).as_dict()}


def _council(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RuleError('input must be an object: {"policy": KEY, "players": [{...}, {...}]}')
    policy = policy_of(data.get("policy"))
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RuleError("players must be a list of exactly two players' points", field="players")
    sheets = (parse_sheet(players[0], "players[0]"), parse_sheet(players[1], "players[1]"))
    return free_council(policy, sheets)


if __name__ == "__main__":
    sys.exit(main())
