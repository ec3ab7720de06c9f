"""One hand (*mano* in the sense of a deal): deal, bidding, play, cantes and scoring.

:class:`HandState` is the authority on a single hand (docs/rules.md sections 2-6). It holds
every seat's cards, so it never leaves the table: clients, spectators and computer players get
a :mod:`cuatrola.core.views` projection instead.

The state is a ``__slots__`` class of ints and small lists. :meth:`HandState.apply` checks an
action and raises an :class:`~cuatrola.core.errors.IllegalActionError` that leaves the state
unchanged; :meth:`HandState.apply_unchecked` skips the check for search code that only feeds
it legal actions.

Implementation notes:

* Cantes are decisions. After a trick 1-3 won by a team that can sing, the hand enters the
  ``CANTE`` phase: the winner (or, if only he cannot, his partner) chooses a ``cante:X`` or
  ``nocante``. With :attr:`Rules.auto_cante` the cante is sung at once instead.
* Hand points (:attr:`HandResult.points`) always count card points, the last trick and cantes,
  whatever the contract; the contract decides only who wins.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple, SupportsIndex

from cuatrola.core.actions import (
    BID_BASE,
    CANTE_BASE,
    NO_CANTE,
    NUM_ACTIONS,
    action_contract,
    format_action,
    parse_action,
)
from cuatrola.core.cards import (
    ALL_CARDS,
    CANTE_MASKS,
    CARD_CODES,
    CARD_SUIT,
    FULL_DECK,
    NUM_CARDS,
    SUIT_LETTERS,
    SUIT_MASKS,
    Card,
    Suit,
    cards_of,
    codes_of,
    iter_bits,
    mask_of,
    points_of,
)
from cuatrola.core.errors import IllegalActionError, NotYourTurnError
from cuatrola.core.rollout import deal_masks, shuffled_deck
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from cuatrola.core.tricks import clause_of, legal_mask, winning_card

NUM_SEATS: Final = 4
HAND_SIZE: Final = 5
NUM_TRICKS: Final = 5
LAST_TRICK_BONUS: Final = 10
CANTE_POINTS: Final = 20
TRUMP_CANTE_POINTS: Final = 40


class Phase(IntEnum):
    """Where a hand stands; prints as its lower-case name.

    >>> print(Phase.PLAY)
    play
    >>> Phase.PLAY.label, int(Phase.PLAY)
    ('play', 1)
    """

    BIDDING = 0
    PLAY = 1
    CANTE = 2
    FINISHED = 3

    @property
    def label(self) -> str:
        """Lower-case name, as used in views and the protocol."""
        return _PHASE_LABELS[self]

    def __str__(self) -> str:
        return _PHASE_LABELS[self]


#: Each phase's label, by value: read for every view sent (an enum's ``name`` is a slow
#: descriptor).
_PHASE_LABELS: Final = tuple(phase.name.lower() for phase in Phase)


# Module constants: a global read is cheaper than the enum attribute on the hot path.
_BIDDING: Final = Phase.BIDDING
_PLAY: Final = Phase.PLAY
_CANTE: Final = Phase.CANTE
_FINISHED: Final = Phase.FINISHED
_PASS_ACTION: Final = BID_BASE
_CONTRACT_OF_ACTION: Final = {BID_BASE + int(c): c for c in Contract}
_SUITS: Final = tuple(Suit)
_CANTES_ALLOWED: Final = {contract: spec.cantes_allowed for contract, spec in CONTRACTS.items()}
#: The rey bits of the suits not sung yet, indexed by the mask of the suits sung.
_UNSUNG_REY_BITS: Final = tuple(
    sum(1 << (5 * suit + 2) for suit in range(4) if not sung >> suit & 1) for sung in range(16)
)
# Built once rather than on each use: the contract of a pass, the valid dealer seats, the
# default score before a hand and the bit of each card.
_PASS: Final = Contract.PASS
_SEAT_RANGE: Final = range(NUM_SEATS)
_NO_SCORE: Final = (0, 0)
_BIT: Final = tuple(1 << card for card in range(NUM_CARDS))
#: Card points of each 5-bit pattern of one suit (a trick's points are four look-ups).
_SUIT_PATTERN_POINTS: Final = tuple(points_of(pattern) for pattern in range(32))


def _next_seats(sitting_out: int | None) -> tuple[int, ...]:
    # The seat after each seat in playing order, skipping the one that sits out.
    return tuple(
        (seat + 1) & 3 if (seat + 1) & 3 != sitting_out else (seat + 2) & 3 for seat in range(4)
    )


#: The next active seat after each seat, indexed by the seat that sits out (``None``: nobody).
_NEXT_SEAT: Final = {out: _next_seats(out) for out in (None, 0, 1, 2, 3)}
#: The card ids in each 10-bit pattern of the cards 0-9 (oros, copas) and of the cards 10-19
#: (espadas, bastos): a card mask's ids are two look-ups in tables that stay in the CPU's
#: cache, where a dictionary of every mask met grows to thousands of entries.
_LOW_IDS: Final = tuple(tuple(c for c in range(10) if m >> c & 1) for m in range(1024))
_HIGH_IDS: Final = tuple(tuple(c + 10 for c in range(10) if m >> c & 1) for m in range(1024))
#: Action ids of a bid or cante action bitmask, built on first use (a few dozen masks).
_IDS_OF_MASK: dict[int, tuple[int, ...]] = {}


def _ids_of(mask: int) -> tuple[int, ...]:
    found = _IDS_OF_MASK.get(mask)
    if found is None:
        found = tuple(iter_bits(mask))
        _IDS_OF_MASK[mask] = found
    return found


def team_of(seat: int) -> int:
    """The partnership of a seat: seats 0 and 2 are team 0, seats 1 and 3 team 1.

    >>> team_of(0), team_of(3), partner_of(1)
    (0, 1, 3)

    Raises:
        ValueError: for a seat that is not an integer 0..3 (a bool is not a seat).
    """
    # The engine and the computer players compute ``seat & 1`` inline, unchecked.
    return _checked_seat(seat) & 1


def partner_of(seat: int) -> int:
    """The seat sitting across from ``seat``.

    Raises:
        ValueError: for a seat that is not an integer 0..3 (a bool is not a seat).
    """
    # The engine and the computer players compute ``(seat + 2) & 3`` inline, unchecked.
    return (_checked_seat(seat) + 2) & 3


def _checked_seat(seat: object) -> int:
    """``seat`` as a plain int (NumPy's integers too), or a ``ValueError`` unless it is 0..3."""
    if seat.__class__ is int and 0 <= seat <= 3:
        return seat
    if isinstance(seat, SupportsIndex) and not isinstance(seat, bool):
        index = operator.index(seat)
        if 0 <= index <= 3:
            return index
    raise ValueError(f"expected a seat 0..3, got {seat!r}")


def _score(score: object) -> tuple[int, int]:
    """A match score given to a hand, as two plain ints.

    Raises:
        ValueError: unless ``score`` is two game-point counts (integers, not negative).
    """
    pair: tuple[int, int] | None = None
    items = tuple(score) if isinstance(score, Iterable) and not isinstance(score, str) else ()
    if len(items) == 2 and not any(isinstance(item, bool) for item in items):
        try:
            pair = (operator.index(items[0]), operator.index(items[1]))
        except TypeError:
            pair = None
    if pair is None or min(pair) < 0:
        raise ValueError(f"score_before must be two game-point counts, got {score!r}")
    return pair


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick (*baza*): who led, the cards in playing order and who won it."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int

    @property
    def points(self) -> int:
        """Card points in the trick."""
        return points_of(mask_of(self.cards))


@dataclass(frozen=True, slots=True)
class Cante:
    """A sung cante (*cante*, 20 or 40): after which trick (0-4), by whom, which suit, worth."""

    trick: int
    seat: int
    suit: int
    points: int

    def to_json(self) -> dict[str, int | str]:
        """The replay-output form ``{"trick", "seat", "suit", "points"}``."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "suit": SUIT_LETTERS[self.suit],
            "points": self.points,
        }


class Obligation(NamedTuple):
    """Why some held cards may not be played (rules 4.1 and 4.2), as a key and a suit.

    Attributes:
        reason: ``follow_suit`` (clause 2a: a trump is already on the table, so any card of
            the led suit will do), ``follow_suit_beat`` (2b: follow and beat the highest card
            of the led suit if possible), ``over_trump`` (3b: void in the led suit, beat the
            highest trump on the table if possible) or ``must_trump`` (3a: void in the led
            suit, play a trump).
        suit: the led suit for the ``follow_*`` reasons, the trump suit for the others (a
            :class:`~cuatrola.core.cards.Suit` in every case).
    """

    reason: str
    suit: Suit

    def text(self, led: int) -> str:
        """The obligation in English words (error messages, record checks); ``led`` is the
        led suit."""
        letter = SUIT_LETTERS[led]
        if self.reason == "follow_suit":
            return f"must follow suit {letter}"
        if self.reason == "follow_suit_beat":
            return (
                f"must follow suit {letter} and beat the highest {letter} on the table if possible"
            )
        if self.reason == "over_trump":
            return "must over-trump the highest trump on the table"
        return f"void in {letter}, must play a trump"


#: The :class:`Obligation` reason of each clause of rule 4.1 that can rule a held card out
#: (:func:`~cuatrola.core.tricks.clause_of`), and whether its suit is the led suit (else trump).
_REASON_OF_CLAUSE: Final = {
    "2a": ("follow_suit", True),
    "2b": ("follow_suit_beat", True),
    "3a": ("must_trump", False),
    "3b": ("over_trump", False),
}


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a finished hand (docs/rules.md section 6).

    Attributes:
        contract: what was played for.
        bidder: the bidder's seat, ``None`` in a plain hand.
        trick_winners: the seat that won each of the five tricks.
        cantes: the cantes sung, in order.
        points: hand points per team (card points + last trick + cantes).
        tricks: tricks won per team.
        winner: the team that wins the hand.
        game_points: game points that team wins.
        score_before: the match score before the hand.
        score_after: the match score after the hand.
    """

    contract: Contract
    bidder: int | None
    trick_winners: tuple[int, ...]
    cantes: tuple[Cante, ...]
    points: tuple[int, int]
    tricks: tuple[int, int]
    winner: int
    game_points: int
    score_before: tuple[int, int]
    score_after: tuple[int, int]

    def to_json(self) -> dict[str, object]:
        """The result fields of a ``cuatrola replay`` line (without ``ok``)."""
        return {
            "contract": self.contract.label,
            "bidder": self.bidder,
            "trick_winners": list(self.trick_winners),
            "cantes": [c.to_json() for c in self.cantes],
            "points": list(self.points),
            "tricks": list(self.tricks),
            "winner": self.winner,
            "game_points": self.game_points,
            "score_after": list(self.score_after),
        }


# Frozen dataclasses set each field through object.__setattr__ in __init__; the engine builds
# a trick object per trick and a result per hand on the path of every complete hand, so these
# set the slots directly: the same objects as Trick(...), Cante(...), HandResult(...).
_TRICK_SET: Final = tuple(getattr(Trick, name).__set__ for name in Trick.__slots__)
_CANTE_SET: Final = tuple(getattr(Cante, name).__set__ for name in Cante.__slots__)
_RESULT_SET: Final = tuple(getattr(HandResult, name).__set__ for name in HandResult.__slots__)
# One name each for the once-a-trick path of _complete_trick (Trick's fields, in order).
_NEW_OBJECT: Final = object.__new__
_SET_TRICK_LEADER, _SET_TRICK_SEATS, _SET_TRICK_CARDS, _SET_TRICK_WINNER = _TRICK_SET


def _new_cante(trick: int, seat: int, suit: int, points: int) -> Cante:
    cante = object.__new__(Cante)
    set_trick, set_seat, set_suit, set_points = _CANTE_SET
    set_trick(cante, trick)
    set_seat(cante, seat)
    set_suit(cante, suit)
    set_points(cante, points)
    return cante


def _new_result(
    contract: Contract,
    bidder: int | None,
    trick_winners: tuple[int, ...],
    cantes: tuple[Cante, ...],
    points: tuple[int, int],
    tricks: tuple[int, int],
    winner: int,
    game_points: int,
    score_before: tuple[int, int],
    score_after: tuple[int, int],
) -> HandResult:
    result = object.__new__(HandResult)
    (
        set_contract,
        set_bidder,
        set_trick_winners,
        set_cantes,
        set_points,
        set_tricks,
        set_winner,
        set_game_points,
        set_score_before,
        set_score_after,
    ) = _RESULT_SET
    set_contract(result, contract)
    set_bidder(result, bidder)
    set_trick_winners(result, trick_winners)
    set_cantes(result, cantes)
    set_points(result, points)
    set_tricks(result, tricks)
    set_winner(result, winner)
    set_game_points(result, game_points)
    set_score_before(result, score_before)
    set_score_after(result, score_after)
    return result


class HandState:
    """The full state of one hand; the authority that applies actions.

    Build one with :meth:`deal` (random, from an injected RNG) or :meth:`from_cards` (given
    hands, as in a record), then call :meth:`legal_actions` and :meth:`apply` until
    :attr:`is_finished`.

    >>> import random
    >>> state = HandState.deal(Rules(), dealer=3, rng=random.Random(7))
    >>> state.phase.label, state.to_move, state.mano
    ('bidding', 0, 0)
    >>> [format_action(a) for a in state.legal_actions()]
    ['pass', 'solo', 'cuatrola', 'quintola']
    """

    __slots__ = (
        "_led_mask",
        "_legal",
        "_next_seat",
        "_trick_size",
        "_trump_mask",
        "active_seats",
        "bidder",
        "bids",
        "cante_team",
        "cantes",
        "contract",
        "dealer",
        "dealt",
        "hands",
        "history",
        "is_finished",
        "leader",
        "led_suit",
        "mano",
        "phase",
        "result",
        "rules",
        "score_before",
        "sitting_out",
        "sung",
        "team_card_points",
        "team_tricks",
        "to_move",
        "trick_cards",
        "trick_mask",
        "trick_seats",
        "tricks",
        "trump",
        "trump_card",
    )

    rules: Rules
    dealer: int
    mano: int
    score_before: tuple[int, int]
    dealt: tuple[int, int, int, int]
    trump_card: Card
    trump: Suit
    hands: list[int]
    phase: Phase
    to_move: int | None
    bids: list[Contract]
    contract: Contract
    bidder: int | None
    sitting_out: int | None
    active_seats: tuple[int, ...]
    leader: int
    trick_seats: list[int]
    trick_cards: list[int]
    trick_mask: int
    led_suit: int
    tricks: list[Trick]
    team_card_points: list[int]
    team_tricks: list[int]
    cantes: list[Cante]
    sung: int
    cante_team: int
    history: list[int]
    result: HandResult | None
    #: Whether the fifth trick has been played (kept as a field: every playout loop reads it
    #: once per action).
    is_finished: bool
    # The legal action mask of the seat to move, -1 until asked for since the last action:
    # the checked API asks for it twice per action (legal_actions, then apply).
    _legal: int
    # Read at every card play, so kept ready rather than recomputed: the masks of the trump
    # and led suits, the next active seat after each seat, and the cards in a full trick.
    _trump_mask: int
    _led_mask: int
    _next_seat: tuple[int, ...]
    _trick_size: int

    # Construction ----------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        dealer: int,
        rng: random.Random,
        score_before: tuple[int, int] = _NO_SCORE,
    ) -> HandState:
        """Shuffle with ``rng`` and deal five cards to each seat, the last one to the dealer.

        The last card dealt is the dealer's shown card; its suit is trump. Dealing starts at
        the mano, so the dealer is served last.

        Raises:
            ValueError: for a dealer that is not a seat 0..3, or a ``score_before`` that is
                not two game-point counts.
        """
        if dealer not in _SEAT_RANGE:
            raise ValueError(f"expected a dealer seat 0..3, got {dealer!r}")
        deck = shuffled_deck(rng)
        # A shuffled deck is a valid deal by construction: from_masks's checks are not needed.
        return cls._build(rules, dealer, deal_masks(deck, dealer), deck[-1], score_before)

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[int | str]],
        trump_card: int | str,
        score_before: tuple[int, int] = _NO_SCORE,
    ) -> HandState:
        """A hand with given cards: ``hands[s]`` are seat ``s``'s five cards (codes or ids).

        Raises:
            ValueError: when the cards are not a full deal, the trump card is not the
                dealer's, or ``score_before`` is not two game-point counts.
        """
        if len(hands) != NUM_SEATS:
            raise ValueError(f"expected 4 hands, got {len(hands)}")
        return cls.from_masks(
            rules, dealer, [mask_of(h) for h in hands], Card(trump_card), score_before
        )

    @classmethod
    def from_masks(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        trump_card: int,
        score_before: tuple[int, int] = _NO_SCORE,
    ) -> HandState:
        """A hand from four card bitmasks (see :meth:`from_cards`)."""
        if dealer not in _SEAT_RANGE:
            raise ValueError(f"expected a dealer seat 0..3, got {dealer!r}")
        total = 0
        for seat, mask in enumerate(hands):
            if mask.bit_count() != HAND_SIZE:
                raise ValueError(f"seat {seat} must hold 5 cards, got {codes_of(mask)}")
            if total & mask:
                raise ValueError(f"seat {seat} holds a card dealt twice: {codes_of(total & mask)}")
            total |= mask
        if total != FULL_DECK:
            raise ValueError("the four hands must hold the 20 cards")
        if not hands[dealer] >> trump_card & 1:
            raise ValueError(
                f"the shown card {CARD_CODES[trump_card]} must be in the dealer's hand"
            )
        return cls._build(rules, dealer, hands, trump_card, score_before)

    @classmethod
    def _build(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        trump_card: int,
        score_before: tuple[int, int],
    ) -> HandState:
        self = cls.__new__(cls)
        self.rules = rules
        self.dealer = dealer
        self.mano = (dealer + 1) % NUM_SEATS
        # The default score needs no check; a given one is made a pair of plain ints.
        self.score_before = score_before if score_before is _NO_SCORE else _score(score_before)
        self.dealt = (hands[0], hands[1], hands[2], hands[3])
        self.trump_card = ALL_CARDS[trump_card]
        self.trump = _SUITS[CARD_SUIT[trump_card]]
        self._trump_mask = SUIT_MASKS[self.trump]
        self._reset()
        return self

    def _reset(self) -> None:
        self.hands = list(self.dealt)
        self.phase = _BIDDING
        self.to_move = self.mano
        self.bids = []
        self.contract = Contract.PASS
        self.bidder = None
        self.sitting_out = None
        self.active_seats = (0, 1, 2, 3)
        self.leader = self.mano
        self.trick_seats = []
        self.trick_cards = []
        self.trick_mask = 0
        self.led_suit = 0
        self._led_mask = SUIT_MASKS[0]
        self._next_seat = _NEXT_SEAT[None]
        self._trick_size = NUM_SEATS
        self.tricks = []
        self.team_card_points = [0, 0]
        self.team_tricks = [0, 0]
        self.cantes = []
        self.sung = 0
        self.cante_team = 0
        self.history = []
        self.result = None
        self.is_finished = False
        self._legal = -1

    def copy(self) -> HandState:
        """An independent copy (values are shared, lists copied)."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.bids = list(self.bids)
        other.trick_seats = list(self.trick_seats)
        other.trick_cards = list(self.trick_cards)
        other.tricks = list(self.tricks)
        other.team_card_points = list(self.team_card_points)
        other.team_tricks = list(self.team_tricks)
        other.cantes = list(self.cantes)
        other.history = list(self.history)
        return other

    def child(self, action: int | str) -> HandState:
        """A copy with ``action`` applied (checked)."""
        other = self.copy()
        other.apply(action)
        return other

    def undo(self) -> int:
        """Take back the last action and return it.

        Rebuilds the state from the deal and the action history, so it costs one replay; the
        search keeps its own make/unmake structures.

        Raises:
            IndexError: when no action has been applied.
        """
        if not self.history:
            raise IndexError("no action to undo")
        history = self.history[:-1]
        last = self.history[-1]
        self._reset()
        for action in history:
            self.apply_unchecked(action)
        return last

    # Queries -----------------------------------------------------------------------------------

    @property
    def trick_number(self) -> int:
        """The index (0-4) of the trick being played, 5 when finished."""
        return len(self.tricks)

    @property
    def trump_card_shown(self) -> Card | None:
        """The shown trump card while the dealer still holds it face up, else ``None``.

        A dead trump card (the dealer sits out) stays shown: everyone saw it dealt and it is
        never played.
        """
        return self.trump_card if self.hands[self.dealer] >> self.trump_card & 1 else None

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, in display order."""
        return cards_of(self.hands[seat])

    def legal_actions(self) -> list[int]:
        """The legal action ids of the seat to move, sorted by id (empty when finished)."""
        legal = self._legal
        if legal < 0:
            if self.phase is _PLAY:
                # cuatrola.core.tricks.legal_mask inlined (rule 4.1), as asked for at every
                # card play; see the map of copies in cuatrola.core.tricks for its test.
                seat = self.to_move
                assert seat is not None
                hand = self.hands[seat]
                trick = self.trick_mask
                if not trick:
                    legal = hand
                else:
                    led = self._led_mask
                    trump = self._trump_mask
                    follow = hand & led
                    if follow:
                        if led != trump and trick & trump:
                            legal = follow
                        else:
                            on = trick & led
                            legal = follow & ((on & -on) - 1) or follow
                    else:
                        trumps = hand & trump
                        if trumps:
                            on = trick & trump
                            legal = (trumps & ((on & -on) - 1) or hand) if on else trumps
                        else:
                            legal = hand
                self._legal = legal
                return [*_LOW_IDS[legal & 1023], *_HIGH_IDS[legal >> 10]]
            legal = self.legal_mask()
        if legal >> NUM_CARDS:
            return [*_ids_of(legal)]
        return [*_LOW_IDS[legal & 1023], *_HIGH_IDS[legal >> 10]]

    def legal_mask(self) -> int:
        """The legal action ids as a bitmask (bit ``a`` set for action ``a``)."""
        legal = self._legal
        if legal < 0:
            legal = self._legal = self._compute_legal_mask()
        return legal

    def _compute_legal_mask(self) -> int:
        phase = self.phase
        seat = self.to_move
        if phase is _PLAY:
            assert seat is not None
            return legal_mask(self.hands[seat], self.trick_mask, self.led_suit, self.trump)
        if phase is _BIDDING:
            assert seat is not None
            mask = 1 << BID_BASE
            for contract in self._allowed_bids(seat):
                mask |= 1 << (BID_BASE + contract)
            return mask
        if phase is _CANTE:
            assert seat is not None
            mask = 1 << NO_CANTE
            for suit in self.singable_suits(seat):
                mask |= 1 << (CANTE_BASE + suit)
            return mask
        return 0

    def _allowed_bids(self, seat: int) -> list[Contract]:
        highest = max(self.bids, default=Contract.PASS)
        cap = self.rules.bid_cap
        own = self.score_before[seat & 1]  # seat & 1: its team
        return [
            c
            for c in self.rules.contracts()
            if c > highest and (cap is None or own + CONTRACTS[c].value <= cap)
        ]

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play (empty outside card play)."""
        if self.phase is not _PLAY:
            return []
        return cards_of(self.legal_mask())

    def singable_suits(self, seat: int) -> list[int]:
        """Suits ``seat`` may sing now (only during the cante window after his team's trick).

        Applies section 5: a won trick 1-3, the contract allows cantes, the seat does not sit
        out and holds the rey and caballo, the suit is not sung yet, and the 40 comes first
        when his team can sing it.
        """
        if self.phase is not _CANTE or seat & 1 != self.cante_team:  # seat & 1: its team
            return []
        return self.cante_options().get(seat, [])

    def cante_options(self) -> dict[int, list[int]]:
        """Cantes open to the team that won the last trick, by seat (40 first rule applied).

        Meaningful at a trick boundary (the cante window); the seats are the team's active
        seats that hold a rey and caballo of a suit not sung yet.
        """
        if not CONTRACTS[self.contract].cantes_allowed or not 1 <= len(self.tricks) <= 3:
            return {}
        team = self.cante_team
        options: dict[int, list[int]] = {}
        for seat in (team, team + 2):
            if seat == self.sitting_out:
                continue
            held = self.hands[seat]
            suits = [
                s
                for s in range(4)
                if not self.sung >> s & 1 and held & CANTE_MASKS[s] == CANTE_MASKS[s]
            ]
            if suits:
                options[seat] = suits
        for seat, suits in options.items():
            if self.trump in suits:
                # Section 5: a team that can sing the 40 must sing it before any 20.
                return {seat: [self.trump]}
        return options

    def next_active(self, seat: int) -> int:
        """The next seat in playing order that takes part in the play."""
        nxt = (seat + 1) % NUM_SEATS
        if nxt == self.sitting_out:
            nxt = (nxt + 1) % NUM_SEATS
        return nxt

    # Applying actions --------------------------------------------------------------------------

    def apply(self, action: int | str, seat: int | None = None) -> None:
        """Check and apply one action of the seat to move.

        Args:
            action: an action id or its notation (``"RO"``, ``"solo"``, ``"cante:O"``).
            seat: if given, the seat that acts; it must be the seat to move.

        Raises:
            InvalidActionError: ``action`` is not an action.
            NotYourTurnError: ``seat`` is not the seat to move.
            IllegalActionError: the rules do not allow ``action`` now. The state is unchanged.
        """
        # The fast paths: an action id that is legal for the seat to move. A card play is
        # inlined (it is most of the actions of a hand), and so is a pass (always legal in
        # the bidding); another bid or a cante goes through _apply_legal_id. Anything else
        # takes _apply_checked, which names the error.
        phase = self.phase
        if phase is _PLAY:
            if type(action) is int and action >= 0:
                mover = self.to_move
                assert mover is not None
                legal = self._legal
                if legal < 0:
                    legal = legal_mask(
                        self.hands[mover], self.trick_mask, self.led_suit, self.trump
                    )
                # legal holds card bits only, so a bid or cante id fails here too.
                if legal >> action & 1 and (seat is None or seat == mover):
                    # The same steps as _play, without its call.
                    self.history.append(action)
                    self._legal = -1
                    bit = _BIT[action]
                    self.hands[mover] ^= bit
                    trick_mask = self.trick_mask
                    if not trick_mask:
                        self.led_suit = suit = CARD_SUIT[action]
                        self._led_mask = SUIT_MASKS[suit]
                    self.trick_mask = trick_mask | bit
                    trick_cards = self.trick_cards
                    self.trick_seats.append(mover)
                    trick_cards.append(action)
                    if len(trick_cards) < self._trick_size:
                        self.to_move = self._next_seat[mover]
                    else:
                        self._complete_trick()
                    return
        elif type(action) is int and 0 <= action < NUM_ACTIONS:
            mover = self.to_move
            if action == _PASS_ACTION and phase is _BIDDING:
                if seat is None or seat == mover:
                    # The same steps as _bid(PASS): a pass never changes the contract.
                    assert mover is not None
                    self.history.append(action)
                    self._legal = -1
                    bids = self.bids
                    bids.append(_PASS)
                    if len(bids) < NUM_SEATS:
                        self.to_move = (mover + 1) & 3
                    else:
                        self._end_bidding()
                    return
            elif self._apply_legal_id(phase, action, seat):
                return
        self._apply_checked(action, seat)

    def _apply_legal_id(self, phase: Phase, action: int, seat: int | None) -> bool:
        """Apply the bid or cante id ``action`` and return ``True`` when it is legal for
        ``seat`` (``None``: the seat to move); else change nothing and return ``False``."""
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()
        if not (legal >> action & 1 and (seat is None or seat == self.to_move)):
            return False
        self.history.append(action)
        self._legal = -1
        if phase is _BIDDING:
            self._bid(_CONTRACT_OF_ACTION[action])
        elif action == NO_CANTE:
            self._decline_cante()
        else:
            self._sing(action - CANTE_BASE)
        return True

    def _apply_checked(self, action: int | str, seat: int | None) -> None:
        """:meth:`apply` for what its fast paths did not take: parse ``action``, refuse it
        with the reason when it is not legal for ``seat``, else apply it."""
        action_id = parse_action(action)
        if self.phase is _FINISHED:
            raise IllegalActionError(format_action(action_id), seat, "the hand is over")
        if seat is not None and seat != self.to_move:
            raise NotYourTurnError(
                format_action(action_id), seat, f"it is seat {self.to_move}'s turn"
            )
        if not self.legal_mask() >> action_id & 1:
            raise IllegalActionError(
                format_action(action_id), self.to_move, self.explain_illegal(action_id)
            )
        self.apply_unchecked(action_id)

    def explain_illegal(self, action: int | str) -> str:
        """Why ``action`` (an id or its notation, as :meth:`apply` takes) is not legal for
        the seat to move, in words; ``""`` when it is legal.

        >>> state = HandState.from_cards(
        ...     Rules(), 3, ["AO 3O RO CO SO".split(), "AC 3C RC CC SC".split(),
        ...                  "AE 3E RE CE SE".split(), "AB 3B RB CB SB".split()], "CB")
        >>> state.explain_illegal("RO")
        'the hand is in the bidding'
        >>> state.explain_illegal("pass")
        ''

        Raises:
            InvalidActionError: ``action`` is not an action.
        """
        action = parse_action(action)
        seat = self.to_move
        if seat is None:
            return "the hand is over"
        if self.legal_mask() >> action & 1:
            return ""
        if self.phase is _BIDDING:
            if action >= CANTE_BASE or action < BID_BASE:
                return "the hand is in the bidding"
            contract = action_contract(action)
            if contract is Contract.QUINTOLA and not self.rules.quintola:
                return "the Quintola variant is off"
            if contract <= max(self.bids, default=Contract.PASS):
                return "a bid must be higher than the highest bid so far"
            return "the bid would take the team past the target"
        if self.phase is _CANTE:
            if action < CANTE_BASE:
                return f"seat {seat} must first sing or decline (nocante) after the trick"
            return "that cante cannot be sung now"
        if action >= BID_BASE:
            return "cards are being played"
        if not self.hands[seat] >> action & 1:
            return f"seat {seat} does not hold {CARD_CODES[action]}"
        return self._explain_obligation(seat)

    def obligation(self) -> Obligation | None:
        """What rules 4.1/4.2 oblige the seat to move to play, when they rule out a card.

        ``None`` outside the play phase and when every held card is legal (the seat leads,
        or holds no card of the led suit nor a trump). The reason is the clause that
        :func:`~cuatrola.core.tricks.clause_of` names. Clients show it beside each card that
        is not legal instead of working the rule out again.
        """
        seat = self.to_move
        if self.phase is not _PLAY or seat is None:
            return None
        hand = self.hands[seat]
        if self.legal_mask() == hand:
            return None
        # Only these four clauses can rule a held card out (1 and 4 allow any card).
        reason, of_led_suit = _REASON_OF_CLAUSE[
            clause_of(hand, self.trick_mask, self.led_suit, self.trump)
        ]
        return Obligation(reason, _SUITS[self.led_suit] if of_led_suit else self.trump)

    def _explain_obligation(self, seat: int) -> str:
        obligation = self.obligation()
        assert obligation is not None and seat == self.to_move
        return obligation.text(self.led_suit)

    def apply_unchecked(self, action: int) -> None:
        """Apply a legal action id without checking it.

        For search code that only feeds actions from :meth:`legal_actions`; an illegal action
        here corrupts the state.
        """
        self.history.append(action)
        self._legal = -1
        phase = self.phase
        if phase is _PLAY:
            self._play(action)
        elif phase is _BIDDING:
            self._bid(_CONTRACT_OF_ACTION[action])
        elif phase is _CANTE:
            if action == NO_CANTE:
                self._decline_cante()
            else:
                self._sing(action - CANTE_BASE)

    def _bid(self, contract: Contract) -> None:
        seat = self.to_move
        assert seat is not None
        bids = self.bids
        if contract > self.contract:  # the contract so far is the highest bid
            self.contract = contract
            self.bidder = seat
        bids.append(contract)
        if len(bids) < NUM_SEATS:
            self.to_move = (seat + 1) % NUM_SEATS
            return
        self._end_bidding()

    def _end_bidding(self) -> None:
        if self.bidder is not None:
            out = self.sitting_out = (self.bidder + 2) & 3  # the bidder's partner
            self.active_seats = tuple(s for s in range(NUM_SEATS) if s != out)
            self._next_seat = _NEXT_SEAT[out]
            self._trick_size = NUM_SEATS - 1
        self.leader = self.mano if self.mano != self.sitting_out else self.next_active(self.mano)
        self.phase = _PLAY
        self.to_move = self.leader

    def _play(self, card: int) -> None:
        seat = self.to_move
        assert seat is not None
        bit = _BIT[card]
        self.hands[seat] ^= bit
        trick_mask = self.trick_mask
        if not trick_mask:
            self.led_suit = suit = CARD_SUIT[card]
            self._led_mask = SUIT_MASKS[suit]
        self.trick_mask = trick_mask | bit
        trick_cards = self.trick_cards
        self.trick_seats.append(seat)
        trick_cards.append(card)
        if len(trick_cards) < self._trick_size:
            self.to_move = self._next_seat[seat]
        else:
            self._complete_trick()

    def _complete_trick(self) -> None:
        trick_mask = self.trick_mask
        trick_seats = self.trick_seats
        trick_cards = self.trick_cards
        winner = trick_seats[trick_cards.index(winning_card(trick_mask, self.led_suit, self.trump))]
        team = winner & 1
        self.team_card_points[team] += (
            _SUIT_PATTERN_POINTS[trick_mask & 31]
            + _SUIT_PATTERN_POINTS[trick_mask >> 5 & 31]
            + _SUIT_PATTERN_POINTS[trick_mask >> 10 & 31]
            + _SUIT_PATTERN_POINTS[trick_mask >> 15]
        )  # points_of(trick_mask), inlined
        self.team_tricks[team] += 1
        # Trick(...) built by setting its slots, as _new_cante does, inlined.
        trick = _NEW_OBJECT(Trick)
        _SET_TRICK_LEADER(trick, trick_seats[0])
        _SET_TRICK_SEATS(trick, tuple(trick_seats))
        # Unpacked rather than tuple(map(...)): a third of the time for three or four cards.
        if len(trick_cards) == NUM_SEATS:
            first, second, third, fourth = trick_cards
            _SET_TRICK_CARDS(
                trick, (ALL_CARDS[first], ALL_CARDS[second], ALL_CARDS[third], ALL_CARDS[fourth])
            )
        else:
            first, second, third = trick_cards
            _SET_TRICK_CARDS(trick, (ALL_CARDS[first], ALL_CARDS[second], ALL_CARDS[third]))
        _SET_TRICK_WINNER(trick, winner)
        tricks = self.tricks
        tricks.append(trick)
        self.trick_seats = []
        self.trick_cards = []
        self.trick_mask = 0
        self.leader = winner
        self.to_move = winner
        if len(tricks) == NUM_TRICKS:
            self._finish()
            return
        self.cante_team = team
        if len(tricks) <= 3 and _CANTES_ALLOWED[self.contract]:
            # Bit 5s+2 of h & h >> 1 is set when hand h holds the rey and caballo of suit s:
            # the team's singable pairs in two integer operations per seat.
            hands = self.hands
            out = self.sitting_out
            first_pairs = hands[team] if team != out else 0
            second_pairs = hands[team + 2] if team + 2 != out else 0
            unsung = _UNSUNG_REY_BITS[self.sung]
            first_pairs &= (first_pairs >> 1) & unsung
            second_pairs &= (second_pairs >> 1) & unsung
            if first_pairs or second_pairs:
                self._open_cante_window(winner, first_pairs, second_pairs)

    def _open_cante_window(self, winner: int, first: int, second: int) -> None:
        """Open the cante window after trick ``winner``'s team won; ``first`` and ``second``
        are the singable pairs (rey bits) of the team's two seats, not both empty."""
        if self.rules.auto_cante:
            # What cante_options and the choice of a player who always sings would give:
            # the 40 first, else the lowest suit, by the first seat of the team holding it.
            trump_bit = 1 << (5 * self.trump + 2)
            pairs = first | second
            bit = trump_bit if pairs & trump_bit else pairs & -pairs
            seat = self.cante_team if first & bit else self.cante_team + 2
            self._record_cante(seat, (bit.bit_length() - 1) // 5)
            return
        options = self.cante_options()
        self.phase = _CANTE
        self.to_move = winner if winner in options else next(iter(options))

    def _decline_cante(self) -> None:
        seat = self.to_move
        assert seat is not None
        partner = (seat + 2) & 3
        if seat == self.leader and partner in self.cante_options():
            self.to_move = partner
            return
        self.phase = _PLAY
        self.to_move = self.leader

    def _sing(self, suit: int) -> None:
        seat = self.to_move
        assert seat is not None
        self._record_cante(seat, suit)
        self.phase = _PLAY
        self.to_move = self.leader

    def _record_cante(self, seat: int, suit: int) -> None:
        points = TRUMP_CANTE_POINTS if suit == self.trump else CANTE_POINTS
        self.cantes.append(_new_cante(len(self.tricks) - 1, seat, suit, points))
        self.sung |= 1 << suit

    def _finish(self) -> None:
        self.phase = _FINISHED
        self.is_finished = True
        self.to_move = None
        tricks = self.tricks
        points = list(self.team_card_points)
        points[tricks[-1].winner & 1] += LAST_TRICK_BONUS
        cantes = self.cantes
        for cante in cantes:
            points[cante.seat & 1] += cante.points
        contract = self.contract
        value = CONTRACTS[contract].value
        needed = self.rules.tricks_needed(contract)
        if needed is None:
            # Section 6: a tie goes to the mano's team, even if the mano sits out.
            winner = (
                (0 if points[0] > points[1] else 1) if points[0] != points[1] else self.mano & 1
            )
        else:
            assert self.bidder is not None
            bidder_team = self.bidder & 1
            made = self.team_tricks[bidder_team] >= needed
            winner = bidder_team if made else 1 - bidder_team
        before = self.score_before
        self.result = _new_result(
            contract,
            self.bidder,
            (
                tricks[0].winner,
                tricks[1].winner,
                tricks[2].winner,
                tricks[3].winner,
                tricks[4].winner,
            ),
            tuple(cantes),
            (points[0], points[1]),
            (self.team_tricks[0], self.team_tricks[1]),
            winner,
            value,
            before,
            (before[0] + value, before[1]) if winner == 0 else (before[0], before[1] + value),
        )

    # Notation ----------------------------------------------------------------------------------

    def record_plays(self) -> list[str]:
        """The ``plays`` list of a hand record so far: cards in order, cantes after their trick."""
        plays: list[str] = []
        cantes = iter(self.cantes)
        pending = next(cantes, None)
        for index, trick in enumerate(self.tricks):
            plays.extend(str(c) for c in trick.cards)
            while pending is not None and pending.trick == index:
                plays.append(f"cante:{SUIT_LETTERS[pending.suit]}")
                pending = next(cantes, None)
        plays.extend(CARD_CODES[c] for c in self.trick_cards)
        return plays

    def notation(self) -> str:
        """A one-line description for logs, errors and bug reports.

        Shows every seat's cards: for the table's own eyes only, never for a client.
        """
        hands = "/".join("".join(codes_of(h)) or "-" for h in self.hands)
        trick = ",".join(CARD_CODES[c] for c in self.trick_cards) or "-"
        return (
            f"dealer={self.dealer} trump={self.trump_card} phase={self.phase.label} "
            f"to_move={self.to_move} contract={self.contract.label} bidder={self.bidder} "
            f"tricks={len(self.tricks)} trick={trick} hands={hands}"
        )

    def __str__(self) -> str:
        # Imported here: the views module builds on this one.
        from cuatrola.core.views import board_text, public_view

        shown = {seat: tuple(cards_of(mask)) for seat, mask in enumerate(self.hands)}
        names = [format_action(a) for a in self.legal_actions()]
        return board_text(public_view(self), shown, options=names)

    def __repr__(self) -> str:
        return f"<HandState {self.notation()}>"


__all__ = [
    "CANTE_POINTS",
    "HAND_SIZE",
    "LAST_TRICK_BONUS",
    "NUM_SEATS",
    "NUM_TRICKS",
    "TRUMP_CANTE_POINTS",
    "Cante",
    "HandResult",
    "HandState",
    "Obligation",
    "Phase",
    "Trick",
    "partner_of",
    "team_of",
]
