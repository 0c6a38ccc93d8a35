#!/bin/bash
# Stage what a lent GPU machine lacks, from the repo root of this (CPU) machine:
#   .whl/  ultralytics and the small packages it needs, as wheels for the device's Python 3.12
#          (polars is left out: 54 MB would break the 64 MiB transfer limit; train_on_device.py
#          replaces the one ultralytics call that needs it);
#   .gpu/  the renderer's fonts and background photos (the device image may not have them).
# Both folders are git-ignored. Then run on the device, carrying [".whl", ".gpu"]:
#   bash tools/device/run.sh
set -euo pipefail
PY=${PY:-.venv/bin/python}
rm -rf .whl .gpu && mkdir -p .whl .gpu/fonts .gpu/photos
for pkg in ultralytics-opencv-headless ultralytics-thop ultralytics-platform; do
  version=$("$PY" -m pip show "$pkg" | sed -n 's/^Version: //p')
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp --platform manylinux2014_x86_64 -d .whl "$pkg==$version"
done
"$PY" - <<'PY'
import shutil
from pathlib import Path

import skimage.data

from scorer.render.backgrounds import PHOTOS
from scorer.render.fonts import FONT_POOLS

fonts = [p for pool in FONT_POOLS.values() for p in pool]
fonts.append("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # ultralytics' Arial.ttf stand-in
for font in map(Path, fonts):
    if font.is_file():
        target = Path(".gpu/fonts") / font.relative_to("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(font, target)
for name in PHOTOS["train"]:
    shutil.copyfile(Path(skimage.data.__file__).parent / name, Path(".gpu/photos") / name)
PY
du -sh .whl .gpu
