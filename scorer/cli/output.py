"""What the command line prints when it refuses: one error line and the usage exit code."""

from __future__ import annotations

import sys

USAGE_ERROR = 2
"""The exit code of bad input or usage (1 is a rules verdict of no)."""


def fail(command: str | None, message: str) -> int:
    """Print ``phase10 COMMAND: error: MESSAGE`` (``phase10: error: ...`` without a command) to
    stderr and return :data:`USAGE_ERROR`, for ``return fail(...)``."""
    prog = f"phase10 {command}" if command else "phase10"
    print(f"{prog}: error: {message}", file=sys.stderr)
    return USAGE_ERROR
