#!/usr/bin/env python3
"""Fit the expert's opponent model (``epsilon``, ``greedy_mix``, ``points_temperature``).

Plays seeded card-play hands (bidding forced to pass) with the expert in seats 0 and 2 and
an opponent in seats 1 and 3. At the expert's decisions from the second trick on, where the
consistent deals are few enough to enumerate, every deal is replayed through the model's
evidence (:func:`research.models.play_evidence`). For each setting of the
parameters the score is the mean log posterior probability of the true deal (higher:
sharper and right inference), against the uniform posterior of an expert that draws no
inference:

    .venv/bin/python -m research.fit_opponent_model --hands 60 --opponents greedy pimc expert

``--searched`` also scores the kind that chooses as PIMC would from its own view
(:class:`~cuatrola.ai.opponents.PimcChoiceModel`) over a grid of how its chances are read
(bootstrap shares, or a softmax at a temperature) and its share of any legal card (then
``--no-dd`` is implied: the two are not combined). The hands are played once; only the
evidence is replayed for each setting of the searched kind.

Slow (minutes), so it is not part of the test suite.
"""

from __future__ import annotations

import argparse
import itertools
import math
import pickle
import sys

from cuatrola.ai.knowledge.deals import Knowledge, World
from cuatrola.core.hand import Phase
from cuatrola.core.views import SeatView
from research.models import (
    ResearchChoiceModel,
    ResearchEvidence,
    evidence_likelihood,
    play_evidence,
)
from research.selfplay import card_play_decisions

Position = tuple[int, list[list[ResearchEvidence]], int]  # seat, evidence per deal, true index

EPSILONS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7)
MIXES = (0.0, 0.25, 0.5, 0.75, 0.9, 1.0)
#: ``None``: the other kind plays any legal card (no double-dummy model).
TEMPERATURES: tuple[float | None, ...] = (None, 2.0, 5.0, 10.0, 20.0, 40.0)
#: ``True``: the other kind follows :mod:`research.play_model` (then no temperature).
MODELLED = (False, True)
#: The searched kind (``--searched``): how a card's chance is read from the sampled deals
#: (``0``: the share of bootstrap resamples in which PIMC picks it; a number: a softmax over
#: the mean scores at that temperature), its share of any legal card, and the share of the
#: kind other than the rule follower.
SEARCHED_CHOICES = (0.0, 0.5, 1.0)
SEARCHED_EPSILONS = (0.1, 0.2, 0.35)
SEARCHED_SHARES = (0.5, 1.0)

#: One decision of the expert: its view, every consistent deal and the true one's index.
Decision = tuple[SeatView, list[World], int]


def decisions(opponent: str, hands: int, seed: int, max_deals: int) -> list[Decision]:
    """The expert's decisions from the second trick on, in ``hands`` seeded hands, where the
    consistent deals are few enough to enumerate."""
    found: list[Decision] = []
    for index in range(hands):
        names = ["expert", opponent, "expert", opponent]
        for state, view, _ in card_play_decisions(names, f"fit:{seed}:{index}"):
            if view.seat in (0, 2) and view.phase is Phase.PLAY and view.tricks:
                knowledge = Knowledge.from_view(view)
                if 1 < knowledge.count() <= max_deals:
                    truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
                    worlds = list(knowledge.worlds())
                    found.append((view, worlds, worlds.index(truth)))
        print(f"{opponent}: {index + 1} hands, {len(found)} decisions", file=sys.stderr)
    return found


def collect(
    found: list[Decision], with_dd: bool = True, searcher: ResearchChoiceModel | None = None
) -> list[Position]:
    """The evidence of every deal of the ``found`` decisions (with the ``searcher``'s
    chances when given); decisions with no evidence in any deal are left out."""
    positions: list[Position] = []
    for view, worlds, truth in found:
        evidence = [play_evidence(view, w, with_dd, searcher=searcher) for w in worlds]
        if any(evidence):
            positions.append((view.seat, evidence, truth))
    return positions


def score(
    positions: list[Position],
    eps: float,
    mix: float,
    temperature: float | None,
    modelled: bool = False,
    searched_share: float = 0.0,
) -> float:
    """Mean log posterior of the true deal."""
    total = 0.0
    for seat, evidence, truth in positions:
        weights = [
            evidence_likelihood(e, seat, eps, mix, temperature, modelled, searched_share)
            for e in evidence
        ]
        mass = sum(weights)
        total += math.log(max(weights[truth], 1e-300) / mass) if mass > 0 else 0.0
    return total / len(positions)


def searched_results(
    found: dict[str, list[Decision]],
) -> list[tuple[float, float, float, str, dict[str, float]]]:
    """Scores of the searched kind over its grid. Its chances depend on how they are read
    and on epsilon, so the evidence is replayed for each; the model's memo of the sampled
    scores and shares makes every replay after the first of each reading cheap."""
    rows = []
    for choice, epsilon in itertools.product(SEARCHED_CHOICES, SEARCHED_EPSILONS):
        if choice:
            searcher = ResearchChoiceModel(resamples=0, temperature=choice, epsilon=epsilon)
            reading = f"T={choice}"
        else:
            searcher = ResearchChoiceModel(epsilon=epsilon)
            reading = f"bootstrap {searcher.resamples}"
        data = {o: collect(f, False, searcher) for o, f in found.items()}
        for eps, mix, share in itertools.product(EPSILONS, MIXES, SEARCHED_SHARES):
            per = {o: score(p, eps, mix, None, False, share) for o, p in data.items()}
            kind = f"searched {reading} e={epsilon} share={share}"
            rows.append((sum(per.values()) / len(per), eps, mix, kind, per))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-deals", type=int, default=1500)
    parser.add_argument("--opponents", nargs="+", default=["greedy", "pimc", "expert"])
    parser.add_argument(
        "--no-dd", action="store_true", help="skip the double-dummy kind (much faster)"
    )
    parser.add_argument(
        "--searched", action="store_true", help="score the searched kind (pimc_model) too"
    )
    parser.add_argument("--save", metavar="FILE", help="keep the collected evidence (pickle)")
    parser.add_argument("--load", metavar="FILE", help="score evidence saved by --save")
    args = parser.parse_args()
    found: dict[str, list[Decision]] = {}
    if args.load:
        with open(args.load, "rb") as fh:
            data = pickle.load(fh)
    else:
        found = {o: decisions(o, args.hands, args.seed, args.max_deals) for o in args.opponents}
        data = {o: collect(f, not (args.no_dd or args.searched)) for o, f in found.items()}
    if args.save:
        with open(args.save, "wb") as fh:
            pickle.dump(data, fh)
    temperatures = (None,) if args.no_dd or args.searched else TEMPERATURES
    grid = [
        *itertools.product(EPSILONS, MIXES, temperatures, [False]),
        *itertools.product(EPSILONS, MIXES, [None], [True]),
    ]
    results = []
    for eps, mix, temperature, modelled in grid:
        per = {o: score(p, eps, mix, temperature, modelled) for o, p in data.items()}
        kind = "play model" if modelled else f"T={temperature}"
        results.append((sum(per.values()) / len(per), eps, mix, kind, per))
    if args.searched and found:
        results.extend(searched_results(found))
    uniform = {o: sum(-math.log(len(e)) for _, e, _ in p) / len(p) for o, p in data.items()}
    print("uniform (no inference):", {o: round(v, 3) for o, v in uniform.items()})
    results.sort(key=lambda row: row[0], reverse=True)
    for mean, eps, mix, kind, per in results[:15]:
        cells = " ".join(f"{o}={v:.3f}" for o, v in per.items())
        print(f"eps={eps} mix={mix} {kind}: mean {mean:.3f}  {cells}")
    for mean, eps, mix, kind, per in results:
        if (eps, mix, kind) == (0.2, 0.5, "T=None"):
            cells = " ".join(f"{o}={v:.3f}" for o, v in per.items())
            print(f"the expert's default eps=0.2 mix=0.5 T=None: mean {mean:.3f}  {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
