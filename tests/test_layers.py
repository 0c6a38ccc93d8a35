"""The import graph keeps its layers: no cycles, and no import from a lower layer to a higher one.

Every module of ``scorer`` and ``web`` is read with :mod:`ast` (imports inside functions count
too; those under ``if TYPE_CHECKING:`` never run and are left out). From the bottom up:

- runtime: ``scorer.cards``, ``errors``, ``paths``, ``numbers``, ``text``, ``rules``, ``game``,
  ``vision``, ``live``: what the app and the CLI run on;
- ``scorer.decks``, ``scorer.render``, ``scorer.training``: enrolment, synthetic data, training;
- ``scorer.bench``: the lab; nothing at runtime imports it, and it imports neither the app nor
  the CLI;
- ``web``: the app;
- ``scorer.cli``: the command line, the top: ``phase10 serve`` and ``phase10 bench live`` start
  the app, so it is the one part of ``scorer`` that may import ``web``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scorer", "web")

RUNTIME = ("scorer.cards", "scorer.errors", "scorer.paths", "scorer.numbers", "scorer.text",
           "scorer.rules", "scorer.game", "scorer.vision", "scorer.live")
ABOVE_RUNTIME = ("scorer.render", "scorer.training", "scorer.bench", "scorer.cli", "web")

RULES: tuple[tuple[tuple[str, ...], tuple[str, ...], str], ...] = (
    (RUNTIME, ABOVE_RUNTIME, "runtime code imports a layer above it"),
    (("scorer.vision",), ("scorer.training", "scorer.decks"), "vision imports training/decks"),
    (("scorer.bench",), ("web", "scorer.cli"), "the lab imports the app or the CLI"),
    (("web",), ("scorer.cli", "scorer.bench"), "the app imports the CLI or the lab"),
    (("scorer",), ("web",), "scorer imports the web app"),
)
ALLOWED: tuple[tuple[str, str], ...] = (("scorer.cli", "web"),)
"""(importer, imported) prefixes a rule above does not cover: the CLI starts the app."""


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every module of :data:`PACKAGES` under ``root``."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in ``tree``, at any depth, skipping ``if TYPE_CHECKING:`` bodies."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            yield from (n for child in node.orelse for n in _import_nodes_of(child))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _import_nodes(node)


def _import_nodes_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    yield from _import_nodes(node)


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports (``from package import module`` names the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        for target in targets:
            while target and target not in modules:  # ``import a.b.c`` where c is a name
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the project modules it imports, for every module under ``root``."""
    modules = module_files(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def wrong_way_imports(graph: dict[str, set[str]]) -> list[str]:
    """``"importer -> imported (rule)"`` for every import that breaks one of :data:`RULES`."""
    wrong = []
    for importer, targets in sorted(graph.items()):
        for target in sorted(targets):
            if any(_within(importer, (a,)) and _within(target, (b,)) for a, b in ALLOWED):
                continue
            for lower, higher, why in RULES:
                if _within(importer, lower) and _within(target, higher):
                    wrong.append(f"{importer} -> {target} ({why})")
                    break
    return wrong


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_the_walk_sees_every_module(graph):
    assert {"scorer.cli", "scorer.vision.reading", "web", "web.blueprints.live"} <= set(graph)
    assert "scorer.vision" in graph["web.reader"] and "scorer.decks.store" in graph["web.reader"]


def test_imports_inside_functions_count_and_type_checking_ones_do_not(tmp_path):
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "scorer" / "low.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from scorer import typed\n"
        "def late():\n    from web import app\n    from . import sibling\n"
    )
    for name in ("typed", "sibling"):
        (tmp_path / "scorer" / f"{name}.py").write_text("")
    (tmp_path / "web" / "app.py").write_text("import scorer.low\n")
    graph = import_graph(tmp_path)
    assert graph["scorer.low"] == {"web.app", "scorer.sibling"}
    assert graph["web.app"] == {"scorer.low"}
    assert import_cycles(graph) == [["scorer.low", "web.app"]]


def test_no_module_imports_itself_back_through_others(graph):
    assert import_cycles(graph) == []


def test_no_import_runs_from_a_lower_layer_to_a_higher_one(graph):
    assert wrong_way_imports(graph) == []


def test_the_rules_catch_a_runtime_module_that_imports_the_lab():
    graph = {"scorer.live.feed": {"scorer.bench.synthetic"}, "scorer.bench.live": {"web"},
             "scorer.cli.serve_command": {"web"}, "web.reader": {"scorer.vision.reading"}}
    assert wrong_way_imports(graph) == [
        "scorer.bench.live -> web (the lab imports the app or the CLI)",
        "scorer.live.feed -> scorer.bench.synthetic (runtime code imports a layer above it)",
    ]
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
