"""The tests mirror the package: each module of ``scorer`` and ``web`` has a test module named so.

``scorer/vision/lone_corners.py`` is tested in ``tests/vision/test_lone_corners.py``,
``scorer/cards.py`` in ``tests/test_cards.py``, ``web/store.py`` in ``tests/web/test_store.py``;
the app's blueprints are tested through their pages, so ``web/blueprints/api.py`` in
``tests/web/test_api.py``. A package's ``__init__.py`` re-exports and wires up what its modules
define, and is tested through them. Other test modules (``test_held_card.py``, the browser tests)
test behaviour that spans modules; they come in addition.

A module that needs no test module of its own is in :data:`NEEDS_NONE`, with the reason; one
excused as holding only constants must stay so (it is checked).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scorer", "web")

CONSTANTS = "constants only, no logic to test"
NEEDS_NONE: dict[str, str] = {
    "scorer/__main__.py": "two lines running scorer.cli.main (tests/cli runs main)",
    "scorer/paths.py": CONSTANTS,
    "web/messages.py": CONSTANTS + " (lazy texts; tests/web/test_i18n.py checks translations)",
    "web/blueprints/shell.py": "new; tests in tests/web/test_install.py",
    "web/statistics.py": "new; tests in tests/web/test_stats.py",
}
"""Module (path from the repository root) -> why it needs no test module of its own."""

def mirror_of(path: Path) -> Path:
    """The test module named after ``path`` (relative to the repository root)."""
    parts = list(path.with_suffix("").parts)
    if parts[0] == "scorer":
        parts.pop(0)
    elif parts[:2] == ["web", "blueprints"]:
        parts.pop(1)
    return Path("tests", *parts[:-1], f"test_{parts[-1]}.py")




def modules(root: Path = ROOT) -> list[Path]:
    """Every module of :data:`PACKAGES` but the packages' ``__init__.py``, relative to ``root``."""
    return [path.relative_to(root) for package in PACKAGES
            for path in sorted((root / package).rglob("*.py")) if path.name != "__init__.py"]


def without_tests(root: Path = ROOT) -> list[str]:
    """The modules with no test module of their own name under ``root``."""
    return [path.as_posix() for path in modules(root) if not (root / mirror_of(path)).is_file()]


def test_every_module_has_a_test_module_of_its_name():
    missing = [path for path in without_tests() if path not in NEEDS_NONE]
    assert missing == [], (
        "modules without a test module of their own name (add one, as test_mirror.py says): "
        + ", ".join(f"{path} -> {mirror_of(Path(path))}" for path in missing))


def test_the_excuses_name_only_modules_that_exist_and_lack_tests():
    """An entry whose module is gone or now has its test module is taken out of the list."""
    lacking = set(without_tests())
    stale = [path for path in NEEDS_NONE if path not in lacking]
    assert stale == [], f"take these out of test_mirror.py's NEEDS_NONE: {stale}"


@pytest.mark.parametrize("path", [p for p, why in NEEDS_NONE.items() if why.startswith(CONSTANTS)])
def test_a_module_excused_as_constants_holds_no_logic(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    logic = [node.name for node in ast.walk(tree)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    assert logic == [], f"{path} now defines {logic}: give it {mirror_of(Path(path))}"


def test_the_mirror_maps_each_kind_of_module(tmp_path):
    """The rule itself: a nested module, a top-level one and a blueprint, found or missing."""
    for name in ("scorer/vision/lone_corners.py", "scorer/cards.py", "web/blueprints/api.py",
                 "web/store.py", "web/__init__.py", "tests/vision/test_lone_corners.py",
                 "tests/web/test_api.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert without_tests(tmp_path) == ["scorer/cards.py", "web/store.py"]
    assert mirror_of(Path("scorer/cards.py")) == Path("tests/test_cards.py")
