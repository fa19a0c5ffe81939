"""When two names are one: the players of an event, and the accounts of a server.

Two names are one when they read the same: "Ｐlayer 001" (full-width), "Player\u200b 001"
(a zero-width space) and "Plаyer 001" (a Cyrillic "а") are all "Player 001". Unicode's
list of look-alike letters (its confusables, from the confusable_homoglyphs package)
names, for each group of letters that look alike, the one they are all read as; a
name's key writes every letter as that one (UTS #39's "skeleton"). Two names of the same
key cannot be registered side by side, so the pairings and the audit log never show
two people as one.
"""

from __future__ import annotations

import functools
import hashlib
import unicodedata

from confusable_homoglyphs.confusables import confusables_data
from django.utils.translation import gettext as _

from scoring.text import is_ignorable

# Letters that write no language's names but look like letters that do: the phonetic
# alphabets' small capitals and variants (ʀ, ɾ, ɑ), modifier letters, letter-like and
# mathematical symbols, number forms, click letters. An account's name may not use them.
NOT_NAME_LETTERS = (
    (0x01C0, 0x01C3), (0x0250, 0x02FF), (0x1D00, 0x1DBF), (0x2100, 0x218F), (0xAB30, 0xAB6F),
    (0x1D400, 0x1D7FF),
)


@functools.lru_cache(maxsize=8192)
def _read_as(char: str) -> str:
    """The letter ``char`` is read as: the one its group of look-alikes is written as, else itself.

    In the package's table a group's letter lists every look-alike, and each look-alike
    lists the group's letter alone; a letter in a group of two is read as the smaller.
    """
    alikes = [glyph["c"] for glyph in confusables_data.get(char, ()) if len(glyph["c"]) == 1]
    if len(alikes) != 1 or len(confusables_data.get(char, ())) != 1:
        return char
    group = alikes[0]
    if len(confusables_data.get(group, ())) > 1:
        return group
    return min(char, group)


def name_key(value: str) -> str:
    """``value`` as names are compared: the same key is the same name to a reader.

    Compatibility forms are folded (NFKC: a full-width "Ｐ" is "P"), what draws as
    nothing (zero-width characters, variation selectors) is dropped, runs of spaces are
    one, case is ignored, and each letter is written as the letter its look-alikes are
    read as. Accents are kept: "Éowyn" and "Eowyn" may be two people.
    """
    text = unicodedata.normalize("NFKC", value)
    text = "".join(char for char in text if not is_ignorable(char) and unicodedata.category(char) != "Cf")
    text = " ".join(text.split()).casefold()
    return "".join(_read_as(char) for char in text).casefold()


def name_digest(value: str) -> str:
    """A fixed-length digest of ``name_key(value)``, kept with each player to find a look-alike in one query."""
    return hashlib.sha256(name_key(value).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def account_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a new account's name beyond Django's own validators, or None.

    Its letters must be ones that names are written in, so that no account reads as
    another's ("cooʀdinator" beside "coordinator") in the audit log.
    """
    for char in name:
        if any(low <= ord(char) <= high for low, high in NOT_NAME_LETTERS):
            return _("“%(letter)s” is not a letter that names are written in; use the letters of your "
                     "alphabet.") % {"letter": char}
    return None
