"""The project's folders, computed once: the repository root and what lives under it.

- :data:`REPO_ROOT`: the folder that holds the ``scorer`` and ``web`` packages.
- :data:`MODELS_DIR`: ``models/``, the shipped detector and its model card.
- :data:`RUNS_DIR`: ``runs/``, training and evaluation output (ignored by git).
- :data:`INSTANCE_DIR`: ``instance/``, the web app's instance folder (Flask's default for the
  ``web`` package), holding the database, enrolled decks and their models.
"""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
MODELS_DIR = REPO_ROOT / "models"
RUNS_DIR = REPO_ROOT / "runs"
INSTANCE_DIR = REPO_ROOT / "instance"

__all__ = ["INSTANCE_DIR", "MODELS_DIR", "REPO_ROOT", "RUNS_DIR"]
