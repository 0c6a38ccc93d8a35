"""Training the card-index detector (ultralytics wrapper; ultralytics is imported lazily)."""

from scorer.training.offline import TrainingSetupError
from scorer.training.train import (
    MODEL_NAME,
    RECIPE_PATH,
    TrainingError,
    TrainResult,
    export_onnx,
    install_model,
    load_recipe,
    train,
)

__all__ = [
    "MODEL_NAME",
    "RECIPE_PATH",
    "TrainResult",
    "TrainingError",
    "TrainingSetupError",
    "export_onnx",
    "install_model",
    "load_recipe",
    "train",
]
