"""``python -m cuatrola`` runs the command line."""

import sys

from cuatrola.cli import main

sys.exit(main())
