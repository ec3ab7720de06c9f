"""How cards, seats and suits look in the terminal (pure functions returning Rich text).

A suit is drawn with its own symbol (♦ oros, ♥ copas, ♠ espadas, ♣ bastos) *and* a colour,
so it never relies on colour alone; the rank keeps the project's notation letter
(A 3 R C S).

>>> card_label(2)
'R♦'
>>> relative_position(3, human=1)
2
"""

from __future__ import annotations

from typing import Final

from rich.style import Style
from rich.text import Text

from cuatrola.core.cards import CARD_SUIT, RANK_LETTERS

#: One symbol per suit, in suit-id order (O, C, E, B).
SUIT_SYMBOLS: Final = ("♦", "♥", "♠", "♣")
#: One colour per suit (the symbol already tells them apart).
SUIT_COLOURS: Final = ("yellow", "red", "dodger_blue1", "green")
#: Screen positions by seat offset from the human: bottom, right, top, left.
POSITIONS: Final = ("south", "east", "north", "west")


def card_label(card: int) -> str:
    """The plain two-character label of a card: rank letter and suit symbol."""
    return RANK_LETTERS[card % 5] + SUIT_SYMBOLS[CARD_SUIT[card]]


def suit_text(suit: int, name: str | None = None) -> Text:
    """A suit's symbol (and ``name`` after it when given), in the suit's colour."""
    label = SUIT_SYMBOLS[suit] if name is None else f"{SUIT_SYMBOLS[suit]} {name}"
    return Text(label, style=Style(color=SUIT_COLOURS[suit], bold=True))


def card_text(card: int, *, legal: bool = True, selected: bool = False) -> Text:
    """A card in its suit's colour; an unplayable card is dimmed and struck through.

    The strike-through makes "not playable" visible without colour as well.
    """
    style = Style(color=SUIT_COLOURS[CARD_SUIT[card]], bold=legal, dim=not legal, strike=not legal)
    if selected:
        style += Style(reverse=True)
    return Text(card_label(card), style=style)


def cards_text(cards: tuple[int, ...] | list[int], separator: str = " ") -> Text:
    """Several cards in a row."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(separator)
        text.append_text(card_text(card))
    return text


def relative_position(seat: int, human: int) -> int:
    """Where ``seat`` sits on screen for the ``human`` seat: 0 bottom, 1 right, 2 top, 3 left.

    Seats are numbered in playing order and play goes to the right (docs/rules.md section 1),
    so the next seat sits on the right and the partner across.
    """
    return (seat - human) % 4
