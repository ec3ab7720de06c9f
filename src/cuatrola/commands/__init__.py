"""Sub-commands of the ``cuatrola`` command line (see :mod:`cuatrola.cli`)."""
