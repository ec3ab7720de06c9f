"""The cante window: the table's way of letting a team sing without telling anybody it can.

After each of the first three tricks of a hand that allows cantes, the winning team's
players who hold a rey and caballo may sing. Whether anybody can is itself hidden, so the
table shows every seat and spectator the same window after every such trick, whether or not
anybody can sing: a ``cante`` phase with nobody to move, for a fixed time
(:attr:`TableConfig.cante_window`, shorter when the winning team is two computer players:
both are public facts). Only a seat that can sing sees its own cantes to choose from; its
choice is stored at once but shown to nobody (not even its partner) until the window closes,
with the cante sung, or with a ``cantes_over`` event that is the same whether a pair was
declined or none was held.

This module holds when a window opens, what each seat sees and may choose while it is open,
a seated player's choice and the end of the window; applying the window's records (the
choices, then the cantes sung when it closes) is :mod:`cuatrola.table.apply`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cuatrola.core.actions import CANTE_BASE, NO_CANTE, parse_action
from cuatrola.core.cards import NUM_CARDS
from cuatrola.core.errors import InvalidActionError
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import CONTRACTS, Rules
from cuatrola.core.views import PublicView, public_view, view_for
from cuatrola.protocol.errors import ErrorCode
from cuatrola.table.commands import CloseCantes, Refused
from cuatrola.table.records import CantesOverRecord, ChoiceRecord

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def opens_cante_window(rules: Rules, hand: HandState, action: int) -> bool:
    """Whether the card ``action`` just ended one of the first three tricks of a hand
    with cantes (where a cante window opens, if the table shows them)."""
    return (
        not rules.auto_cante
        and action < NUM_CARDS
        and not hand.trick_cards
        and 1 <= len(hand.tricks) <= 3
        and CONTRACTS[hand.contract].cantes_allowed
    )


def window_options(state: HandState) -> dict[int, tuple[int, ...]]:
    """The cantes (and ``nocante``) each seat of the winning team may choose after a trick."""
    return {
        seat: (*(CANTE_BASE + s for s in sorted(suits)), NO_CANTE)
        for seat, suits in state.cante_options().items()
    }


def window_view(state: HandState, seat: int | None) -> PublicView:
    """What ``seat`` (``None``: a spectator) sees while a cante window is open, from the
    hand as it stood when the trick ended: the same for everybody, but that a seat that
    can sing is to move with its cantes (and ``nocante``) to choose from."""
    options = window_options(state)
    if seat is None:
        return replace(public_view(state), phase=Phase.CANTE, to_move=None)
    legal = options.get(seat, ())
    return replace(
        view_for(state, seat),
        phase=Phase.CANTE,
        to_move=seat if legal else None,
        legal_actions=legal,
        obligation=None,
    )


def choose(table: Table, seat: int, text: str) -> None:
    """A seated player's choice in the open cante window (the last one counts).

    Raises:
        Refused: for what is not an action, or not one of the seat's cantes (the same
            answer to every seat, whether or not its team can sing).
    """
    window = table.window
    assert window is not None
    options = window.options.get(seat, ())
    try:
        action = parse_action(text)
    except InvalidActionError as exc:
        raise Refused(ErrorCode.INVALID, str(exc)) from None
    if action not in options:
        # The same answer to every seat, whether or not its team can sing.
        raise Refused(ErrorCode.WRONG_PHASE, "the cantes after the trick are being decided")
    table._record(ChoiceRecord(seat=seat, action=action))


def on_close_cantes(table: Table, cmd: CloseCantes) -> None:
    """The window opened at decision ``cmd.turn`` is over (if it is still the open one)."""
    window = table.window
    if window is not None and window.turn == cmd.turn:
        table._record(CantesOverRecord())


__all__ = ["choose", "on_close_cantes", "opens_cante_window", "window_options", "window_view"]
