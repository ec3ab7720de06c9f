"""The rules core: pure, deterministic Cuatrola rules with no I/O, clock or global RNG.

Modules: :mod:`.cards` (cards and bitmask sets), :mod:`.rules` (rule sets, contracts),
:mod:`.actions` (action ids and notation), :mod:`.tricks` (obligations and trick winners),
:mod:`.hand` (one hand), :mod:`.match` (a match), :mod:`.views` (per-seat and public views),
:mod:`.records` (``cuatrola-hand/1``), :mod:`.errors`.
"""
