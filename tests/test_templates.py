"""The templates are linted like the Python: djLint finds nothing, and no line is over the limit.

The limit is pyproject.toml's ``[tool.djlint] max_line_length``. djLint's linter has no rule for the
length of a line, so it is checked here. Django cannot break a template tag over two lines: a long
line is broken where a line break changes nothing on the page (between attributes, at a space in
the text, inside a ``{% blocktranslate trimmed %}``), or a long tag is shortened with ``{% with %}``.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"


def _max_line_length() -> int:
    with (ROOT / "pyproject.toml").open("rb") as source:
        return tomllib.load(source)["tool"]["djlint"]["max_line_length"]


def test_no_template_line_is_longer_than_the_limit():
    limit = _max_line_length()
    too_long = [
        f"{path.relative_to(ROOT)}:{number}: {len(line)} characters"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if len(line) > limit
    ]
    assert too_long == [], f"template lines over {limit} characters"


def test_djlint_finds_nothing_in_the_templates():
    linted = subprocess.run(
        [sys.executable, "-m", "djlint", "templates", "--lint"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert linted.returncode == 0, linted.stdout + linted.stderr
