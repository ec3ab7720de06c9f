"""``python -m research ARGS``: the ``cuatrola`` command line with the research variants
registered (:mod:`research.variants`), for example::

    python -m research duel --a expert-fast --b pimc --deals 1200 --seed 2000 --track play
    python -m research bench ai --level expert-searched --hands 8 --seed 1 --json

Run it from the repository's root (``research`` is not installed). With ``--jobs N`` the
duel's worker processes are forked, so they know the variants too.
"""

import sys

import research.variants  # noqa: F401  (registers the variants' names)
from cuatrola.cli import main

sys.exit(main())
