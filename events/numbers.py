"""Numbers typed or stored by us (an id in a cookie, a round in an address), read safely."""

from __future__ import annotations


def whole_number(text: str) -> int | None:
    """ASCII digits that fit a database column as an int, else None.

    ``str.isdigit`` alone accepts "²" and digits of any length, which ``int`` or the
    database would then refuse with a server error.
    """
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    return None
