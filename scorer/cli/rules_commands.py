"""``phase10 check``, ``phase10 score`` and ``phase10 hit``: the rules from the command line.

The CLI only parses and prints; the work is in :mod:`scorer.rules.validate`,
:mod:`scorer.rules.hits` and :mod:`scorer.cards`. Exit codes: 0 valid / fits, 1 invalid / does not
fit, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scorer.cards import hand_points, parse_cards
from scorer.cli.arg_types import phase_number
from scorer.cli.output import fail
from scorer.errors import NotationError, RulesError
from scorer.rules.check import check, typed_cards
from scorer.rules.doubt import ReadCard, read_cards_of
from scorer.rules.hits import can_hit
from scorer.vision import reading as vision_reading

CHECK_DESCRIPTION = """Check whether cards (in any order) make a phase.

Prints the groups found, each Wild with what it stands for, or why the cards are not the
phase (the closest miss). --json prints what the web API's /api/check answers:
  {"cards": [...], "count": N, "points": P, "unsure": [...], "unsure_points": U,
   "phase": {"number": N, "description": "2 sets of 3"},
   "verdict": {"valid": true|false, "phase": N,
     "groups": [{"kind": "set"|"run"|"colour", "size": 3, "requirement": "set of 3",
                 "cards": ["R5", "B5", "W"], "wilds": {"2": "5"}}],
     "reason": "text"|null, "code": "reason code"|null, "params": {...}|null,
     "message": "Sentence."|"", "doubtful": ..., "depends_on": ..., "doubt": ...}}
where "wilds" maps a position in "cards" (as a string, from 0) to what that Wild stands for:
the number ("5") in a set or run, the colour letter ("R") in a colour group. Runs are listed
from their lowest number up. Exit codes: 0 valid, 1 not valid, 2 bad input.

Cards the reader was unsure of (--image, or typed as W? or Y8?/Y9: unsure, likely Y9
otherwise) are weighed: when the verdict hangs on one ("valid if W? is a Wild on the table",
"not valid: ...; check Y8?") it says so, in --json's "doubtful", "depends_on"
([{"card", "fix"}], fix "remove" or the alternative) and "doubt" ({code, params, text,
message}); "unsure" lists the unsure cards and "unsure_points" their share of the points.
"""

CHECK_EXAMPLES = """examples:
  phase10 check --phase 1 R5 B5 G5 Y7 Y7 W
  phase10 check --phase 1 "R5 B5 G5 Y7 Y7 W"           (one quoted string works too)
  phase10 check --phase 4 "R3 B4 G5 W Y7 R8 B9" --json
  phase10 check --phase 1 W W R5 R7 B7 G7 --natural-per-group
  phase10 check --phase 2 --image table.jpg --json   (cards read from a photo)
"""

SCORE_DESCRIPTION = """Count the penalty points of the cards left in a hand.

1-9 score 5, 10-12 score 10, Skip 15, Wild 25. --json prints {"points": P, "cards": [...]}.
"""

SCORE_EXAMPLES = """examples:
  phase10 score R5 W S B11           (prints 55)
  phase10 score "R5 W S B11" --json  ({"points": 55, "cards": ["R5", "W", "S", "B11"]})
"""

HIT_DESCRIPTION = """Check whether a card may be played onto a laid-down group.

KIND is set, run or colour; CARDS is the group as it lies on the table, a run in table order
(left to right, up or down), so each Wild's position tells what it stands for. Exit codes:
0 fits, 1 does not fit, 2 bad input (unreadable cards, or CARDS is not such a group).
"""

HIT_EXAMPLES = """examples:
  phase10 hit run "R4 B5 G6" Y7      (fits at the high end; exit 0)
  phase10 hit run "W R5 G6" W        (the first W stands for 4: the new Wild goes on as 7)
  phase10 hit set "R5 B5 W" G6       (does not fit: exit 1)
  phase10 hit colour "G1 G7 W" G12 --json
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    check = subparsers.add_parser(
        "check", help="check cards against a phase", epilog=CHECK_EXAMPLES, formatter_class=fmt,
        description=CHECK_DESCRIPTION,
    )
    check.add_argument("--phase", type=phase_number, required=True, metavar="N",
                       help="the phase, 1 to 10")
    check.add_argument("cards", nargs="*", metavar="CARD",
                       help="the cards (R5 B12 G1 Y7 W S), separately or as one quoted string")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--image", type=Path, metavar="IMG",
                       help="read the cards from a photo instead (the detector's model)")
    check.add_argument("--natural-per-group", action="store_true",
                       help="house rule: a natural card in every group")
    check.set_defaults(func=run_check)

    score = subparsers.add_parser(
        "score", help="penalty points of a hand", epilog=SCORE_EXAMPLES, formatter_class=fmt,
        description=SCORE_DESCRIPTION,
    )
    score.add_argument("cards", nargs="*", metavar="CARD", help="the cards left in hand")
    score.add_argument("--json", action="store_true", help="print JSON")
    score.set_defaults(func=run_score)

    hit = subparsers.add_parser(
        "hit", help="check a card played onto a laid-down group", epilog=HIT_EXAMPLES,
        formatter_class=fmt, description=HIT_DESCRIPTION,
    )
    hit.add_argument("kind", metavar="KIND", help="set, run or colour")
    hit.add_argument("group", metavar="CARDS", help='the group as laid, e.g. "R4 B5 G6"')
    hit.add_argument("card", metavar="CARD", help="the card played")
    hit.add_argument("--json", action="store_true", help="print JSON")
    hit.set_defaults(func=run_hit)


def gather_read_cards(args: argparse.Namespace) -> tuple[ReadCard, ...]:
    """The cards to check with the reader's doubt: from ``--image`` (cards marked unsure, with
    their likely alternative) or typed (``W?``, ``Y8?/Y9`` mark unsure ones)."""
    if getattr(args, "image", None) is not None:
        if args.cards:
            raise NotationError("give the cards or --image IMG, not both")
        read = read_cards_of(vision_reading.detected_in_image(args.image))
        print(f"read from {args.image}: {' '.join(map(str, read))}", file=sys.stderr)
        return read
    read = typed_cards(args.cards or ())
    if not read:
        raise NotationError("give the cards, e.g. R5 B5 G5 Y7 Y7 W")
    return read


def run_check(args: argparse.Namespace) -> int:
    result = check(gather_read_cards(args), args.phase, natural_per_group=args.natural_per_group)
    weighed = result.weighed
    assert weighed is not None  # a phase was given
    verdict = weighed.verdict
    if args.json:
        print(json.dumps(result.to_dict()))
    elif verdict.valid:
        said = str(weighed.reason) if weighed.doubtful else "valid"  # "valid if W? is a Wild..."
        print(f"{said}: phase {args.phase} ({verdict.phase.describe()})")
        for group in verdict.groups:
            stands = ", ".join(f"W={value}" for _, value in group.wilds)
            print(f"  {group.spec.describe()}: {group}" + (f"  ({stands})" if stands else ""))
    else:
        print(f"not valid: phase {args.phase} ({verdict.phase.describe()}): {verdict.reason}")
        if weighed.doubtful:  # "check Y8? (valid if it is Y7)"
            print("  " + str(weighed.reason).rsplit("; ", 1)[-1])
    return 0 if verdict.valid else 1


def run_score(args: argparse.Namespace) -> int:
    cards = parse_cards(args.cards or ())
    points = hand_points(cards)
    if args.json:
        print(json.dumps({"points": points, "cards": [str(card) for card in cards]}))
    else:
        print(points)
    return 0


def run_hit(args: argparse.Namespace) -> int:
    try:
        verdict = can_hit(args.kind, args.group, args.card)
    except RulesError as error:
        return fail(None, str(error))
    if args.json:
        print(json.dumps(verdict.to_dict()))
    else:
        print(verdict.text)
    return 0 if verdict.fits else 1
