"""int8 static quantisation of the exported detector with onnxruntime, calibrated on renders.

The body of the network (backbone, neck and the head's inner convolutions) becomes int8 with
per-channel weights. The head's last convolutions and its box decoding stay float: its output
holds box coordinates up to 640 beside class scores in 0..1, and one int8 scale for both wipes
out the scores (no card read at all). Judge the result with ``phase10 eval --model OUT`` on a
rendered val split against the float model, after fitting a doubt model for the copy
(``PHASE10_MODEL=OUT tools/fit_doubt.py --out ...``); docs/lab.md has the figures of the
last tries. ``--float`` leaves more of the network float, ``--method`` sets how activation
ranges are taken from the calibration frames.

    .venv/bin/python tools/quantize_int8.py --images datasets/eval-g/images/val --out int8.onnx
    .venv/bin/python tools/quantize_int8.py --images datasets/eval-g/images/val \
        --float /model.22/ --method minmax --out int8-head-float.onnx
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import cv2
import onnx
from onnxruntime.quantization import (
    CalibrationDataReader,
    CalibrationMethod,
    QuantFormat,
    QuantType,
    quantize_static,
)
from onnxruntime.quantization.shape_inference import quant_pre_process

from scorer.vision.onnx_detector import OnnxDetector, preprocess
from scorer.vision.reading import model_path

HEAD = "/model.22/"  # the detect head of ultralytics' YOLOv8 export
PERCENTILE = 99.99
METHODS = {"percentile": CalibrationMethod.Percentile, "minmax": CalibrationMethod.MinMax,
           "entropy": CalibrationMethod.Entropy}


class RenderedFrames(CalibrationDataReader):
    """Photos letterboxed exactly as the reader's first look feeds them to the model."""

    def __init__(self, images: list[Path], detector: OnnxDetector) -> None:
        self.images = iter(images)
        self.detector = detector

    def get_next(self) -> dict | None:
        path = next(self.images, None)
        if path is None:
            return None
        image = cv2.imread(str(path))
        size = self.detector.metadata.input_size_for(image.shape[:2], None)
        return {self.detector.input_name: preprocess(image, size)[0]}


def float_nodes(model: onnx.ModelProto, keep_float: tuple[str, ...] = ()) -> list[str]:
    """The nodes that stay float: the head's, but for its inner convolutions, and every node
    whose name starts with one of ``keep_float``."""
    return [node.name for node in model.graph.node
            if (node.name.startswith(HEAD) and (node.op_type != "Conv" or "dfl" in node.name
                                                or node.name.endswith(".2/Conv")))
            or node.name.startswith(keep_float)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, default=None, help="float ONNX (the shipped one)")
    parser.add_argument("--images", type=Path, required=True, action="append",
                        help="folder of rendered scenes; repeatable (the first N of each)")
    parser.add_argument("--n", type=int, default=64, help="calibration images per folder (64)")
    parser.add_argument("--method", choices=sorted(METHODS), default="percentile",
                        help="how activation ranges are set (percentile: the top 0.01 %% clipped)")
    parser.add_argument("--out", type=Path, required=True, help="the int8 ONNX to write")
    parser.add_argument("--float", dest="keep_float", action="append", default=[],
                        metavar="PREFIX", help="also leave float the nodes whose names start "
                        "with PREFIX (e.g. /model.0/); repeatable")
    args = parser.parse_args(argv)
    source = args.model or model_path()
    images = [path for folder in args.images for path in sorted(folder.glob("*.jpg"))[: args.n]]
    if not images:
        parser.error(f"no .jpg images in {', '.join(map(str, args.images))}")
    detector = OnnxDetector(source)
    with tempfile.TemporaryDirectory() as tmp:
        prepared = Path(tmp) / "prepared.onnx"
        quant_pre_process(str(source), str(prepared), skip_symbolic_shape=True)
        quantize_static(
            str(prepared), str(args.out), RenderedFrames(images, detector),
            quant_format=QuantFormat.QDQ, per_channel=True,
            activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
            nodes_to_exclude=float_nodes(onnx.load(str(prepared)), tuple(args.keep_float)),
            calibrate_method=METHODS[args.method],
            extra_options={"CalibPercentile": PERCENTILE},
        )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB) from {source.name}, "
          f"calibrated on {len(images)} images")
    return 0


if __name__ == "__main__":
    sys.exit(main())
