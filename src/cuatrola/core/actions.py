"""Actions and their stable integer ids.

Every decision of a hand is one action with a fixed id, built once at import:

=========  ============================================  ====================
ids        action                                        notation
=========  ============================================  ====================
0..19      play that card (the id is the card id)        ``"RO"``
20..23     bid pass, solo, cuatrola, quintola            ``"pass"``, ``"solo"``
24..27     sing the cante of oros, copas, espadas, bastos ``"cante:O"``
28         decline to sing after a won trick             ``"nocante"``
=========  ============================================  ====================

Legal actions are always returned sorted by id, so their order is stable.

>>> format_action(parse_action("cante:E")), parse_action("solo"), format_action(2)
('cante:E', 21, 'RO')
"""

from __future__ import annotations

from typing import Final

from cuatrola.core.cards import CARD_CODES, NUM_CARDS, SUIT_LETTERS, parse_card_id
from cuatrola.core.errors import InvalidActionError
from cuatrola.core.rules import Contract

BID_BASE: Final = NUM_CARDS
CANTE_BASE: Final = BID_BASE + 4
NO_CANTE: Final = CANTE_BASE + 4
NUM_ACTIONS: Final = NO_CANTE + 1

#: Notation of every action, indexed by id.
ACTION_NAMES: Final = (
    *CARD_CODES,
    *(c.label for c in Contract),
    *(f"cante:{s}" for s in SUIT_LETTERS),
    "nocante",
)
_ACTION_BY_NAME: Final = {name.lower(): i for i, name in enumerate(ACTION_NAMES)}


def bid_action(contract: Contract) -> int:
    """The action id of bidding ``contract`` (``Contract.PASS`` is passing)."""
    return BID_BASE + int(contract)


def cante_action(suit: int) -> int:
    """The action id of singing the cante of ``suit``."""
    return CANTE_BASE + int(suit)


def is_card_action(action: int) -> bool:
    """Whether ``action`` plays a card."""
    return 0 <= action < BID_BASE


def is_bid_action(action: int) -> bool:
    """Whether ``action`` is a bid (pass included)."""
    return BID_BASE <= action < CANTE_BASE


def is_cante_action(action: int) -> bool:
    """Whether ``action`` sings a cante (declining is not a cante)."""
    return CANTE_BASE <= action < NO_CANTE


def action_contract(action: int) -> Contract:
    """The contract a bid action names."""
    return Contract(action - BID_BASE)


def action_suit(action: int) -> int:
    """The suit a cante action sings."""
    return action - CANTE_BASE


def format_action(action: int) -> str:
    """The notation of an action id (``"RO"``, ``"solo"``, ``"cante:B"``, ``"nocante"``).

    Raises:
        InvalidActionError: when ``action`` is not an action id.
    """
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < NUM_ACTIONS:
        return ACTION_NAMES[action]
    raise InvalidActionError(f"expected an action id 0..{NUM_ACTIONS - 1}, got {action!r}")


def parse_action(text: str | int) -> int:
    """Parse an action from its notation (or pass an id through after checking it).

    Accepts card codes (``"RO"``), bids (``"pass"``, ``"solo"``, ``"cuatrola"``,
    ``"quintola"``, also as ``"bid:solo"``), cantes (``"cante:O"``) and ``"nocante"``.

    Raises:
        InvalidActionError: when ``text`` is not an action.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        format_action(text)
        return int(text)
    if isinstance(text, str):
        key = text.strip().lower()
        if key.startswith("bid:"):
            key = key[4:]
        found = _ACTION_BY_NAME.get(key)
        if found is not None:
            return found
        try:
            return parse_card_id(key)
        except ValueError:
            pass
    raise InvalidActionError(
        f"expected a card code, a bid (pass, solo, cuatrola, quintola), 'cante:X' or "
        f"'nocante', got {text!r}"
    )


__all__ = [
    "ACTION_NAMES",
    "BID_BASE",
    "CANTE_BASE",
    "NO_CANTE",
    "NUM_ACTIONS",
    "action_contract",
    "action_suit",
    "bid_action",
    "cante_action",
    "format_action",
    "is_bid_action",
    "is_cante_action",
    "is_card_action",
    "parse_action",
]
