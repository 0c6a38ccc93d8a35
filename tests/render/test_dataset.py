"""The dataset builder: deterministic bytes, deck constraints in every scene, the phase
verdict from the validator, the files ultralytics reads, crops and photo faces."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.cards import ALL_FACES, deck_violations, parse_card
from scorer.cli import main
from scorer.render.dataset import Settings, _Designs, render_example
from scorer.render.layouts import SCENE_KINDS, sample_layout


def test_same_seed_same_bytes() -> None:
    """An image depends only on (seed, split, index), not on what a worker rendered before."""
    settings = Settings(seed=11, imgsz=320)
    first = render_example(settings, _Designs(settings), "train", 5)
    designs = _Designs(settings)
    render_example(settings, designs, "val", 3)  # a warm cache must not change anything
    second = render_example(settings, designs, "train", 5)
    assert first[0] == second[0] and first[1] == second[1] and first[2] == second[2]
    other = render_example(Settings(seed=12, imgsz=320), _Designs(settings), "train", 5)
    assert other[0] != first[0]


@pytest.mark.parametrize("kind", sorted(set(SCENE_KINDS) - {"empty"}))
def test_no_scene_breaks_the_deck(kind: str) -> None:
    """At most 2 of each colour and number, 8 Wilds, 4 Skips in every scene."""
    for seed in range(60):
        layout = sample_layout(np.random.default_rng(seed), kind)
        cards = [p.card for p in layout.cards if p.card is not None]
        assert cards, "a scene shows cards"
        assert deck_violations(cards) == []


def test_empty_scenes_show_no_face_and_get_no_label() -> None:
    """Hard negatives: a bare table or card backs among clutter, nothing to find."""
    settings = Settings(seed=5, imgsz=320)
    designs = _Designs(settings)
    empty = 0
    for index in range(40):
        jpg, labels, record = render_example(settings, designs, "train", index)
        if record["scene"] == "empty":
            empty += 1
            assert labels == "" and record["cards"] == []
            image = cv2.imdecode(np.frombuffer(jpg, np.uint8), cv2.IMREAD_COLOR)
            assert image.shape == (320, 320, 3)
    assert empty >= 1


def test_phase_verdict_agrees_with_validator() -> None:
    """The manifest's phase verdict is the validator's."""
    validate = pytest.importorskip("scorer.rules.validate").validate
    settings = Settings(seed=4, imgsz=160)
    designs = _Designs(settings)
    seen = 0
    for index in range(20):
        record = render_example(settings, designs, "train", index)[2]
        for phase in record["phases"]:
            assert phase["verdict_source"] == "validator"
            assert phase["valid"] == validate(phase["phase"], phase["cards"]).valid
            seen += 1
    assert seen >= 5


def test_build_writes_what_ultralytics_reads(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    code = main(["dataset", "build", "--out", str(out), "--train", "4", "--val", "2", "--test",
                 "2", "--seed", "3", "--imgsz", "320", "--crop", "160", "--workers", "1"])
    assert code == 0
    yaml = (out / "data.yaml").read_text()
    for key in ("path:", "train: images/train", "val: images/val", "test: images/test"):
        assert key in yaml
    assert f"  49: {ALL_FACES[49]}" in yaml
    for split, n in (("train", 4), ("val", 2), ("test", 2)):
        images = sorted((out / "images" / split).glob("*.jpg"))
        assert len(images) == n
        assert cv2.imread(str(images[0])).shape == (160, 160, 3)
        manifest = json.loads((out / f"manifest_{split}.json").read_text())
        assert len(manifest["images"]) == n
        for record, image in zip(manifest["images"], images, strict=True):
            lines = (out / "labels" / split / f"{image.stem}.txt").read_text().split("\n")
            labelled = sum(len(c["indices"]) for c in record["cards"])
            assert labelled == len([line for line in lines if line])
            for line in filter(None, lines):
                cls, *box = line.split()
                assert 0 <= int(cls) < 50
                assert all(0.0 <= float(v) <= 1.0 for v in box)
    config = json.loads((out / "config.json").read_text())
    assert config["seed"] == 3 and config["crop"] == 160
    sheet = tmp_path / "sheet.png"
    assert main(["dataset", "show", str(out), "--split", "train", "--out", str(sheet)]) == 0
    assert cv2.imread(str(sheet)) is not None


def test_faces_from_a_folder(tmp_path: Path) -> None:
    """``--faces DIR``: photos named by notation; index boxes from indices.json."""
    folder = tmp_path / "faces"
    folder.mkdir()
    for i, card in enumerate(ALL_FACES):
        img = np.full((88, 56, 3), 255, np.uint8)
        cv2.putText(img, str(card), (2, 12), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (0, 0, i * 5), 1)
        cv2.imwrite(str(folder / f"{card}.png"), img)
    (folder / "indices.json").write_text(json.dumps({"default": [0.0, 0.0, 0.5, 0.2]}))
    settings = Settings(seed=1, imgsz=320, faces=str(folder))
    designs = _Designs(settings)
    face = designs.get("train", 0)[0][ALL_FACES[0]]
    assert face.index_rects[0] == pytest.approx((0.0, 0.0, 112.0, 70.4))
    assert face.index_rects[1] == pytest.approx((112.0, 281.6, 224.0, 352.0))
    record = render_example(settings, designs, "train", 0)[2]
    assert record["cards"]
    # Two worker processes after the parent loaded the photos (a forked pool once hung here).
    out = tmp_path / "out"
    assert main(["dataset", "build", "--out", str(out), "--train", "2", "--val", "0", "--test",
                 "0", "--imgsz", "128", "--faces", str(folder), "--workers", "2"]) == 0
    assert len(list((out / "images" / "train").glob("*.jpg"))) == 2


def test_workers_do_not_change_the_bytes(tmp_path: Path) -> None:
    """Per-image seeds: 1 and 2 worker processes write identical files."""
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        assert main(["dataset", "build", "--out", str(out), "--train", "5", "--val", "2",
                     "--test", "2", "--seed", "8", "--imgsz", "128", "--workers",
                     str(workers)]) == 0
        outs.append(out)
    for rel in ("images/train/train_000004.jpg", "images/test/test_000001.jpg",
                "labels/val/val_000001.txt", "manifest_train.json", "config.json"):
        assert (outs[0] / rel).read_bytes() == (outs[1] / rel).read_bytes()


def test_face_down_cards_are_never_labelled_and_cards_are_listed_once() -> None:
    settings = Settings(seed=6, imgsz=160)
    designs = _Designs(settings)
    backs = 0
    for index in range(16):
        jpg, labels, record = render_example(settings, designs, "train", index)
        backs += len(record["face_down"])
        assert all("indices" not in card and "face" not in card for card in record["face_down"])
        assert len(labels.splitlines()) == sum(len(c["indices"]) for c in record["cards"])
        for card in record["cards"]:
            assert len(card["corners"]) == 4
            assert len({ix["corner"] for ix in card["indices"]}) == len(card["indices"])
            classes = {ix["class_id"] for ix in card["indices"]}
            assert classes <= {ALL_FACES.index(parse_card(card["face"]))}
    assert backs > 0


def test_rebuilding_smaller_removes_stale_files(tmp_path: Path) -> None:
    args = ["dataset", "build", "--out", str(tmp_path), "--val", "0", "--test", "0", "--seed",
            "2", "--imgsz", "128", "--workers", "1"]
    assert main([*args, "--train", "3"]) == 0
    (tmp_path / "labels" / "train.cache").write_bytes(b"old")
    assert main([*args, "--train", "1"]) == 0
    assert [p.name for p in (tmp_path / "images" / "train").iterdir()] == ["train_000000.jpg"]
    assert [p.name for p in (tmp_path / "labels" / "train").iterdir()] == ["train_000000.txt"]
    assert not (tmp_path / "labels" / "train.cache").exists()


def test_phase_readable_flag_matches_the_labels() -> None:
    """``all_cards_readable``: every card of the phase shows a labelled index in the image."""
    settings = Settings(seed=4, imgsz=320, crop=160)
    designs = _Designs(settings)
    flags = set()
    for index in range(16):
        record = render_example(settings, designs, "train", index)[2]
        labelled = [c["face"] for c in record["cards"] if c["indices"]]
        for phase in record["phases"]:
            flags.add(phase["all_cards_readable"])
            if phase["all_cards_readable"]:
                for card in set(phase["cards"]):
                    assert labelled.count(card) >= phase["cards"].count(card)
    assert flags == {True, False}


def test_strong_light_casts_every_image() -> None:
    """``--light strong`` (an evaluation of colour constancy): other bytes, same cards."""
    plain, strong = Settings(seed=6, imgsz=160), Settings(seed=6, imgsz=160, light="strong")
    differ = 0
    for index in range(4):  # some images get a strong cast either way
        a = render_example(plain, _Designs(plain), "val", index)
        b = render_example(strong, _Designs(strong), "val", index)
        assert a[2]["cards"] == b[2]["cards"]
        differ += a[0] != b[0]
    assert differ >= 1


def test_empty_share_forces_scenes_without_cards() -> None:
    """``--empty 1``: every scene is a table with no card face up (hard negatives); no labels."""
    settings = Settings(seed=6, imgsz=160, empty=1.0)
    for index in range(3):
        _, labels, record = render_example(settings, _Designs(settings), "train", index)
        assert record["scene"] == "empty"
        assert labels == "" and record["cards"] == []


def test_a_named_scene_kind_renders_only_that_kind() -> None:
    """``--scene single``: every image shows one card face up (a single-card photo set)."""
    single = Settings(seed=5, imgsz=320, scene="single")
    designs = _Designs(single)
    for index in range(12):
        _jpg, _labels, record = render_example(single, designs, "test", index)
        assert record["scene"] == "single"
        assert len(record["cards"]) == 1
