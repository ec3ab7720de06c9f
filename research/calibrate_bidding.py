#!/usr/bin/env python3
"""Fit the expert's bidding calibration (``ExpertConfig.calibration`` in ``cuatrola.ai.config``).

For seeded random deals, one seat is asked to bid after the seats before it passed; the
expert's double-dummy share of made deals is computed for every contract the seat may bid
(the same estimate the expert bids by). When a share reaches ``--min-share``, the contract is
then really played from that deal, the expert bidding it against two expert defenders, and
whether it was made is recorded. A logistic fit of made ~ logit(share) per contract gives
the coefficients to paste into ``ExpertConfig.calibration``:

    .venv/bin/python -m research.calibrate_bidding --deals 3000 --seed 1 [--out samples.jsonl]

Slow (a played contract costs about half a second of expert play), so it is not part of
the test suite. ``--fit FILE`` refits from samples written earlier by ``--out``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Iterable

from cuatrola.ai.bidding import dd_rates
from cuatrola.ai.knowledge.deals import Knowledge
from cuatrola.ai.opponents import bid_likelihood
from cuatrola.ai.players.expert import ExpertPlayer
from cuatrola.core.actions import bid_action
from cuatrola.core.hand import HandState, team_of
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import view_for

Sample = tuple[str, float, int]


def collect(deals: int, seed: int, min_share: float, out: str | None) -> list[Sample]:
    """Play the contracts worth recording from ``deals`` seeded deals."""
    rules = Rules()
    samples: list[Sample] = []
    sink = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115
    expert = ExpertPlayer()
    try:
        for index in range(deals):
            rng = random.Random(f"calibrate:{seed}:{index}")
            dealer = rng.randrange(4)
            base = HandState.deal(rules, dealer, rng)
            position = rng.randrange(4)
            state = HandState.from_masks(rules, dealer, base.dealt, base.trump_card)
            for _ in range(position):
                state.apply(bid_action(Contract.PASS))
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            knowledge = Knowledge.from_view(view)
            worlds = [knowledge.sample(rng) for _ in range(expert.config.bid_samples)]
            weights = [bid_likelihood(view, list(w)) for w in worlds]
            rates = dd_rates(view, worlds, weights)
            for contract, share in rates.contracts.items():
                if share < min_share:
                    continue
                made = play_contract(state, contract, random.Random(f"{seed}:{index}:{contract}"))
                sample = (contract.label, share, int(made))
                samples.append(sample)
                if sink:
                    sink.write(json.dumps(sample) + "\n")
                    sink.flush()
            if (index + 1) % 100 == 0:
                print(f"{index + 1} deals, {len(samples)} contracts played", file=sys.stderr)
    finally:
        if sink:
            sink.close()
    return samples


def play_contract(start: HandState, contract: Contract, rng: random.Random) -> bool:
    """Whether the seat to bid in ``start`` makes ``contract`` against expert defenders."""
    state = start.copy()
    bidder = state.to_move
    assert bidder is not None
    state.apply(bid_action(contract))
    players = [ExpertPlayer() for _ in range(4)]
    while not state.is_finished:
        seat = state.to_move
        assert seat is not None
        view = view_for(state, seat)
        if view.phase.name == "BIDDING":
            state.apply(bid_action(Contract.PASS))
            continue
        state.apply(players[seat].choose(view, rng))
    result = state.result
    assert result is not None
    return result.winner == team_of(bidder)


def fit(samples: Iterable[Sample]) -> dict[str, tuple[float, float, int, float]]:
    """Per contract: the logistic fit ``(a, b)``, the sample count and the made share."""
    by_contract: dict[str, list[tuple[float, int]]] = {}
    for label, share, made in samples:
        by_contract.setdefault(label, []).append((share, made))
    fits = {}
    for label, rows in by_contract.items():
        xs = [_logit(s) for s, _ in rows]
        ys = [m for _, m in rows]
        a, b = _logistic(xs, ys)
        fits[label] = (a, b, len(rows), sum(ys) / len(ys))
    return fits


def _logit(p: float) -> float:
    p = min(0.98, max(0.02, p))
    return math.log(p / (1 - p))


def _logistic(xs: list[float], ys: list[int]) -> tuple[float, float]:
    """Maximum-likelihood logistic regression with one feature (Newton's method)."""
    a, b = 0.0, 1.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-(a + b * x)))
            ga += y - p
            gb += (y - p) * x
            w = p * (1 - p)
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def report(samples: list[Sample]) -> None:
    for label, (a, b, n, rate) in sorted(fit(samples).items()):
        print(f"{label}: a={a:.3f} b={b:.3f} over {n} contracts, {rate:.1%} made")
        for low in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0):
            rows = [m for lab, s, m in samples if lab == label and low - 0.1 < s <= low]
            if rows:
                print(f"  share in ({low - 0.1:.1f}, {low:.1f}]: {sum(rows)}/{len(rows)} made")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-share", type=float, default=0.3)
    parser.add_argument("--out", help="append every sample to this JSON Lines file")
    parser.add_argument("--fit", nargs="+", metavar="FILE", help="refit from saved samples")
    args = parser.parse_args()
    if args.fit:
        samples: list[Sample] = []
        for path in args.fit:
            with open(path, encoding="utf-8") as fh:
                for line in fh:
                    if line.strip():
                        label, share, made = json.loads(line)
                        samples.append((str(label), float(share), int(made)))
    else:
        samples = collect(args.deals, args.seed, args.min_share, args.out)
    report(samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
