"""The fan sets' card index: facts about the Dream Cards, built from the Cardnum data set.

The Dream Cards are sets the players' community made after the game's last printed set
(Firstborn, Durin's Folk, The Necromancer...). No released policy knows them; a house
policy may allow some (``Policy.fan_sets``). Their facts are stored apart from the
official cards, in ``scoring/decks/data/fan-cards.json``, each card flagged ``"fan": true``
with its set's code, and ``scoring.decks.cards.card_index`` reads both.

``build_fan_index`` takes the Cardnum data set's ``fdata/cards-dc.json`` and
``fdata/sets-dc.json`` (``python -m scoring cards-build cards-dc.json --fan-sets
sets-dc.json --source "…"``) and keeps the sets it marks both Dream Card and released,
with facts only: name, set, card type and secondary type, alignment, unique, mind,
marshalling points, avatar. No card text, image or artist. docs/rules.md names the source.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from typing import Any

from ..errors import RuleError
from .cards import (
    BALROG,
    CARD_TYPES,
    DUAL,
    DWARF_LORD,
    ELF_LORD,
    FALLEN_WIZARD,
    HERO,
    LORD,
    MINION,
    NEUTRAL,
    STAGE,
    card_key,
)

# The Cardnum alignments and what the index calls them. Cards for Fallen-wizards and Lords
# alike are stage cards, as the official index has them (docs/rules.md, "Fan sets").
_ALIGNMENTS = {
    "hero": HERO,
    "minion": MINION,
    "neutral": NEUTRAL,
    "dual": DUAL,
    "balrog": BALROG,
    "elf-lord": ELF_LORD,
    "dwarf-lord": DWARF_LORD,
    "lord": LORD,
    "fallen/lord": STAGE,
    "fallen-wizard": FALLEN_WIZARD,
}
# Secondary types the official index leaves empty: the card type says them already.
_NO_SUBTYPE = {"", "character", "site", "region", "avatar", "agent", "leader", "haven"}
_MEID = re.compile(r"^[A-Z]{2}0*(?P<number>\d+)(?P<version>[A-Z]?)$")
_SET = re.compile(r"^ME(?P<code>[A-Z]{2})$")
# A record of the run-together CSV form ends with its ``erratum`` field; the next begins with its set.
_RECORD_END = re.compile(r'(,"(?:true|false|)"|"erratum")(?="ME[A-Z]{2}",")')


def read_cardnum_cards(text: str) -> list[dict[str, str]]:
    """The records of Cardnum's ``cards-dc.json``: a JSON list, or the CSV whose records run together.

    The file at commit 5aff9be (2019) is CSV written without line breaks between records;
    each record ends with its ``erratum`` field, so a break is put back after it.
    """
    if text.lstrip().startswith("["):
        records = json.loads(text)
        if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
            raise RuleError("the Cardnum cards must be a list of card objects")
        return [{key: "" if value is None else str(value) for key, value in record.items()} for record in records]
    rows = list(csv.reader(io.StringIO(_RECORD_END.sub(r"\1\n", text.lstrip("\ufeff")))))
    if not rows or "NameEN" not in rows[0]:
        raise RuleError("not the Cardnum cards: no NameEN column")
    head = rows[0]
    broken = next((number for number, row in enumerate(rows[1:], 1) if len(row) != len(head)), None)
    if broken is not None:
        raise RuleError(f"record {broken} of the Cardnum cards has {len(rows[broken])} fields, not {len(head)}")
    return [dict(zip(head, row, strict=True)) for row in rows[1:]]


def released_fan_sets(sets: list[dict[str, Any]]) -> dict[str, tuple[str, str]]:
    """The sets Cardnum's ``sets-dc.json`` marks Dream Card and released: its code → (the index's code, name)."""
    chosen = {}
    for card_set in sets:
        if card_set.get("dreamcards") is True and card_set.get("released") is True:
            found = _SET.match(str(card_set.get("code", "")))
            if not found:
                raise RuleError(f"a fan set's code must be ME and two letters, not {card_set.get('code')!r}")
            chosen[card_set["code"]] = (found["code"], str(card_set["name"]).strip())
    return chosen


def _fan_record(record: dict[str, str], code: str) -> dict[str, Any]:
    name = unicodedata.normalize("NFC", record["NameEN"]).strip().rstrip("*").strip()  # "Balin*": Cardnum's other Balin
    number = _MEID.match(record["MEID"].strip())
    if not name or not number:
        raise RuleError(
            f"a fan card needs a name and a number such as FB007, not {record['NameEN']!r} {record['MEID']!r}"
        )
    kind = record["Primary"].strip().casefold()
    alignment = _ALIGNMENTS.get(record["Alignment"].strip().casefold())
    if kind not in CARD_TYPES or alignment is None:
        raise RuleError(f"{name}: unknown type {record['Primary']!r} or alignment {record['Alignment']!r}")
    secondary = record.get("Secondary", "").strip()
    if alignment == FALLEN_WIZARD and record.get("Stage", "").strip():
        alignment = STAGE
    mind = record.get("Mind", "").strip()
    optional = {
        "subtype": "" if secondary.casefold() in _NO_SUBTYPE else re.sub(r"-Event\b", "-event", secondary),
        "unique": record.get("Unique", "").strip().casefold() == "unique",
        "mind": int(mind) if mind.isdigit() else None,
        "marshalling_points": record.get("MPs", "").strip(),
        "avatar": secondary.casefold() == "avatar",
    }
    card = {
        "id": f"{code}-{number['number']}{number['version']}",
        "name": name,
        "set": code,
        "type": kind,
        "alignment": alignment,
        "fan": True,
    }
    return card | {key: value for key, value in optional.items() if value}


def build_fan_index(
    records: list[dict[str, str]], sets: list[dict[str, Any]], source: str, official_sets: dict[str, str]
) -> dict[str, Any]:
    """The fan sets' index document (``write_index``'s form): the released fan sets' cards, facts only.

    A card whose set is not a released fan set is left out, whatever its own flags say.
    A fan set may not take an official set's code: the code chooses a printing in a list.
    """
    chosen = released_fan_sets(sets)
    taken = sorted({code for code, _name in chosen.values()} & set(official_sets))
    if taken:
        raise RuleError(f"fan sets may not take the official sets' codes: {', '.join(taken)}")
    cards = [
        _fan_record(record, chosen[record["Set"]][0])
        for record in records
        if record.get("Set") in chosen and record.get("dreamcard", "").casefold() == "true"
    ]
    seen: dict[tuple[str, str, str], str] = {}
    for card in cards:
        same = (card["set"], card_key(card["name"]), card["alignment"])
        if same in seen or card["id"] in seen.values():
            raise RuleError(f"the fan card {card['name']} ({card['id']}) is there twice")
        seen[same] = card["id"]
    cards.sort(key=lambda card: card["id"])
    return {"source": source, "sets": dict(chosen.values()), "cards": cards}
