"""Argument types for the command line: bounded numbers with one clear error each.

``argparse`` turns the :class:`argparse.ArgumentTypeError` into a one-line usage error and
exit status 2, never a traceback.

>>> bounded_int(1, 10)("3")
3
>>> bounded_float(0.5, 2, "seconds")("0.1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected 0.5..2 seconds, got '0.1'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (inclusive)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low}..{high}, got {text!r}")
        return value

    return parse


def bounded_float(low: float, high: float, unit: str) -> Callable[[str], float]:
    """A number of ``unit`` from ``low`` to ``high`` (inclusive)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {unit}, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low}..{high} {unit}, got {text!r}")
        return value

    return parse
