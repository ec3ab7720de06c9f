"""The pure-Python double-dummy solver: the reference twin of ``_solver.c``.

:mod:`cuatrola.ai.search.solver` calls these when the compiled solver is not in use; the
tests hold the two to the same values on many random positions. The values are defined in
that module's docstring.

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
* Speed: the recursive search is a set of closures over the hand's constants
  (:class:`_Searcher`), with the card rules of ``cuatrola.core.tricks`` inlined in
  ``play``: local names and no call per node are what make CPython fast here, so those
  closures stay long on purpose. Moving the legality and the move ordering of ``play`` into
  two closures of their own made whole-hand solves 2-3% slower (150 whole hands, the two
  versions interleaved in one process, 2026-12-01).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from cuatrola.ai.players.greedy import cheapness
from cuatrola.ai.search._position import (
    LAST_TRICK_BONUS,
    NUM_TRICKS,
    TRICK_CONTRACTS,
    Deals,
    Position,
    auto_cante,
    check_resamples,
    check_threshold,
    maximizing_team,
    mover_scores,
    validate_position,
    value_so_far,
)
from cuatrola.core.cards import (
    CANTE_MASKS,
    CARD_POINTS,
    CARD_SUIT,
    NUM_CARDS,
    SUIT_MASKS,
    points_of,
)
from cuatrola.core.tricks import legal_mask

_INF: Final = 10_000

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
    write this in CPython; ``play`` and ``boundary`` are the two entry points. ``_build`` and
    its ``play`` closure are the package's only functions over 80 lines, on purpose (see the
    module docstring).
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
        tricks_mode = pos.contract in TRICK_CONTRACTS
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
                if leader_done == NUM_TRICKS:
                    return gain
            else:
                if leader_done == NUM_TRICKS:
                    trick_points += LAST_TRICK_BONUS
                    return trick_points if team == 0 else -trick_points
                if cantes_on and leader_done <= 3:
                    extra, sung = auto_cante(hands, team, sung, trump)
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
            total += LAST_TRICK_BONUS
            return total if best_seat & 1 == 0 else -total

        def boundary(leader: int, sung: int, done: int, alpha: int, beta: int) -> int:
            # The value of the rest of the hand from the start of trick ``done`` (0-based).
            if done == NUM_TRICKS - 1:
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
                    lo, hi = 0, NUM_TRICKS - done
                else:
                    left = points_of(hands[0] | hands[1] | hands[2] | hands[3])
                    left += LAST_TRICK_BONUS
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
    >>> from cuatrola.core.rules import Contract
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
    already = value_so_far(pos)
    rest = searcher.play(
        pos.to_move, *_root_args(pos), pos.sung, pos.tricks_played, alpha - already, beta - already
    )
    return already + rest


def at_least_python(pos: Position, threshold: int, *, keep_table: bool = False) -> bool:
    """Whether the value of ``pos`` is at least ``threshold``, in pure Python.

    A null-window search: cheaper than :func:`solve_python` when only a yes/no is needed
    (does the bidder make 4 tricks? does team 0 end ahead, ``threshold=1``?).

    Raises:
        ValueError: when ``pos`` is not a reachable position, or ``threshold`` is not an int.
    """
    check_threshold(threshold)
    return _search_root(pos, threshold - 1, threshold, keep_table) >= threshold


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
        child = replace(
            pos,
            hands=(hands[0], hands[1], hands[2], hands[3]),
            trick=(*pos.trick, card),
            trick_seats=(*pos.trick_seats, seat),
        )
        result[card] = already + _after_card(searcher, child)
    return result


def _after_card(searcher: _Searcher, child: Position) -> int:
    # ``child`` has the card just played in its trick and the player still as ``to_move``;
    # run the trick on from the next seat (or finish it) with a full window.
    hands = searcher.hands
    hands[:] = child.hands
    trick = _root_args(child)
    _, count, _, points, _, best_seat, _ = trick
    if count == (4 if child.sitting_out is None else 3):
        return _finish_root(searcher, child, best_seat, points)
    nxt = (child.to_move + 1) & 3
    if nxt == child.sitting_out:
        nxt = (nxt + 1) & 3
    return searcher.play(nxt, *trick, child.sung, child.tricks_played, -_INF, _INF)


def _finish_root(searcher: _Searcher, child: Position, winner: int, trick_points: int) -> int:
    # The candidate card completed the trick: score it, sing, and solve the rest.
    done = child.tricks_played + 1
    tricks_mode = child.contract in TRICK_CONTRACTS
    team = winner & 1
    sung = child.sung
    if tricks_mode:
        gain = 1 if team == maximizing_team(child) else 0
    else:
        if done == NUM_TRICKS:
            trick_points += LAST_TRICK_BONUS
        elif child.cantes and done <= 3:
            extra, sung = auto_cante(searcher.hands, team, sung, child.trump)
            trick_points += extra
        gain = trick_points if team == 0 else -trick_points
    if done == NUM_TRICKS:
        return gain
    return gain + searcher.boundary(winner, sung, done, -_INF, _INF)


def _mover_rows_python(pos: Position, deals: Deals, keep_table: bool) -> list[dict[int, int]]:
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


def mover_totals_python(pos: Position, deals: Deals, *, keep_table: bool = False) -> dict[int, int]:
    """:func:`mover_totals` in pure Python (the reference of the compiled one)."""
    result: dict[int, int] = {}
    for row in _mover_rows_python(pos, deals, keep_table):
        for card, value in row.items():
            result[card] = result.get(card, 0) + value
    return result


_MASK64: Final = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    """One step of splitmix64: ``(new state, output)``, as ``_solver.c`` computes it."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def mover_choices_python(
    pos: Position, deals: Deals, resamples: int, seed: int, *, keep_table: bool = False
) -> dict[int, int]:
    """:func:`mover_choices` in pure Python (the reference of the compiled one)."""
    check_resamples(resamples, seed)
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
