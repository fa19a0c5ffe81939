"""The rules engine's modules import one another without a circle.

The graph is built from every ``import`` and ``from`` statement of each module of
``scoring/``, wherever it stands: at the top, under ``if TYPE_CHECKING:``, or inside a
function. A circle hidden in a function is still a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"
PACKAGE = "scoring"


def module_name(path: Path) -> str:
    """The dotted name of a module of the package: ``scoring.archive``, or ``scoring`` for its ``__init__``."""
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
            # ``from . import pairing_groups`` imports a module; ``from . import Archive`` the package itself.
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
    assert "scoring" in graph and "scoring.archive" in graph
    assert "scoring.archive" in graph["scoring"]
    assert {"scoring.archive_rounds", "scoring.stages"} <= graph["scoring.archive"]
    assert "scoring.pairing_groups" in graph["scoring.pairing_defects"]  # from . import pairing_groups


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
