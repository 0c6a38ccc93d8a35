"""Training wrapper: offline set-up, recipe, and a 1-epoch smoke run that exports ONNX.

The smoke run needs the [train] extra (ultralytics, torch); CI installs it. It trains on a
hand-made dataset of a few 128-pixel images so it does not depend on the renderer.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.cards import ALL_FACES
from scorer.cli import main
from scorer.training.train import (
    TrainingError,
    load_recipe,
    read_results,
    resolve_data_yaml,
    training_args,
)

HAS_ULTRALYTICS = importlib.util.find_spec("ultralytics") is not None
needs_ultralytics = pytest.mark.skipif(
    not HAS_ULTRALYTICS,
    reason="ultralytics is not installed (pip install -e '.[train]'); CI installs it",
)
NAMES = [str(card) for card in ALL_FACES]
COLOURS = {"R": (40, 40, 220), "B": (200, 90, 20), "G": (40, 160, 40), "Y": (20, 200, 230)}


def make_tiny_dataset(root: Path, n_train: int = 6, n_val: int = 2, size: int = 128) -> Path:
    """A hand-made YOLO dataset: white 'cards' with a coloured number in two corners."""
    rng = np.random.default_rng(0)
    for split, n in (("train", n_train), ("val", n_val)):
        (root / "images" / split).mkdir(parents=True)
        (root / "labels" / split).mkdir(parents=True)
        for k in range(n):
            image = np.full((size, size, 3), 90, np.uint8)
            class_id = int(rng.integers(0, 48))
            name = NAMES[class_id]
            x0, y0 = int(rng.integers(4, 30)), int(rng.integers(4, 20))
            cv2.rectangle(image, (x0, y0), (x0 + 70, y0 + 100), (250, 250, 250), -1)
            labels = []
            for cx, cy, flip in ((x0 + 10, y0 + 12, False), (x0 + 60, y0 + 88, True)):
                patch = np.full((20, 16, 3), 250, np.uint8)
                cv2.putText(patch, name[1:][:1], (2, 16), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                            COLOURS[name[0]], 2)
                if flip:
                    patch = patch[::-1, ::-1]
                image[cy - 10 : cy + 10, cx - 8 : cx + 8] = patch
                labels.append(f"{class_id} {cx / size:.5f} {cy / size:.5f} "
                              f"{16 / size:.5f} {20 / size:.5f}")
            cv2.imwrite(str(root / "images" / split / f"{k:03d}.jpg"), image)
            (root / "labels" / split / f"{k:03d}.txt").write_text("\n".join(labels) + "\n")
    names = "\n".join(f"  {i}: {n}" for i, n in enumerate(NAMES))
    (root / "data.yaml").write_text(
        f"path: .\ntrain: images/train\nval: images/val\nnames:\n{names}\n"
    )
    return root


@needs_ultralytics
def test_recipe_suits_printed_cards():
    """No mirror flips of printed numbers, no red <-> blue channel swaps, explicit close_mosaic."""
    recipe = load_recipe()
    train = recipe["train"]
    assert train["fliplr"] == 0 and train["flipud"] == 0 and train["bgr"] == 0
    assert train["hsv_h"] <= 0.01
    assert train["patience"] == 0 and train["close_mosaic"] >= 1
    assert recipe["model"].endswith(".yaml")  # from scratch: no download
    assert recipe["export"]["imgsz"] == 640 and recipe["export"]["simplify"] is True


@needs_ultralytics
def test_gpu_training_takes_the_recipes_gpu_settings():
    """A CUDA device gets mixed precision and loader workers; the CPU recipe stays untouched."""
    recipe = load_recipe()
    cpu = training_args(recipe)
    assert cpu["device"] == "cpu" and cpu["amp"] is False and cpu["workers"] == 0
    gpu = training_args(recipe, "0")
    assert gpu["device"] == "0" and gpu["amp"] is True and gpu["workers"] > 0
    assert gpu["batch"] > cpu["batch"] and gpu["fliplr"] == 0
    assert training_args(recipe, "CPU")["amp"] is False


@needs_ultralytics
def test_resolve_data_yaml_makes_path_absolute(tmp_path):
    make_tiny_dataset(tmp_path / "ds", n_train=1, n_val=1)
    resolved = resolve_data_yaml(tmp_path / "ds", tmp_path / "out")
    assert f"path: {tmp_path / 'ds'}" in resolved.read_text()
    with pytest.raises(TrainingError, match="no dataset"):
        resolve_data_yaml(tmp_path / "missing", tmp_path / "out")


def test_read_results_takes_the_last_row(tmp_path):
    csv_path = tmp_path / "results.csv"
    csv_path.write_text("epoch, metrics/mAP50(B)\n1, 0.1\n2, 0.25\n")
    metrics, epochs = read_results(csv_path)
    assert epochs == 2 and metrics["metrics/mAP50(B)"] == pytest.approx(0.25)
    assert read_results(tmp_path / "none.csv") == ({}, 0)


@pytest.mark.train
@needs_ultralytics
def test_smoke_training_exports_a_self_describing_onnx(tmp_path, capsys):
    """1 epoch on 6 tiny images: weights, ONNX with metadata, model card, installed copy."""
    data = make_tiny_dataset(tmp_path / "tiny")
    models = tmp_path / "models"
    code = main([
        "train", "--data", str(data), "--epochs", "1", "--imgsz", "64", "--batch", "4",
        "--project", str(tmp_path / "runs"), "--name", "smoke", "--models-dir", str(models),
    ])
    assert code == 0, capsys.readouterr().err
    onnx_path = models / "phase10-cards.onnx"
    assert onnx_path.is_file() and (tmp_path / "runs" / "smoke" / "weights" / "best.pt").is_file()
    assert (models / "phase10-cards.pt").is_file()  # the same weights, for fine-tuning
    card = (tmp_path / "runs" / "smoke" / "MODEL_CARD.md").read_text()  # the run's own card
    assert "Reproduce" in card and "--epochs 1" in card
    assert not (models / "README.md").exists()  # the hand-written card is never overwritten
    from scorer.vision.onnx_detector import OnnxDetector

    meta = OnnxDetector(onnx_path).metadata
    assert meta.class_names == tuple(NAMES)
    assert meta.input_hw == (640, 640)

    # A second run continues from the first one's weights with a fresh schedule, at the lower
    # rate for continuing; --no-export stops once the weights are written (for a GPU machine
    # without onnx).
    best = tmp_path / "runs" / "smoke" / "weights" / "best.pt"
    code = main([
        "train", "--data", str(data), "--epochs", "1", "--imgsz", "64", "--batch", "4",
        "--project", str(tmp_path / "runs"), "--name", "more", "--no-export",
        "--weights", str(best), "--lr0", "0.0005",
    ])
    assert code == 0, capsys.readouterr().err
    more = tmp_path / "runs" / "more" / "weights"
    assert (more / "best.pt").is_file() and not list(more.glob("*.onnx"))

    # `phase10 export` turns those weights into the installed model and keeps the model card.
    (models / "README.md").write_text("the hand-written card")
    card_before = (models / "README.md").read_text()
    assert main(["export", str(more / "best.pt"), "--models-dir", str(models)]) == 0
    assert "installed" in capsys.readouterr().out
    import torch

    shipped = torch.load(models / "phase10-cards.pt", map_location="cpu", weights_only=False)
    trained = torch.load(more / "best.pt", map_location="cpu", weights_only=False)
    assert all(torch.equal(a, b) for a, b in zip(shipped["model"].state_dict().values(),
                                                 trained["model"].state_dict().values(),
                                                 strict=True))
    # The shipped files do not name the folders of the machine that trained them.
    machine_path = str(tmp_path).encode()
    assert machine_path in (more / "best.pt").read_bytes()
    assert machine_path not in (models / "phase10-cards.pt").read_bytes()
    assert machine_path not in onnx_path.read_bytes()
    assert OnnxDetector(onnx_path).metadata.class_names == tuple(NAMES)
    assert (models / "README.md").read_text() == card_before
    import yaml

    args = yaml.safe_load((tmp_path / "runs" / "more" / "args.yaml").read_text())
    assert Path(args["model"]) == best
    assert args["lr0"] == 0.0005 and args["warmup_bias_lr"] == 0.0005, "biases warm up gently"


@pytest.mark.train
@needs_ultralytics
def test_another_architecture_from_scratch_runs_in_the_reader(tmp_path, capsys):
    """--weights yolo11n.yaml: a yolo11n from scratch, whose ONNX the reader runs unchanged."""
    data = make_tiny_dataset(tmp_path / "tiny")
    code = main([
        "train", "--data", str(data), "--epochs", "1", "--imgsz", "64", "--batch", "4",
        "--project", str(tmp_path / "runs"), "--name", "y11", "--weights", "yolo11n.yaml",
        "--no-install",
    ])
    assert code == 0, capsys.readouterr().err
    import yaml

    run = tmp_path / "runs" / "y11"
    args = yaml.safe_load((run / "args.yaml").read_text())
    assert args["model"] == "yolo11n.yaml" and args["warmup_bias_lr"] == 0.1
    from scorer.vision.onnx_detector import OnnxDetector

    detector = OnnxDetector(str(next(run.glob("weights/*.onnx"))))
    assert detector.class_names == tuple(NAMES)
    image = cv2.imread(str(next((data / "images" / "val").glob("*.jpg"))))
    dets = detector.detect(image, conf=0.0001, iou=0.7)
    # The output layout decodes as yolov8's: boxes inside the image, known classes.
    height, width = image.shape[:2]
    assert len(dets) > 0 and int(dets.class_id.max()) < len(NAMES)
    assert (dets.xyxy >= -1).all() and (dets.xyxy[:, [0, 2]] <= width + 1).all()
    assert (dets.xyxy[:, [1, 3]] <= height + 1).all()


@needs_ultralytics
@pytest.mark.parametrize(
    ("start", "message"),
    [
        ("none.pt", "no weights to start from"),
        ("none.yaml", "no model yaml"),
        ("model.onnx", "expected trained weights (.pt) or a model yaml"),
    ],
)
def test_bad_starting_point_exits_2(tmp_path, capsys, start, message):
    data = make_tiny_dataset(tmp_path / "tiny", n_train=1, n_val=1)
    code = main(["train", "--data", str(data), "--project", str(tmp_path),
                 "--weights", str(tmp_path / start)])
    assert code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "phase10").exists()


def test_export_without_weights_exits_2(tmp_path, capsys):
    assert main(["export", str(tmp_path / "none.pt")]) == 2
    assert "no trained weights" in capsys.readouterr().err


@needs_ultralytics
def test_resume_without_a_run_exits_2(tmp_path, capsys):
    assert main(["train", "--resume", "--name", "none", "--project", str(tmp_path)]) == 2
    assert "nothing to resume" in capsys.readouterr().err


@needs_ultralytics
def test_missing_dataset_exits_2(tmp_path, capsys):
    assert main(["train", "--data", str(tmp_path / "nope"), "--project", str(tmp_path)]) == 2
    assert "no dataset" in capsys.readouterr().err


@needs_ultralytics
def test_recipe_sets_a_from_scratch_learning_rate():
    """ultralytics' optimizer=auto would pick a fine-tuning rate (0.000185 for 50 classes)."""
    train = load_recipe()["train"]
    assert train["optimizer"] == "AdamW" and train["lr0"] >= 0.001
