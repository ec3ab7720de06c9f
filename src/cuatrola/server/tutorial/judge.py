"""Each tutorial step's position, built with the rules core, and the verdict on an answer.

The rules core is the only authority here: a position is a
:class:`~cuatrola.core.hand.HandState` dealt from the lesson's cards with its actions
applied (checked), a move is judged by :meth:`HandState.legal_mask`, and a wrong move is
explained by a reason code derived from the same state (:func:`reason_of`). Clients map the
codes to catalogue texts; they work out no rule themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cuatrola.core.actions import (
    CANTE_BASE,
    NO_CANTE,
    action_contract,
    format_action,
    is_bid_action,
    is_cante_action,
    is_card_action,
    parse_action,
)
from cuatrola.core.cards import CANTE_MASKS, SUIT_LETTERS, SUIT_MASKS
from cuatrola.core.hand import LAST_TRICK_BONUS, HandState, Phase
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import SeatView, view_for
from cuatrola.server.tutorial.lessons import LEARNER, Position, Step

_BIDS: Final = tuple(c.label for c in Contract)


class AnswerError(ValueError):
    """An answer that is not an answer to the step (not an action, not one of the choices)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the tutorial says about an answer.

    Attributes:
        right: the answer is the one the step teaches.
        legal: for a move, whether the rules allow it (always true for a question).
        reason: why a wrong answer is wrong, a code the client translates: an
            :class:`~cuatrola.core.hand.Obligation` reason (``follow_suit``,
            ``follow_suit_beat``, ``must_trump``, ``over_trump``), ``bid_not_higher``,
            ``bid_cap``, ``quintola_off``, ``forty_first``, ``cante_not_now``,
            ``sing_first``, ``bidding_first``, ``cards_now``, ``not_held``, ``legal`` (allowed,
            but not the move this step teaches) or ``wrong_answer`` (a question); ``None``
            when right.
        suit: the suit letter the reason names (the led suit or the trump), else ``None``.
    """

    right: bool
    legal: bool
    reason: str | None = None
    suit: str | None = None


def position_state(position: Position) -> HandState:
    """The hand at ``position``: dealt from its cards, its actions applied with checks.

    Raises:
        ValueError: the cards are not a deal, or an action is not legal in turn (the
            lesson data is wrong; the lesson test catches it).
    """
    hands = [text.split() for text in position.hands]
    state = HandState.from_cards(
        Rules(), position.dealer, hands, position.trump_card, position.score_before
    )
    for action in position.actions:
        state.apply(action)
    return state


def step_view(step: Step) -> SeatView:
    """What the learner sees of the step's position: seat 0's own view."""
    return view_for(position_state(step.position), LEARNER)


def step_options(step: Step) -> list[str]:
    """What the learner picks from: the held cards, every bid, the cantes the learner holds
    both cards of and ``nocante``, or the question's choices. Not only the legal moves:
    trying a wrong one is how a lesson teaches."""
    if step.kind != "move":
        return list(step.choices)
    state = position_state(step.position)
    if state.phase is Phase.BIDDING:
        return list(_BIDS)
    if state.phase is Phase.CANTE:
        held = state.hands[LEARNER]
        pairs = [s for s in range(4) if held & CANTE_MASKS[s] == CANTE_MASKS[s]]
        return [*(format_action(CANTE_BASE + s) for s in pairs), format_action(NO_CANTE)]
    return [format_action(card) for card in state.hand_of(LEARNER)]


def judge(step: Step, answer: str) -> Verdict:
    """The verdict on ``answer`` (an action's notation, or one of the choices).

    Raises:
        AnswerError: ``answer`` is not an action (a move) or not one of the choices.
    """
    state = position_state(step.position)
    if step.kind == "move":
        return _judge_move(step, state, answer)
    if answer not in step.choices:
        raise AnswerError(f"expected one of {list(step.choices)}, got {answer!r}")
    if answer == true_answer(step, state):
        return Verdict(right=True, legal=True)
    return Verdict(right=False, legal=True, reason="wrong_answer")


def true_answer(step: Step, state: HandState) -> str:
    """The answer to a question step, as the rules core works it out from the position."""
    if step.kind == "winner":
        return str(state.tricks[-1].winner)
    if step.kind == "points":
        last = state.tricks[-1]
        return str(last.points + (LAST_TRICK_BONUS if state.is_finished else 0))
    if step.kind == "sitting_out":
        return str(state.sitting_out)
    raise ValueError(f"a {step.kind} step is not a question")


def _judge_move(step: Step, state: HandState, answer: str) -> Verdict:
    try:
        action = parse_action(answer)
    except ValueError as exc:
        raise AnswerError(str(exc)) from None
    name = format_action(action)
    if state.legal_mask() >> action & 1:
        if name in step.right:
            return Verdict(right=True, legal=True)
        return Verdict(right=False, legal=True, reason="legal")
    reason, suit = reason_of(state, action)
    return Verdict(right=False, legal=False, reason=reason, suit=suit)


def reason_of(state: HandState, action: int) -> tuple[str, str | None]:
    """Why ``action`` is not legal for the seat to move, as a code and a suit letter (the
    branches of :meth:`HandState.explain_illegal`, as codes)."""
    if state.phase is Phase.BIDDING:
        if not is_bid_action(action):
            return "bidding_first", None
        contract = action_contract(action)
        if contract is Contract.QUINTOLA and not state.rules.quintola:
            return "quintola_off", None
        if contract <= max(state.bids, default=Contract.PASS):
            return "bid_not_higher", None
        return "bid_cap", None
    if state.phase is Phase.CANTE:
        if not is_cante_action(action):
            return "sing_first", None
        options = state.cante_options().get(state.to_move or 0, [])
        if state.trump in options:
            return "forty_first", SUIT_LETTERS[state.trump]
        return "cante_not_now", None
    if not is_card_action(action):
        return "cards_now", None
    seat = state.to_move
    assert seat is not None
    if not state.hands[seat] >> action & 1:
        return "not_held", None
    obligation = state.obligation()
    assert obligation is not None  # a held card that is not legal breaks an obligation
    reason = obligation.reason
    follow = state.hands[seat] & SUIT_MASKS[state.led_suit]
    if reason == "follow_suit_beat" and state.legal_mask() == follow:
        # Rule 4.1.2b when no held card of the led suit beats the table: any of them will do.
        reason = "follow_suit"
    return reason, SUIT_LETTERS[obligation.suit]


__all__ = ["AnswerError", "Verdict", "judge", "position_state", "step_options", "step_view"]
