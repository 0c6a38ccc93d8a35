"""``python -m scorer`` runs the ``phase10`` command line."""

import sys

from scorer.cli import main

sys.exit(main())
