"""The dataset builder: per-image seeds, deck designs shared by groups of images, worker
processes, YOLO files, data.yaml, manifests and config.json.

Same seed and settings -> same bytes, whatever the number of workers: each image's
randomness comes from ``SeedSequence([seed, split, index])`` and each deck design's from
``SeedSequence([seed, split, DESIGN, index // DESIGN_GROUP])``.
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections import OrderedDict
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import ALL_FACES
from scorer.render.backgrounds import add_distractors, sample_background
from scorer.render.backs import render_back
from scorer.render.clutter import PAINTERS_OF_FORMAT, add_clutter
from scorer.render.faces import Face, FaceSet, sample_style, with_print_variety
from scorer.render.fonts import fonts_for, require_pool
from scorer.render.labels import (
    Labelled,
    cards_json,
    choose_crop,
    crop_scene,
    readable_placements,
    yolo_lines,
)
from scorer.render.layouts import sample_layout
from scorer.render.scene import FaceSource, render_scene
from scorer.render.verdict import phase_verdict

SPLITS = ("train", "val", "test")
SPLIT_IDS = {"train": 0, "val": 1, "test": 2}
POOL = {"train": "train", "val": "train", "test": "test"}  # designs held out for test
DESIGN_GROUP = 16  # consecutive images share one deck design (faces drawn once)
_DESIGN = 7919
JPEG_QUALITY = (40, 95)
CLUTTER_SHARE = 0.2  # scenes with cards that also get card-like clutter (always on empty ones)
FORMAT_VERSION = 6  # 2: tiles of empty scenes are cut where the clutter is; 3: raindrops and
#                     tiles; 4: other games' cards among the cards (layouts.add_foreign_cards)
#                     and greens and blues across real prints' range (face_style.INK_HUES);
#                     5: a Skip beside each zero, ring Skips in half the training designs
#                     (and star Wilds in them); 6: as 5, the Wilds' indices left as designed
FORMAT_VERSIONS = tuple(sorted(PAINTERS_OF_FORMAT))  # the formats still rendered byte for byte


@dataclass(frozen=True)
class Settings:
    """What decides the bytes of a dataset."""

    seed: int
    imgsz: int = 640
    crop: int | None = None
    faces: str | None = None  # folder of face photos instead of procedural faces
    version: int = FORMAT_VERSION
    light: str = "any"  # "strong": every image under a strong colour cast (an evaluation set)
    empty: float | None = None  # share of scenes forced empty (hard negatives); None: the kind mix
    scene: str | None = None  # every scene of this kind (an evaluation set); None: the kind mix


def image_rng(seed: int, split: str, index: int) -> np.random.Generator:
    """The generator of one image, independent of worker scheduling."""
    return np.random.default_rng(np.random.SeedSequence([seed, SPLIT_IDS[split], index]))


class _Designs:
    """A small per-process cache of deck designs (faces and back)."""

    def __init__(self, settings: Settings, keep: int = 2) -> None:
        self.settings = settings
        self.keep = keep
        self.cache: OrderedDict[tuple[str, int], tuple[FaceSource, Face]] = OrderedDict()
        self.photo_faces = None
        if settings.faces:
            from scorer.render.photo_faces import PhotoFaces  # noqa: PLC0415

            self.photo_faces = PhotoFaces(Path(settings.faces))

    def get(self, split: str, design: int) -> tuple[FaceSource, Face]:
        """The faces (a FaceSet or the photo faces) and the back of design ``design``."""
        key = (split, design)
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        rng = np.random.default_rng(
            np.random.SeedSequence([self.settings.seed, SPLIT_IDS[split], _DESIGN, design]))
        style = sample_style(rng, POOL[split])
        if split == "train":  # evaluation splits keep the designs their figures were taken on
            style = with_print_variety(style, wide_inks=self.settings.version >= 4,
                                       ring_skips=self.settings.version >= 5,
                                       skip_alone=self.settings.version >= 6)
        faces = self.photo_faces if self.photo_faces is not None else FaceSet(style)
        back = render_back(rng, style.font)
        if self.photo_faces is not None and self.photo_faces.back is not None:
            back = self.photo_faces.back
        value = (faces, back)
        self.cache[key] = value
        if len(self.cache) > self.keep:
            self.cache.popitem(last=False)
        return value


def render_example(settings: Settings, designs: _Designs, split: str, index: int
                   ) -> tuple[bytes, str, dict]:
    """One image: JPEG bytes, YOLO label text and its manifest record."""
    rng = image_rng(settings.seed, split, index)
    faces, back = designs.get(split, index // DESIGN_GROUP)
    forced = settings.empty is not None and rng.random() < settings.empty
    # Training scenes hold their fans tight; evaluation splits keep the scenes of their figures.
    kind = "empty" if forced else settings.scene
    layout = sample_layout(rng, kind, tight_fans=split == "train",
                           foreign=settings.version >= 4,
                           skip_beside_zero=settings.version >= 5)
    background = sample_background(rng, settings.imgsz, POOL[split])
    add_distractors(rng, background, int(rng.integers(0, 4)),
                    font=str(rng.choice(fonts_for(POOL[split]))))
    if layout.kind == "empty" or rng.random() < CLUTTER_SHARE:
        add_clutter(rng, background, int(rng.integers(1, 4)) if layout.kind == "empty" else 1,
                    PAINTERS_OF_FORMAT[settings.version])
    scene = render_scene(rng, layout, faces, back, background,
                         strong_light=settings.light == "strong")
    if settings.crop:
        x, y = choose_crop(rng, scene, settings.crop)
        labelled = crop_scene(scene, x, y, settings.crop)
    else:
        labelled = Labelled(scene.image, scene.cards)
    quality = int(rng.integers(JPEG_QUALITY[0], JPEG_QUALITY[1] + 1))
    ok, jpg = cv2.imencode(".jpg", cv2.cvtColor(labelled.image, cv2.COLOR_RGB2BGR),
                           [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    up, down = cards_json(labelled)
    phases = []
    readable = readable_placements(labelled)
    for laid, members in zip(layout.phases, layout.phase_cards, strict=True):
        verdict = phase_verdict(laid.phase, laid.cards, laid.variant == "valid")
        phases.append({"phase": laid.phase, "cards": [str(c) for c in laid.cards],
                       "groups": [[str(c) for c in g] for g in laid.groups],
                       **verdict, "variant": laid.variant,
                       "all_cards_readable": all(m in readable for m in members)})
    h, w = labelled.image.shape[:2]
    record = {"file": f"{split}_{index:06d}.jpg", "width": w, "height": h,
              "scene": layout.kind, "crop_origin": list(labelled.offset), "jpeg_quality": quality,
              "phases": phases, "cards": up, "face_down": down}
    return jpg.tobytes(), yolo_lines(labelled), record


_WORKER: dict = {}


def _init_worker(settings: Settings, out: str) -> None:
    cv2.setNumThreads(1)
    _WORKER["settings"] = settings
    _WORKER["designs"] = _Designs(settings)
    _WORKER["out"] = Path(out)


def _work(task: tuple[str, int]) -> dict:
    split, index = task
    settings, out = _WORKER["settings"], _WORKER["out"]
    jpg, labels, record = render_example(settings, _WORKER["designs"], split, index)
    stem = f"{split}_{index:06d}"
    (out / "images" / split / f"{stem}.jpg").write_bytes(jpg)
    (out / "labels" / split / f"{stem}.txt").write_text(labels)
    return record


def _remove_stale(out: Path, counts: dict[str, int]) -> None:
    """Delete images and labels an earlier, larger build left behind (ultralytics would train
    on them), and ultralytics' label caches, which describe the old files."""
    for split in SPLITS:
        n = counts.get(split, 0)
        for folder, suffix in (("images", ".jpg"), ("labels", ".txt")):
            for path in (out / folder / split).glob(f"{split}_*{suffix}"):
                number = path.stem[len(split) + 1 :]
                if number.isdigit() and int(number) >= n:
                    path.unlink()
    for cache in (out / "labels").glob("*.cache"):
        cache.unlink()


def _data_yaml(out: Path) -> str:
    names = "\n".join(f"  {i}: {card}" for i, card in enumerate(ALL_FACES))
    return (f"path: {out.resolve()}\ntrain: images/train\nval: images/val\ntest: images/test\n"
            f"nc: {len(ALL_FACES)}\nnames:\n{names}\n")


def build(out: Path, counts: dict[str, int], settings: Settings, workers: int = 2,
          progress: bool = True) -> dict:
    """Render ``counts`` images per split into ``out``; returns timing facts.

    Writes images/, labels/, data.yaml, manifest_{split}.json and config.json. With
    ``workers`` > 1 the workers are spawned processes (a forked child can deadlock in OpenCV),
    so a script calling this must guard its entry point with ``if __name__ == "__main__"``.
    Raises ``FileNotFoundError`` when ``settings.faces`` lacks faces or a font of a needed pool
    is missing, ``ValueError`` on a crop larger than the scene.
    """
    from tqdm import tqdm  # noqa: PLC0415

    if settings.crop and settings.crop > settings.imgsz:
        raise ValueError(f"--crop {settings.crop} is larger than --imgsz {settings.imgsz}")
    if settings.faces:  # fail here, not inside every worker
        from scorer.render.photo_faces import PhotoFaces  # noqa: PLC0415

        PhotoFaces(Path(settings.faces))
    for pool in {POOL[split] for split in SPLITS if counts.get(split, 0)}:
        require_pool(pool)
    out = Path(out)
    for split in SPLITS:
        (out / "images" / split).mkdir(parents=True, exist_ok=True)
        (out / "labels" / split).mkdir(parents=True, exist_ok=True)
    tasks = [(s, i) for s in SPLITS for i in range(counts.get(s, 0))]
    records: dict[str, list[dict]] = {s: [] for s in SPLITS}
    start = time.perf_counter()
    bar = tqdm(total=len(tasks), unit="img", disable=not progress)
    if workers <= 1:
        _init_worker(settings, str(out))
        results = map(_work, tasks)
        for task, record in zip(tasks, results, strict=True):
            records[task[0]].append(record)
            bar.update()
    else:
        # spawn, not fork: a forked child deadlocks in cv2 once the parent used its threads
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, _init_worker, (settings, str(out))) as pool:
            for task, record in zip(tasks, pool.imap(_work, tasks, chunksize=DESIGN_GROUP),
                                    strict=True):
                records[task[0]].append(record)
                bar.update()
    bar.close()
    elapsed = time.perf_counter() - start
    _remove_stale(out, counts)
    for split in SPLITS:
        manifest = {"split": split, "classes": [str(c) for c in ALL_FACES],
                    "images": records[split]}
        (out / f"manifest_{split}.json").write_text(json.dumps(manifest, indent=1))
    (out / "data.yaml").write_text(_data_yaml(out))
    config = {**asdict(settings), "counts": {s: counts.get(s, 0) for s in SPLITS},
              "design_group": DESIGN_GROUP, "pools": POOL, "jpeg_quality": list(JPEG_QUALITY)}
    (out / "config.json").write_text(json.dumps(config, indent=1, sort_keys=True))
    n = len(tasks)
    return {"images": n, "seconds": elapsed, "images_per_second": n / elapsed if elapsed else 0}
