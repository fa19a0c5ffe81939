"""Write events/data/confusables.txt from Unicode's confusables.txt (UTS #39).

``python manage.py confusables PATH`` reads Unicode's own file (its lines are
``source ; prototype ; MA  # comment``) and writes the short form events/names.py reads:
one line a character, its code point and its prototype's, in hexadecimal. The header
keeps the source's version and date, its SHA-256 and Unicode's copyright line; the
licence is events/data/LICENSE-Unicode.txt.

Where to get the file without the Unicode site: ICU's source carries it as
``icu4c/source/data/unidata/confusables.txt`` (Debian's source package ``icu``:
``apt-get source --download-only icu``). After regenerating, run the migration's
recomputation again (a new data migration calling events.names.name_digest), since
stored digests follow the table.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from events.names import CONFUSABLES_PATH

LINE = re.compile(r"^\s*([0-9A-F]{4,6})\s*;\s*([0-9A-F]{4,6}(?:\s+[0-9A-F]{4,6})*)\s*;\s*MA\s*(?:#.*)?$")
KEPT_HEADER = ("Date:", "Version:", "©")


def short_form(text: str, digest: str) -> str:
    """Unicode's confusables.txt as events/data/confusables.txt; CommandError on a line it cannot read."""
    header: list[str] = []
    rows: list[str] = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            if any(stripped[1:].strip().startswith(word) for word in KEPT_HEADER) and len(header) < 3:
                header.append(stripped[1:].strip())
            continue
        if not stripped:
            continue
        found = LINE.match(stripped)
        if found is None:
            raise CommandError(f"line {number} is not 'source ; prototype ; MA': {stripped[:80]!r}")
        rows.append(f"{found.group(1)} {' '.join(found.group(2).split())}")
    if not rows:
        raise CommandError("no mappings found: is this Unicode's confusables.txt?")
    lines = [
        "# Unicode's confusables (UTS #39, section 4): a character, then the prototype it is read as,",
        "# as hexadecimal code points. Written by `python manage.py confusables PATH`; do not edit.",
        *(f"# {kept}" for kept in header),
        f"# Source file SHA-256: {digest}; {len(rows)} mappings.",
        "# Licence: Unicode License V3, events/data/LICENSE-Unicode.txt.",
        *rows,
    ]
    return "\n".join(lines) + "\n"


class Command(BaseCommand):
    help = "Write events/data/confusables.txt from Unicode's confusables.txt (UTS #39) at PATH."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="Unicode's confusables.txt")
        parser.add_argument("--output", default=str(CONFUSABLES_PATH), help="where to write the short form")

    def handle(self, *args: Any, path: str, output: str, **options: Any) -> None:
        try:
            raw = Path(path).read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        Path(output).write_text(short_form(raw.decode("utf-8"), hashlib.sha256(raw).hexdigest()), encoding="utf-8")
        self.stdout.write(f"wrote {output}")
