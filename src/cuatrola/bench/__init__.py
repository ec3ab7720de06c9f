"""Benchmarks behind ``cuatrola bench TARGET``: one module per target.

Each module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Figures are medians over repeated rounds, since the machines they run on are shared and noisy.
"""
