"""Deck lists as players write them: plain text or JSON into a ``DeckList``.

The text form is the one MECCG players already exchange: section headings ("Pool",
"Resources", "Hazards", "Sideboard", "Sites", and for a general-opponent event "Deck
against hero" / "Deck against minion"), then one card a line with its count in front
("3 Orc-patrol", "3x Orc-patrol") or behind ("Orc-patrol x3"); a line without a count is
one copy. Blank lines and comments (``//`` or ``#`` not followed by a heading) are
skipped. Nothing here knows the cards: names stay as written, with their line numbers,
for ``decks.check_deck_list`` to match against the card index.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, cast

from ..errors import RuleError
from ..limits import MAX_NAME_LENGTH
from ..messages import _

POOL = "pool"
PLAY = "play"
SIDEBOARD = "sideboard"
SITES = "sites"
SECTIONS = (POOL, PLAY, SIDEBOARD, SITES)

# Which deck a list's cards belong to. A single-alignment (or sealed, challenge,
# scenario) list has one; a general-opponent list has one against each alignment
# (Version 3 and Policy Number 4, General Opponent).
MAIN = "main"
AGAINST_HERO = "against-hero"
AGAINST_MINION = "against-minion"
DECK_NAMES = (MAIN, AGAINST_HERO, AGAINST_MINION)
# The ten cards a player may add to the sideboard against a Fallen-wizard (same clause).
AGAINST_FALLEN_WIZARD = "against-fallen-wizard"
# In a sealed event, every card the player received (The Sealed Deck Game).
PRODUCT = "product"

MAX_LINES = 1000
# No card name is near this long; a longer line is a mistake, and cut short before any
# pattern reads it, so that no line can keep the reader busy.
MAX_LINE_CHARACTERS = 300
MAX_COPIES_WRITTEN = 99

_HEADINGS = {
    POOL: (
        "pool",
        "starting",
        "starting pool",
        "pool of starting characters",
        "starting characters",
        "starting company",
        "draft",
        "draft pool",
        "character draft",
        "character pool",
    ),
    PLAY: (
        "play deck",
        "playdeck",
        "deck",
        "main deck",
        "characters",
        "character",
        "resources",
        "resource",
        "hazards",
        "hazard",
        "creatures",
        "avatar",
        "avatars",
        "wizard",
        "wizards",
        "items",
        "allies",
        "factions",
        "events",
    ),
    SIDEBOARD: ("sideboard", "side board", "side", "sb"),
    SITES: ("sites", "site", "location deck", "locations", "regions"),
    AGAINST_FALLEN_WIZARD: (
        "against fallen wizard",
        "vs fallen wizard",
        "versus fallen wizard",
        "fallen wizard sideboard",
        "sideboard against fallen wizard",
        "sideboard vs fallen wizard",
        "predetermined cards",
        "ten predetermined cards",
        "anti fw",
    ),
    PRODUCT: (
        "product",
        "received",
        "cards received",
        "starter and boosters",
        "sealed product",
        "sealed pool",
        "starter",
        "starter deck",
        "booster",
        "boosters",
        "booster pack",
        "booster packs",
    ),
}
_HEADING_OF = {phrase: kind for kind, phrases in _HEADINGS.items() for phrase in phrases}


def _deck_headings() -> dict[str, str]:
    """Every way of writing "Deck against hero" ("vs. heroes", "Against minion opponents", ...)."""
    headings = {}
    for deck, words in ((AGAINST_HERO, ("hero", "heroes")), (AGAINST_MINION, ("minion", "minions"))):
        for start in ("", "deck ", "play deck "):
            for against in ("against", "vs", "versus"):
                for word in words:
                    for end in ("", " opponent", " opponents"):
                        headings[f"{start}{against} {word}{end}"] = deck
    return headings


_HEADING_OF |= _deck_headings()

_COUNT_FIRST = re.compile(r"(?P<count>\d{1,3})\s*[x×*]?\s+(?P<name>\S.*)", re.IGNORECASE)
_X_COUNT_FIRST = re.compile(r"[x×](?P<count>\d{1,3})\s+(?P<name>\S.*)", re.IGNORECASE)
_COUNT_LAST = re.compile(r"(?P<name>\S.*?)\s+[x×*]\s*(?P<count>\d{1,3})", re.IGNORECASE)
_COUNT_IN_PARENTHESES = re.compile(r"(?P<name>\S.*?)\s*\((?P<count>\d{1,3})\)")
_BARE_COUNT_LAST = re.compile(r"(?P<name>\S.*?)\s+(?P<count>\d{1,2})")
_HEADING_COUNT = re.compile(
    r"(?:\(\s*\d+(?:\s*cards?)?\s*\)|\[\s*\d+(?:\s*cards?)?\s*\]|\d+(?:\s*cards?)?)$", re.IGNORECASE
)
# A line of rules or dashes that sets sections apart ("-----", "====", "* * *").
_SEPARATOR = re.compile(r"[\W_]+")
# A set or edition written after the name ("Sting [TW]", "Sting {METW}") tells nothing the index needs.
_SET_NOTE = re.compile(r"\s*[\[{][^\]}]*[\]}]\s*$")


@dataclass(frozen=True)
class Entry:
    """``count`` copies of the card written as ``name``, on line ``line`` of the list (0 for JSON)."""

    count: int
    name: str
    line: int = 0


@dataclass(frozen=True)
class Deck:
    """One deck: the pool of starting characters, the play deck, the sideboard and the sites."""

    pool: tuple[Entry, ...] = ()
    play: tuple[Entry, ...] = ()
    sideboard: tuple[Entry, ...] = ()
    sites: tuple[Entry, ...] = ()

    def section(self, name: str) -> tuple[Entry, ...]:
        """The entries of section ``name`` (one of SECTIONS)."""
        return cast(tuple[Entry, ...], getattr(self, name))

    def is_empty(self) -> bool:
        """True when the deck holds no card at all."""
        return not any(self.section(name) for name in SECTIONS)


@dataclass(frozen=True)
class DeckList:
    """A player's whole registration: their deck or decks, and the cards added against a Fallen-wizard."""

    decks: dict[str, Deck] = field(default_factory=dict)
    against_fallen_wizard: tuple[Entry, ...] = ()
    product: tuple[Entry, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The list as JSON-ready data, the form ``read_deck_json`` reads back."""

        def entries(items: tuple[Entry, ...]) -> list[dict[str, Any]]:
            return [{"count": item.count, "name": item.name} for item in items]

        data: dict[str, Any] = {
            "decks": {
                name: {section: entries(deck.section(section)) for section in SECTIONS}
                for name, deck in self.decks.items()
            }
        }
        if self.against_fallen_wizard:
            data[AGAINST_FALLEN_WIZARD] = entries(self.against_fallen_wizard)
        if self.product:
            data[PRODUCT] = entries(self.product)
        return data


def _plain(text: str) -> str:
    """Lower case without accents or punctuation, spaces single: how headings are compared."""
    decomposed = unicodedata.normalize("NFKD", text)
    letters = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^0-9a-z]+", " ", letters.casefold()).split())


def _heading(line: str) -> str | None:
    """The kind of heading ``line`` is (a section, a deck, or the Fallen-wizard cards), or None."""
    text = line.strip().lstrip("#=*/-[ \t").rstrip("=*:-] \t")
    # A count after a heading: "Hazards (20)", "Resources: 25", "Sideboard 15 cards".
    text = _HEADING_COUNT.sub("", text).rstrip(" \t:-")
    return _HEADING_OF.get(_plain(text))


def _entry(line: str, number: int) -> Entry:
    text = _SET_NOTE.sub("", line)
    for pattern in (_COUNT_FIRST, _X_COUNT_FIRST, _COUNT_LAST, _COUNT_IN_PARENTHESES, _BARE_COUNT_LAST):
        found = pattern.fullmatch(text)
        if found:
            count, name = int(found["count"]), found["name"].strip()
            break
    else:
        count, name = 1, text.strip()
    field_name = f"line {number}"
    if not 1 <= count <= MAX_COPIES_WRITTEN:
        # Translators: %(line)s is a line of a deck list as the player wrote it.
        raise RuleError(
            _("“%(line)s”: a count must be from 1 to %(limit)s", line=line, limit=MAX_COPIES_WRITTEN), field=field_name
        )
    if not name or name.isdigit():
        # Translators: %(line)s is a line of a deck list as the player wrote it.
        raise RuleError(_("“%(line)s” names no card", line=line), field=field_name)
    if len(name) > MAX_NAME_LENGTH:
        raise RuleError(_("a card name is at most %(limit)s characters", limit=MAX_NAME_LENGTH), field=field_name)
    return Entry(count=count, name=name, line=number)


class _Builder:
    """Collects entries under the deck and section the headings so far have chosen."""

    def __init__(self) -> None:
        self.deck = MAIN
        self.section = PLAY
        self.sections: dict[str, dict[str, list[Entry]]] = {}
        self.apart: dict[str, list[Entry]] = {AGAINST_FALLEN_WIZARD: [], PRODUCT: []}
        self.in_apart: str | None = None

    def heading(self, kind: str) -> None:
        self.in_apart = kind if kind in self.apart else None
        if kind in (AGAINST_HERO, AGAINST_MINION):
            self.deck, self.section = kind, PLAY
        elif kind in SECTIONS:
            self.section = kind

    def add(self, entry: Entry) -> None:
        if self.in_apart:
            self.apart[self.in_apart].append(entry)
        else:
            self.sections.setdefault(self.deck, {}).setdefault(self.section, []).append(entry)

    def deck_list(self) -> DeckList:
        decks = {
            name: Deck(**{section: tuple(entries) for section, entries in sections.items()})
            for name, sections in self.sections.items()
        }
        return DeckList(
            decks=decks,
            against_fallen_wizard=tuple(self.apart[AGAINST_FALLEN_WIZARD]),
            product=tuple(self.apart[PRODUCT]),
        )


def read_deck_text(text: str) -> DeckList:
    """Read a deck list written as text (see the module's docstring); RuleError naming the line it cannot read."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise RuleError(_("a deck list is at most %(limit)s lines", limit=MAX_LINES), field="list")
    builder = _Builder()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or _SEPARATOR.fullmatch(line):
            continue
        if len(line) > MAX_LINE_CHARACTERS:
            raise RuleError(
                _("the line is longer than %(limit)s characters", limit=MAX_LINE_CHARACTERS), field=f"line {number}"
            )
        kind = _heading(line)
        if kind is not None:
            builder.heading(kind)
        elif not line.startswith(("#", "//")) and not (line.startswith("[") and line.endswith("]")):
            # A bracketed line that is no heading is a file's title ("[NetMECCG v1.4 Deck]").
            builder.add(_entry(line, number))
    return builder.deck_list()


def every_entry(deck_list: DeckList) -> tuple[Entry, ...]:
    """Every entry of ``deck_list`` whatever its heading: how a sealed player's product is read.

    The coordinator types the cards a player received as they come, starter and boosters
    with or without headings; all of them are the product.
    """
    entries = [entry for deck in deck_list.decks.values() for name in SECTIONS for entry in deck.section(name)]
    return (*entries, *deck_list.against_fallen_wizard, *deck_list.product)


def _json_entries(value: object, where: str) -> tuple[Entry, ...]:
    if not isinstance(value, list):
        # Translators: "count" and "name" are field names of a deck list given as JSON, kept as written.
        raise RuleError(_('must be a list of {"count", "name"} objects'), field=where)
    entries = []
    for index, item in enumerate(value):
        spot = f"{where}[{index}]"
        if not isinstance(item, dict) or set(item) - {"count", "name"} or not isinstance(item.get("name"), str):
            raise RuleError(_("must be an object with a name and a count"), field=spot)
        count = item.get("count", 1)
        if type(count) is not int or not 1 <= count <= MAX_COPIES_WRITTEN:
            # Translators: %(what)s is a field's name in a deck list given as JSON, kept as written.
            raise RuleError(
                _(
                    "%(what)s must be a whole number from %(minimum)s to %(maximum)s",
                    what="count",
                    minimum=1,
                    maximum=MAX_COPIES_WRITTEN,
                ),
                field=f"{spot}.count",
            )
        name = item["name"].strip()
        if not name or len(name) > MAX_NAME_LENGTH:
            # Translators: %(what)s is a field's name in a deck list given as JSON, kept as written.
            raise RuleError(
                _(
                    "%(what)s must have %(minimum)s to %(maximum)s characters",
                    what="name",
                    minimum=1,
                    maximum=MAX_NAME_LENGTH,
                ),
                field=f"{spot}.name",
            )
        entries.append(Entry(count=count, name=name))
    return tuple(entries)


def read_deck_json(data: object) -> DeckList:
    """Read a deck list given as data: ``{"decks": {deck: {section: [{"count", "name"}]}}}``.

    ``deck`` is one of DECK_NAMES and ``section`` one of SECTIONS; the cards added
    against a Fallen-wizard go under the top-level key ``against-fallen-wizard``, and a
    sealed player's starter and boosters under ``product``. A
    single deck may also be given alone, as ``{section: [...]}``.
    """
    if not isinstance(data, dict):
        raise RuleError(_("a deck list must be a JSON object"), field="list")
    if "decks" not in data:
        data = {"decks": {MAIN: data}}
    unknown = set(data) - {"decks", AGAINST_FALLEN_WIZARD, PRODUCT}
    if unknown:
        # Translators: %(name)s is the field given and %(allowed)s the fields allowed, kept as written.
        raise RuleError(
            _(
                "unknown field %(name)s; allowed: %(allowed)s",
                name=repr(sorted(unknown)[0]),
                allowed=("decks", AGAINST_FALLEN_WIZARD, PRODUCT),
            ),
            field="list",
        )
    decks_data = data["decks"]
    if not isinstance(decks_data, dict):
        raise RuleError(_("must be an object of decks"), field="decks")
    decks = {}
    for name, deck_data in decks_data.items():
        if name not in DECK_NAMES:
            # Translators: %(name)s is the deck given and %(allowed)s the decks a list may have, kept as written.
            raise RuleError(
                _("unknown deck %(name)s; one of: %(allowed)s", name=repr(name), allowed=DECK_NAMES), field="decks"
            )
        if not isinstance(deck_data, dict) or set(deck_data) - set(SECTIONS):
            # Translators: %(sections)s are the sections a deck may have, kept as written.
            raise RuleError(
                _("a deck is an object of sections: %(sections)s", sections=SECTIONS), field=f"decks.{name}"
            )
        decks[name] = Deck(
            **{section: _json_entries(entries, f"decks.{name}.{section}") for section, entries in deck_data.items()}
        )
    return DeckList(
        decks=decks,
        against_fallen_wizard=_json_entries(data.get(AGAINST_FALLEN_WIZARD, []), AGAINST_FALLEN_WIZARD),
        product=_json_entries(data.get(PRODUCT, []), PRODUCT),
    )
