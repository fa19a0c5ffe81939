"""The card index: facts about every official MECCG card and the fan sets', and names matched as people write them.

The index holds facts only (name, set, card type and secondary type, alignment, unique,
mind, race, avatar, names in other languages), never card text or images. It is built
once from the Council of Elrond's public card database by ``build_index`` (``python -m
scoring cards-build FILE``) and stored in ``scoring/decks/data/cards.json``; the fan
(Dream Card) sets' cards, each flagged ``fan``, are in ``data/fan-cards.json``
(``scoring.decks.fan_cards``). docs/rules.md names the sources and their dates.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

INDEX_PATH = Path(__file__).with_name("data") / "cards.json"
FAN_INDEX_PATH = INDEX_PATH.with_name("fan-cards.json")

CHARACTER, RESOURCE, HAZARD, SITE, REGION = "character", "resource", "hazard", "site", "region"
CARD_TYPES = (CHARACTER, RESOURCE, HAZARD, SITE, REGION)

HERO, MINION, FALLEN_WIZARD, BALROG = "hero", "minion", "fallen-wizard", "balrog"
ONE_RING = "The One Ring"  # the card's name, which a policy may keep from some alignments' decks
NEUTRAL, DUAL, STAGE = "neutral", "dual", "stage"
# The Lords of the fan sets (Firstborn, Durin's Folk): Elf-lords, Dwarf-lords, and cards for any Lord.
ELF_LORD, DWARF_LORD, LORD = "elf-lord", "dwarf-lord", "lord"
ALIGNMENTS = (HERO, MINION, FALLEN_WIZARD, BALROG, NEUTRAL, DUAL, STAGE, ELF_LORD, DWARF_LORD, LORD)

# What a written alignment tag stands for: the online clients' "[H]", "[M]", "[F]", "[B]"
# and NetMECCG's suffixes ("*" minion, "@" fallen-wizard, "%" balrog).
_TAGS = {
    "h": HERO,
    "hero": HERO,
    "m": MINION,
    "minion": MINION,
    "f": FALLEN_WIZARD,
    "fw": FALLEN_WIZARD,
    "fallen-wizard": FALLEN_WIZARD,
    "fallen wizard": FALLEN_WIZARD,
    "b": BALROG,
    "balrog": BALROG,
}
_SUFFIX_TAGS = {"*": MINION, "@": FALLEN_WIZARD, "%": BALROG}
_TAG = re.compile(r"\s*[\[(](?P<tag>h|m|f|b|fw|hero|minion|balrog|fallen[- ]wizard)[\])]", re.IGNORECASE)
_SET_CODE = re.compile(r"\s*\((?P<code>[A-Za-z]{2,4})\)\s*$")


@dataclass(frozen=True)
class Card:
    """The facts of one printed card (one ``id``: a set and a number); ``fan`` for a card of a fan set.

    ``marshalling_points`` is as printed ("2", a creature's "(1)") and given for fan cards only.
    """

    id: str
    name: str
    set: str
    type: str
    subtype: str
    alignment: str
    unique: bool
    mind: int | None
    race: str
    avatar: bool
    other_names: tuple[str, ...] = ()
    fan: bool = False
    marshalling_points: str = ""

    @property
    def is_creature(self) -> bool:
        """A hazard creature, including one that is also an event."""
        return self.type == HAZARD and "Creature" in self.subtype.split("/")

    @property
    def is_creature_event(self) -> bool:
        """A creature that is also an event (the Nazgûl, Shelob, ...): half a creature (Policy #1, General 8)."""
        return self.is_creature and "/" in self.subtype


def card_key(name: str) -> str:
    """A name as it is compared: without accents, case, punctuation or spaces ("Théoden's" → "theodens")."""
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(char for char in decomposed if not unicodedata.combining(char))
    return re.sub(r"[^0-9a-z]+", "", letters.casefold())


@dataclass(frozen=True)
class Written:
    """A name as written in a list, split into the name, an alignment tag and a set code if given."""

    name: str
    alignment: str | None = None
    set_code: str | None = None


def read_written(text: str) -> Written:
    """Take the alignment tag ("[H]", "(Minion)", a NetMECCG "*") and the set code ("(TW)") off a written name."""
    name, alignment, set_code = text.strip(), None, None
    found = _SET_CODE.search(name)
    if found and found["code"].casefold() not in _TAGS:
        name, set_code = name[: found.start()], found["code"].upper()
    found = _TAG.search(name)
    if found:
        alignment = _TAGS[found["tag"].casefold().replace(" ", "-")]
        name = (name[: found.start()] + name[found.end() :]).strip()
    if name[-1:] in _SUFFIX_TAGS and len(name) > 1:
        alignment, name = alignment or _SUFFIX_TAGS[name[-1]], name[:-1].strip()
    return Written(name=name.strip(), alignment=alignment, set_code=set_code)


class CardIndex:
    """Every card, found by name in any of its languages without accents, case or punctuation."""

    def __init__(self, cards: list[Card], sets: dict[str, str], source: str = "") -> None:
        self.cards = cards
        self.sets = sets
        self.source = source
        self._by_key: dict[str, list[Card]] = {}
        for card in cards:
            for key in {card_key(name) for name in (card.name, *card.other_names)}:
                self._by_key.setdefault(key, []).append(card)
        self._english_keys = {card_key(card.name): card.name for card in cards if not card.fan}
        self._fan_keys: dict[str, dict[str, str]] = {}
        for card in cards:
            if card.fan:
                self._fan_keys.setdefault(card.set, {})[card_key(card.name)] = card.name
        self.fan_sets = {code: sets[code] for code in sorted(self._fan_keys)}  # code → name

    def find(self, written: str, alignment: str | None = None) -> list[Card]:
        """The printings a written name may mean, the best first; empty when no card has the name.

        An alignment tag in the name, then ``alignment`` (the deck's), choose between a
        hero and a minion printing of one name; a set code chooses among reprints. A name
        that official and fan cards share means the official cards, unless its set code
        names the fan set ("Balin (DF)"): the official card keeps its name.
        """
        parts = read_written(written)
        found = self._by_key.get(card_key(parts.name), [])
        official = [card for card in found if not card.fan]
        if official and not any(card.fan and card.set == parts.set_code for card in found):
            found = official
        wanted = parts.alignment or alignment

        def preference(card: Card) -> tuple[bool, bool, bool, str]:
            return (
                card.set != parts.set_code,
                card.alignment != wanted,
                card.alignment not in (NEUTRAL, DUAL, wanted),
                card.id,
            )

        return sorted(found, key=preference)

    def closest(self, written: str, count: int = 3, fan_sets: tuple[str, ...] = ()) -> list[str]:
        """The English names nearest to a name no card has, for "did you mean": official cards', and those
        of the fan sets ``fan_sets`` names (an event allows)."""
        names = {key: name for code in fan_sets for key, name in self._fan_keys.get(code, {}).items()}
        names |= self._english_keys
        key = card_key(read_written(written).name)
        keys = difflib.get_close_matches(key, names, n=count, cutoff=0.6)
        return [names[match] for match in keys]


def _card(record: dict[str, Any]) -> Card:
    return Card(
        id=record["id"],
        name=record["name"],
        set=record["set"],
        type=record["type"],
        subtype=record.get("subtype", ""),
        alignment=record["alignment"],
        unique=record.get("unique", False),
        mind=record.get("mind"),
        race=record.get("race", ""),
        avatar=record.get("avatar", False),
        other_names=tuple(record.get("other_names", ())),
        fan=record.get("fan", False),
        marshalling_points=record.get("marshalling_points", ""),
    )


def read_index(path: Path = INDEX_PATH, *more: Path) -> CardIndex:
    """Read a stored card index (``write_index``'s document), and ``more`` beside it as one index."""
    documents = [json.loads(each.read_text(encoding="utf-8")) for each in (path, *more)]
    return CardIndex(
        [_card(record) for data in documents for record in data["cards"]],
        {code: name for data in documents for code, name in data["sets"].items()},
        "; ".join(data["source"] for data in documents),
    )


@cache
def card_index() -> CardIndex:
    """The project's card index, official and fan cards, read once per process."""
    return read_index(INDEX_PATH, FAN_INDEX_PATH)


def _mind(value: object) -> int | None:
    text = str(value or "").strip()
    return int(text) if text.isdigit() else None


def build_index(database: dict[str, Any], source: str) -> dict[str, Any]:
    """The index's document from the Council of Elrond's ``cards.json`` (``{set: {name, cards}}``): facts only.

    Card text, flavour text, artists and images are left out; so are the names of other
    languages that only repeat the English one.
    """
    cards, sets = [], {}
    for set_code, card_set in sorted(database.items()):
        sets[set_code] = card_set["name"]["en"]
        for card in card_set["cards"].values():
            attributes = card.get("attributes") or {}
            names = card["name"]
            english = unicodedata.normalize("NFC", names["en"]).strip()
            others = sorted(
                {
                    unicodedata.normalize("NFC", name).strip()
                    for language, name in names.items()
                    if language != "en" and name and card_key(name) != card_key(english)
                }
            )
            record = {
                "id": card["id"],
                "name": english,
                "set": set_code,
                "type": card["type"].casefold(),
                "alignment": card["alignment"].casefold(),
            }
            optional = {
                "subtype": attributes.get("subtype") or "",
                "unique": bool(attributes.get("unique")),
                "mind": _mind(attributes.get("mind")),
                "race": attributes.get("race") or "",
                "avatar": bool(attributes.get("avatar")),
                "other_names": others,
            }
            record |= {key: value for key, value in optional.items() if value}
            cards.append(record)
    cards.sort(key=lambda record: record["id"])
    return {"source": source, "sets": sets, "cards": cards}


def write_index(document: dict[str, Any], path: Path) -> None:
    """Store the index with one card a line, so that a rebuild shows in a diff card by card."""
    head = {key: value for key, value in document.items() if key != "cards"}
    lines = [json.dumps(card, ensure_ascii=False, sort_keys=True) for card in document["cards"]]
    text = json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "cards": [\n' + ",\n".join(lines) + "\n]}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
