"""One hand of cuatrola as an OpenSpiel game, ``python_cuatrola`` (docs/env.md).

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_cuatrola")`` (parameters ``rules``, ``dealer``, ``auto_cante``,
``quintola``)
gives a 4-player, zero-sum, imperfect-information game:

* **chance** deals the 20 cards one at a time, uniformly from what is left, in the order of
  the real deal (from the mano round the table, so the 20th card is the dealer's shown card);
* the **players** then take the hand's decisions (bids, cards, cantes), each an action id of
  :mod:`cuatrola.core.actions`, the rules checked by the core's :class:`HandState`;
* the **returns** are the hand's game points, ``+v`` to the winning team's seats, ``-v`` to
  the others.

Observations come from the seat's :class:`~cuatrola.core.views.SeatView` only: the
information state (perfect recall: the seat's dealt cards, the shown card and every action)
as a string and a tensor, and the observation (the view now) as a string (its text board)
and the tensor of :mod:`cuatrola.env.encoding`. ``resample_from_infostate`` draws a deal the
seat cannot tell from the real one
(:func:`cuatrola.ai.knowledge.consistent.deals_consistent_with`), which
is what OpenSpiel's ISMCTS needs.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from cuatrola.ai.knowledge.consistent import deals_consistent_with
from cuatrola.core.actions import NUM_ACTIONS, format_action
from cuatrola.core.cards import CARD_CODES, NUM_CARDS, iter_bits
from cuatrola.core.errors import IllegalActionError
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for
from cuatrola.env.encoding import OBSERVATION_SIZE, information_state, observation

NAME = "python_cuatrola"
NUM_PLAYERS = 4
#: The longest hand: 4 bids, 20 cards and at most two cante decisions after each of the
#: first three tricks.
MAX_GAME_LENGTH = 4 + NUM_CARDS + 6
#: Actions remembered by the information state tensor (one-hot action and relative seat).
_HISTORY_SLOTS = MAX_GAME_LENGTH
INFO_STATE_SIZE = 4 + 4 + NUM_CARDS + NUM_CARDS + _HISTORY_SLOTS * (NUM_ACTIONS + 4)
#: Deals drawn at most, in batches, by one resample_from_infostate.
MAX_RESAMPLES = 20_000
RESAMPLE_BATCH = 64

_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Cuatrola (one hand)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=NUM_PLAYERS,
    min_num_players=NUM_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "rules": "exact11",
        "dealer": 3,
        "auto_cante": False,
        "quintola": True,
    },
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NUM_ACTIONS,
    max_chance_outcomes=NUM_CARDS,
    num_players=NUM_PLAYERS,
    min_utility=-5.0,
    max_utility=5.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


class CuatrolaGame(pyspiel.Game):  # type: ignore[misc]
    """The game: one hand with the given rules preset and dealer."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        values = self.get_parameters()
        self.rules = Rules.preset(
            str(values["rules"]),
            quintola=bool(values["quintola"]),
            auto_cante=bool(values["auto_cante"]),
        )
        self.dealer = int(values["dealer"])
        if self.dealer not in range(NUM_PLAYERS):
            raise ValueError(f"expected a dealer seat 0..3, got {self.dealer}")

    def new_initial_state(self) -> CuatrolaState:
        """The state before the deal."""
        return CuatrolaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CuatrolaObserver:
        """The information state observer (perfect recall) or the observation one."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CuatrolaObserver(perfect_recall=perfect)


class CuatrolaState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance) or played (the core's :class:`HandState`)."""

    def __init__(self, game: CuatrolaGame) -> None:
        super().__init__(game)
        self.cuatrola_game = game
        self.deck: list[int] = []
        self.hand: HandState | None = None

    # Chance: the deal ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, CHANCE during the deal, TERMINAL once the hand is over."""
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_finished:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.hand.to_move is not None
        return self.hand.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each equally likely."""
        left = [c for c in range(NUM_CARDS) if c not in self.deck]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None and player == self.hand.to_move
        return self.hand.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            # A deal set up by hand (apply_action with chosen cards) must not corrupt the
            # state: only the outcomes chance_outcomes() offers are taken.
            if action not in range(NUM_CARDS):
                raise ValueError(f"expected a card id 0..{NUM_CARDS - 1} to deal, got {action}")
            if action in self.deck:
                raise ValueError(f"{CARD_CODES[action]} is already dealt")
            self.deck.append(int(action))
            if len(self.deck) == NUM_CARDS:
                self.hand = _hand_from_deck(self.cuatrola_game, self.deck)
        else:
            self.hand.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARD_CODES[action]}"
        return format_action(int(action))

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand is not None and self.hand.is_finished

    def returns(self) -> list[float]:
        """The game points of the hand: ``+v`` for the winning team's seats, ``-v`` else."""
        if self.hand is None or self.hand.result is None:
            return [0.0] * NUM_PLAYERS
        result = self.hand.result
        return [
            float(result.game_points if seat & 1 == result.winner else -result.game_points)
            for seat in range(NUM_PLAYERS)
        ]

    def __str__(self) -> str:
        if self.hand is None:
            return "dealing: " + " ".join(CARD_CODES[c] for c in self.deck)
        return str(self.hand)

    # What a seat knows ---------------------------------------------------------------------

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far (all five once the deal is over)."""
        mano = (self.cuatrola_game.dealer + 1) % NUM_PLAYERS
        return [card for k, card in enumerate(self.deck) if (mano + k) % NUM_PLAYERS == player]

    def seat_view(self, player: int) -> SeatView | None:
        """``player``'s view, once the cards are dealt."""
        return None if self.hand is None else view_for(self.hand, player)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> CuatrolaState:
        """A state ``player`` cannot tell from this one: another deal of the cards it has not
        seen, drawn uniformly among those consistent with everything it saw, then the same
        actions.

        The deals come from
        :func:`~cuatrola.ai.knowledge.consistent.deals_consistent_with`, which reads the
        seat's view; a view does not say whether a cante window opened (a team that held a
        rey and caballo was asked to sing), so a drawn deal is kept only when replaying the
        hand's actions on it is legal and gives the seat the very same view. Keeping the
        draws of a uniform sampler that pass a test leaves the kept ones uniform.

        Raises:
            RuntimeError: when no consistent deal turns up in :data:`MAX_RESAMPLES` draws.
        """
        if self.hand is None:
            return self.clone()  # type: ignore[no-any-return]
        view = view_for(self.hand, player)
        rng = random.Random(int(probability_sampler() * 2**53))
        deals = deals_consistent_with(view)
        for _ in range(MAX_RESAMPLES // RESAMPLE_BATCH):
            for world in deals.sample_masks(rng, RESAMPLE_BATCH):
                other = self._replayed(world)
                hand = other.hand if other is not None else None
                if hand is not None and view_for(hand, player) == view:
                    return other  # type: ignore[return-value]
        raise RuntimeError(f"no deal consistent with seat {player}'s view was found")

    def _replayed(self, world: tuple[int, int, int, int]) -> CuatrolaState | None:
        """This hand's actions on the deal whose hands are ``world`` now (``None`` when they
        are not legal there)."""
        assert self.hand is not None
        dealt = list(world)
        for trick in self.hand.tricks:
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                dealt[seat] |= 1 << card
        for seat, played in zip(self.hand.trick_seats, self.hand.trick_cards, strict=True):
            dealt[seat] |= 1 << played
        other = CuatrolaState(self.cuatrola_game)
        other.deck = _deck_for(dealt, self.cuatrola_game.dealer, self.hand.trump_card)
        other.hand = _hand_from_deck(self.cuatrola_game, other.deck)
        try:
            for action in self.hand.history:
                other.hand.apply(action)
        except IllegalActionError:
            return None
        # OpenSpiel keeps the history of the pyspiel.State itself too.
        fresh = CuatrolaState(self.cuatrola_game)
        for dealt_card in other.deck:
            fresh.apply_action(dealt_card)
        for action in self.hand.history:
            fresh.apply_action(action)
        return fresh


def _hand_from_deck(game: CuatrolaGame, deck: list[int]) -> HandState:
    mano = (game.dealer + 1) % NUM_PLAYERS
    hands = [0, 0, 0, 0]
    for k, card in enumerate(deck):
        hands[(mano + k) % NUM_PLAYERS] |= 1 << card
    return HandState.from_masks(game.rules, game.dealer, hands, deck[-1])


def _deck_for(dealt: list[int], dealer: int, shown: int) -> list[int]:
    """A deck order that deals ``dealt`` (card k to seat mano + k), the shown card last."""
    mano = (dealer + 1) % NUM_PLAYERS
    cards = [[c for c in iter_bits(dealt[seat]) if c != shown] for seat in range(NUM_PLAYERS)]
    cards[dealer].append(shown)
    deck = []
    for k in range(NUM_CARDS):
        deck.append(cards[(mano + k) % NUM_PLAYERS][k // NUM_PLAYERS])
    return deck


class CuatrolaObserver:
    """OpenSpiel's observer for this game: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Args:
        perfect_recall: the information state (``True``) or the observation (``False``).
    """

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        if perfect_recall:
            pieces = [
                ("player", 4),
                ("dealer", 4),
                ("shown", NUM_CARDS),
                ("dealt", NUM_CARDS),
                ("history", _HISTORY_SLOTS * (NUM_ACTIONS + 4)),
            ]
        else:
            pieces = [("player", 4), ("dealt_so_far", NUM_CARDS), ("view", OBSERVATION_SIZE)]
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(n for _, n in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: CuatrolaState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        dealt = state.dealt_to(player)
        if not self.perfect_recall:
            for card in dealt:
                self.dict["dealt_so_far"][card] = 1
            view = state.seat_view(player)
            if view is not None:
                self.dict["view"][:] = observation(view)
            return
        dealer = state.cuatrola_game.dealer
        self.dict["dealer"][(dealer - player) % NUM_PLAYERS] = 1
        for card in dealt:
            self.dict["dealt"][card] = 1
        if state.hand is None:
            return
        self.dict["shown"][state.hand.trump_card] = 1
        history = self.dict["history"].reshape(_HISTORY_SLOTS, NUM_ACTIONS + 4)
        for index, (seat, action) in enumerate(_actors(state.hand)):
            history[index, action] = 1
            history[index, NUM_ACTIONS + (seat - player) % NUM_PLAYERS] = 1

    def string_from(self, state: CuatrolaState, player: int) -> str:
        """What ``player`` knows of ``state`` as text."""
        view = state.seat_view(player)
        dealt = state.dealt_to(player)
        if view is None or state.hand is None:
            return f"seat {player} dealt so far " + " ".join(CARD_CODES[c] for c in sorted(dealt))
        if self.perfect_recall:
            return information_state(view, tuple(dealt), state.hand.trump_card, state.hand.history)
        return str(view)


def _actors(hand: HandState) -> list[tuple[int, int]]:
    """``(seat, action)`` for every action of ``hand``, by replaying its history."""
    replay = HandState.from_masks(hand.rules, hand.dealer, hand.dealt, hand.trump_card)
    found = []
    for action in hand.history:
        assert replay.to_move is not None
        found.append((replay.to_move, action))
        replay.apply_unchecked(action)
    return found


pyspiel.register_game(_GAME_TYPE, CuatrolaGame)


__all__ = [
    "INFO_STATE_SIZE",
    "MAX_GAME_LENGTH",
    "MAX_RESAMPLES",
    "NAME",
    "NUM_PLAYERS",
    "RESAMPLE_BATCH",
    "CuatrolaGame",
    "CuatrolaObserver",
    "CuatrolaState",
]
