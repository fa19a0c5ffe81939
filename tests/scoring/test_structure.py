"""The rules engine's shape: its modules import one another without a circle, and the
rest of the project reaches it only through the names ``scoring`` itself exports.

The graph is built from every ``import`` and ``from`` statement of each module of
``scoring/`` and its subpackages, wherever it stands: at the top, under ``if
TYPE_CHECKING:``, or inside a function. A circle hidden in a function is still a circle.
A subpackage's ``__init__`` holds its docstring only, so importing one module of it never
runs another; the engine's public names are gathered once, in ``scoring/__init__.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parents[2]
SCORING = ROOT / "scoring"
PACKAGE = "scoring"
# The parts of the project outside the engine, which import only what ``scoring`` exports.
OUTSIDE = ("events", "council", "benchmarks")


def module_name(path: Path) -> str:
    """The dotted name of a module of the package: ``scoring.archive.document``, or ``scoring`` for its ``__init__``."""
    parts = [PACKAGE, *path.relative_to(SCORING).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a ``from`` statement imports from."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(path: Path, importer: str, modules: set[str]) -> set[str]:
    """The package's modules that one module imports, anywhere in its body."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(node, importer, is_package)
            # ``from . import pools`` imports a module; ``from . import Archive`` the package itself.
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source for alias in node.names
            ]
        else:
            continue
        for named in targets:
            # ``import scoring.archive.x`` or ``from scoring.archive import y``: the longest known module.
            target = named
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != importer:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of ``scoring/`` and the modules of the package it imports."""
    paths = {module_name(path): path for path in sorted(SCORING.rglob("*.py"))}
    return {name: _imports(path, name, set(paths)) for name, path in paths.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports, as the modules along it with the first repeated at the end, or None."""
    state: dict[str, str] = {}  # "open" while on the path, "done" once every import below it is explored
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)):
            return cycle
    return None


def test_the_graph_sees_the_packages_modules_and_their_imports():
    graph = import_graph()
    assert {"scoring", "scoring.archive", "scoring.archive.document", "scoring.pairing.groups"} <= set(graph)
    assert "scoring.archive.document" in graph["scoring"]
    assert {"scoring.archive.document_rounds", "scoring.finals.stages"} <= graph["scoring.archive.document"]
    assert "scoring.pairing.pools" in graph["scoring.pairing.defects"]  # from . import pools
    assert "scoring.policies.terms" in graph["scoring.standings"]  # from .policies import terms as P
    assert "scoring.errors" in graph["scoring.pairing.next_round"]  # from ..errors import RuleError


def test_find_cycle_names_the_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_function_level_imports_count(tmp_path):
    module = tmp_path / "mod.py"
    module.write_text("def f():\n    from .other import x\n", encoding="utf-8")
    assert _imports(module, "scoring.mod", {"scoring.mod", "scoring.other"}) == {"scoring.other"}


def test_scoring_modules_import_one_another_without_a_circle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle in scoring/: " + " -> ".join(cycle)


def test_no_module_of_the_engine_imports_the_package_itself():
    # ``scoring/__init__.py`` imports the engine's modules: one importing it back closes a circle.
    assert sorted(module for module, imports in import_graph().items() if PACKAGE in imports) == []


def test_a_subpackage_holds_its_modules_and_its_docstring_only():
    inits = sorted(path for path in SCORING.rglob("__init__.py") if path.parent != SCORING)
    assert {path.parent.name for path in inits} >= {"archive", "decks", "finals", "pairing", "policies", "results"}
    for path in inits:
        body = ast.parse(path.read_text(encoding="utf-8")).body
        assert len(body) == 1 and isinstance(body[0], ast.Expr), f"{path.relative_to(ROOT)} holds more than a docstring"
        assert isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)


def test_every_public_name_exists_once_in_order():
    names = scoring.__all__
    assert [name for name in names if not hasattr(scoring, name)] == []
    assert len(set(names)) == len(names)
    # Ruff's order (RUF022): constants, then classes, then the rest, each alphabetically.
    assert names == sorted(names, key=lambda name: (0 if name.isupper() else 1 if name[0].isupper() else 2, name))


def reaches_inside(path: Path, exported: set[str]) -> list[str]:
    """Each place where a module outside the engine reaches past the names ``scoring`` exports."""
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno}: import {a.name}" for a in node.names if a.name.startswith("scoring.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("scoring."):
            found.append(f"{where}:{node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == PACKAGE:
            found += [f"{where}:{node.lineno}: scoring has no {a.name}" for a in node.names if a.name not in exported]
        elif isinstance(node, ast.Attribute) and _unexported(node, exported):
            found.append(f"{where}:{node.lineno}: scoring.{node.attr} is not exported")
    return found


def _unexported(node: ast.Attribute, exported: set[str]) -> bool:
    """Whether ``node`` is ``scoring.name`` for a name the package does not export."""
    return isinstance(node.value, ast.Name) and node.value.id == PACKAGE and node.attr not in exported


def test_the_project_imports_the_engine_through_scoring_itself():
    exported = set(scoring.__all__)
    paths = sorted(path for part in OUTSIDE for path in (ROOT / part).rglob("*.py"))
    assert len(paths) > 50
    assert [problem for path in paths for problem in reaches_inside(path, exported)] == []


def test_reaching_inside_the_engine_would_be_seen(tmp_path):
    # The guard is only worth something if it notices each way past the public names.
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import scoring\n"
        "import scoring.standings\n"
        "from scoring.finals.next_stage import next_stage\n"
        "from scoring import get_policy, cost_vector\n"
        "scoring.get_policy('x')\n"
        "scoring.finals.pair_next\n",
        encoding="utf-8",
    )
    assert reaches_inside(sample, {"get_policy"}) == [
        f"{sample}:2: import scoring.standings",
        f"{sample}:3: from scoring.finals.next_stage import ...",
        f"{sample}:4: scoring has no cost_vector",
        f"{sample}:6: scoring.finals is not exported",
    ]
