"""The double-dummy position and the rules of its card play (used through
:mod:`cuatrola.ai.search.solver`, which exports every public name here).

A :class:`Position` is a moment of the card play (docs/rules.md section 4) where all hands
are known. :func:`play_card` and :func:`legal_moves` play it on, :func:`maximizing_team`,
:func:`value_so_far` and :func:`mover_scores` read its value (the module docstring of
:mod:`cuatrola.ai.search.solver` defines it), and :func:`validate_position` checks that the
card play can reach it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cuatrola.core.cards import CANTE_MASKS, CARD_SUIT, FULL_DECK, NUM_CARDS, points_of
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Contract
from cuatrola.core.tricks import legal_mask, winning_card
from cuatrola.core.views import SeatView, view_for

#: The tricks of a hand, and the bonus for the last one (docs/rules.md section 6).
NUM_TRICKS: Final = 5
LAST_TRICK_BONUS: Final = 10
#: The contracts scored by tricks (the bidder's team's); the others by points.
TRICK_CONTRACTS: Final = (Contract.CUATROLA, Contract.QUINTOLA)
#: One card bitmask per seat.
Hands = tuple[int, int, int, int]
#: Several deals of the same position (the hands of each).
Deals = Sequence[Hands]


@dataclass(frozen=True, slots=True)
class Position:
    """A play-phase position with every card known (double dummy).

    Attributes:
        hands: the card bitmask each seat holds now; the seat that sits out holds 0.
        trump: the trump suit, 0..3.
        to_move: the seat to play now.
        trick: the card ids already on the table in the current trick, in playing order.
        trick_seats: the seats that played them (same length as ``trick``).
        sitting_out: the seat that sits out in a contract hand, ``None`` in a plain hand.
        contract: ``PASS``/``SOLO`` use the points objective, ``CUATROLA``/``QUINTOLA`` the
            tricks objective (see the module docstring).
        bidder: the bidder's seat, ``None`` in a plain hand.
        points: hand points already won by each team (card points and cantes so far).
        tricks_won: tricks already won by each team.
        tricks_played: completed tricks, 0..4.
        sung: bitmask of the suits already sung (bit ``s`` for suit ``s``).
        cantes: model the cantes still to come (sung automatically, see the module docstring).

    Positions are cheap to build; :func:`solve` and friends check them
    (:func:`validate_position`) and raise ``ValueError`` on an impossible one.
    """

    hands: tuple[int, int, int, int]
    trump: int
    to_move: int
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]
    sitting_out: int | None
    contract: Contract
    bidder: int | None
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    tricks_played: int
    sung: int
    cantes: bool = True


def sung_mask(view: SeatView) -> int:
    """The suits already sung, as a bitmask."""
    mask = 0
    for cante in view.cantes:
        mask |= 1 << cante.suit
    return mask


def position_for(view: SeatView, hands: Hands) -> Position:
    """The double-dummy position of ``view`` if the four hands are now ``hands`` (one of the
    view's consistent deals, say); card play only. Cantes already sung count in ``points``."""
    held = list(hands)
    if view.sitting_out is not None:
        held[view.sitting_out] = 0
    points = list(view.card_points)
    for cante in view.cantes:
        points[cante.seat & 1] += cante.points
    assert view.to_move is not None
    return Position(
        hands=(held[0], held[1], held[2], held[3]),
        trump=int(view.trump),  # a plain int in the search's hot loops
        to_move=view.to_move,
        trick=tuple(int(card) for _, card in view.trick),
        trick_seats=tuple(seat for seat, _ in view.trick),
        sitting_out=view.sitting_out,
        contract=view.contract,
        bidder=view.bidder,
        points=(points[0], points[1]),
        tricks_won=view.tricks_won,
        tricks_played=len(view.tricks),
        sung=sung_mask(view),
    )


def position_from_state(state: HandState) -> Position:
    """The double-dummy position of a hand in its card play (every seat's cards are read):
    :func:`position_for` the view of the seat to move and the real hands.

    For tests and tools that hold the full state; a computer player builds positions from
    the deals it samples instead.

    Raises:
        ValueError: when the hand is not in its card play phase (a pending cante decision
            of a hand without ``auto_cante`` included).
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"expected a hand in its card play, got phase {state.phase.label!r}")
    assert state.to_move is not None
    hands = state.hands
    return position_for(view_for(state, state.to_move), (hands[0], hands[1], hands[2], hands[3]))


def maximizing_team(pos: Position) -> int:
    """The team that maximises the value of ``pos``: team 0 for ``PASS``/``SOLO``, the
    bidder's team for ``CUATROLA``/``QUINTOLA``."""
    if pos.contract in TRICK_CONTRACTS and pos.bidder is not None:
        return pos.bidder & 1
    return 0


def legal_moves(pos: Position) -> int:
    """The cards the side to move may play, as a bitmask (section 4.1)."""
    table = 0
    for card in pos.trick:
        table |= 1 << card
    led = CARD_SUIT[pos.trick[0]] if pos.trick else -1
    return legal_mask(pos.hands[pos.to_move], table, led, pos.trump)


def play_card(pos: Position, card: int) -> Position:
    """The position after the side to move plays ``card`` (assumed legal): the trick is
    scored when it completes, with the cantes sung as the solver models them and the
    winner to lead; otherwise the next active seat is to move."""
    seat = pos.to_move
    hands = list(pos.hands)
    hands[seat] &= ~(1 << card)
    trick = (*pos.trick, card)
    seats = (*pos.trick_seats, seat)
    if len(trick) < (4 if pos.sitting_out is None else 3):
        nxt = (seat + 1) & 3
        if nxt == pos.sitting_out:
            nxt = (nxt + 1) & 3
        # Built field by field (as solver._c_args reads them): dataclasses.replace inspects
        # the fields on every call, which took about half the time of the search against
        # rule followers (py-spy).
        return Position(
            (hands[0], hands[1], hands[2], hands[3]),
            pos.trump,
            nxt,
            trick,
            seats,
            pos.sitting_out,
            pos.contract,
            pos.bidder,
            pos.points,
            pos.tricks_won,
            pos.tricks_played,
            pos.sung,
            pos.cantes,
        )
    return _complete_trick(pos, hands, trick, seats)


def _complete_trick(
    pos: Position, hands: list[int], trick: tuple[int, ...], seats: tuple[int, ...]
) -> Position:
    """:func:`play_card` for the card that completes the trick: score it, sing as the
    solver models the cantes, and let the winner lead."""
    table = 0
    for played in trick:
        table |= 1 << played
    best = winning_card(table, CARD_SUIT[trick[0]], pos.trump)
    winner = seats[trick.index(best)]
    team = winner & 1
    done = pos.tricks_played + 1
    gain = points_of(table)
    sung = pos.sung
    if done == NUM_TRICKS:
        gain += LAST_TRICK_BONUS
    elif pos.cantes and done <= 3 and pos.contract not in TRICK_CONTRACTS:
        extra, sung = auto_cante(hands, team, sung, pos.trump)
        gain += extra
    points = list(pos.points)
    points[team] += gain
    tricks = list(pos.tricks_won)
    tricks[team] += 1
    return Position(
        (hands[0], hands[1], hands[2], hands[3]),
        pos.trump,
        winner,
        (),
        (),
        pos.sitting_out,
        pos.contract,
        pos.bidder,
        (points[0], points[1]),
        (tricks[0], tricks[1]),
        done,
        sung,
        pos.cantes,
    )


def final_value(pos: Position) -> int:
    """The value (as :func:`~cuatrola.ai.search.solver.solve` gives it) of a position whose
    five tricks are played."""
    if pos.tricks_played != NUM_TRICKS:
        raise ValueError(f"expected a finished position, got {pos.tricks_played} tricks played")
    return value_so_far(pos)


def value_so_far(pos: Position) -> int:
    """What is already won, in the value's convention (:mod:`cuatrola.ai.search.solver`):
    the rest of the hand adds to it, and for a position whose five tricks are played it is the
    value."""
    if pos.contract in TRICK_CONTRACTS:
        assert pos.bidder is not None
        return pos.tricks_won[pos.bidder & 1]
    return pos.points[0] - pos.points[1]


def mover_scores(pos: Position, values: dict[int, int]) -> dict[int, int]:
    """``values`` (as from :func:`~cuatrola.ai.search.solver.solve_moves`) seen by the side
    to move: higher is better.

    The values themselves when the side to move maximises, their negations otherwise.
    """
    if pos.to_move & 1 == maximizing_team(pos):
        return dict(values)
    return {card: -value for card, value in values.items()}


def auto_cante(hands: list[int], team: int, sung: int, trump: int) -> tuple[int, int]:
    """The cante ``Rules(auto_cante=True)`` sings for ``team``: ``(points, new sung flags)``."""
    for suit in (trump, 0, 1, 2, 3):
        if sung >> suit & 1:
            continue
        mask = CANTE_MASKS[suit]
        if hands[team] & mask == mask or hands[team + 2] & mask == mask:
            return (40 if suit == trump else 20), sung | 1 << suit
    return 0, sung


def is_int(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool`` (what the C solver accepts)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seat(name: str, value: object) -> None:
    if not is_int(value) or not 0 <= value < 4:  # type: ignore[operator]
        raise ValueError(f"expected {name} to be a seat 0..3, got {value!r}")


def validate_position(pos: Position) -> None:
    """Check that ``pos`` is a position the card play can reach.

    Raises:
        ValueError: naming the first inconsistency found.
    """
    _check_fields(pos)
    _check_contract(pos)
    _check_score(pos)
    _check_trick(pos)
    _check_cards(pos)


def _check_fields(pos: Position) -> None:
    # The types and ranges of the hands, the suit, the seats and the contract.
    if not isinstance(pos, Position):
        raise ValueError(f"expected a Position, got {type(pos).__name__}")
    if not isinstance(pos.hands, tuple) or len(pos.hands) != 4:
        raise ValueError(f"expected 4 hands, got {pos.hands!r}")
    for seat, hand in enumerate(pos.hands):
        if not is_int(hand) or not 0 <= hand <= FULL_DECK:
            raise ValueError(f"expected seat {seat}'s hand to be a card bitmask, got {hand!r}")
    if not is_int(pos.trump) or not 0 <= pos.trump < 4:
        raise ValueError(f"expected a trump suit 0..3, got {pos.trump!r}")
    _check_seat("to_move", pos.to_move)
    if not isinstance(pos.contract, Contract):
        raise ValueError(f"expected a Contract, got {pos.contract!r}")
    if pos.sitting_out is not None:
        _check_seat("sitting_out", pos.sitting_out)
    if pos.bidder is not None:
        _check_seat("bidder", pos.bidder)


def _check_contract(pos: Position) -> None:
    # A plain hand has no bidder; in a contract hand the bidder's partner sits out.
    if pos.contract is Contract.PASS:
        if pos.bidder is not None or pos.sitting_out is not None:
            raise ValueError("a plain hand has no bidder and nobody sits out")
    else:
        _check_seat("bidder", pos.bidder)
        assert pos.bidder is not None
        if pos.sitting_out != (pos.bidder + 2) & 3:
            raise ValueError(
                f"the bidder's partner sits out: expected sitting_out={(pos.bidder + 2) & 3}, "
                f"got {pos.sitting_out!r}"
            )


def _check_score(pos: Position) -> None:
    # The tricks played, the sung flags, the cantes flag and what each team won so far.
    if not is_int(pos.tricks_played) or not 0 <= pos.tricks_played < NUM_TRICKS:
        raise ValueError(f"expected tricks_played 0..4, got {pos.tricks_played!r}")
    if not is_int(pos.sung) or not 0 <= pos.sung < 16:
        raise ValueError(f"expected sung to be a suit bitmask 0..15, got {pos.sung!r}")
    if not isinstance(pos.cantes, bool):
        raise ValueError(f"expected cantes to be true or false, got {pos.cantes!r}")
    for name, pair in (("points", pos.points), ("tricks_won", pos.tricks_won)):
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not all(is_int(v) and 0 <= v <= 1000 for v in pair)
        ):
            raise ValueError(f"expected {name} to be two small non-negative ints, got {pair!r}")
    if sum(pos.tricks_won) != pos.tricks_played:
        raise ValueError(
            f"tricks_won {pos.tricks_won!r} must add up to tricks_played {pos.tricks_played}"
        )


def _check_trick(pos: Position) -> None:
    # Who may move, the dead hand, and the shape of the trick on the table.
    active = [s for s in range(4) if s != pos.sitting_out]
    if pos.to_move == pos.sitting_out:
        raise ValueError(f"seat {pos.to_move} sits out and cannot move")
    if pos.sitting_out is not None and pos.hands[pos.sitting_out]:
        raise ValueError(f"seat {pos.sitting_out} sits out: its hand must be 0 (dead cards)")
    trick, seats = pos.trick, pos.trick_seats
    if not isinstance(trick, tuple) or not isinstance(seats, tuple) or len(trick) != len(seats):
        raise ValueError("trick and trick_seats must be tuples of the same length")
    if len(trick) >= len(active):
        raise ValueError(f"a trick in progress holds at most {len(active) - 1} cards")


def _check_cards(pos: Position) -> None:
    # Every card in one place only, the trick played in seat order, and the card counts.
    active = [s for s in range(4) if s != pos.sitting_out]
    trick, seats = pos.trick, pos.trick_seats
    seen = 0
    for seat, hand in enumerate(pos.hands):
        if seen & hand:
            raise ValueError(f"seat {seat} holds a card another seat holds")
        seen |= hand
    for card in trick:
        if not is_int(card) or not 0 <= card < NUM_CARDS:
            raise ValueError(f"expected card ids 0..19 in the trick, got {card!r}")
        if seen >> card & 1:
            raise ValueError(f"card {card} is on the table and in a hand")
        seen |= 1 << card
    for seat in seats:
        _check_seat("a trick seat", seat)
    expected = pos.to_move
    for seat in reversed(seats):
        expected = _previous_active(expected, pos.sitting_out)
        if seat != expected:
            raise ValueError(f"trick_seats {seats!r} do not lead up to seat {pos.to_move}")
    left = NUM_TRICKS - pos.tricks_played
    for seat in active:
        count = pos.hands[seat].bit_count() + (seat in seats)
        if count != left:
            raise ValueError(
                f"seat {seat} must have {left} cards with {pos.tricks_played} tricks played, "
                f"has {count}"
            )


def _previous_active(seat: int, sitting_out: int | None) -> int:
    prev = (seat + 3) & 3
    return (prev + 3) & 3 if prev == sitting_out else prev


def check_threshold(threshold: object) -> None:
    if not is_int(threshold) or not -1000 <= threshold <= 1000:  # type: ignore[operator]
        raise ValueError(f"expected a threshold in -1000..1000, got {threshold!r}")


def check_resamples(resamples: object, seed: object) -> None:
    if not is_int(resamples) or not 1 <= resamples <= 1_000_000:  # type: ignore[operator]
        raise ValueError(f"expected resamples in 1..1000000, got {resamples!r}")
    if not is_int(seed):
        raise ValueError(f"expected seed to be an int, got {type(seed).__name__}")
