"""Player names: the rule every name follows (guests and registered players), shared by the
server, which is its judge, and the clients, which check a name before they connect.

A name is normalised to Unicode NFKC (so that full-width and other compatibility forms of a
letter are that letter) and trimmed. It holds 3 to 20 characters: letters of one alphabet
(Japanese and Korean mix theirs) and their marks, digits, ``_``, ``-``, ``.`` and single
spaces between words, starting with a letter or a digit and ending with one or a mark; a few
names are reserved. One alphabet per name is what keeps look-alikes apart: a Cyrillic ``о``
among Latin letters would pass for another player's name.

>>> normal_name(" ｐｅｐｅ ")
'pepe'
>>> [name_problem(n) for n in ("José María", "สมศักดิ์", "山田ヤマダ")]
[None, None, None]
>>> name_problem("Reg\\u043ene")  # a Cyrillic o among Latin letters
'a name may not mix alphabets (CYRILLIC, LATIN)'
"""

from __future__ import annotations

import unicodedata
from typing import Final

NAME_MIN: Final = 3
NAME_MAX: Final = 20
#: Names nobody may take (compared by :func:`name_key`).
RESERVED_NAMES: Final = frozenset({"admin", "administrator", "system", "server", "bot", "guest"})
#: Marks in a row after a letter: Thai stacks a vowel and a tone mark on a consonant, and
#: some scripts one more; longer stacks only serve to draw over the neighbours.
MARKS_MAX: Final = 3
#: Scripts that one name may mix, because one language writes with them together.
_SCRIPTS_TOGETHER: Final = (
    frozenset({"CJK", "HIRAGANA", "KATAKANA"}),  # Japanese
    frozenset({"HANGUL", "CJK"}),  # Korean
)


def normal_name(name: str) -> str:
    """``name`` as it is kept and shown: NFKC, trimmed."""
    return unicodedata.normalize("NFKC", name).strip()


def name_key(name: str) -> str:
    """The key that makes registered names unique: the name without case and compatibility
    forms (NFKC case folding), so that ``ＲEGONE1`` and ``Regone1`` are one name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def name_problem(name: str) -> str | None:
    """Which rule the normalised ``name`` (:func:`normal_name`) breaks, in a few words, or
    ``None`` when it follows them all."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"a name must have {NAME_MIN} to {NAME_MAX} characters"
    scripts: set[str] = set()
    marks = 0
    for at, char in enumerate(name):
        if unicodedata.category(char).startswith("M"):
            marks += 1
            if at == 0 or name[at - 1] in "_.- " or marks > MARKS_MAX:
                return "a name may carry marks (accents, vowel signs) only on letters"
            continue
        marks = 0
        if char == " ":
            if at == 0 or at == len(name) - 1:
                return "a name must start and end with a letter or a digit"
            if name[at + 1] == " ":
                return "a name may not have two spaces in a row"
        elif char in "_.-":
            if at == 0 or at == len(name) - 1:
                return "a name must start and end with a letter or a digit"
        elif not char.isalnum() or not char.isprintable():
            return "a name may contain only letters, digits, spaces, '_', '-' and '.'"
        elif unicodedata.category(char) != "Nd":  # digits look like no letter
            scripts.add(_script(char))
    if len(scripts) > 1 and not any(scripts <= together for together in _SCRIPTS_TOGETHER):
        return f"a name may not mix alphabets ({', '.join(sorted(scripts))})"
    if name_key(name) in RESERVED_NAMES:
        return "the name is reserved"
    return None


def _script(char: str) -> str:
    """The alphabet of a letter, as the first word of its Unicode name (``LATIN``,
    ``CYRILLIC``, ``THAI``, ``CJK``...): what tells look-alikes such as Latin ``o`` and
    Cyrillic ``о`` apart. (The standard library has no Unicode script property; the first
    word of the name is that script for every letter of the alphabets players use.)"""
    word = unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]
    return "KATAKANA" if word == "KATAKANA-HIRAGANA" else word


__all__ = [
    "MARKS_MAX",
    "NAME_MAX",
    "NAME_MIN",
    "RESERVED_NAMES",
    "name_key",
    "name_problem",
    "normal_name",
]
