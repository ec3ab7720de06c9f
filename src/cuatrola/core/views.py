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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cuatrola.core.actions import (
    CANTE_BASE,
    NO_CANTE,
    bid_action,
    format_action,
    is_card_action,
)
from cuatrola.core.cards import SUIT_LETTERS, Card, Suit, cards_of, mask_of
from cuatrola.core.hand import (
    Cante,
    HandResult,
    HandState,
    Obligation,
    Phase,
    Trick,
    partner_of,
    team_of,
)
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
        trump: the trump suit (a :class:`~cuatrola.core.cards.Suit`).
        shown_card: the card the dealer turned up to fix trump. Everyone saw it dealt, so it
            stays in the view after it is played.
        trump_held: whether the dealer still holds the shown card (always true when he sits
            out: his dead cards are never played).
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
    trump: Suit
    shown_card: Card
    trump_held: bool
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
    def trump_card(self) -> Card | None:
        """The shown card while the dealer still holds it face up, else ``None``."""
        return self.shown_card if self.trump_held else None

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

    @property
    def trick_cards(self) -> list[Card]:
        """The cards of the current trick in playing order, without their seats."""
        return [card for _, card in self.trick]

    @staticmethod
    def team_of(seat: int) -> int:
        """The team of ``seat``: seats 0 and 2 are team 0, seats 1 and 3 team 1.

        Raises:
            ValueError: for a seat that is not an integer 0..3.
        """
        return team_of(seat)

    @staticmethod
    def partner_of(seat: int) -> int:
        """The seat across the table from ``seat``.

        Raises:
            ValueError: for a seat that is not an integer 0..3.
        """
        return partner_of(seat)

    def __str__(self) -> str:
        return board_text(self, _dead_hand_shown(self))


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

    @property
    def legal_cards(self) -> list[Card]:
        """The cards the seat may play now (empty when it is not its turn to play a card)."""
        return [Card(a) for a in self.legal_actions if is_card_action(a)]

    @property
    def team(self) -> int:
        """The seat's team (0 for seats 0 and 2, 1 for seats 1 and 3)."""
        return self.seat & 1

    @property
    def partner(self) -> int:
        """The seat of the seat's partner, across the table."""
        return (self.seat + 2) & 3

    @property
    def opponents(self) -> tuple[int, int]:
        """The two seats of the other team, in seat order."""
        return (0, 2) if self.seat & 1 else (1, 3)

    def is_partner(self, seat: int) -> bool:
        """Whether ``seat`` is on this seat's team (itself included).

        Raises:
            ValueError: for a seat that is not an integer 0..3.
        """
        return team_of(seat) == self.seat & 1

    def __str__(self) -> str:
        shown = _dead_hand_shown(self)
        shown[self.seat] = self.hand
        return board_text(self, shown, you=self.seat, options=self.legal_action_names)


def _dead_hand_shown(view: PublicView) -> dict[int, tuple[Card, ...]]:
    if view.dead_hand is None or view.sitting_out is None:
        return {}
    return {view.sitting_out: view.dead_hand}


def board_text(
    view: PublicView,
    shown: dict[int, tuple[Card, ...]],
    you: int | None = None,
    options: list[str] | None = None,
) -> str:
    """The hand as a small text table: one row per seat, then the trick and the tallies.

    ``shown`` holds the cards to draw face up by seat (other seats show their card count),
    ``you`` the seat marked "you" and ``options`` the legal actions to list under the table.
    ``str()`` of a view or a hand state draws this.
    """
    trump_card = f" (shown {view.trump_card})" if view.trump_card is not None else ""
    contract = view.contract.label
    if view.bidder is not None:
        contract += f" by seat {view.bidder}"
    lines = [
        f"{view.phase} | trump {Suit(view.trump).name.lower()}{trump_card} | {contract}"
        f" | score {view.score_before[0]}-{view.score_before[1]}",
    ]
    on_table = dict(view.trick)
    for seat in range(4):
        marks = []
        if seat == view.dealer:
            marks.append("dealer")
        if seat == view.mano:
            marks.append("mano")
        if seat == view.sitting_out:
            marks.append("sits out")
        if seat == you:
            marks.append("you")
        if seat in shown:
            cards = " ".join(str(c) for c in shown[seat]) or "-"
        else:
            cards = f"{view.card_counts[seat]} cards"
        played = str(on_table[seat]) if seat in on_table else ""
        turn = ">" if seat == view.to_move else " "
        label = f"seat {seat} ({', '.join(marks)})" if marks else f"seat {seat}"
        lines.append(f"{turn} {label:<27} {cards:<15} {played}".rstrip())
    lines.append(
        f"tricks {view.tricks_won[0]}-{view.tricks_won[1]}"
        f" | card points {view.card_points[0]}-{view.card_points[1]}"
        + "".join(
            f" | cante {c.points} in {SUIT_LETTERS[c.suit]} (seat {c.seat})" for c in view.cantes
        )
    )
    if view.result is not None:
        result = view.result
        lines.append(
            f"team {result.winner} wins {result.game_points}"
            f" | hand points {result.points[0]}-{result.points[1]}"
            f" | score {result.score_after[0]}-{result.score_after[1]}"
        )
    elif options:
        lines.append("to play: " + " ".join(options))
    return "\n".join(lines)


def public_fields(state: HandState) -> dict[str, object]:
    """The fields of ``public_view(state)`` by name, without the view (what
    :func:`public_view` and :func:`view_for` are made of; a server that encodes the view at
    once reads them here)."""
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
        "shown_card": state.trump_card,
        "trump_held": bool(state.hands[state.dealer] >> state.trump_card & 1),
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
    return PublicView(**public_fields(state))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class SeatPart:
    """What a seat knows beyond the public view: the fields :class:`SeatView` adds to
    :class:`PublicView`, alone (a server that shares one public view among its recipients
    adds this to it for each seat)."""

    seat: int
    hand: tuple[Card, ...]
    legal_actions: tuple[int, ...]
    obligation: Obligation | None


def seat_part(state: HandState, seat: int) -> SeatPart:
    """The part of ``view_for(state, seat)`` that is the seat's own.

    Raises:
        ValueError: when ``seat`` is not 0..3.
    """
    if seat not in range(4):
        raise ValueError(f"expected a seat 0..3, got {seat!r}")
    to_move = state.to_move == seat
    return SeatPart(
        seat=seat,
        hand=tuple(cards_of(state.hands[seat])),
        legal_actions=tuple(state.legal_actions()) if to_move else (),
        obligation=state.obligation() if to_move else None,
    )


def view_for(state: HandState, seat: int) -> SeatView:
    """The view of ``state`` for ``seat``: public facts, its own hand and its legal actions.

    Raises:
        ValueError: when ``seat`` is not 0..3.
    """
    own = seat_part(state, seat)
    return SeatView(
        **public_fields(state),  # type: ignore[arg-type]
        seat=own.seat,
        hand=own.hand,
        legal_actions=own.legal_actions,
        obligation=own.obligation,
    )


def dealt_hands(view: PublicView, deal: Sequence[int | Iterable[int | str]]) -> list[int]:
    """The hands as dealt (card bitmasks), if the four hands are now ``deal``: each seat's
    cards now (a bitmask, or cards or codes) plus the cards it played, as ``view`` shows."""
    dealt = [hand if isinstance(hand, int) else mask_of(hand) for hand in deal]
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            dealt[seat] |= 1 << int(card)
    for seat, card in view.trick:
        dealt[seat] |= 1 << int(card)
    return dealt


def state_from(view: SeatView, deal: Sequence[int | Iterable[int | str]]) -> HandState:
    """The full :class:`~cuatrola.core.hand.HandState` of ``view``'s hand if the four hands
    are now ``deal`` (one of :func:`~cuatrola.ai.knowledge.consistent.deals_consistent_with`'s
    deals: four tuples of cards, or four bitmasks), to search from: the deal's hands plus
    the cards played, dealt by ``view.dealer`` with the shown card, then the view's bids,
    plays and cantes replayed. A cante window the view does not record a cante for is
    declined (a view does not say whether one opened); the window open now, if any, stays
    open. ``view_for(state_from(view, deal), view.seat) == view``.

    Raises:
        TypeError: when ``view`` is not a :class:`SeatView` (a spectator's ``PublicView``).
        ValueError: when ``deal`` is not a deal the view could come from (the seat's own
            cards differ, a play or a cante is not legal with these hands...).
    """
    if not isinstance(view, SeatView):
        raise TypeError(
            f"expected a seat's SeatView (view_for(state, seat)), got {type(view).__name__}"
        )
    if len(deal) != 4:
        raise ValueError(f"expected a deal of 4 hands, got {len(deal)}")
    dealt = dealt_hands(view, deal)
    try:
        state = HandState.from_masks(
            view.rules, view.dealer, dealt, int(view.shown_card), view.score_before
        )
        for bid in view.bids:
            state.apply(bid_action(bid))
        plays = [
            (s, c) for trick in view.tricks for s, c in zip(trick.seats, trick.cards, strict=True)
        ]
        for seat, card in [*plays, *view.trick]:
            _close_window(state, view, at_end=False)
            state.apply(int(card), seat)
        _close_window(state, view, at_end=True)
    except ValueError as exc:
        raise ValueError(f"the deal is not consistent with the view: {exc}") from None
    if view_for(state, view.seat) != view:
        raise ValueError("the deal is not consistent with the view: its replay differs")
    return state


def _close_window(state: HandState, view: SeatView, *, at_end: bool) -> None:
    """Answer the open cante window of ``state`` as the view's cantes say (``at_end``: leave
    it open at the seat the view has to move in its own open window)."""
    while state.phase is Phase.CANTE:
        trick = len(state.tricks) - 1
        seat = state.to_move
        sung = [c for c in view.cantes if c.trick == trick and c.seat == seat]
        if sung:
            state.apply(CANTE_BASE + sung[0].suit, seat)
        elif at_end and view.phase is Phase.CANTE and view.to_move == seat:
            return
        else:
            state.apply(NO_CANTE, seat)


__all__ = [
    "PublicView",
    "SeatPart",
    "SeatView",
    "board_text",
    "dealt_hands",
    "public_fields",
    "public_view",
    "seat_part",
    "state_from",
    "view_for",
]
