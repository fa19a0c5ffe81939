"""When two names are one: the players of an event, and the accounts of a server.

Two names are one when a reader could take one for the other: "GaIadriel" (a capital
i) for "Galadriel", "Aragom" for "Aragorn", "Plаyer" (a Cyrillic а) for "Player". Each
name has a key, and two names of the same key cannot be registered side by side, so the
pairings and the audit log never show two people as one. The key is made in rounds of:

1. compatibility forms folded (NFKC): a full-width "Ｐ" is "P", "ﬁ" is "fi";
2. what draws as nothing dropped (Unicode's default-ignorable characters and the format
   characters: zero-width spaces and joiners, variation selectors), runs of spaces made one;
3. UTS #39's skeleton (section 4: NFD, each character written as the prototype Unicode's
   confusables read it as, NFD again), whole: prototypes of several letters too ("m" is
   read as "rn"), and before case is folded, so that a capital is read as the letter it
   looks like ("I" as "l");
4. case folded, then ``read_alike()``: "i" is read as "l" (as "I" is), "w" as "vv" (not in
   Unicode's table), and wherever the skeleton reads a letter's capital and small forms
   as two characters, the one beyond ASCII is read as the other (Cyrillic "в", read as
   "ʙ", is "b" like "В"; "ð" is "đ" like "Ð");

until a round changes nothing (a folded "M" is "m", which is "rn"), so the key of a key
is itself. Case is therefore ignored wherever a letter's two forms read as one letter:
in every Latin letter of the languages the app speaks, and in most Greek and Cyrillic
ones. Where they read as two Latin letters (Greek "Ν" as N and "ν" as v; "Η", "Β", "Υ";
Cyrillic "Б", "Г"; the hooked letters of some African alphabets) the two forms stay two
names, or every "v" would be an "n". Accents count, as in the skeleton: "Éowyn" and
"Eowyn" may be two people. The price of reading "I" as "l" in a case-blind key is that
"i" and "l" are one letter: "Kari" reads as "Karl", as "Erna" reads as "Ema".

The table is Unicode's confusables.txt, version 16.0.0 (2024-08-14), from ICU 76.1's
source (Debian's source package icu 76.1-4), kept short in events/data/confusables.txt
under the Unicode License V3 (events/data/LICENSE-Unicode.txt); ``manage.py confusables``
writes it from Unicode's file. NFKC, NFD and case come from Python's unicodedata (Unicode
14.0 in Python 3.11). A new table, a new Python or a new rule here may change keys: a
data migration must then recompute the digests stored with players, as
0018_names_skeleton did for this one.
"""

from __future__ import annotations

import functools
import hashlib
import unicodedata
from pathlib import Path

from django.utils.translation import gettext as _

from scoring import is_ignorable

CONFUSABLES_PATH = Path(__file__).resolve().parent / "data" / "confusables.txt"
CONFUSABLES_VERSION = "16.0.0"

# Letters that write no language's names but look like letters that do: the phonetic
# alphabets' small capitals and variants (ʀ, ɾ, ɑ), modifier letters, letter-like and
# mathematical symbols, number forms, click letters. An account's name may not use them.
NOT_NAME_LETTERS = (
    (0x01C0, 0x01C3),
    (0x0250, 0x02FF),
    (0x1D00, 0x1DBF),
    (0x2100, 0x218F),
    (0xAB30, 0xAB6F),
    (0x1D400, 0x1D7FF),
)

# A key is normally stable after two or three rounds; a longer chain would be a fault in the table.
MAX_ROUNDS = 8


@functools.cache
def prototypes() -> dict[int, str]:
    """Unicode's confusables: each character's code point and the prototype it is read as."""
    table = {}
    for line in CONFUSABLES_PATH.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, *prototype = line.split()
            table[int(source, 16)] = "".join(chr(int(code, 16)) for code in prototype)
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text`` (section 4): NFD, each character written as its prototype, NFD again."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(prototypes()))


# Read alike although Unicode's table writes them apart, after case is folded.
SPELLED_ALIKE = {
    "i": "l",  # the table reads "I" as "l"; "i" is the same letter, so "Ivan" is "ivan", and "GaIadriel" "Galadriel"
    "w": "vv",  # not in the table, yet "VVill" reads as "Will"
}


@functools.cache
def read_alike() -> dict[int, str]:
    """After case is folded: ``SPELLED_ALIKE``, and what makes a letter's capital and small forms one letter.

    Where the skeleton reads a capital and its small letter as two characters, the one
    beyond ASCII (a letter or a symbol, never an accent) is read as the other: Greek "ε"
    as "e" (since "Ε" is "E"), Cyrillic "в" (read as "ʙ") as "b" (since "В" is "B"), "ð"
    (read as "∂" with a stroke) as "đ" (since "Ð" is "Đ"). Where it reads them as two
    Latin letters or digits (Greek "Ν" as "N", "ν" as "v") they stay two, or every "v"
    would be an "n". Worked out from the table on first use (some 25 ms).
    """
    read = {ord(written): letter for written, letter in SPELLED_ALIKE.items()}
    cased = sorted(
        {
            char
            for code in prototypes()
            for char in (chr(code), chr(code).upper(), chr(code).lower())
            if len(char) == 1 and char.upper() != char.lower()
        }
    )
    for _pass in range(MAX_ROUNDS):
        added = False
        for char in cased:
            capital, small = _key(char.upper(), read), _key(char.lower(), read)
            if capital == small:
                continue
            merge = _merge(capital, small)
            if merge is not None and _key(merge[1], read) != merge[0]:
                read[ord(merge[0])] = merge[1]
                added = True
        if not added:
            break
    return read


def _merge(capital: str, small: str) -> tuple[str, str] | None:
    # Which letter to read as what, so that the two keys of one letter are one; None to keep them apart.
    if len(small) == 1 and _foreign_letter(small):
        return small, capital
    if len(capital) == 1 and _foreign_letter(capital):
        return capital, small
    apart = [(a, b) for a, b in zip(capital, small, strict=False) if a != b]
    if len(capital) == len(small) and len(apart) == 1:
        ((in_capital, in_small),) = apart
        if _foreign_letter(in_small):
            return in_small, in_capital
        if _foreign_letter(in_capital):
            return in_capital, in_small
    return None


def _foreign_letter(char: str) -> bool:
    # A letter or symbol beyond ASCII ("ε", "ʙ", "∂"), which may be read as another without two Latin letters
    # becoming one; never a mark, or every accent of a kind would read as another.
    return not char.isascii() and unicodedata.category(char)[0] in "LS"


def _visible(text: str) -> str:
    if text.isascii():
        return text
    return "".join(char for char in text if not is_ignorable(char) and unicodedata.category(char) != "Cf")


def _round(text: str, read: dict[int, str]) -> str:
    text = _visible(unicodedata.normalize("NFKC", text))
    text = skeleton(" ".join(text.split())).casefold().translate(read)
    return " ".join(unicodedata.normalize("NFD", text).split())


def _key(text: str, read: dict[int, str]) -> str:
    for _round_number in range(MAX_ROUNDS):
        following = _round(text, read)
        if following == text:
            break
        text = following
    return text


def name_key(value: str) -> str:
    """``value`` as names are compared: the same key is the same name to a reader (the module's steps 1 to 6).

    Not for display: a key mixes scripts and reads "Galadriel" as "galadrlel".
    """
    return _key(value, read_alike())


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
            return _("“%(letter)s” is not a letter that names are written in; use the letters of your alphabet.") % {
                "letter": char
            }
    return None
