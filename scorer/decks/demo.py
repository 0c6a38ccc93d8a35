"""``phase10 deck demo``: show that enrolment and fine-tuning teach the detector an unseen deck.

Steps, all under one output folder:

1. draw the heritage deck (:mod:`scorer.decks.design`: fonts, layout, colours and colour-blind
   symbols the renderer never uses) -> ``heritage-faces/``;
2. photograph its five sheets as enrolment photos (:mod:`scorer.decks.gridphoto`) -> ``photos/``;
3. enrol them into ``instance/decks/heritage`` and check each face landed in its place;
4. render test scenes of the heritage deck (the renderer's faces-from-photos mode) -> ``eval/``;
5. card F1 / exact hand of the shipped model on those scenes ("before");
6. fine-tune on the *enrolled* faces (:func:`scorer.decks.finetune.finetune`);
7. the same figures with the fine-tuned model ("after"); everything lands in ``report.json``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from scorer.decks import store
from scorer.decks.design import draw_deck, save_faces
from scorer.decks.finetune import DEFAULT_PLAN, Plan, finetune
from scorer.decks.gridphoto import render_sheet_photo
from scorer.decks.indexbox import deck_index_boxes
from scorer.decks.layout import SHEETS
from scorer.decks.session import Enrolment

DECK = "heritage"


def _signature(face: np.ndarray) -> np.ndarray:
    grey = cv2.resize(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), (56, 88),
                      interpolation=cv2.INTER_AREA).astype(np.float32).ravel()
    return (grey - grey.mean()) / (grey.std() + 1e-6)


def assignment_check(found: dict, truth: dict) -> list[str]:
    """Cards whose enrolled face looks more like another face of its sheet than its own."""
    wrong = []
    for sheet in SHEETS:
        for card in sheet.faces:
            sig = _signature(found[card])
            best = max(sheet.faces, key=lambda c: float(sig @ _signature(truth[c])))
            if best != card:
                wrong.append(f"{card} (looks like {best})")
    return wrong


def evaluate_model(data: Path, model: Path | None) -> dict:
    """Card-level figures of ``model`` (None: the shipped one) on ``data``'s test split."""
    from scorer.training.evaluate import evaluate
    from scorer.vision.reading import get_detector, model_path, read_cards

    detector = get_detector(str(model or model_path()))
    report = evaluate(data, "test", lambda image: read_cards(image, detector=detector))
    return report.to_dict() | {"model": str(model or model_path())}


def run_demo(out: Path, plan: Plan = DEFAULT_PLAN, eval_images: int = 100, seed: int = 11,
             say: Callable[[str], None] = print) -> dict:
    """Run the seven steps into ``out``; returns (and writes) the report."""
    from scorer.render.dataset import Settings, build

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    faces = draw_deck()
    truth_dir = save_faces(faces, out / "heritage-faces")
    (truth_dir / "indices.json").write_text(json.dumps(deck_index_boxes(faces)))  # exact labels
    say(f"1. drew the heritage deck: {truth_dir}")
    rng = np.random.default_rng(seed)
    (out / "photos").mkdir(exist_ok=True)
    instance = out / "instance"
    enrolment = Enrolment(instance, DECK)
    enrolment.discard()
    for sheet in SHEETS:
        path = out / "photos" / f"{sheet.name}.jpg"
        cv2.imwrite(str(path), render_sheet_photo(faces, sheet, rng).image)
        enrolment.add_photo(sheet.name, cv2.imread(str(path)))
        enrolment.confirm(sheet.name)
    say(f"2. photographed the five sheets: {out / 'photos'}")
    info = enrolment.finish({"source": "phase10 deck demo"})
    wrong = assignment_check(store.load_faces(instance, DECK), faces)
    say(f"3. enrolled {info.path}: {50 - len(wrong)}/50 faces in the right place"
        + (f"; wrong: {', '.join(wrong)}" if wrong else ""))
    eval_dir = out / "eval"
    build(eval_dir, {"train": 0, "val": 0, "test": eval_images},
          Settings(seed=seed, imgsz=640, faces=str(truth_dir)), workers=plan.workers,
          progress=False)
    say(f"4. rendered {eval_images} test scenes of the heritage deck: {eval_dir}")
    before = evaluate_model(eval_dir, None)
    say(f"5. shipped model: card F1 {before['f1']:.3f}, exact hand {before['exact_hand']:.3f}")
    tuned_at = time.time()
    version = finetune(instance, DECK, plan, work=out / "work",
                       progress=lambda stage, f, msg: say(f"   [{f:4.0%}] {msg}"))
    minutes = (time.time() - tuned_at) / 60
    say(f"6. fine-tuned {version} in {minutes:.1f} min")
    after = evaluate_model(eval_dir, store.model_path(instance, version))
    say(f"7. fine-tuned model: card F1 {after['f1']:.3f}, exact hand {after['exact_hand']:.3f}")
    report = {"deck": DECK, "seed": seed, "eval_images": eval_images, "plan": plan.__dict__,
              "enrolment_wrong": wrong, "finetune_minutes": round(minutes, 1),
              "total_minutes": round((time.time() - started) / 60, 1), "version": version,
              "before": before, "after": after}
    (out / "report.json").write_text(json.dumps(report, indent=2, default=str))
    return report
