"""``phase10 check`` says when its verdict hangs on a card marked unsure (issue 20)."""

import json
from dataclasses import dataclass

from scorer.cards import parse_card
from scorer.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_valid_phase_that_hangs_on_an_unsure_wild_says_so(capsys):
    code, out, _ = run(capsys, "check", "--phase", "4", "R1 B2 G3 Y4 R5 B6 W?")
    assert code == 0
    assert out.startswith("valid if W? is a Wild on the table: phase 4")


def test_an_invalid_phase_names_the_card_to_check(capsys):
    code, out, _ = run(capsys, "check", "--phase", "1", "R5 B5 G5 Y7 R7 Y8?/Y7")
    assert code == 1
    assert out.startswith("not valid: phase 1")
    assert out.splitlines()[-1] == "  check Y8? (valid if it is Y7)"


def test_json_keeps_the_verdict_fields_and_adds_the_doubt(capsys):
    code, out, _ = run(capsys, "check", "--phase", "4", "--json", "R1 B2 G3 Y4 R5 B6 W?")
    body = json.loads(out)
    data = body["verdict"]
    assert {"valid", "phase", "groups", "reason", "code", "params", "message"} <= set(data)
    assert data["doubtful"] is True
    assert data["depends_on"] == [{"card": "W", "fix": "remove"}]
    assert data["doubt"]["text"] == "valid if W? is a Wild on the table"
    assert data["doubt"]["message"] == "Valid if W? is a Wild on the table."
    assert body["unsure"] == ["W"] and body["unsure_points"] == 25


@dataclass(frozen=True)
class Read:
    card: object
    unsure: bool
    alternative: object = None


def test_cards_read_from_a_photo_carry_their_doubt(capsys, monkeypatch, tmp_path):
    import scorer.vision.reading as reading

    read = [Read(parse_card(n), False) for n in ("R5", "B5", "G5", "Y7", "R7")]
    read.append(Read(parse_card("Y8"), True, parse_card("Y7")))
    monkeypatch.setattr(reading, "detected_in_image", lambda path, conf=None: tuple(read))
    code, out, err = run(capsys, "check", "--phase", "1", "--image", str(tmp_path / "t.jpg"))
    assert code == 1
    assert "read from" in err and "Y8?/Y7" in err
    assert out.splitlines()[-1] == "  check Y8? (valid if it is Y7)"
