"""The double-dummy solver: the exact minimax value of a play-phase position with every card known.

A :class:`Position` is a moment of the card play (docs/rules.md section 4) where all hands are
known. :func:`solve` gives its exact value, :func:`solve_moves` the value of each legal card
of the side to move and :func:`at_least` a cheaper yes/no (is the value at least a
threshold?). The computer players solve many such positions, one per sampled deal
(perfect-information Monte Carlo), so the solver is written twice with identical results:

* :func:`solve_python`, :func:`solve_moves_python`, :func:`at_least_python`: pure Python, the
  reference, always there;
* ``cuatrola.ai._csolver``: the same algorithm as a small C extension (``_solver.c``), about
  two orders of magnitude faster, built by the package's own build when a compiler exists.

:func:`solve`, :func:`solve_moves` and :func:`at_least` use the C version when it imports and
fall back to Python otherwise; :func:`backend` says which one is in use. A differential test
checks that both give the same values on many random positions.

The value
---------
Values always count the *whole hand* (what was already won plus the rest, played perfectly by
both sides) in one of two objectives chosen by the contract:

* ``PASS`` and ``SOLO`` (points objective): the final hand-points margin ``team 0 - team 1``:
  ``points`` so far + the card points of the tricks still to be won + 10 for the last trick +
  the cantes sung from now on (when :attr:`Position.cantes` is true). Team 0 (seats 0 and 2)
  maximises it, team 1 minimises it. In a solo the bidder alone is his team.
* ``CUATROLA`` and ``QUINTOLA`` (tricks objective): the number of tricks the **bidder's team**
  ends the hand with (``tricks_won`` so far included), 0..5. The bidder's team maximises it and
  the defenders minimise it, whichever team the bidder is in. Card points and cantes are
  ignored, as in the scoring (section 6).

:func:`maximizing_team` returns the team that maximises the value of a position, and
:func:`mover_scores` turns the values of :func:`solve_moves` into scores where higher is always
better for the side to move (the value itself, or its negation), which is what a player that
adds up scores over many sampled deals wants.

Cantes are modelled as ``Rules(auto_cante=True)`` sings them (docs/rules.md section 5): right
after a won trick 1-3 the winning team sings at once, the 40 (trump) first, else the lowest
suit in the order O C E B held (rey and caballo) by one of its active seats and not sung yet.
Singing never hurts a team, so this is also what a perfect player does, except that it may
choose *which* 20 to sing first; the solver does not branch on that.

Implementation notes
--------------------
* Alpha-beta (fail-soft) over single card plays, with a transposition table at trick
  boundaries. A boundary is keyed by the four hands, the leader and the sung flags; its entry
  holds a lower and an upper bound on the value *of the rest of the hand* (what is already
  won is additive, so one entry serves every path that reaches the same cards).
* The table is valid for one *context* (trump, contract, bidder, seat that sits out, cantes
  flag), so a table is never shared across contexts; :func:`solve_moves` shares one table
  across all the candidate cards.
* Cut-offs from the points still out: at a boundary the rest is worth at most the card points
  left + 10 + the cantes a team could still sing, and at least minus the same for the other
  team; in the tricks objective, between 0 and the tricks left.
* Move ordering: a card that takes the lead of the trick first (the cheapest such card), then
  the rest by points (high points when the partner is winning, else low points first).
* The last trick is evaluated directly: every active seat has one card.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Final

from cuatrola.ai.common import cheapness
from cuatrola.core.cards import (
    CANTE_MASKS,
    CARD_POINTS,
    CARD_SUIT,
    FULL_DECK,
    NUM_CARDS,
    SUIT_MASKS,
    points_of,
)
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Contract
from cuatrola.core.tricks import legal_mask, winning_card

__all__ = [
    "Position",
    "at_least",
    "at_least_python",
    "backend",
    "compiled_model_moves",
    "final_value",
    "legal_moves",
    "maximizing_team",
    "mover_scores",
    "play_card",
    "position_from_state",
    "solve",
    "solve_moves",
    "solve_moves_python",
    "solve_python",
    "validate_position",
    "value_so_far",
]

_INF: Final = 10_000
_LAST_TRICK_BONUS: Final = 10
_NUM_TRICKS: Final = 5
_TRICK_CONTRACTS: Final = (Contract.CUATROLA, Contract.QUINTOLA)


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


def position_from_state(state: HandState) -> Position:
    """The double-dummy position of a hand in its card play (every seat's cards are read).

    For tests and tools that hold the full state; a computer player builds positions from
    the deals it samples instead. Cantes already sung count in ``points``.

    Raises:
        ValueError: when the hand is not in its card play phase (a pending cante decision
            of a hand without ``auto_cante`` included).
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"expected a hand in its card play, got phase {state.phase.label!r}")
    hands = list(state.hands)
    if state.sitting_out is not None:
        hands[state.sitting_out] = 0
    points = list(state.team_card_points)
    for cante in state.cantes:
        points[cante.seat & 1] += cante.points
    assert state.to_move is not None
    return Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=int(state.trump),  # a plain int in the search's hot loops
        to_move=state.to_move,
        trick=tuple(state.trick_cards),
        trick_seats=tuple(state.trick_seats),
        sitting_out=state.sitting_out,
        contract=state.contract,
        bidder=state.bidder,
        points=(points[0], points[1]),
        tricks_won=(state.team_tricks[0], state.team_tricks[1]),
        tricks_played=len(state.tricks),
        sung=state.sung,
        cantes=True,
    )


def maximizing_team(pos: Position) -> int:
    """The team that maximises the value of ``pos``: team 0 for ``PASS``/``SOLO``, the
    bidder's team for ``CUATROLA``/``QUINTOLA``."""
    if pos.contract in _TRICK_CONTRACTS and pos.bidder is not None:
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
        # Built field by field: dataclasses.replace inspects the fields on every call, which
        # took about half the time of the search against rule followers (py-spy).
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
    table = 0
    for played in trick:
        table |= 1 << played
    best = winning_card(table, CARD_SUIT[trick[0]], pos.trump)
    winner = seats[trick.index(best)]
    team = winner & 1
    done = pos.tricks_played + 1
    gain = points_of(table)
    sung = pos.sung
    if done == _NUM_TRICKS:
        gain += _LAST_TRICK_BONUS
    elif pos.cantes and done <= 3 and pos.contract not in _TRICK_CONTRACTS:
        extra, sung = _auto_cante(hands, team, sung, pos.trump)
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
    """The value (as :func:`solve` gives it) of a position whose five tricks are played."""
    if pos.tricks_played != _NUM_TRICKS:
        raise ValueError(f"expected a finished position, got {pos.tricks_played} tricks played")
    return value_so_far(pos)


def mover_scores(pos: Position, values: dict[int, int]) -> dict[int, int]:
    """``values`` (as from :func:`solve_moves`) seen by the side to move: higher is better.

    The values themselves when the side to move maximises, their negations otherwise.
    """
    if pos.to_move & 1 == maximizing_team(pos):
        return dict(values)
    return {card: -value for card, value in values.items()}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seat(name: str, value: object) -> None:
    if not _is_int(value) or not 0 <= value < 4:  # type: ignore[operator]
        raise ValueError(f"expected {name} to be a seat 0..3, got {value!r}")


def validate_position(pos: Position) -> None:
    """Check that ``pos`` is a position the card play can reach.

    Raises:
        ValueError: naming the first inconsistency found.
    """
    if not isinstance(pos, Position):
        raise ValueError(f"expected a Position, got {type(pos).__name__}")
    if not isinstance(pos.hands, tuple) or len(pos.hands) != 4:
        raise ValueError(f"expected 4 hands, got {pos.hands!r}")
    for seat, hand in enumerate(pos.hands):
        if not _is_int(hand) or not 0 <= hand <= FULL_DECK:
            raise ValueError(f"expected seat {seat}'s hand to be a card bitmask, got {hand!r}")
    if not _is_int(pos.trump) or not 0 <= pos.trump < 4:
        raise ValueError(f"expected a trump suit 0..3, got {pos.trump!r}")
    _check_seat("to_move", pos.to_move)
    if not isinstance(pos.contract, Contract):
        raise ValueError(f"expected a Contract, got {pos.contract!r}")
    if pos.sitting_out is not None:
        _check_seat("sitting_out", pos.sitting_out)
    if pos.bidder is not None:
        _check_seat("bidder", pos.bidder)
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
    if not _is_int(pos.tricks_played) or not 0 <= pos.tricks_played < _NUM_TRICKS:
        raise ValueError(f"expected tricks_played 0..4, got {pos.tricks_played!r}")
    if not _is_int(pos.sung) or not 0 <= pos.sung < 16:
        raise ValueError(f"expected sung to be a suit bitmask 0..15, got {pos.sung!r}")
    if not isinstance(pos.cantes, bool):
        raise ValueError(f"expected cantes to be true or false, got {pos.cantes!r}")
    for name, pair in (("points", pos.points), ("tricks_won", pos.tricks_won)):
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not all(_is_int(v) and 0 <= v <= 1000 for v in pair)
        ):
            raise ValueError(f"expected {name} to be two small non-negative ints, got {pair!r}")
    if sum(pos.tricks_won) != pos.tricks_played:
        raise ValueError(
            f"tricks_won {pos.tricks_won!r} must add up to tricks_played {pos.tricks_played}"
        )
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
    seen = 0
    for seat, hand in enumerate(pos.hands):
        if seen & hand:
            raise ValueError(f"seat {seat} holds a card another seat holds")
        seen |= hand
    for card in trick:
        if not _is_int(card) or not 0 <= card < NUM_CARDS:
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
    left = _NUM_TRICKS - pos.tricks_played
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


# The search ---------------------------------------------------------------------------------

_BIT: Final = tuple(1 << c for c in range(NUM_CARDS))
_CARD_SUIT_MASK: Final = tuple(SUIT_MASKS[CARD_SUIT[c]] for c in range(NUM_CARDS))
#: Cards in the order a side tries them when it cannot or need not win: low points first,
#: and among equal points the weaker card (a higher id) first.
_CHEAP_FIRST: Final = tuple(sorted(range(NUM_CARDS), key=lambda c: (CARD_POINTS[c], -c)))
_DEAR_FIRST: Final = tuple(reversed(_CHEAP_FIRST))

Bounds = dict[int, tuple[int, int]]


class _Searcher:
    """One search context (a table of bounds and the constants of the hand).

    The recursive functions are closures over local constants, which is the fastest way to
    write this in CPython; ``play`` and ``boundary`` are the two entry points.
    """

    __slots__ = ("boundary", "hands", "play", "table")

    def __init__(self, pos: Position, table: Bounds | None = None) -> None:
        self.table: Bounds = {} if table is None else table
        self.hands: list[int] = list(pos.hands)
        self.boundary: Callable[[int, int, int, int, int], int]
        self.play: Callable[[int, int, int, int, int, int, int, int, int, int, int, int], int]
        self._build(pos)

    def _build(self, pos: Position) -> None:
        hands = self.hands
        table = self.table
        trump = pos.trump
        trump_mask = SUIT_MASKS[trump]
        sitting_out = pos.sitting_out
        n_active = 4 if sitting_out is None else 3
        next_seat = [(s + 1) & 3 for s in range(4)]
        if sitting_out is not None:
            before = (sitting_out + 3) & 3
            next_seat[before] = (sitting_out + 1) & 3
        tricks_mode = pos.contract in _TRICK_CONTRACTS
        max_team = maximizing_team(pos)
        cantes_on = pos.cantes and not tricks_mode
        bit = _BIT
        card_suit_mask = _CARD_SUIT_MASK
        card_points = CARD_POINTS
        cheap_first = _CHEAP_FIRST
        dear_first = _DEAR_FIRST

        def cante_potential(team: int, sung: int) -> int:
            total = 0
            for suit in range(4):
                if sung >> suit & 1:
                    continue
                mask = CANTE_MASKS[suit]
                if hands[team] & mask == mask or hands[team + 2] & mask == mask:
                    total += 40 if suit == trump else 20
            return total

        def finish_trick(
            winner: int, trick_points: int, leader_done: int, sung: int, alpha: int, beta: int
        ) -> int:
            # Value of a completed trick plus the rest; ``leader_done`` = tricks done after it.
            team = winner & 1
            if tricks_mode:
                gain = 1 if team == max_team else 0
                if leader_done == _NUM_TRICKS:
                    return gain
            else:
                if leader_done == _NUM_TRICKS:
                    trick_points += _LAST_TRICK_BONUS
                    return trick_points if team == 0 else -trick_points
                if cantes_on and leader_done <= 3:
                    extra, sung = _auto_cante(hands, team, sung, trump)
                    trick_points += extra
                gain = trick_points if team == 0 else -trick_points
            return gain + boundary(winner, sung, leader_done, alpha - gain, beta - gain)

        def last_trick(leader: int) -> int:
            # Every active seat holds one card: no choice is left.
            seat = leader
            card = hands[seat].bit_length() - 1
            best, best_seat, total = card, seat, card_points[card]
            for _ in range(n_active - 1):
                seat = next_seat[seat]
                card = hands[seat].bit_length() - 1
                total += card_points[card]
                mask = card_suit_mask[card]
                best_mask = card_suit_mask[best]
                if (mask == best_mask and card < best) or (
                    mask == trump_mask and best_mask != trump_mask
                ):
                    best, best_seat = card, seat
            if tricks_mode:
                return 1 if best_seat & 1 == max_team else 0
            total += _LAST_TRICK_BONUS
            return total if best_seat & 1 == 0 else -total

        def boundary(leader: int, sung: int, done: int, alpha: int, beta: int) -> int:
            # The value of the rest of the hand from the start of trick ``done`` (0-based).
            if done == _NUM_TRICKS - 1:
                return last_trick(leader)
            key = (
                hands[0]
                | hands[1] << 20
                | hands[2] << 40
                | hands[3] << 60
                | leader << 80
                | sung << 82
            )
            entry = table.get(key)
            if entry is None:
                if tricks_mode:
                    lo, hi = 0, _NUM_TRICKS - done
                else:
                    left = points_of(hands[0] | hands[1] | hands[2] | hands[3])
                    left += _LAST_TRICK_BONUS
                    if cantes_on and done <= 2:
                        lo = -left - cante_potential(1, sung)
                        hi = left + cante_potential(0, sung)
                    else:
                        lo, hi = -left, left
            else:
                lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a = lo if lo > alpha else alpha
            b = hi if hi < beta else beta
            value = play(leader, leader, 0, 0, 0, -1, leader, 0, sung, done, a, b)
            # Fail-soft bounds, narrowed by what was known before.
            if value <= a:
                hi = value
            elif value >= b:
                lo = value
            else:
                lo = hi = value
            table[key] = (lo, hi)
            return value

        def play(
            seat: int,
            leader: int,
            count: int,
            trick_mask: int,
            trick_points: int,
            best: int,
            best_seat: int,
            led_mask: int,
            sung: int,
            done: int,
            alpha: int,
            beta: int,
        ) -> int:
            # ``seat`` plays the card number ``count`` of trick ``done``; ``best`` is the card
            # winning it so far (-1 when leading).
            hand = hands[seat]
            # docs/rules.md 4.1, inlined from cuatrola.core.tricks.legal_mask.
            if not trick_mask:
                legal = hand
            else:
                follow = hand & led_mask
                if follow:
                    if led_mask != trump_mask and trick_mask & trump_mask:
                        legal = follow
                    else:
                        on_table = trick_mask & led_mask
                        legal = follow & ((on_table & -on_table) - 1) or follow
                else:
                    trumps = hand & trump_mask
                    if trumps:
                        on_table = trick_mask & trump_mask
                        if not on_table:
                            legal = trumps
                        else:
                            legal = trumps & ((on_table & -on_table) - 1) or hand
                    else:
                        legal = hand
            maximizing = seat & 1 == max_team
            last = count == n_active - 1
            # Move ordering: the cheapest card that takes the lead of the trick first, then
            # the others, dear first when the partner leads the trick, else cheap first.
            if best < 0:
                ordered = [c for c in cheap_first if legal >> c & 1]
            else:
                best_mask = card_suit_mask[best]
                winners = []
                others = []
                partner_ahead = best_seat & 1 == seat & 1
                for c in dear_first if partner_ahead else cheap_first:
                    if legal >> c & 1:
                        mask = card_suit_mask[c]
                        if (mask == best_mask and c < best) or (
                            mask == trump_mask and best_mask != trump_mask
                        ):
                            winners.append(c)
                        else:
                            others.append(c)
                if partner_ahead:
                    winners.reverse()
                ordered = [*winners, *others] if not partner_ahead else [*others, *winners]
            nxt = next_seat[seat]
            result = -_INF if maximizing else _INF
            for card in ordered:
                b = bit[card]
                hands[seat] = hand ^ b
                if best < 0:
                    new_best, new_seat, new_led = card, seat, card_suit_mask[card]
                else:
                    mask = card_suit_mask[card]
                    best_mask = card_suit_mask[best]
                    if (mask == best_mask and card < best) or (
                        mask == trump_mask and best_mask != trump_mask
                    ):
                        new_best, new_seat = card, seat
                    else:
                        new_best, new_seat = best, best_seat
                    new_led = led_mask
                points = trick_points + card_points[card]
                if last:
                    value = finish_trick(new_seat, points, done + 1, sung, alpha, beta)
                else:
                    value = play(
                        nxt,
                        leader,
                        count + 1,
                        trick_mask | b,
                        points,
                        new_best,
                        new_seat,
                        new_led,
                        sung,
                        done,
                        alpha,
                        beta,
                    )
                hands[seat] = hand
                if maximizing:
                    if value > result:
                        result = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
                elif value < result:
                    result = value
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
            return result

        self.boundary = boundary
        self.play = play


def _root_args(pos: Position) -> tuple[int, int, int, int, int, int, int]:
    """``(leader, count, trick_mask, trick_points, best, best_seat, led_mask)`` of the trick
    on the table, as :meth:`_Searcher.play` takes them."""
    if not pos.trick:
        return pos.to_move, 0, 0, 0, -1, pos.to_move, 0
    trump_mask = SUIT_MASKS[pos.trump]
    best, best_seat = pos.trick[0], pos.trick_seats[0]
    mask = 0
    for card, seat in zip(pos.trick, pos.trick_seats, strict=True):
        card_mask = _CARD_SUIT_MASK[card]
        best_mask = _CARD_SUIT_MASK[best]
        if (card_mask == best_mask and card < best) or (
            card_mask == trump_mask and best_mask != trump_mask
        ):
            best, best_seat = card, seat
        mask |= 1 << card
    return (
        pos.trick_seats[0],
        len(pos.trick),
        mask,
        points_of(mask),
        best,
        best_seat,
        _CARD_SUIT_MASK[pos.trick[0]],
    )


def value_so_far(pos: Position) -> int:
    """What is already won, in the value's convention (see the module docstring): the
    rest of the hand adds to it, and for a position whose five tricks are played it is the
    value."""
    if pos.contract in _TRICK_CONTRACTS:
        assert pos.bidder is not None
        return pos.tricks_won[pos.bidder & 1]
    return pos.points[0] - pos.points[1]


def _table_for(pos: Position, keep_table: bool) -> Bounds:
    # The table of the previous call when asked for and made for the same context.
    global _shared_context, _shared_table
    context = (pos.trump, pos.sitting_out, pos.contract, maximizing_team(pos), pos.cantes)
    if not keep_table or context != _shared_context or len(_shared_table) > _MAX_SHARED:
        _shared_context, _shared_table = context, {}
    return _shared_table


_MAX_SHARED: Final = 1 << 18
_shared_context: tuple[object, ...] = ()
_shared_table: Bounds = {}


def solve_python(pos: Position, *, keep_table: bool = False) -> int:
    """The exact value of ``pos`` (see the module docstring), computed in pure Python.

    ``keep_table`` as in :func:`solve`.

    Raises:
        ValueError: when ``pos`` is not a reachable position (:func:`validate_position`).

    >>> from cuatrola.core.cards import mask_of
    >>> hands = (mask_of(["AO"]), mask_of(["SO"]), mask_of(["3O"]), mask_of(["AC"]))
    >>> pos = Position(hands, trump=1, to_move=0, trick=(), trick_seats=(), sitting_out=None,
    ...                contract=Contract.PASS, bidder=None, points=(50, 40), tricks_won=(2, 2),
    ...                tricks_played=4, sung=0)
    >>> solve_python(pos)  # AC trumps the last trick: 50 - (40 + 11 + 2 + 10 + 11 + 10)
    -34
    """
    return _search_root(pos, -_INF, _INF, keep_table)


def _search_root(pos: Position, alpha: int, beta: int, keep_table: bool) -> int:
    # The fail-soft value of ``pos`` searched with the window (alpha, beta) on the whole
    # hand's value: exact inside the window, else a bound on the side of the window it fell.
    validate_position(pos)
    searcher = _Searcher(pos, _table_for(pos, keep_table))
    leader, count, mask, points, best, best_seat, led = _root_args(pos)
    already = value_so_far(pos)
    rest = searcher.play(
        pos.to_move,
        leader,
        count,
        mask,
        points,
        best,
        best_seat,
        led,
        pos.sung,
        pos.tricks_played,
        alpha - already,
        beta - already,
    )
    return already + rest


def at_least_python(pos: Position, threshold: int, *, keep_table: bool = False) -> bool:
    """Whether the value of ``pos`` is at least ``threshold``, in pure Python.

    A null-window search: cheaper than :func:`solve_python` when only a yes/no is needed
    (does the bidder make 4 tricks? does team 0 end ahead, ``threshold=1``?).

    Raises:
        ValueError: when ``pos`` is not a reachable position, or ``threshold`` is not an int.
    """
    _check_threshold(threshold)
    return _search_root(pos, threshold - 1, threshold, keep_table) >= threshold


def _check_threshold(threshold: object) -> None:
    if not _is_int(threshold) or not -1000 <= threshold <= 1000:  # type: ignore[operator]
        raise ValueError(f"expected a threshold in -1000..1000, got {threshold!r}")


def solve_moves_python(pos: Position, *, keep_table: bool = False) -> dict[int, int]:
    """The exact value of each legal card of the side to move, in pure Python.

    Values are in the convention of :func:`solve` (so ``solve(pos)`` is the maximum of these
    values when the side to move maximises, else their minimum). One table is shared across
    the candidate cards; ``keep_table`` as in :func:`solve`.

    Raises:
        ValueError: when ``pos`` is not a reachable position (:func:`validate_position`).
    """
    validate_position(pos)
    searcher = _Searcher(pos, _table_for(pos, keep_table))
    seat = pos.to_move
    hand = pos.hands[seat]
    table = sum(1 << card for card in pos.trick)
    legal = legal_mask(hand, table, CARD_SUIT[pos.trick[0]], pos.trump) if pos.trick else hand
    hands = list(pos.hands)
    already = value_so_far(pos)
    result: dict[int, int] = {}
    for card in (c for c in range(NUM_CARDS) if legal >> c & 1):
        hands[seat] = hand ^ (1 << card)
        child = Position(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            trump=pos.trump,
            to_move=seat,
            trick=(*pos.trick, card),
            trick_seats=(*pos.trick_seats, seat),
            sitting_out=pos.sitting_out,
            contract=pos.contract,
            bidder=pos.bidder,
            points=pos.points,
            tricks_won=pos.tricks_won,
            tricks_played=pos.tricks_played,
            sung=pos.sung,
            cantes=pos.cantes,
        )
        result[card] = already + _after_card(searcher, child)
    return result


def _after_card(searcher: _Searcher, child: Position) -> int:
    # ``child`` has the card just played in its trick and the player still as ``to_move``;
    # run the trick on from the next seat (or finish it) with a full window.
    hands = searcher.hands
    hands[:] = child.hands
    leader, count, mask, points, best, best_seat, led = _root_args(child)
    seat = child.to_move
    n_active = 4 if child.sitting_out is None else 3
    if count == n_active:
        return _finish_root(searcher, child, best_seat, points)
    nxt = (seat + 1) & 3
    if nxt == child.sitting_out:
        nxt = (nxt + 1) & 3
    return searcher.play(
        nxt,
        leader,
        count,
        mask,
        points,
        best,
        best_seat,
        led,
        child.sung,
        child.tricks_played,
        -_INF,
        _INF,
    )


def _finish_root(searcher: _Searcher, child: Position, winner: int, trick_points: int) -> int:
    # The candidate card completed the trick: score it, sing, and solve the rest.
    done = child.tricks_played + 1
    tricks_mode = child.contract in _TRICK_CONTRACTS
    team = winner & 1
    sung = child.sung
    if tricks_mode:
        gain = 1 if team == maximizing_team(child) else 0
    else:
        if done == _NUM_TRICKS:
            trick_points += _LAST_TRICK_BONUS
        elif child.cantes and done <= 3:
            extra, sung = _auto_cante(searcher.hands, team, sung, child.trump)
            trick_points += extra
        gain = trick_points if team == 0 else -trick_points
    if done == _NUM_TRICKS:
        return gain
    return gain + searcher.boundary(winner, sung, done, -_INF, _INF)


def _auto_cante(hands: list[int], team: int, sung: int, trump: int) -> tuple[int, int]:
    """The cante ``Rules(auto_cante=True)`` sings for ``team``: ``(points, new sung flags)``."""
    for suit in (trump, 0, 1, 2, 3):
        if sung >> suit & 1:
            continue
        mask = CANTE_MASKS[suit]
        if hands[team] & mask == mask or hands[team + 2] & mask == mask:
            return (40 if suit == trump else 20), sung | 1 << suit
    return 0, sung


# The public entry points: the compiled solver when it is there --------------------------------


def _load_compiled() -> ModuleType | None:
    # CUATROLA_SOLVER=python forces the pure-Python solver (to test or compare the fallback).
    if os.environ.get("CUATROLA_SOLVER", "").lower() == "python":
        return None
    try:
        return importlib.import_module("cuatrola.ai._csolver")
    except ImportError:
        return None


_csolver = _load_compiled()


def backend() -> str:
    """``"c"`` when the compiled solver is in use, else ``"python"``."""
    return "c" if _csolver is not None else "python"


def _c_args(pos: Position, keep_table: bool) -> tuple[object, ...]:
    if not isinstance(pos, Position):
        raise ValueError(f"expected a Position, got {type(pos).__name__}")
    return (
        pos.hands,
        pos.trump,
        pos.to_move,
        pos.trick,
        pos.trick_seats,
        pos.sitting_out,
        int(pos.contract) if isinstance(pos.contract, Contract) else pos.contract,
        pos.bidder,
        pos.points,
        pos.tricks_won,
        pos.tricks_played,
        pos.sung,
        pos.cantes,
        keep_table,
    )


def solve(pos: Position, *, keep_table: bool = False) -> int:
    """The exact value of ``pos`` (see the module docstring), with the fastest backend.

    Args:
        pos: the position.
        keep_table: reuse the transposition table of the previous call when it was made for
            the same context (trump, contract, bidder, cantes flag), e.g. across the sampled
            deals of one decision. The value is exact either way; only the speed changes.

    Raises:
        ValueError: when ``pos`` is not a reachable position.
    """
    if _csolver is not None:
        value: int = _csolver.solve(*_c_args(pos, keep_table))
        return value
    return solve_python(pos, keep_table=keep_table)


def at_least(pos: Position, threshold: int, *, keep_table: bool = False) -> bool:
    """Whether the value of ``pos`` is at least ``threshold``, with the fastest backend.

    A null-window search, cheaper than :func:`solve` when only a yes/no is needed: for
    example ``at_least(pos, 4)`` asks whether a cuatrola bidder's team makes four tricks and
    ``at_least(pos, 1)`` whether team 0 ends a plain hand or a solo ahead on points (a tie
    goes to the mano's team, docs/rules.md section 6, so mind which threshold you ask).

    Raises:
        ValueError: when ``pos`` is not a reachable position, or ``threshold`` is not an int.
    """
    if _csolver is not None:
        _check_threshold(threshold)
        value: int = _csolver.solve(*_c_args(pos, keep_table), threshold - 1, threshold)
        return value >= threshold
    return at_least_python(pos, threshold, keep_table=keep_table)


def solve_moves(pos: Position, *, keep_table: bool = False) -> dict[int, int]:
    """The exact value of each legal card of the side to move, with the fastest backend.

    Values are in the convention of :func:`solve`; see also :func:`mover_scores`. One
    table is shared across the candidate cards; ``keep_table`` as in :func:`solve`.

    Raises:
        ValueError: when ``pos`` is not a reachable position.
    """
    if _csolver is not None:
        values: dict[int, int] = _csolver.solve_moves(*_c_args(pos, keep_table))
        return values
    return solve_moves_python(pos, keep_table=keep_table)


def _mover_rows_python(
    pos: Position, deals: Sequence[tuple[int, int, int, int]], keep_table: bool
) -> list[dict[int, int]]:
    """The exact value of each legal card in each of ``deals``, seen by the side to move
    (the pure-Python twin of ``deal_values`` in ``_solver.c``)."""
    if not deals:
        raise ValueError("expected at least one deal")
    mover = deals[0][pos.to_move]
    rows = []
    for hands in deals:
        if hands[pos.to_move] != mover:
            raise ValueError("the side to move must hold the same cards in every deal")
        deal = replace(pos, hands=hands)
        rows.append(mover_scores(deal, solve_moves_python(deal, keep_table=keep_table)))
    return rows


def mover_totals_python(
    pos: Position, deals: Sequence[tuple[int, int, int, int]], *, keep_table: bool = False
) -> dict[int, int]:
    """:func:`mover_totals` in pure Python (the reference of the compiled one)."""
    result: dict[int, int] = {}
    for row in _mover_rows_python(pos, deals, keep_table):
        for card, value in row.items():
            result[card] = result.get(card, 0) + value
    return result


def mover_totals(
    pos: Position, deals: Sequence[tuple[int, int, int, int]], *, keep_table: bool = False
) -> dict[int, int]:
    """For each legal card of the side to move, the sum over ``deals`` of its exact value
    seen by the side to move (:func:`mover_scores` of :func:`solve_moves`), with the
    fastest backend.

    ``pos`` gives everything but the hands; each deal gives the hands (the side to move
    holds the same cards in each). One call instead of one per deal: the hot loop of
    :mod:`cuatrola.ai.pimc_model`.

    Raises:
        ValueError: when ``deals`` is empty, the side to move's cards differ between deals,
            or a deal does not make a reachable position.
    """
    if _csolver is None:
        return mover_totals_python(pos, deals, keep_table=keep_table)
    if not deals:
        raise ValueError("expected at least one deal")
    totals: dict[int, int] = _csolver.mover_totals(list(deals), *_c_args(pos, keep_table)[1:])
    return totals


_MASK64: Final = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    """One step of splitmix64: ``(new state, output)``, as ``_solver.c`` computes it."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def _check_resamples(resamples: object, seed: object) -> None:
    if not _is_int(resamples) or not 1 <= resamples <= 1_000_000:  # type: ignore[operator]
        raise ValueError(f"expected resamples in 1..1000000, got {resamples!r}")
    if not _is_int(seed):
        raise ValueError(f"expected seed to be an int, got {type(seed).__name__}")


def mover_choices_python(
    pos: Position,
    deals: Sequence[tuple[int, int, int, int]],
    resamples: int,
    seed: int,
    *,
    keep_table: bool = False,
) -> dict[int, int]:
    """:func:`mover_choices` in pure Python (the reference of the compiled one)."""
    _check_resamples(resamples, seed)
    rows = _mover_rows_python(pos, deals, keep_table)
    # Cheapest first, so that keeping the first of equal totals is pimc.best_card's rule.
    cards = sorted(rows[0], key=lambda c: cheapness(c, pos.trump))
    counts = dict.fromkeys(sorted(rows[0]), 0)
    state = seed & _MASK64
    for _ in range(resamples):
        totals = dict.fromkeys(cards, 0)
        for _ in rows:
            state, out = _splitmix64(state)
            row = rows[(out >> 32) % len(rows)]
            for card in cards:
                totals[card] += row[card]
        best = cards[0]
        for card in cards[1:]:
            if totals[card] > totals[best]:
                best = card
        counts[best] += 1
    return counts


def mover_choices(
    pos: Position,
    deals: Sequence[tuple[int, int, int, int]],
    resamples: int,
    seed: int,
    *,
    keep_table: bool = False,
) -> dict[int, int]:
    """How often PIMC over deals like ``deals`` would choose each legal card of the side to
    move: in how many of ``resamples`` bootstrap resamples of ``deals`` (as many deals,
    drawn with replacement) each card has the highest total exact value seen by the side to
    move (ties: the cheapest card, as :func:`cuatrola.ai.pimc.best_card` breaks them).

    The resamples come from a splitmix64 generator seeded by ``seed`` (modulo 2**64; each
    deal is the output's high 32 bits modulo the number of deals), the same in both
    backends, so the counts are a pure function of the arguments. When one card has the
    highest total in every possible resample the compiled version skips the draws (the same
    counts). ``pos`` and
    ``deals`` as in :func:`mover_totals`. The searched opponent model's question
    (:mod:`cuatrola.ai.pimc_model`): a PIMC player's choice varies with the deals he
    happened to sample, and resampling shows by how much in each position.

    Raises:
        ValueError: on a bad ``resamples`` (1..1,000,000) or ``seed``, and as
            :func:`mover_totals` does on bad deals.
    """
    if _csolver is None:
        return mover_choices_python(pos, deals, resamples, seed, keep_table=keep_table)
    _check_resamples(resamples, seed)
    if not deals:
        raise ValueError("expected at least one deal")
    counts: dict[int, int] = _csolver.mover_choices(
        list(deals), resamples, seed, *_c_args(pos, keep_table)[1:]
    )
    return counts


def compiled_model_moves(pos: Position, greedy_team: int) -> dict[int, int] | None:
    """The compiled search of :func:`cuatrola.ai.exploit.model_moves` (the seats of
    ``greedy_team`` play the greedy card), or ``None`` when the compiled solver is not in use.

    Raises:
        ValueError: when ``pos`` is not a reachable position or ``greedy_team`` is not 0 or 1.
    """
    if _csolver is None:
        return None
    values: dict[int, int] = _csolver.model_moves(*_c_args(pos, False), greedy_team)
    return values
