"""When two names are one: the players of an event, and the accounts of a server.

Two names are one when they look the same to a reader: "Ｐlayer 001" (full-width),
"Player\u200b 001" (a zero-width space) and "Plаyer 001" (a Cyrillic "а") are all
"Player 001". The published list of look-alike letters (Unicode's confusables, from
the confusable_homoglyphs package) maps each letter that looks like a Latin one to it;
two names of the same key cannot be registered side by side, so the audit log and the
pairings never show two people as one.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import categories, confusables

from scoring.text import BLANK_LETTERS


@functools.lru_cache(maxsize=4096)
def _latin_look_alike(char: str) -> str:
    found = confusables.is_confusable(char, preferred_aliases=["latin"])
    if not found:
        return char
    latin = [glyph["c"] for glyph in found[0]["homoglyphs"] if categories.alias(glyph["c"][0]) == "LATIN"]
    return latin[0] if latin else char


def name_key(value: str) -> str:
    """``value`` as names are compared: the same key is the same name to a reader.

    Compatibility forms are folded (NFKC: a full-width "Ｐ" is "P"), format characters
    such as zero-width spaces are dropped, runs of spaces are one, case is ignored, and
    each letter that looks like a Latin one is that letter. Accents are kept: "Éowyn"
    and "Eowyn" may be two people.
    """
    text = unicodedata.normalize("NFKC", value)
    text = "".join(char for char in text if unicodedata.category(char) != "Cf" and char not in BLANK_LETTERS)
    text = unicodedata.normalize("NFKC", " ".join(text.split()).casefold())
    return "".join(_latin_look_alike(char) if not char.isascii() else char for char in text)
