"""The ONNX adapter: the only module that knows YOLOv8's exported layout.

Input ``images``: float32 ``(1, 3, H, W)``, RGB, 0..1, letterboxed: to the metadata's ``imgsz``,
or, when the file was exported with a dynamic input, to the smallest multiple of the stride that
holds the frame within ``imgsz`` (a 4:3 frame runs at 640x480). Output ``output0``:
``(1, 4 + nc, anchors)`` with rows ``cx, cy, w, h`` (input pixels) then one score per class.
Class names and input size come from the metadata ultralytics writes into the file (parsed with
:func:`ast.literal_eval`). One onnxruntime session per model file per process (cached).
"""

from __future__ import annotations

import ast
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import onnxruntime as ort

from scorer.vision.detections import Detections
from scorer.vision.geometry import fitted_size, letterbox, nms, unletterbox_boxes, xywh_to_xyxy
from scorer.vision.settings import DEFAULT_CONF, DEFAULT_IOU, READER

TUNING = READER.detector
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


# Axes of the raw output, named once.
BATCH_AXIS, CHANNEL_AXIS, ANCHOR_AXIS = 0, 1, 2
BOX_CHANNELS = 4


class ModelError(RuntimeError):
    """The model file is missing or is not a YOLOv8-style detection ONNX this adapter reads."""


class ModelNotFoundError(ModelError, FileNotFoundError):
    """There is no model file at the configured path."""


@dataclass(frozen=True)
class ModelMetadata:
    """What the ONNX file says about itself: class names, input ``(height, width)``, stride.

    ``dynamic_input``: the input's height and width are free (the file was exported with
    ``dynamic=True``), so ``input_hw`` is the largest size the model was made for, not the only one.
    """

    class_names: tuple[str, ...]
    input_hw: tuple[int, int]
    stride: int
    end2end: bool
    description: str
    dynamic_input: bool = False

    def input_size_for(
        self, source_hw: tuple[int, int], limit: int | None = None
    ) -> tuple[int, int]:
        """The input ``(height, width)`` a frame of ``source_hw`` is letterboxed to.

        ``limit`` (dynamic inputs only) replaces the exported size as the longest side allowed.
        """
        if not self.dynamic_input:
            return self.input_hw
        limit_hw = (limit, limit) if limit else self.input_hw
        return fitted_size(source_hw, limit_hw, self.stride)


def parse_metadata(meta: dict[str, str]) -> ModelMetadata:
    """Read ultralytics' ONNX metadata map (strings holding Python literals), never ``eval``.

    Raises :class:`ModelError` when ``names`` or ``imgsz`` is missing or malformed.
    """
    try:
        names = ast.literal_eval(meta["names"])
        imgsz = ast.literal_eval(meta["imgsz"])
    except (KeyError, ValueError, SyntaxError) as error:
        raise ModelError(f"the ONNX metadata lacks readable 'names'/'imgsz': {error!r}") from None
    if isinstance(names, dict):
        if sorted(names) != list(range(len(names))):
            raise ModelError(f"class ids in the metadata are not 0..n-1: {sorted(names)[:5]}...")
        names = [names[i] for i in range(len(names))]
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise ModelError("metadata 'names' is not a list or dict of class names")
    if isinstance(imgsz, int):
        imgsz = [imgsz, imgsz]
    if not (isinstance(imgsz, (list, tuple)) and len(imgsz) == 2 and all(
        isinstance(v, int) and v > 0 for v in imgsz
    )):
        raise ModelError(f"metadata 'imgsz' is not [height, width]: {meta.get('imgsz')!r}")
    try:
        stride = int(ast.literal_eval(meta.get("stride", "32")))
        end2end = bool(ast.literal_eval(meta.get("end2end", "False")))
    except (ValueError, SyntaxError, TypeError):
        raise ModelError("metadata 'stride'/'end2end' is malformed") from None
    return ModelMetadata(tuple(names), (imgsz[0], imgsz[1]), stride, end2end,
                         meta.get("description", ""))


_LOCK = threading.Lock()


@lru_cache(maxsize=4)
def _session(path: str):
    """One onnxruntime session per model file per process, with its metadata."""
    if not Path(path).is_file():
        raise ModelNotFoundError(
            f"no detector model at {path}: train one (phase10 train) or set PHASE10_MODEL"
        )
    options = ort.SessionOptions()
    options.intra_op_num_threads = TUNING.intra_op_threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    # Spinning worker threads win a few ms on an idle machine but lose several times that when
    # the cores are shared (web server, other processes): measured 2-thread runs took 2x longer.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
    except Exception as error:  # onnxruntime raises its own untyped errors on bad files
        raise ModelError(f"cannot load the ONNX model {path}: {error}") from None
    meta = parse_metadata(session.get_modelmeta().custom_metadata_map)
    height, width = session.get_inputs()[0].shape[2:4]
    meta = replace(meta, dynamic_input=not (isinstance(height, int) and isinstance(width, int)))
    if meta.end2end:
        raise ModelError(f"{path} has an end-to-end (NMS-free) head; export with nms=False")
    return session, meta


def preprocess(image_bgr: np.ndarray, input_hw: tuple[int, int]):
    """BGR ``(H, W, 3)`` uint8 -> input ``(1, 3, h, w)`` float32 RGB 0..1, and the letterbox."""
    boxed, box = letterbox(image_bgr, input_hw)
    rgb = cv2.cvtColor(boxed, cv2.COLOR_BGR2RGB)
    tensor = np.ascontiguousarray(rgb.transpose(2, 0, 1)[None], dtype=np.float32)
    tensor *= 1 / 255.0
    return tensor, box


def decode_output(
    output: np.ndarray, conf: float, iou: float, n_classes: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Raw ``(1, 4 + nc, anchors)`` output -> xyxy boxes (input pixels), scores, class ids.

    Boxes below ``conf`` are dropped, then class-wise NMS at ``iou`` runs.

    Raises :class:`ModelError` when the output does not have ``4 + n_classes`` channels.
    """
    if output.ndim != 3 or output.shape[CHANNEL_AXIS] != BOX_CHANNELS + n_classes:
        raise ModelError(
            f"expected output (1, {BOX_CHANNELS + n_classes}, anchors), got {output.shape}"
        )
    rows = output[0].T  # (anchors, 4 + nc)
    scores_all = rows[:, BOX_CHANNELS:]
    class_ids = scores_all.argmax(axis=1)
    scores = scores_all[np.arange(rows.shape[0]), class_ids]
    keep = np.flatnonzero(scores >= conf)
    if keep.size > TUNING.max_candidates:
        keep = keep[np.argsort(-scores[keep])[:TUNING.max_candidates]]
    boxes = xywh_to_xyxy(rows[keep, :BOX_CHANNELS])
    scores, class_ids = scores[keep], class_ids[keep]
    kept = nms(boxes, scores, iou, class_ids)[:TUNING.max_detections]
    return boxes[kept], scores[kept], class_ids[kept]


def _checked_imgsz(imgsz: int | None, meta: ModelMetadata, path: Path) -> int | None:
    """``imgsz`` when the model can run at it (None: the exported size); else ModelError."""
    if imgsz is None or (imgsz,) * 2 == meta.input_hw:
        return None
    if not meta.dynamic_input:
        size = "x".join(map(str, meta.input_hw))
        raise ModelError(
            f"{path.name} was exported with a fixed {size} input; another input size needs an "
            "export with a dynamic input (export.dynamic in the training recipe)"
        )
    if imgsz <= 0 or imgsz % meta.stride:
        raise ModelError(f"input size must be a positive multiple of {meta.stride}, got {imgsz}")
    return imgsz


class OnnxDetector:
    """Runs the exported detector on BGR images and returns :class:`Detections` in source pixels."""

    def __init__(self, model_path: str | Path, imgsz: int | None = None) -> None:
        """``imgsz``: the longest input side, when not the exported one (a dynamic-input model
        only; a multiple of the stride). Larger reads smaller cards, at a quadratic cost in time.

        Raises :class:`ModelError` when the model cannot run at ``imgsz``.
        """
        self.model_path = Path(model_path).resolve()
        self.session, self.metadata = _session(str(self.model_path))
        self.input_name = self.session.get_inputs()[0].name
        self.imgsz = _checked_imgsz(imgsz, self.metadata, self.model_path)

    @property
    def class_names(self) -> tuple[str, ...]:
        return self.metadata.class_names

    @property
    def input_side(self) -> int:
        """The longest input side it reads a frame at."""
        return self.imgsz or max(self.metadata.input_hw)

    def detect(self, image_bgr: np.ndarray, conf: float = DEFAULT_CONF,
               iou: float = DEFAULT_IOU) -> Detections:
        """Index detections with confidence >= ``conf`` (class-wise NMS at ``iou``)."""
        input_hw = self.metadata.input_size_for(image_bgr.shape[:2], self.imgsz)
        tensor, box = preprocess(image_bgr, input_hw)
        output = self._run(tensor)
        boxes, scores, class_ids = decode_output(output, conf, iou, len(self.class_names))
        return Detections(unletterbox_boxes(boxes, box), scores, class_ids, self.class_names)

    def detect_batch(self, crops: Sequence[np.ndarray], conf: float = DEFAULT_CONF,
                     iou: float = DEFAULT_IOU) -> list[Detections]:
        """Detections in each of ``crops`` (BGR, one shape, sides multiples of the stride), read
        in one run at the crops' own size (a dynamic-input model only, else ModelError)."""
        if not crops:
            return []
        h, w = crops[0].shape[:2]
        if any(c.shape != crops[0].shape for c in crops) or h % self.metadata.stride or \
                w % self.metadata.stride:
            raise ValueError(f"crops must share one shape with sides multiples of "
                             f"{self.metadata.stride}")
        if not self.metadata.dynamic_input and (h, w) != self.metadata.input_hw:
            raise ModelError(f"{self.model_path.name} has a fixed input; it cannot read "
                             f"{w}x{h} crops")
        output = self._run(np.concatenate([preprocess(c, (h, w))[0] for c in crops]))
        found = []
        for k in range(len(crops)):
            boxes, scores, class_ids = decode_output(output[k:k + 1], conf, iou,
                                                     len(self.class_names))
            found.append(Detections(boxes, scores, class_ids, self.class_names))
        return found

    def _run(self, tensor: np.ndarray) -> np.ndarray:
        """The model's raw output for an input batch."""
        with _LOCK:  # one session shared by threads (waitress): keep runs sequential
            (output,) = self.session.run(None, {self.input_name: tensor})[:1]
        return output
