"""What a seat, or a spectator, may know about a hand (docs/rules.md sections 2-5).

The full :class:`~cuatrola.core.hand.HandState` never leaves the table. Everything sent to a
client, a spectator or a computer player is one of these frozen views:

* :class:`PublicView`: what anybody watching may know. It has no field that can hold a card
  still hidden in someone's hand: only counts, the shown trump card, the cards already played,
  bids, cantes and scores. After the hand, the dead hand of a seat that sat out is revealed.
* :class:`SeatView`: the public view plus the seat's own cards and its legal actions. There is
  no field for another seat's hand.

Build them with :func:`view_for` and :func:`public_view`.
"""

from __future__ import annotations

from dataclasses import dataclass

from cuatrola.core.actions import format_action
from cuatrola.core.cards import Card, cards_of
from cuatrola.core.hand import Cante, HandResult, HandState, Obligation, Phase, Trick
from cuatrola.core.rules import Contract, Rules


@dataclass(frozen=True, slots=True)
class PublicView:
    """The public facts of a hand, the same for every observer.

    Attributes:
        rules: the rule set.
        dealer: the dealer's seat; ``mano`` is the seat after him.
        mano: the seat that speaks and leads first.
        score_before: match score before this hand.
        phase: bidding, play, cante or finished.
        to_move: the seat whose decision it is (``None`` when finished).
        trump: the trump suit.
        trump_card: the dealer's shown card while he still holds it (and, when he sits out,
            the dead shown card); ``None`` once played.
        bids: the bids made so far, in speaking order from the mano.
        contract, bidder, sitting_out: the contract once bidding is over.
        leader: the seat that led (or leads) the current trick.
        trick: the current trick so far as ``(seat, card)`` pairs.
        tricks: completed tricks.
        cantes: cantes sung.
        card_counts: how many cards each seat holds.
        tricks_won: tricks won per team.
        card_points: card points of the tricks won per team (public: every card was seen).
        result: the hand's outcome once finished.
        dead_hand: the cards of the seat that sat out, revealed only when the hand is over.
    """

    rules: Rules
    dealer: int
    mano: int
    score_before: tuple[int, int]
    phase: Phase
    to_move: int | None
    trump: int
    trump_card: Card | None
    bids: tuple[Contract, ...]
    contract: Contract
    bidder: int | None
    sitting_out: int | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    cantes: tuple[Cante, ...]
    card_counts: tuple[int, int, int, int]
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    result: HandResult | None
    dead_hand: tuple[Card, ...] | None

    @property
    def played(self) -> int:
        """Every card already played this hand, as a bitmask."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= 1 << card
        for _, card in self.trick:
            mask |= 1 << card
        return mask


@dataclass(frozen=True, slots=True)
class SeatView(PublicView):
    """What one seat knows: the public view plus its own cards and, on its turn, its options.

    Attributes:
        seat: the seat this view belongs to.
        hand: the seat's own cards now, in display order.
        legal_actions: the seat's legal action ids when it is to move, else empty.
        obligation: when it is the seat's turn to play a card and some of its cards are not
            legal, what the rules oblige it to play (the reason beside each such card).
    """

    seat: int = 0
    hand: tuple[Card, ...] = ()
    legal_actions: tuple[int, ...] = ()
    obligation: Obligation | None = None

    @property
    def legal_action_names(self) -> list[str]:
        """The legal actions in notation form (``"RO"``, ``"solo"``...)."""
        return [format_action(a) for a in self.legal_actions]


def _public_fields(state: HandState) -> dict[str, object]:
    finished = state.phase is Phase.FINISHED
    dead = None
    if finished and state.sitting_out is not None:
        dead = tuple(cards_of(state.hands[state.sitting_out]))
    return {
        "rules": state.rules,
        "dealer": state.dealer,
        "mano": state.mano,
        "score_before": state.score_before,
        "phase": state.phase,
        "to_move": state.to_move,
        "trump": state.trump,
        "trump_card": state.trump_card_shown,
        "bids": tuple(state.bids),
        "contract": state.contract,
        "bidder": state.bidder,
        "sitting_out": state.sitting_out,
        "leader": state.leader,
        "trick": tuple(zip(state.trick_seats, (Card(c) for c in state.trick_cards), strict=True)),
        "tricks": tuple(state.tricks),
        "cantes": tuple(state.cantes),
        "card_counts": tuple(h.bit_count() for h in state.hands),
        "tricks_won": (state.team_tricks[0], state.team_tricks[1]),
        "card_points": (state.team_card_points[0], state.team_card_points[1]),
        "result": state.result,
        "dead_hand": dead,
    }


def public_view(state: HandState) -> PublicView:
    """The spectator's view of ``state``: no hidden card at all."""
    return PublicView(**_public_fields(state))  # type: ignore[arg-type]


def view_for(state: HandState, seat: int) -> SeatView:
    """The view of ``state`` for ``seat``: public facts, its own hand and its legal actions.

    Raises:
        ValueError: when ``seat`` is not 0..3.
    """
    if seat not in range(4):
        raise ValueError(f"expected a seat 0..3, got {seat!r}")
    to_move = state.to_move == seat
    return SeatView(
        **_public_fields(state),  # type: ignore[arg-type]
        seat=seat,
        hand=tuple(cards_of(state.hands[seat])),
        legal_actions=tuple(state.legal_actions()) if to_move else (),
        obligation=state.obligation() if to_move else None,
    )
