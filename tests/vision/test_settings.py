"""The reader's settings live in one frozen object, each value documented, and nowhere else."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from scorer.vision import settings
from scorer.vision.settings import READER, ReaderSettings

VISION = Path(__file__).resolve().parents[2] / "scorer" / "vision"

STRUCTURAL: dict[tuple[str, str], str] = {
    ("annotate.py", "_BGR"): "drawing colours of the boxed copy, not the reader's tuning",
    ("annotate.py", "_OTHER"): "drawing colour of the boxed copy",
    ("annotate.py", "_FLAGGED"): "drawing colour of the boxed copy",
    ("onnx_detector.py", "BATCH_AXIS"): "the axes of the ONNX output, fixed by its layout",
    ("onnx_detector.py", "BOX_CHANNELS"): "x, y, w, h lead each row of the ONNX output",
}
"""(module, name) -> why a module-level number of :mod:`scorer.vision` is no tuning value."""


def _numeric(node: ast.expr) -> bool:
    """Is ``node`` a number literal, or a tuple, list or dict whose values all are?"""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int | float) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        return _numeric(node.operand)
    if isinstance(node, ast.Tuple | ast.List):
        return bool(node.elts) and all(_numeric(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.values) and all(_numeric(v) for v in node.values)
    return False


def numeric_constants(source: str) -> list[str]:
    """The names a module binds to number literals at its top level (``A, B = 1, 2`` names A)."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        values = value.elts if isinstance(value, ast.Tuple) and any(
            isinstance(t, ast.Tuple) for t in targets) else [value]
        if any(_numeric(v) for v in values):
            first = targets[0].elts[0] if isinstance(targets[0], ast.Tuple) else targets[0]
            found.append(ast.unparse(first))
    return found


def test_the_scan_finds_numbers_in_every_form():
    source = "A = 1\nB: float = -0.5\nC, D = 2, 3\nE = (1, 2)\nF = {'x': (1, 2)}\nG = 'x'\n" \
             "H = True\nI = f(1)\nJ = ()\n"
    assert numeric_constants(source) == ["A", "B", "C", "E", "F"]


@pytest.mark.parametrize("path", sorted(p.name for p in VISION.glob("*.py")
                                        if p.name != "settings.py"))
def test_no_vision_module_but_the_settings_defines_a_number(path):
    names = numeric_constants((VISION / path).read_text(encoding="utf-8"))
    tuning = [name for name in names if (path, name) not in STRUCTURAL]
    assert tuning == [], (f"{path} defines {tuning}: move them to scorer/vision/settings.py "
                          "(or, when they are no tuning, to STRUCTURAL here with the reason)")


def test_the_structural_allowances_are_still_there():
    for (path, name) in STRUCTURAL:
        assert name in numeric_constants((VISION / path).read_text(encoding="utf-8")), (path, name)


def _groups() -> list[type]:
    """:class:`ReaderSettings` and every settings class reachable from it."""
    found, todo = [], [ReaderSettings]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += [type(getattr(cls(), f.name)) for f in dataclasses.fields(cls)
                 if dataclasses.is_dataclass(getattr(cls(), f.name))]
    return found


def test_every_group_is_frozen_and_reachable_from_the_reader():
    groups = _groups()
    defined = {cls for cls in vars(settings).values()
               if isinstance(cls, type) and dataclasses.is_dataclass(cls)}
    assert len(groups) == len(set(groups)) and set(groups) == defined, "no group left unused"
    for group in groups:
        instance = group()
        field = dataclasses.fields(group)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(instance, field, getattr(instance, field))
    defined = {name for name, value in vars(settings).items()
               if isinstance(value, type) and dataclasses.is_dataclass(value)}
    assert defined == {g.__name__ for g in groups}, "a settings class the reader never holds"


def test_every_field_has_a_type_and_a_docstring():
    tree = ast.parse(Path(settings.__file__).read_text(encoding="utf-8"))
    undocumented = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        body = cls.body
        for k, node in enumerate(body):
            if isinstance(node, ast.Assign):
                undocumented.append(f"{cls.name}: untyped {ast.unparse(node.targets[0])}")
            if not isinstance(node, ast.AnnAssign):
                continue
            doc = body[k + 1] if k + 1 < len(body) else None
            if not (isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)
                    and isinstance(doc.value.value, str) and doc.value.value.strip()):
                undocumented.append(f"{cls.name}.{ast.unparse(node.target)}")
    assert undocumented == []


def test_the_reader_holds_the_defaults_and_the_shorthands_follow_it():
    assert READER == ReaderSettings()
    assert settings.DEFAULT_CONF == READER.detector.conf == 0.45
    assert settings.DEFAULT_IOU == READER.detector.iou
    assert settings.UNSURE_BELOW == READER.doubt.unsure_below
    assert settings.MAX_PIXELS == READER.detector.max_pixels
    assert settings.EXPORTED_IMGSZ == READER.detector.exported_imgsz


def test_a_variant_is_a_new_object_and_the_reader_is_unchanged():
    looser = dataclasses.replace(READER, second_look=dataclasses.replace(
        READER.second_look, fine_max=960))
    assert looser.second_look.fine_max == 960 and READER.second_look.fine_max == 1280
    assert looser.colour is READER.colour


def test_the_settings_import_no_other_vision_module():
    tree = ast.parse(Path(settings.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name and name.startswith("scorer.vision") for name in imported)
