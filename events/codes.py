"""The result codes printed beside each player's name on a slip, for reporting from a phone.

docs/security.md says what a code proves and how guessing is stopped.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection

# Result codes avoid letters and digits that read alike (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6


def new_codes(count: int, taken: Collection[str] = frozenset()) -> list[str]:
    """``count`` distinct result codes, none of them in ``taken``."""
    codes: list[str] = []
    while len(codes) < count:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken and code not in codes:
            codes.append(code)
    return codes
