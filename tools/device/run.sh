#!/bin/bash
# On a lent GPU machine (see stage.sh): install the carried wheels, fonts and photos, then render
# fresh tiles on its cores and fine-tune models/phase10-cards.pt (train_on_device.py).
# Settings from the environment: N_TRAIN tiles (16000), SEED (5), TRAIN_END seconds after start
# by which training ends (500), RUN_NAME (stage6), LR0 (the recipe's), DEVICE (0),
# WEIGHTS (models/phase10-cards.pt, or a model yaml to start from scratch).
T0=$(date +%s)
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
cp -r .gpu/fonts/usr/share/fonts /usr/share/
SKIMAGE_DATA=$(python3 -c "import skimage.data, os; print(os.path.dirname(skimage.data.__file__))")
for photo in .gpu/photos/*; do
  [ -f "$SKIMAGE_DATA/$(basename "$photo")" ] || cp "$photo" "$SKIMAGE_DATA/"
done
nvidia-smi -L
python3 tools/device/train_on_device.py $((T0 + ${TRAIN_END:-500})) "${N_TRAIN:-16000}" \
  "${DEVICE:-0}" 2>&1 | tee "$OUT/log.txt"
