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

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple

from cuatrola.core.actions import (
    BID_BASE,
    CANTE_BASE,
    NO_CANTE,
    action_contract,
    format_action,
    parse_action,
)
from cuatrola.core.cards import (
    CANTE_MASKS,
    CARD_CODES,
    CARD_SUIT,
    FULL_DECK,
    SUIT_LETTERS,
    SUIT_MASKS,
    Card,
    cards_of,
    codes_of,
    iter_bits,
    mask_of,
    points_of,
)
from cuatrola.core.errors import IllegalActionError, NotYourTurnError
from cuatrola.core.rollout import deal_masks, shuffled_deck
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from cuatrola.core.tricks import legal_mask, winning_card

NUM_SEATS: Final = 4
HAND_SIZE: Final = 5
NUM_TRICKS: Final = 5
LAST_TRICK_BONUS: Final = 10
CANTE_POINTS: Final = 20
TRUMP_CANTE_POINTS: Final = 40


class Phase(IntEnum):
    """Where a hand stands."""

    BIDDING = 0
    PLAY = 1
    CANTE = 2
    FINISHED = 3

    @property
    def label(self) -> str:
        """Lower-case name, as used in views and the protocol."""
        return self.name.lower()


def team_of(seat: int) -> int:
    """The partnership of a seat: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat sitting across from ``seat``."""
    return (seat + 2) & 3


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
        reason: ``follow_suit`` (a trump is already on the table, so any card of the led suit
            will do), ``follow_suit_beat`` (follow and beat the highest card of the led suit
            if possible), ``over_trump`` (void in the led suit: beat the highest trump on the
            table if possible) or ``must_trump`` (void in the led suit: play a trump).
        suit: the led suit for the ``follow_*`` reasons, the trump suit for the others.
    """

    reason: str
    suit: int

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
    trump: int
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

    # Construction ----------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        dealer: int,
        rng: random.Random,
        score_before: tuple[int, int] = (0, 0),
    ) -> HandState:
        """Shuffle with ``rng`` and deal five cards to each seat, the last one to the dealer.

        The last card dealt is the dealer's shown card; its suit is trump. Dealing starts at
        the mano, so the dealer is served last.
        """
        deck = shuffled_deck(rng)
        hands = deal_masks(deck, dealer)
        return cls.from_masks(rules, dealer, hands, deck[-1], score_before)

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[int | str]],
        trump_card: int | str,
        score_before: tuple[int, int] = (0, 0),
    ) -> HandState:
        """A hand with given cards: ``hands[s]`` are seat ``s``'s five cards (codes or ids).

        Raises:
            ValueError: when the cards are not a full deal or the trump card is not the dealer's.
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
        score_before: tuple[int, int] = (0, 0),
    ) -> HandState:
        """A hand from four card bitmasks (see :meth:`from_cards`)."""
        if dealer not in range(NUM_SEATS):
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
        self = cls.__new__(cls)
        self.rules = rules
        self.dealer = dealer
        self.mano = (dealer + 1) % NUM_SEATS
        self.score_before = (int(score_before[0]), int(score_before[1]))
        self.dealt = (hands[0], hands[1], hands[2], hands[3])
        self.trump_card = Card(trump_card)
        self.trump = CARD_SUIT[trump_card]
        self._reset()
        return self

    def _reset(self) -> None:
        self.hands = list(self.dealt)
        self.phase = Phase.BIDDING
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
        self.tricks = []
        self.team_card_points = [0, 0]
        self.team_tricks = [0, 0]
        self.cantes = []
        self.sung = 0
        self.cante_team = 0
        self.history = []
        self.result = None

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
    def is_finished(self) -> bool:
        """Whether the fifth trick has been played."""
        return self.phase is Phase.FINISHED

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
        return list(iter_bits(self.legal_mask()))

    def legal_mask(self) -> int:
        """The legal action ids as a bitmask (bit ``a`` set for action ``a``)."""
        phase = self.phase
        seat = self.to_move
        if phase is Phase.PLAY:
            assert seat is not None
            return legal_mask(self.hands[seat], self.trick_mask, self.led_suit, self.trump)
        if phase is Phase.BIDDING:
            assert seat is not None
            mask = 1 << BID_BASE
            for contract in self._allowed_bids(seat):
                mask |= 1 << (BID_BASE + contract)
            return mask
        if phase is Phase.CANTE:
            assert seat is not None
            mask = 1 << NO_CANTE
            for suit in self.singable_suits(seat):
                mask |= 1 << (CANTE_BASE + suit)
            return mask
        return 0

    def _allowed_bids(self, seat: int) -> list[Contract]:
        highest = max(self.bids, default=Contract.PASS)
        cap = self.rules.bid_cap
        own = self.score_before[team_of(seat)]
        return [
            c
            for c in self.rules.contracts()
            if c > highest and (cap is None or own + CONTRACTS[c].value <= cap)
        ]

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play (empty outside card play)."""
        if self.phase is not Phase.PLAY:
            return []
        return cards_of(self.legal_mask())

    def singable_suits(self, seat: int) -> list[int]:
        """Suits ``seat`` may sing now (only during the cante window after his team's trick).

        Applies section 5: a won trick 1-3, the contract allows cantes, the seat does not sit
        out and holds the rey and caballo, the suit is not sung yet, and the 40 comes first
        when his team can sing it.
        """
        if self.phase is not Phase.CANTE or team_of(seat) != self.cante_team:
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
        action_id = parse_action(action)
        if self.phase is Phase.FINISHED:
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

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal for the seat to move, in words."""
        seat = self.to_move
        assert seat is not None
        if self.phase is Phase.BIDDING:
            if action >= CANTE_BASE or action < BID_BASE:
                return "the hand is in the bidding"
            contract = action_contract(action)
            if contract is Contract.QUINTOLA and not self.rules.quintola:
                return "the Quintola variant is off"
            if contract <= max(self.bids, default=Contract.PASS):
                return "a bid must be higher than the highest bid so far"
            return "the bid would take the team past the target"
        if self.phase is Phase.CANTE:
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
        or holds no card of the led suit nor a trump). Clients show it beside each card that
        is not legal instead of working the rule out again.
        """
        seat = self.to_move
        if self.phase is not Phase.PLAY or seat is None:
            return None
        hand = self.hands[seat]
        if self.legal_mask() == hand:
            return None
        led = self.led_suit
        if hand & SUIT_MASKS[led]:
            if led != self.trump and self.trick_mask & SUIT_MASKS[self.trump]:
                return Obligation("follow_suit", led)
            return Obligation("follow_suit_beat", led)
        if self.trick_mask & SUIT_MASKS[self.trump]:
            return Obligation("over_trump", self.trump)
        return Obligation("must_trump", self.trump)

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
        phase = self.phase
        if phase is Phase.PLAY:
            self._play(action)
        elif phase is Phase.BIDDING:
            self._bid(action_contract(action))
        elif phase is Phase.CANTE:
            if action == NO_CANTE:
                self._decline_cante()
            else:
                self._sing(action - CANTE_BASE)

    def _bid(self, contract: Contract) -> None:
        seat = self.to_move
        assert seat is not None
        self.bids.append(contract)
        if contract and contract > max(self.bids[:-1], default=Contract.PASS):
            self.contract = contract
            self.bidder = seat
        if len(self.bids) < NUM_SEATS:
            self.to_move = (seat + 1) % NUM_SEATS
            return
        if self.bidder is not None:
            self.sitting_out = partner_of(self.bidder)
            self.active_seats = tuple(s for s in range(NUM_SEATS) if s != self.sitting_out)
        self.leader = self.mano if self.mano != self.sitting_out else self.next_active(self.mano)
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _play(self, card: int) -> None:
        seat = self.to_move
        assert seat is not None
        bit = 1 << card
        self.hands[seat] ^= bit
        if not self.trick_mask:
            self.led_suit = CARD_SUIT[card]
        self.trick_mask |= bit
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        if len(self.trick_cards) < len(self.active_seats):
            self.to_move = self.next_active(seat)
            return
        win_card = winning_card(self.trick_mask, self.led_suit, self.trump)
        winner = self.trick_seats[self.trick_cards.index(win_card)]
        team = team_of(winner)
        self.team_card_points[team] += points_of(self.trick_mask)
        self.team_tricks[team] += 1
        self.tricks.append(
            Trick(
                leader=self.trick_seats[0],
                seats=tuple(self.trick_seats),
                cards=tuple(Card(c) for c in self.trick_cards),
                winner=winner,
            )
        )
        self.trick_seats = []
        self.trick_cards = []
        self.trick_mask = 0
        self.leader = winner
        self.to_move = winner
        if len(self.tricks) == NUM_TRICKS:
            self._finish()
            return
        self.cante_team = team
        self._open_cante_window(winner)

    def _open_cante_window(self, winner: int) -> None:
        options = self.cante_options()
        if not options:
            return
        if self.rules.auto_cante:
            seat, suits = next(iter(options.items()))
            for other, other_suits in options.items():
                if other_suits[0] < suits[0]:
                    seat, suits = other, other_suits
            self._record_cante(seat, suits[0])
            return
        self.phase = Phase.CANTE
        self.to_move = winner if winner in options else next(iter(options))

    def _decline_cante(self) -> None:
        seat = self.to_move
        assert seat is not None
        partner = partner_of(seat)
        if seat == self.leader and partner in self.cante_options():
            self.to_move = partner
            return
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _sing(self, suit: int) -> None:
        seat = self.to_move
        assert seat is not None
        self._record_cante(seat, suit)
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _record_cante(self, seat: int, suit: int) -> None:
        points = TRUMP_CANTE_POINTS if suit == self.trump else CANTE_POINTS
        self.cantes.append(Cante(trick=len(self.tricks) - 1, seat=seat, suit=suit, points=points))
        self.sung |= 1 << suit

    def _finish(self) -> None:
        self.phase = Phase.FINISHED
        self.to_move = None
        last_team = team_of(self.tricks[-1].winner)
        points = list(self.team_card_points)
        points[last_team] += LAST_TRICK_BONUS
        for cante in self.cantes:
            points[team_of(cante.seat)] += cante.points
        contract = self.contract
        spec = CONTRACTS[contract]
        needed = self.rules.tricks_needed(contract)
        if needed is None:
            # Section 6: a tie goes to the mano's team, even if the mano sits out.
            if points[0] == points[1]:
                winner = team_of(self.mano)
            else:
                winner = 0 if points[0] > points[1] else 1
        else:
            assert self.bidder is not None
            bidder_team = team_of(self.bidder)
            made = self.team_tricks[bidder_team] >= needed
            winner = bidder_team if made else 1 - bidder_team
        score = list(self.score_before)
        score[winner] += spec.value
        self.result = HandResult(
            contract=contract,
            bidder=self.bidder,
            trick_winners=tuple(t.winner for t in self.tricks),
            cantes=tuple(self.cantes),
            points=(points[0], points[1]),
            tricks=(self.team_tricks[0], self.team_tricks[1]),
            winner=winner,
            game_points=spec.value,
            score_before=self.score_before,
            score_after=(score[0], score[1]),
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

    def __repr__(self) -> str:
        return f"<HandState {self.notation()}>"
