"""``phase10 train`` and ``phase10 export``: what they refuse before any training starts, and
the command line the model card records to reproduce a run."""

from __future__ import annotations

from scorer.cli import build_parser, main
from scorer.cli.train_command import _command_line


def test_train_cli_names_an_unknown_deck_and_missing_data(capsys):
    assert main(["train", "--faces", "no-such-deck-here"]) == 2
    assert "no deck 'no-such-deck-here'" in capsys.readouterr().err
    assert main(["train"]) == 2
    assert "--data is required" in capsys.readouterr().err


def test_export_refuses_what_is_not_trained_weights(tmp_path, capsys):
    (tmp_path / "best.onnx").write_bytes(b"x")
    assert main(["export", str(tmp_path / "best.onnx")]) == 2
    assert main(["export", str(tmp_path / "none.pt")]) == 2
    assert "no trained weights at" in capsys.readouterr().err


def test_the_model_card_records_the_command_that_reproduces_the_run():
    args = build_parser().parse_args(["train", "--data", "sets/my data/data.yaml",
                                      "--epochs", "30", "--resume"])
    line = _command_line(args)
    assert line.startswith("phase10 train --data 'sets/my data/data.yaml' --epochs 30")
    assert line.endswith("--resume")
