"""``cuatrola_v0``: one hand of cuatrola as a PettingZoo AEC environment (docs/env.md).

Agents ``seat_0`` .. ``seat_3`` act in turn: the bids, the cards and the cante decisions of
one hand, each an action id of :mod:`cuatrola.core.actions` (29 in all). An observation is
``{"observation": <the seat's view as floats>, "action_mask": <1 per legal action>}`` (see
:mod:`cuatrola.env.encoding`); the episode ends when the hand does, with every seat's reward:

* ``reward="game_points"`` (default): the game points of the hand, ``+v`` to the winning
  team's two seats and ``-v`` to the others (zero-sum);
* ``reward="hand_points"``: each seat's team's hand points (card points, the last trick,
  cantes).

>>> env = cuatrola_env(rules="exact3")
>>> env.reset(seed=7)
>>> env.agent_selection, env.observe("seat_0")["observation"].shape
('seat_3', (273,))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

# pettingzoo ships no type information.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from cuatrola.core.actions import NUM_ACTIONS
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for
from cuatrola.env.encoding import OBSERVATION_SIZE, action_mask, observation

REWARDS = ("game_points", "hand_points")
#: Length of :meth:`CuatrolaEnv.state`: one observation per seat.
STATE_SIZE = 4 * OBSERVATION_SIZE
AGENTS = tuple(f"seat_{seat}" for seat in range(4))
#: The keys of ``reset(options=...)``.
RESET_OPTIONS = ("dealer", "score_before")
#: The key PettingZoo's ``api_test`` passes to check that ``reset`` takes ``options``
#: (``{"options": 1}``): accepted and ignored, so that the test passes.
PETTINGZOO_PROBE_OPTION = "options"


class CuatrolaEnv(AECEnv):  # type: ignore[misc]
    """The raw environment (:func:`cuatrola_env` adds PettingZoo's checking wrappers).

    Args:
        rules: a rules preset name (``exact11``, ``exact3``, ``to21``, ``hands11``...).
        quintola: the quintola bid (``False``: the ``-noquintola`` rules).
        auto_cante: cantes sung automatically (no cante decisions).
        reward: ``game_points`` or ``hand_points`` (see the module docstring).
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the table as text) or
            ``"human"`` (prints it).

    ``reset(seed=..., options={"dealer": d, "score_before": (a, b)})`` deals a new hand; the
    dealer is drawn from the seed unless given. Another option key is a ``ValueError``
    (except ``"options"``, which PettingZoo's ``api_test`` passes and which is ignored).

    Raises:
        ValueError: on an unknown rules preset, reward or render mode.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "cuatrola_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str = "exact11",
        *,
        quintola: bool = True,
        auto_cante: bool = False,
        reward: str = "game_points",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"expected a reward of {' or '.join(REWARDS)}, got {reward!r}")
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError(f"expected render_mode ansi or human, got {render_mode!r}")
        self.rules = Rules.preset(rules, quintola=quintola, auto_cante=auto_cante)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        #: The hand being played (every seat's cards: never hand it to an agent).
        self.hand_state: HandState | None = None
        #: The space of :meth:`state`: the four seats' observations, seat 0 first.
        self.state_space = spaces.Box(0.0, 1.0, (STATE_SIZE,), dtype=np.float32)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every seat: a dict of the view's floats and the action mask."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The 29 action ids; the mask says which are legal now."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (seeded by ``seed`` when given).

        ``options`` may hold ``dealer`` and ``score_before``; the key ``"options"``, which
        PettingZoo's ``api_test`` passes (``{"options": 1}``) to check that ``reset`` takes
        options, is ignored.

        Raises:
            ValueError: for options that are not a dict, an unknown option key (naming the
                known ones), a dealer that is not a seat 0..3, or a score that is not two
                game-point counts. The environment is unchanged then.
        """
        checked = _check_options(options)
        # A copy, kept once the hand is dealt: bad options leave the random stream as it was.
        rng = random.Random(seed) if seed is not None else _copy(self._rng)
        dealer = checked.get("dealer")
        if dealer is None:
            dealer = rng.randrange(4)
        score = checked.get("score_before", (0, 0))
        self.hand_state = HandState.deal(self.rules, dealer, rng, score)
        self._rng = rng
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.hand_state is not None
        seat = self.hand_state.to_move
        if seat is not None:
            self.agent_selection = AGENTS[seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s view as floats, and its action mask (all 0 when not its turn).

        Raises:
            ValueError: for an agent that is not ``seat_0`` .. ``seat_3``, or before
                :meth:`reset`.
        """
        view = view_for(self._hand(), _seat(agent))
        return {"observation": observation(view), "action_mask": action_mask(view)}

    def seat_view(self, agent: str) -> SeatView:
        """``agent``'s :class:`~cuatrola.core.views.SeatView`: what a
        :class:`~cuatrola.ai.base.Player` (a computer player, your bot) chooses from, to seat
        one in the environment. It shows the seat's own cards only.

        Raises:
            ValueError: for an agent that is not ``seat_0`` .. ``seat_3``, or before
                :meth:`reset`.
        """
        return view_for(self._hand(), _seat(agent))

    def _hand(self) -> HandState:
        if self.hand_state is None:
            raise ValueError("no hand yet: call reset() first")
        return self.hand_state

    def state(self) -> npt.NDArray[np.float32]:
        """The global state, for centralized critics (QMIX, MAPPO) only: the four seats'
        observations, seat 0 first (:data:`STATE_SIZE` floats), which together hold every
        seat's cards. Never give it to an agent that acts: its inputs are :meth:`observe`.
        """
        state = self._hand()
        return np.concatenate([observation(view_for(state, seat)) for seat in range(4)])

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` once the agent is done).

        Raises:
            ValueError: before :meth:`reset`, or ``None`` for an agent that is to act; the
                rules core's :class:`~cuatrola.core.errors.IllegalActionError` (also a
                ``ValueError``) for an action that is not legal now.
        """
        hand = self._hand()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is the action of an agent that is done")
        self._cumulative_rewards[agent] = 0.0
        hand.apply(int(action))
        if hand.is_finished:
            self._finish()
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        assert self.hand_state is not None and self.hand_state.result is not None
        result = self.hand_state.result
        for seat, agent in enumerate(AGENTS):
            team = seat & 1
            if self.reward_kind == "game_points":
                sign = 1 if result.winner == team else -1
                self.rewards[agent] = float(sign * result.game_points)
            else:
                self.rewards[agent] = float(result.points[team])
            self.terminations[agent] = True
            self.infos[agent] = {"result": result}

    def render(self) -> str | None:
        """The whole table as text (every seat's cards: a view for people watching a
        training run, not for an agent)."""
        if self.hand_state is None:
            return None
        text = str(self.hand_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _copy(rng: random.Random) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def _check_options(options: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """``options`` of :meth:`CuatrolaEnv.reset`, checked: a mapping of known keys only."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ValueError(f"expected reset options as a dict, got {options!r}")
    unknown = sorted(
        repr(key) for key in options if key not in RESET_OPTIONS and key != PETTINGZOO_PROBE_OPTION
    )
    if unknown:
        raise ValueError(
            f"unknown reset option {', '.join(unknown)}: expected {' or '.join(RESET_OPTIONS)}"
        )
    return options


def _seat(agent: str) -> int:
    if agent not in AGENTS:
        raise ValueError(f"expected an agent seat_0 .. seat_3, got {agent!r}")
    return AGENTS.index(agent)


def cuatrola_env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers: an illegal action ends the hand
    with a reward of -1 for the seat that took it; out-of-range actions and calls out of
    order raise."""
    env: Any = CuatrolaEnv(**kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env


#: PettingZoo's naming: ``cuatrola_v0.env()`` and ``cuatrola_v0.raw_env``.
env = cuatrola_env
raw_env = CuatrolaEnv


__all__ = [
    "AGENTS",
    "PETTINGZOO_PROBE_OPTION",
    "RESET_OPTIONS",
    "REWARDS",
    "STATE_SIZE",
    "CuatrolaEnv",
    "cuatrola_env",
    "env",
    "raw_env",
]
