"""Every number the expert player was tuned with, in one frozen value, and where it came from.

:class:`ExpertConfig` holds the work limits, the opponent model's parameters and the bidding
model of :class:`~cuatrola.ai.players.expert.ExpertPlayer`. Its defaults are the player's
with the compiled solver; :meth:`ExpertConfig.for_backend` gives the smaller limits that the
pure-Python solver can afford. A variant is ``dataclasses.replace(config, field=value)``.

The measurements behind each number are in ``research/RESULTS.md`` (the commands that gave
them, with their dates); ``docs/ai.md`` describes how the player uses them.

>>> ExpertConfig.for_backend("python").samples < ExpertConfig().samples
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from cuatrola.core.rules import Contract


@dataclass(frozen=True, slots=True)
class ExpertConfig:
    """The expert's numbers (see the module docstring). One line each says where it came from.

    Attributes:
        samples: deals solved per card decision when the consistent deals are too many to
            enumerate. With ``exhaustive`` 1,000 and ``exploit_worlds`` 120: +0.42 hand
            points per hand against ``pimc`` over 120, 400 and 24 (4,800 deals).
        exhaustive: up to this many consistent deals, every one is solved (see ``samples``).
        bid_samples: deals solved per bidding decision (not tuned).
        pool_factor: sampled deals per solved deal, from which the solved ones are drawn by
            likelihood (a pool of 8x measured no different).
        exploit_worlds: deals on which the gain against rule-following opponents is
            estimated; 0 turns that search off. 120 measured +0.18 hand points against
            ``pimc`` over 24 (4,800 deals).
        exploit_min_belief: below this belief that both opponents follow the greedy rules,
            that search is skipped (not tuned).
        searched_questions: new searches of the searched kind per decision on sampled deals
            before the deals not yet weighed are left out (keeping at least half of them);
            240 cut the slowest first-trick decisions by about 40%.
        budget_search: share of a time budget after which no new deal is solved.
        budget_weighing: share of a time budget after which the deals are weighed with the
            cheap part of the opponent model only.
        epsilon: how often the greedy kind of opponent plays a card chosen at random among
            the legal ones instead of the greedy card (fitted: ``fit_opponent_model``).
        greedy_mix: prior that another seat is of the greedy kind rather than the second
            kind: 0.4 beside the searched kind (as measured with it), 0.5 beside "any legal card"
            (fitted; :meth:`for_backend`).
        searched_share: share of the second kind that chooses as PIMC would from its own
            seat (the searched kind); the rest plays any legal card. 1 with the compiled
            solver (+0.5 hand points against ``pimc``), 0 with the pure-Python one, which
            cannot afford it.
        searched_samples: deals the searched kind samples from the player's view. 16 plays
            as well against ``pimc`` as 30 (``pimc``'s own number) did, over 2,400 deals,
            in about 60% of the time of the slowest decisions; 10 read ``pimc`` clearly
            worse.
        searched_resamples: bootstrap resamples of those deals; the share of them in which
            PIMC picks a card is its chance (log posterior of the true deal against ``pimc``
            -2.94, against -3.11 for a softmax of the mean scores).
        searched_epsilon: share of "any legal card" in the searched kind's chances (fitted;
            0.1 and 0.35 scored within 0.03).
        bid_stray: chance that another seat bids other than the greedy thresholds say,
            spread over its other legal bids (not fitted).
        calibration: per contract, ``(a, b)`` of the logistic map from the double-dummy share
            of made deals to the chance of making the contract, ``sigmoid(a + b *
            logit(share))``. Fitted by ``research/calibrate_bidding.py --deals 8000 --seed
            1``: expert bidder against expert defenders, 1,702 solos, 717 cuatrolas and 102
            quintolas with a share of at least 0.3. Double dummy is pessimistic for the
            bidder: defenders who cannot see each other's cards defend worse than it assumes.
        share_clip: double-dummy shares are clipped to ``[clip, 1 - clip]`` before the logit
            (a share of 0 or 1 over a few dozen deals is not certainty).
        contract_rates: the hand model behind the chance to win a match from a score: per
            hand and per team, the chance that the team bids each contract (when the cap
            lets it). Measured in expert-against-expert play (about 16% solos, 10%
            cuatrolas and 1% quintolas of the hands, both teams together).
        made_rate: the chance that a contract is made in that model (measured: 85%).
    """

    # Work limits per decision (the compiled solver's; see for_backend).
    samples: int = 240
    exhaustive: int = 1000
    bid_samples: int = 48
    pool_factor: int = 4
    exploit_worlds: int = 120
    exploit_min_belief: float = 0.05
    searched_questions: int = 240
    budget_search: float = 0.8
    budget_weighing: float = 0.4
    # The opponent model (cuatrola.ai.opponents).
    epsilon: float = 0.2
    greedy_mix: float = 0.4
    searched_share: float = 1.0
    searched_samples: int = 16
    searched_resamples: int = 256
    searched_epsilon: float = 0.2
    bid_stray: float = 0.3
    # Bidding (cuatrola.ai.bidding).
    calibration: Mapping[Contract, tuple[float, float]] = field(
        default_factory=lambda: MappingProxyType(
            {
                Contract.SOLO: (0.289, 0.898),
                Contract.CUATROLA: (0.326, 1.051),
                Contract.QUINTOLA: (1.040, 2.012),
            }
        )
    )
    share_clip: float = 0.02
    contract_rates: Mapping[Contract, float] = field(
        default_factory=lambda: MappingProxyType(
            {Contract.SOLO: 0.08, Contract.CUATROLA: 0.05, Contract.QUINTOLA: 0.005}
        )
    )
    made_rate: float = 0.85

    @classmethod
    def for_backend(cls, backend: str) -> ExpertConfig:
        """The configuration for a solver backend (:func:`~cuatrola.ai.search.solver.
        backend`): ``"c"`` the defaults, ``"python"`` about a tenth of the deals and no
        searched kind (the pure-Python solver is about a hundred times slower).

        Raises:
            ValueError: for another backend name.
        """
        if backend == "c":
            return cls()
        if backend == "python":
            return replace(
                cls(),
                samples=24,
                exhaustive=48,
                bid_samples=10,
                exploit_worlds=8,
                greedy_mix=0.5,
                searched_share=0.0,
            )
        raise ValueError(f"expected a solver backend 'c' or 'python', got {backend!r}")
