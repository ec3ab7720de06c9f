"""A finished hand's replay, step by step, as the rules core computes it.

The replay viewers (the web client, and anybody reading ``GET /api/matches/{id}/steps``) show
what these steps say and work out no rule themselves: the trick winners, the cantes, the
points and the result all come from :func:`cuatrola.core.records.replay_steps`.
"""

from __future__ import annotations

import msgspec

from cuatrola.core.actions import format_action
from cuatrola.core.cards import codes_of
from cuatrola.core.records import replay_steps
from cuatrola.core.views import public_view
from cuatrola.protocol.views import HandView, hand_view


class ReplayStep(msgspec.Struct, frozen=True):
    """One step of a hand: who did what, and the hand after it, all cards face up.

    Attributes:
        seat: who acted (``None`` for the deal, the first step).
        action: the action in protocol notation (a card code, a bid, ``cante:X``,
            ``nocante``); ``None`` for the deal.
        view: the public view after the step. When the step completes a trick, ``view.trick``
            is empty and the trick, with its winner, is ``view.tricks[-1]``; the last step's
            view carries the hand's ``summary``.
        hands: the cards each seat still holds (a finished match is public).
    """

    seat: int | None
    action: str | None
    view: HandView
    hands: list[list[str]]


def hand_steps(record: object) -> list[ReplayStep]:
    """Every step of one ``cuatrola-hand/1`` record, the deal first.

    Raises:
        RecordError: when the record does not replay.
    """
    return [
        ReplayStep(
            seat=seat,
            action=format_action(action) if action is not None else None,
            view=hand_view(public_view(state)),
            hands=[codes_of(mask) for mask in state.hands],
        )
        for seat, action, state in replay_steps(record)
    ]
