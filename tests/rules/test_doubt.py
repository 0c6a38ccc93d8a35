"""Verdicts that respect doubt: a verdict that hangs on an unsure card says so (issue 20).

The rule sheet decides the phase; the reader adds "?" to cards it is unsure of and names the
card each most likely is otherwise ("Y8?/Y9"). A verdict depends on an unsure card when that
card removed (a phantom) or read as its alternative (a misread) would change the verdict.
"""

import pytest

from scorer.cards import parse_card
from scorer.errors import NotationError
from scorer.rules.doubt import ReadCard, read_cards_from, read_cards_of, unsure_points, weigh


@pytest.mark.parametrize("text", ["R5", "W?", "S", "Y8?/Y9", "B12?/W"])
def test_read_card_text_round_trips(text):
    assert str(ReadCard.parse(text)) == text
    assert ReadCard.parse(str(ReadCard.parse(text))) == ReadCard.parse(text)


def test_the_readers_cards_keep_an_alternative_only_when_unsure():
    from types import SimpleNamespace as Seen

    y8, y9 = parse_card("Y8"), parse_card("Y9")
    read = read_cards_of([Seen(card=y8, unsure=True, alternative=y9),
                          Seen(card=y9, unsure=False, alternative=y8)])
    assert read == (ReadCard(y8, True, y9), ReadCard(y9))


def test_read_card_parses_its_parts():
    assert ReadCard.parse("Y8?/Y9") == ReadCard(parse_card("Y8"), True, parse_card("Y9"))
    assert ReadCard.parse("R5") == ReadCard(parse_card("R5"))


@pytest.mark.parametrize("text", ["R5/R6", "Y8?/", "X?", "?", "Y8?/Q"])
def test_read_card_refuses_bad_text(text):
    with pytest.raises(NotationError):
        ReadCard.parse(text)


def test_a_phantom_wild_that_completes_a_run_is_named():
    """'Phase 4: 1 run of 7': six cards are no run of 7; a Wild read beside them makes one."""
    weighed = weigh(4, "R1 B2 G3 Y4 R5 B6 W?")
    assert weighed.valid and weighed.doubtful
    assert weighed.depends_on == (("W", "remove"),)
    assert weighed.reason.code == "valid_if_sure"
    assert weighed.reason.text == "valid if W? is a Wild on the table"


def test_a_valid_phase_of_sure_cards_is_not_doubtful():
    weighed = weigh(4, "R1 B2 G3 Y4 R5 B6 W")
    assert weighed.valid and not weighed.doubtful
    assert weighed.reason is None


def test_an_unsure_card_the_phase_does_not_need_leaves_the_verdict_standing():
    """'Phase 1: 2 sets of 3': a set may hold more than 3 cards, so a fourth 5 is not needed."""
    weighed = weigh(1, "R5 B5 G5 Y5? Y7 R7 B7")
    assert weighed.valid and not weighed.doubtful


def test_an_invalid_phase_names_the_misread_that_would_make_it_valid():
    """'Set: two or more cards of the same number': Y8 beside 7 7 is no set; as Y7 it is."""
    weighed = weigh(1, "R5 B5 G5 Y7 R7 Y8?/Y7")
    assert not weighed.valid and weighed.doubtful
    assert weighed.depends_on == (("Y8", "Y7"),)
    text = weighed.reason.text
    assert text.startswith("not valid: ")
    assert text.endswith("; check Y8? (valid if it is Y7)")


def test_an_invalid_phase_names_the_phantom_that_spoils_it():
    """'every card laid down must belong to one of the phase's groups'"""
    weighed = weigh(1, "R5 B5 G5 Y7 R7 B7 G9?")
    assert not weighed.valid
    assert weighed.depends_on == (("G9", "remove"),)
    assert weighed.reason.code == "invalid_check"
    assert weighed.reason.params["reason"]["code"] == "cards_left_over"
    assert weighed.reason.text.endswith("check G9? (valid without it)")


def test_an_invalid_phase_no_single_change_can_save_is_plainly_invalid():
    weighed = weigh(4, "R1 B2 G3 Y9?")
    assert not weighed.valid and not weighed.doubtful


def test_a_skip_read_unsure_in_a_phase_is_the_card_to_check():
    """'A Skip is never part of a phase.'"""
    weighed = weigh(1, "R5 B5 G5 Y7 R7 B7 S?")
    assert weighed.depends_on == (("S", "remove"),)


def test_every_card_the_verdict_hangs_on_is_listed():
    weighed = weigh(4, "R1 B2 G3 Y4 R5 W? W?")
    assert weighed.reason.params["cards"] == ["W"]
    assert [card for card, _fix in weighed.depends_on] == ["W", "W"]


def test_the_house_rule_is_respected():
    """House rule: 'at least one natural card in every group'."""
    assert weigh(1, "R5 W W W W W?").doubtful
    weighed = weigh(1, "R5 W W W W W?", natural_per_group=True)
    assert not weighed.valid and not weighed.doubtful


def test_to_dict_keeps_the_verdict_and_adds_the_doubt():
    data = weigh(4, "R1 B2 G3 Y4 R5 B6 W?").to_dict()
    assert data["valid"] is True and data["phase"] == 4
    assert data["doubtful"] is True
    assert data["depends_on"] == [{"card": "W", "fix": "remove"}]
    assert data["doubt"]["code"] == "valid_if_sure"


def test_unsure_points_are_the_share_of_the_hand_to_confirm():
    """'Wild 25, Skip 15, 10-12 score 10, 1-9 score 5.'"""
    assert unsure_points("W? R5 Y12?") == (40, 35)
    assert unsure_points(read_cards_from(["R5", "S"])) == (20, 0)
