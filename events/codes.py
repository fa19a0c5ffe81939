"""The result codes printed beside each player's name on a slip, for reporting from a phone.

docs/security.md says what a code proves and how guessing is stopped.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection

# Result codes avoid letters and digits that read alike (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
_FAIR = 256 - 256 % len(CODE_ALPHABET)


def new_codes(count: int, taken: Collection[str] = frozenset()) -> list[str]:
    """``count`` distinct result codes, none of them in ``taken``.

    Drawn from the system's secure random bytes, many at once: a round of 1,000 players
    wants 1,000 codes, and a byte at a time was a tenth of the press of "pair".
    """
    codes: list[str] = []
    chosen: set[str] = set()
    while len(codes) < count:
        # A byte below _FAIR picks a letter with equal chances (_FAIR is a multiple of the alphabet's length);
        # the rest are drawn again.
        letters = [
            CODE_ALPHABET[byte % len(CODE_ALPHABET)]
            for byte in secrets.token_bytes(2 * CODE_LENGTH * (count - len(codes)))
            if byte < _FAIR
        ]
        for start in range(0, len(letters) - CODE_LENGTH + 1, CODE_LENGTH):
            code = "".join(letters[start : start + CODE_LENGTH])
            if code not in taken and code not in chosen:
                chosen.add(code)
                codes.append(code)
                if len(codes) == count:
                    break
    return codes
