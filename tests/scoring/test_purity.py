"""The rules engine is standard library only and never imports Django."""

import ast
import subprocess
import sys
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_scoring_imports_only_the_standard_library():
    outside = {}
    for path in sorted(SCORING.rglob("*.py")):
        foreign = {name for name in _imported_modules(path) if name not in sys.stdlib_module_names}
        if foreign:
            outside[path.name] = sorted(foreign)
    assert outside == {}


def test_importing_scoring_loads_no_django_module():
    code = (
        "import sys, scoring, scoring.__main__\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(loaded))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=SCORING.parent
    )
    assert completed.stdout.strip() == ""


def test_purity_check_would_see_a_django_import(tmp_path):
    # The guard above is only worth something if it notices a foreign import.
    sample = tmp_path / "sample.py"
    sample.write_text("from django.db import models\nimport json\n")
    assert _imported_modules(sample) == {"django", "json"}
