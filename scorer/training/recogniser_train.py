"""Train the recogniser (:mod:`scorer.vision.recogniser`) on rendered crops, and export ONNX.

A small CNN (six 3x3 convolutions, three poolings, about 0.3 M weights) with two heads, symbol
and colour, trained with cross-entropy on both. Crops turn by quarter turns and take small
colour casts and brightness changes as they are drawn (never a mirror: printed digits). Needs
the [train] extra (torch); runs on the CPU in minutes.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scorer.training.recogniser_data import CropSet
from scorer.vision.recogniser import COLOURS, SYMBOLS
from scorer.vision.settings import READER


@dataclass(frozen=True)
class TrainReport:
    """Held-out accuracy of the trained recogniser, and how long it trained."""

    symbol_accuracy: float
    colour_accuracy: float
    none_recall: float
    epochs: int
    seconds: float


def build_model():  # -> torch.nn.Module (torch is imported where training runs)
    """The recogniser's network: ``crops (N, 3, crop, crop) -> (symbol, colour)`` logits."""
    import torch
    from torch import nn

    def block(c_in: int, c_out: int) -> nn.Sequential:
        return nn.Sequential(
            nn.Conv2d(c_in, c_out, 3, padding=1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(),
            nn.Conv2d(c_out, c_out, 3, padding=1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(),
            nn.MaxPool2d(2))

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.features = nn.Sequential(block(3, 32), block(32, 64), block(64, 128),
                                          nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2))
            self.symbol = nn.Linear(128, len(SYMBOLS))
            self.colour = nn.Linear(128, len(COLOURS))

        def forward(self, crops: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            features = self.features(crops)
            return self.symbol(features), self.colour(features)

    return Net()


def _augment(batch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Quarter turns, per-channel gains (casts) and brightness, on ``(N, H, W, 3)`` uint8."""
    out = np.empty_like(batch)
    for k, crop in enumerate(batch):
        out[k] = np.rot90(crop, int(rng.integers(4)))
    gains = rng.uniform(0.85, 1.15, (len(batch), 1, 1, 3)) * rng.uniform(0.7, 1.2,
                                                                       (len(batch), 1, 1, 1))
    return np.clip(out.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def _tensor(crops: np.ndarray):
    import torch

    return torch.from_numpy(np.ascontiguousarray(
        crops[..., ::-1].transpose(0, 3, 1, 2)).astype(np.float32) / 255.0)


def train(data: CropSet, held_out: CropSet, out: Path, *, epochs: int = 10, batch: int = 256,
          seed: int = 0, progress: Callable[[str], None] = print) -> TrainReport:
    """Train on ``data``, report on ``held_out``, and write the ONNX model to ``out``."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = build_model()
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * int(np.ceil(len(data.crops) / batch))
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss()
    started = time.perf_counter()
    for epoch in range(epochs):
        model.train()
        order = rng.permutation(len(data.crops))
        total = 0.0
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            symbol, colour = model(_tensor(_augment(data.crops[rows], rng)))
            loss = loss_fn(symbol, torch.from_numpy(data.symbols[rows])) + \
                loss_fn(colour, torch.from_numpy(data.colours[rows]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(rows)
        report = evaluate(model, held_out, epoch + 1, time.perf_counter() - started)
        progress(f"epoch {epoch + 1}/{epochs}: loss {total / len(order):.3f}, held-out symbol "
                 f"{report.symbol_accuracy:.3f}, colour {report.colour_accuracy:.3f}, "
                 f"none found {report.none_recall:.3f}")
    export(model, out)
    return report


def evaluate(model, held_out: CropSet, epochs: int, seconds: float) -> TrainReport:
    """Accuracy of ``model`` on ``held_out`` (colour only where the target has one)."""
    import torch

    model.eval()
    symbols, colours = [], []
    with torch.no_grad():
        for start in range(0, len(held_out.crops), 512):
            s, c = model(_tensor(held_out.crops[start:start + 512]))
            symbols.append(s.argmax(1).numpy())
            colours.append(c.argmax(1).numpy())
    symbol, colour = np.concatenate(symbols), np.concatenate(colours)
    coloured = held_out.colours != COLOURS.index("none")
    none = held_out.symbols == SYMBOLS.index("none")
    return TrainReport(
        float((symbol == held_out.symbols).mean()),
        float((colour[coloured] == held_out.colours[coloured]).mean()) if coloured.any() else 0.0,
        float((symbol[none] == held_out.symbols[none]).mean()) if none.any() else 0.0,
        epochs, seconds)


def export(model, out: Path) -> Path:
    """Write ``model`` as ONNX (input ``crops``, outputs ``symbol`` and ``colour``, dynamic
    batch) to ``out``."""
    import torch

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():  # the TorchScript exporter: no onnxscript needed for a CNN
        warnings.simplefilter("ignore", DeprecationWarning)
        crop = READER.recogniser.crop
        torch.onnx.export(model, torch.zeros(1, 3, crop, crop), str(out), input_names=["crops"],
                          output_names=["symbol", "colour"],
                          dynamic_axes={"crops": {0: "n"}, "symbol": {0: "n"}, "colour": {0: "n"}},
                          opset_version=17, dynamo=False)
    return out
