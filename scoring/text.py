"""Text that people type or archives bring: what a line of text and a name may hold.

Names are shown on phones, printouts and the projector, and kept in PostgreSQL, which
refuses NUL. A name may be written in any script. It may not hold control characters
(NUL, line breaks), broken characters (lone surrogates, which no database can store),
the directional overrides that make text read differently from how it is stored (the
"Trojan Source" trick), or nothing visible at all. When two names are the same name
is the app's question (events/names.py).
"""

from __future__ import annotations

import unicodedata

from .messages import Text, _

# Explicit directional embeddings, overrides and isolates (Unicode UAX #9, section 2).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# The line and paragraph separators: line breaks that are not control characters.
LINE_BREAKS = frozenset("\u2028\u2029")
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): what
# a renderer draws as nothing unless it knows better, such as zero-width spaces and
# joiners, variation selectors, fillers and the tags.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Drawn as nothing although not default-ignorable: the blank Braille pattern.
BLANK = frozenset("\u2800")
# Format characters, separators, and combining marks, which have nothing to sit on alone.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Zs", "Zl", "Zp", "Mn", "Me"})


def is_ignorable(char: str) -> bool:
    """Whether ``char`` is a Default_Ignorable_Code_Point: drawn as nothing, so two names differing by it read alike."""
    code = ord(char)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def _invisible(char: str) -> bool:
    return unicodedata.category(char) in INVISIBLE_CATEGORIES or char in BLANK or is_ignorable(char)


def text_problem(value: str) -> Text | None:
    """Why ``value`` cannot be stored as a line of text, or None when it can.

    Refused: control characters (category Cc, NUL among them) and the line and
    paragraph separators, lone surrogates (category Cs), and directional overrides.
    The answer is a translatable phrase that completes "The name ..." (or "The place
    ...", "The note ..."): the caller makes it a whole sentence with its own message id.
    """
    if value.isascii() and value.isprintable():
        return None  # no control character, line break, broken or reversing character is ASCII and printable
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc" or char in LINE_BREAKS:
            # Translators: completes a sentence such as "The name ..."; %(code)s is a character's code, such as 000A.
            return _("holds a control character (U+%(code)s)", code=f"{ord(char):04X}")
        if category == "Cs":
            # Translators: completes a sentence such as "The name ..."; %(code)s is a character's code, such as D800.
            return _("holds a broken character (U+%(code)s)", code=f"{ord(char):04X}")
        if char in BIDI_CONTROLS:
            # Translators: completes a sentence such as "The name ..."; %(code)s is a character's code, such as 202E.
            return _("holds a character that reverses the text around it (U+%(code)s)", code=f"{ord(char):04X}")
    return None


def name_problem(value: str) -> Text | None:
    """Why ``value`` cannot be a name, or None when it can: ``text_problem``, or nothing visible in it.

    Like ``text_problem``'s, the answer is a translatable phrase completing "The name ...".
    """
    problem = text_problem(value)
    if problem is not None:
        return problem
    # Printable ASCII (text_problem let it pass) has one invisible character, the space: no table to read.
    if (not value.strip(" ")) if value.isascii() else all(_invisible(char) for char in value):
        # Translators: completes a sentence such as "The name ..." (a name of spaces or invisible characters only).
        return _("has nothing visible in it")
    return problem
