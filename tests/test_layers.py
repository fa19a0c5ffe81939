"""Imports run one way: views → pages → queries and services → models → scoring (docs/architecture.md).

Every module of the events app belongs to one layer, found from its path; a module
may import only its own layer and the layers below it as the table says. Below the
presentation layer (``events/pages``) nothing renders a template or knows of HTTP.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The layer of a module, by the longest prefix of its dotted name.
LAYERS = {
    "events.roles": "leaf",
    "events.codes": "leaf",
    "events.numbers": "leaf",
    "events.devices": "leaf",
    "events.names": "leaf",
    "events.i18n": "leaf",
    "events.record_words": "leaf",
    "events.publishing_client": "leaf",
    "events.models": "models",
    "events.archive": "models",
    "events.clocks": "models",
    "events.throttle": "models",
    "events.apps": "models",
    "events.migrations": "models",
    "events.caching": "caching",
    "events.pages": "pages",
    "events.services": "services",
    "events.queries": "queries",
    "events.forms": "forms",
    "events.views": "views",
    "events.urls": "views",
    "events.context": "views",
    "events.templatetags": "views",
    "events.management": "commands",
}

# What each layer may import of the app, besides itself; scoring/ is open to all.
ALLOWED = {
    "leaf": set(),
    "models": {"leaf"},
    "caching": {"models", "leaf"},
    "services": {"models", "leaf"},
    "queries": {"caching", "models", "leaf"},
    "pages": {"queries", "caching", "models", "leaf"},
    "forms": {"models", "leaf"},
    "views": {"pages", "services", "queries", "forms", "models", "leaf"},
    # A command is an entry point, as a view is: the server's job renders the mail it sends.
    "commands": {"pages", "services", "models", "leaf"},
}


# The layers that turn data into bytes: templates and HTTP are theirs alone.
PRESENTATION = {"pages", "views"}
# What only the presentation layer may use: templates, requests and responses.
PRESENTATION_ONLY = ("django.template", "django.http", "django.shortcuts", "django.views")


def layer_of(module: str) -> str | None:
    """The layer of an ``events`` module, or None for anything outside the app."""
    if module == "events":
        return "leaf"  # the package itself, which holds nothing
    found = [prefix for prefix in LAYERS if module == prefix or module.startswith(prefix + ".")]
    return LAYERS[max(found, key=len)] if found else None


def module_name(path: Path) -> str:
    """``events/services/base.py`` as ``events.services.base``; a package's ``__init__`` as the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """The dotted names a module imports, relative imports resolved, with each name imported from a package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".") if path.name == "__init__.py" else module_name(path).split(".")[:-1]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names.add(module)
            # "from .. import services" imports the module events.services.
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def violations(paths) -> list[str]:
    """Each import of a module of the app from a layer that may not import it."""
    found = []
    for path in paths:
        importer = module_name(path)
        layer = layer_of(importer)
        for name in sorted(imported(path)):
            target = layer_of(name)
            if target is None or target == layer:
                continue
            if target not in ALLOWED[layer]:
                found.append(f"{importer} ({layer}) imports {name} ({target})")
    return found


def presentation_leaks(paths) -> list[str]:
    """Each module below the presentation layer that imports templates or HTTP, or renders."""
    found = []
    for path in paths:
        importer = module_name(path)
        if layer_of(importer) in PRESENTATION or importer.startswith("events.templatetags"):
            continue
        for name in sorted(imported(path)):
            if name.startswith(PRESENTATION_ONLY) or name.endswith(".render_to_string"):
                found.append(f"{importer} ({layer_of(importer)}) imports {name}")
    return found


def app_modules() -> list[Path]:
    return sorted((ROOT / "events").rglob("*.py"))


def test_every_module_of_the_app_has_a_layer():
    assert [module_name(p) for p in app_modules() if layer_of(module_name(p)) is None] == []


def test_imports_run_one_way():
    assert violations(app_modules()) == []


def test_nothing_below_the_pages_renders_or_knows_http():
    assert presentation_leaks(app_modules()) == []


def test_a_read_model_rendering_a_template_would_be_seen(tmp_path, monkeypatch):
    monkeypatch.setattr("tests.test_layers.ROOT", tmp_path)
    queries = tmp_path / "events" / "queries"
    queries.mkdir(parents=True)
    (queries / "sample.py").write_text(
        "from django.template.loader import render_to_string\nfrom django.http import HttpRequest\n"
    )
    assert presentation_leaks([queries / "sample.py"]) == [
        "events.queries.sample (queries) imports django.http",
        "events.queries.sample (queries) imports django.http.HttpRequest",
        "events.queries.sample (queries) imports django.template.loader",
        "events.queries.sample (queries) imports django.template.loader.render_to_string",
    ]


def test_a_service_importing_a_read_model_would_be_seen(tmp_path, monkeypatch):
    # The guard is only worth something if it notices a wrong import.
    monkeypatch.setattr("tests.test_layers.ROOT", tmp_path)
    services = tmp_path / "events" / "services"
    services.mkdir(parents=True)
    (services / "sample.py").write_text("from ..queries.public import public_board\nfrom ..models import Event\n")
    assert violations([services / "sample.py"]) == [
        "events.services.sample (services) imports events.queries.public (queries)",
        "events.services.sample (services) imports events.queries.public.public_board (queries)",
    ]
