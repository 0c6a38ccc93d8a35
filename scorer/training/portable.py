"""Model files fit to ship: without the absolute paths of the machine that trained them.

ultralytics writes where it ran into what it saves: the ONNX ``description`` names the data
file ("... trained on /home/me/repo/data.yaml"), and a ``.pt`` keeps its training arguments
(``data``, ``project``, ``save_dir``, also on the model object) and the checkout's
``git.root``. Installing a model rewrites those to paths relative to the repository (or to a
bare file name when outside it); nothing the reader uses changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorer.paths import REPO_ROOT


def portable_path(text: str, root: Path = REPO_ROOT) -> str:
    """``text`` with each absolute path in it (a space-separated word starting with ``/``) made
    relative to ``root`` when under it, else cut to its file name; other words are kept."""
    base = Path(root).resolve()

    def portable(word: str) -> str:
        if not word.startswith("/"):
            return word
        path = Path(word)
        return str(path.relative_to(base)) if path.is_relative_to(base) else path.name

    return " ".join(portable(word) for word in text.split(" "))


def _portable(value: Any, root: Path) -> Any:
    if isinstance(value, str):
        return portable_path(value, root)
    if isinstance(value, dict):
        return {k: _portable(v, root) for k, v in value.items()}
    return value


def make_onnx_portable(path: Path, root: Path = REPO_ROOT) -> None:
    """Rewrite the metadata of the ONNX file at ``path`` in place (see the module doc)."""
    import onnx  # noqa: PLC0415 - a training dependency, not needed to read cards

    model = onnx.load(str(path))
    changed = False
    for prop in model.metadata_props:
        value = portable_path(prop.value, root)
        if value != prop.value:
            prop.value, changed = value, True
    if changed:
        onnx.save(model, str(path))


def make_weights_portable(path: Path, root: Path = REPO_ROOT) -> None:
    """Rewrite the training arguments and git record of the ``.pt`` at ``path`` in place."""
    import torch  # noqa: PLC0415 - a training dependency, not needed to read cards

    checkpoint = torch.load(str(path), map_location="cpu", weights_only=False)
    for key in ("train_args", "git"):
        if isinstance(checkpoint.get(key), dict):
            checkpoint[key] = _portable(checkpoint[key], root)
    for key in ("model", "ema"):  # the model objects keep their own copy of the arguments
        model = checkpoint.get(key)
        for attribute in ("args", "pt_path"):
            if hasattr(model, attribute):
                setattr(model, attribute, _portable(getattr(model, attribute), root))
    torch.save(checkpoint, str(path))
