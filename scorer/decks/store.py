"""Decks and per-deck models in the instance folder, written so a failure never leaves half a deck.

Layout (``INSTANCE`` is the web app's instance folder, see :func:`default_instance`)::

    INSTANCE/decks/NAME/R1.png .. Y12.png, W.png, S.png, deck.json   one flat face per card
    INSTANCE/models/NAME-v1.onnx, NAME-v1.json                      fine-tuned model versions
    INSTANCE/models/current.json                                    {"model": "NAME-v1"} or null

A deck is published by writing a temporary folder, checking it holds all 50 readable faces, and
renaming it into place; the previous deck of that name is removed only after the new one is in
place (and restored if the swap fails half-way). A model is copied beside its final name and
renamed over it. ``current.json`` names the model the app and ``phase10 detect`` use; no choice
(or ``null``) means the shipped model.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import ALL_FACES, Card
from scorer.decks.layout import FACE_HEIGHT, FACE_WIDTH
from scorer.paths import INSTANCE_DIR

SHIPPED = "shipped"
"""The model choice that means the detector shipped in ``models/``."""

_THREAD_LOCK = threading.Lock()
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_VERSION = re.compile(r"^(?P<deck>[a-z0-9][a-z0-9_-]{0,39})-v(?P<n>\d+)$")


class DeckError(ValueError):
    """A deck or model that does not exist, is incomplete, or has an unusable name."""


def default_instance() -> Path:
    """The instance folder: ``$PHASE10_INSTANCE``, else the web app's (``instance/`` in the
    repository, where Flask puts the instance folder of the ``web`` package beside ``scorer``)."""
    override = os.environ.get("PHASE10_INSTANCE")
    if override:
        return Path(override)
    return INSTANCE_DIR


def check_name(name: str) -> str:
    """A deck name: 1-40 lower-case letters, digits, ``-`` or ``_``; raises :class:`DeckError`."""
    if not isinstance(name, str) or not _NAME.match(name) or name == SHIPPED:
        raise DeckError(f"bad deck name {name!r}: use 1-40 lower-case letters, digits, - or _ "
                        f"(and not {SHIPPED!r}), e.g. 'home-deck'")
    return name


def decks_root(instance: Path) -> Path:
    return Path(instance) / "decks"


def models_root(instance: Path) -> Path:
    return Path(instance) / "models"


def _write_json(path: Path, data: object) -> None:
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


# ---------------------------------------------------------------- decks


@dataclass(frozen=True)
class DeckInfo:
    """A stored deck: its name, folder and the metadata in its ``deck.json``."""

    name: str
    path: Path
    meta: dict

    @property
    def models(self) -> list[str]:
        """This deck's model versions, oldest first (filled in by :func:`list_decks`)."""
        return list(self.meta.get("_models", []))


def _check_faces(faces: Mapping[Card, np.ndarray]) -> None:
    missing = [str(card) for card in ALL_FACES if card not in faces]
    if missing:
        raise DeckError(f"the deck is incomplete: no face for {', '.join(missing)}")
    for card in ALL_FACES:
        face = faces[card]
        if not isinstance(face, np.ndarray) or face.shape != (FACE_HEIGHT, FACE_WIDTH, 3):
            raise DeckError(f"face {card} must be a ({FACE_HEIGHT}, {FACE_WIDTH}, 3) image")


def verify_deck_folder(folder: Path) -> dict:
    """Check that ``folder`` holds ``deck.json`` and all 50 readable faces; returns the metadata.

    Raises :class:`DeckError` naming what is missing or unreadable.
    """
    meta_path = Path(folder) / "deck.json"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise DeckError(f"{folder} is not a complete deck: {meta_path.name} unreadable "
                        f"({error})") from None
    bad = []
    for card in ALL_FACES:
        image = cv2.imread(str(Path(folder) / f"{card}.png"), cv2.IMREAD_COLOR)
        if image is None or image.shape != (FACE_HEIGHT, FACE_WIDTH, 3):
            bad.append(str(card))
    if bad:
        raise DeckError(f"{folder} is not a complete deck: faces missing or unreadable: "
                        f"{', '.join(bad)}")
    return meta


@contextlib.contextmanager
def _locked(root: Path) -> Iterator[None]:
    """Hold the decks folder's lock (threads and processes) while a swap or repair runs."""
    root.mkdir(parents=True, exist_ok=True)
    with _THREAD_LOCK, open(root / ".lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _recover(root: Path) -> None:
    """Finish or undo a swap that a crash interrupted (a deck folder renamed to .old-NAME-*)."""
    if not root.is_dir() or not any(root.glob(".old-*")):
        return
    with _locked(root):
        _repair(root)


def _repair(root: Path) -> None:
    for old in root.glob(".old-*"):
        name = old.name[len(".old-"):].rsplit("-", 1)[0]
        if (root / name).is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(old, root / name)


def _drop_stale_temporaries(root: Path) -> None:
    for tmp in root.glob(".tmp-*"):
        if time.time() - tmp.stat().st_mtime > 3600:
            shutil.rmtree(tmp, ignore_errors=True)


def publish_deck(instance: Path, name: str, faces: Mapping[Card, np.ndarray],
                 meta: Mapping[str, object] | None = None,
                 indices: Mapping[str, list[float]] | None = None) -> DeckInfo:
    """Store ``faces`` (all 50, ``(880, 560, 3)`` uint8 BGR) as deck ``name``, atomically.

    ``indices`` (see :mod:`scorer.decks.indexbox`) becomes the folder's ``indices.json``, the
    renderer's index boxes for these faces.

    An existing deck of that name is replaced only once the new one is complete on disk. Raises
    :class:`DeckError` for a bad name or incomplete faces (nothing is changed then) and
    :class:`OSError` when the disk fails (the previous deck stays).
    """
    check_name(name)
    _check_faces(faces)
    root = decks_root(instance)
    root.mkdir(parents=True, exist_ok=True)
    _recover(root)
    tmp = root / f".tmp-{name}-{uuid.uuid4().hex[:8]}"
    tmp.mkdir()
    _drop_stale_temporaries(root)
    try:
        for card in ALL_FACES:
            if not cv2.imwrite(str(tmp / f"{card}.png"), faces[card]):
                raise OSError(f"could not write {tmp / f'{card}.png'}")
        data = dict(meta or {}) | {
            "name": name, "faces": [str(card) for card in ALL_FACES],
            "face_size": [FACE_WIDTH, FACE_HEIGHT], "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }
        if indices:
            _write_json(tmp / "indices.json", dict(indices))
            data["indices"] = "indices.json"
        _write_json(tmp / "deck.json", data)
        verify_deck_folder(tmp)
        with _locked(root):
            _repair(root)
            _swap_in(root, name, tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return DeckInfo(name, root / name, data)


def _swap_in(root: Path, name: str, tmp: Path) -> None:
    final = root / name
    if not final.exists():
        os.rename(tmp, final)
        return
    old = root / f".old-{name}-{uuid.uuid4().hex[:8]}"
    os.rename(final, old)
    try:
        os.rename(tmp, final)
    except BaseException:
        os.rename(old, final)
        raise
    shutil.rmtree(old, ignore_errors=True)


def deck_folder(instance: Path, name: str) -> Path:
    """The folder of the complete deck ``name`` (the renderer's faces folder).

    Raises :class:`DeckError` when there is no such deck or it is incomplete.
    """
    check_name(name)
    root = decks_root(instance)
    _recover(root)
    folder = root / name
    if not folder.is_dir():
        known = ", ".join(d.name for d in list_decks(instance)) or "none yet"
        raise DeckError(f"no deck {name!r} (decks: {known}); enrol it with "
                        f"'phase10 deck enrol {name} PHOTO...' or on the Decks page")
    verify_deck_folder(folder)
    return folder


def load_faces(instance: Path, name: str) -> dict[Card, np.ndarray]:
    """The 50 faces of deck ``name`` keyed by card; raises :class:`DeckError` as above."""
    folder = deck_folder(instance, name)
    return {card: cv2.imread(str(folder / f"{card}.png"), cv2.IMREAD_COLOR) for card in ALL_FACES}


def list_decks(instance: Path) -> list[DeckInfo]:
    """The complete decks in the instance folder, by name, each with its model versions."""
    root = decks_root(instance)
    _recover(root)
    if not root.is_dir():
        return []
    versions = list_models(instance)
    decks = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        try:
            meta = json.loads((folder / "deck.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        meta["_models"] = [v for v in versions if _VERSION.match(v)["deck"] == folder.name]
        decks.append(DeckInfo(folder.name, folder, meta))
    return decks


# ---------------------------------------------------------------- models


def list_models(instance: Path) -> list[str]:
    """Every stored model version (``NAME-vN``), by deck then version number."""
    root = models_root(instance)
    if not root.is_dir():
        return []
    found = [m for m in (_VERSION.match(p.stem) for p in root.glob("*.onnx")) if m]
    return [m.group(0) for m in sorted(found, key=lambda m: (m["deck"], int(m["n"])))]


def model_path(instance: Path, version: str) -> Path:
    """The ONNX file of model ``version`` (``NAME-vN``, or a deck name for its latest version).

    Raises :class:`DeckError` when there is no such model.
    """
    versions = list_models(instance)
    if version not in versions:
        latest = [v for v in versions if _VERSION.match(v)["deck"] == version]
        if not latest:
            raise DeckError(f"no model {version!r}; models: {', '.join(versions) or 'none yet'} "
                            f"(fine-tune one with 'phase10 deck train DECK')")
        version = latest[-1]
    return models_root(instance) / f"{version}.onnx"


def install_model(instance: Path, deck: str, onnx_file: Path,
                  meta: Mapping[str, object] | None = None) -> str:
    """Store ``onnx_file`` as the next model version of ``deck``; returns ``DECK-vN``.

    The file is copied next to its final name and renamed over it, so a reader never sees half
    a model. The new version is not chosen automatically: see :func:`choose_model`.
    """
    check_name(deck)
    root = models_root(instance)
    root.mkdir(parents=True, exist_ok=True)
    numbers = [int(_VERSION.match(v)["n"]) for v in list_models(instance)
               if _VERSION.match(v)["deck"] == deck]
    version = f"{deck}-v{max(numbers, default=0) + 1}"
    tmp = root / f".{version}.{uuid.uuid4().hex[:8]}.tmp"
    try:
        shutil.copyfile(onnx_file, tmp)
        _write_json(root / f"{version}.json", dict(meta or {}) | {"deck": deck,
                                                                    "version": version})
        os.replace(tmp, root / f"{version}.onnx")
    finally:
        tmp.unlink(missing_ok=True)
    return version


def choose_model(instance: Path, choice: str | None) -> str:
    """Make ``choice`` the model in use: a version, a deck (its latest), or ``shipped``/None.

    Returns the chosen version (or ``shipped``). Raises :class:`DeckError` for an unknown model.
    """
    root = models_root(instance)
    root.mkdir(parents=True, exist_ok=True)
    if choice in (None, SHIPPED):
        _write_json(root / "current.json", {"model": None})
        return SHIPPED
    version = model_path(instance, choice).stem
    _write_json(root / "current.json", {"model": version})
    return version


def chosen_version(instance: Path) -> str:
    """The chosen model version, or ``shipped`` (also when the chosen file has gone)."""
    try:
        data = json.loads((models_root(instance) / "current.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return SHIPPED
    version = data.get("model") if isinstance(data, dict) else None
    if not isinstance(version, str) or version not in list_models(instance):
        return SHIPPED
    return version


def chosen_model(instance: Path) -> Path | None:
    """The ONNX file of the chosen deck model, or None for the shipped model."""
    version = chosen_version(instance)
    return None if version == SHIPPED else models_root(instance) / f"{version}.onnx"
