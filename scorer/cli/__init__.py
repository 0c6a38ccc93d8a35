"""The ``phase10`` command line: one subcommand module per user task.

Each module in :data:`COMMAND_MODULES` exposes ``register(subparsers)``, which adds its parser
and sets ``func`` to a callable taking the parsed arguments and returning the exit code.
Exit codes: 0 success (or valid), 1 a rules verdict of no, 2 bad input or usage, 141 the
reader of the output went away (as a shell reports a process killed by SIGPIPE).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import sys
from collections.abc import Sequence

from scorer.cli.output import fail
from scorer.errors import NotationError

BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away

COMMAND_MODULES = {
    "scorer.cli.rules_commands": ("check", "score", "hit"),
    "scorer.cli.bench_command": ("bench",),
    "scorer.cli.dataset_command": ("dataset",),
    "scorer.cli.vision_commands": ("detect", "eval"),
    "scorer.cli.train_command": ("train", "export"),
    "scorer.cli.serve_command": ("serve",),
    "scorer.cli.deck_command": ("deck",),
}
"""Each command module and the commands it registers."""


EXAMPLES = """examples:
  phase10 check --phase 1 R5 B5 G5 Y7 Y7 W
  phase10 check --phase 4 "R3 B4 G5 W Y7 R8 B9" --json
  phase10 score R5 W S B11
  phase10 hit run "R4 B5 G6" Y7
  phase10 detect table.jpg --json --annotate boxed.jpg
  phase10 serve --host 0.0.0.0 --https
"""


class _Parser(argparse.ArgumentParser):
    """An argument parser that suggests the closest option or command on a typo."""

    def error(self, message: str) -> None:  # type: ignore[override]
        hint = _suggestion(self, message)
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}{hint}\n")


def _suggestion(parser: argparse.ArgumentParser, message: str) -> str:
    """A "did you mean" hint for an unknown option or command, else an empty string."""
    if message.startswith("unrecognized arguments:"):
        unknown = message.split(":", 1)[1].split()
    elif message.startswith("argument command: invalid choice:"):
        unknown = [message.split("'")[1]] if "'" in message else []
    else:
        return ""
    known: list[str] = []
    for action in parser._actions:  # noqa: SLF001 - argparse keeps these private
        known.extend(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            known.extend(action.choices)
    for word in unknown:
        close = difflib.get_close_matches(word.split("=")[0], known, n=1)
        if close:
            return f" (did you mean {close[0]}?)"
    return ""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser; with a known ``command``, only that command's module is loaded.

    Loading one module keeps ``phase10 score`` from importing the web app or the trainer; any
    other first word (``--help``, a typo) loads them all, for the help text and suggestions.
    """
    parser = _Parser(
        prog="phase10",
        description="Phase 10 scorekeeping assistant: check phases, count points, read cards.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    subparsers = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)
    chosen = [name for name, commands in COMMAND_MODULES.items() if command in commands]
    for name in chosen or COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words else None)
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # inside the try: a closed pipe shows here, not at interpreter exit
        return status
    except NotationError as error:
        return fail(None, str(error))
    except BrokenPipeError:
        # Whoever read the output stopped early (``phase10 detect *.jpg --json | head -1``):
        # not an error to report. Point stdout at /dev/null so the final flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
