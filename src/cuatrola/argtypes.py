"""Argument types for the command line: bounded numbers and names, with one clear error each.

``argparse`` turns the :class:`argparse.ArgumentTypeError` into a one-line usage error and
exit status 2, never a traceback.

>>> bounded_int(1, 10)("3")
3
>>> bounded_float(0.5, 2, "seconds")("0.1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected 0.5..2 seconds, got '0.1'
>>> non_blank("a node name")(" ")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a node name, got ' '
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

N = TypeVar("N", int, float)


def _bounded(
    convert: Callable[[str], N], kind: str, low: N, high: N, unit: str
) -> Callable[[str], N]:
    suffix = f" {unit}" if unit else ""

    def parse(text: str) -> N:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {kind}, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low}..{high}{suffix}, got {text!r}")
        return value

    return parse


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (inclusive)."""
    return _bounded(int, "a whole number", low, high, "")


def bounded_float(low: float, high: float, unit: str) -> Callable[[str], float]:
    """A number of ``unit`` from ``low`` to ``high`` (inclusive)."""
    return _bounded(float, unit, low, high, unit)


def non_blank(what: str) -> Callable[[str], str]:
    """Text that is not empty or blank (``what`` says what it names, in the error): an
    empty value given on purpose is refused rather than taken as "use the default"."""

    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
        return text

    return parse
