#!/usr/bin/env python3
"""Fit the model of how a good player chooses a card (``research.play_model``).

Two steps:

``collect`` plays seeded card-play hands (bidding forced to pass) between the given players
and writes every real card choice (more than one legal card) as one JSON line: the seat's
hand, the legal cards, the trick on the table, the cards played before, the trump and the
card chosen. It needs only what the chooser itself saw.

``fit`` reads such files and fits the weights of the conditional-logit model of
:mod:`research.play_model` by maximum likelihood (gradient ascent with Adam, a small L2
penalty), prints the mean log-likelihood per choice against "any legal card" and against the
greedy rule, on the fitted data and on a held-out tenth, and prints the weights as the
Python tuple to paste into ``play_model.WEIGHTS``::

    .venv/bin/python -m research.fit_play_model collect --players pimc --hands 1500 \\
        --seed 7 --out /tmp/pimc.jsonl
    .venv/bin/python -m research.fit_play_model fit /tmp/pimc.jsonl /tmp/expert.jsonl

Slow (minutes), so it is not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

from cuatrola.ai.players.greedy import greedy_card
from cuatrola.core.actions import is_card_action
from cuatrola.core.cards import iter_bits
from cuatrola.core.hand import Phase
from research.play_model import FEATURE_NAMES, choice_features
from research.selfplay import card_play_decisions


def collect(players: list[str], hands: int, seed: int, out: str) -> None:
    """Write every real card choice of ``hands`` seeded hands to ``out`` (JSON lines)."""
    count = 0
    with open(out, "w", encoding="utf-8") as fh:
        for index in range(hands):
            names = [players[s % len(players)] for s in range(4)]
            for _, view, action in card_play_decisions(names, f"playmodel:{seed}:{index}"):
                legal = [a for a in view.legal_actions if is_card_action(a)]
                if view.phase is Phase.PLAY and len(legal) > 1:
                    played = 0
                    for trick in view.tricks:
                        for card in trick.cards:
                            played |= 1 << int(card)
                    record = {
                        "player": names[view.seat],
                        "seat": view.seat,
                        "hand": sum(1 << int(c) for c in view.hand),
                        "legal": sum(1 << a for a in legal),
                        "trick": [[s, int(c)] for s, c in view.trick],
                        "played": played,
                        "trump": int(view.trump),
                        "chosen": action,
                    }
                    fh.write(json.dumps(record) + "\n")
                    count += 1
            if (index + 1) % 50 == 0:
                print(f"{index + 1} hands, {count} choices", file=sys.stderr, flush=True)


Choice = tuple[list[list[float]], int, int]  # features per legal card, chosen index, greedy


def load(paths: list[str]) -> list[Choice]:
    """The choices in ``paths`` as feature vectors."""
    out: list[Choice] = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                trick = [(s, c) for s, c in r["trick"]]
                cards = list(iter_bits(r["legal"]))
                features = choice_features(
                    r["hand"],
                    r["legal"],
                    trick,
                    r["seat"],
                    r["trump"],
                    r["played"],
                )
                feats = [list(f) for _, f in features]
                greedy = cards.index(greedy_card(r["legal"], trick, r["seat"], r["trump"]))
                out.append((feats, cards.index(r["chosen"]), greedy))
    return out


def log_likelihood(data: list[Choice], w: list[float]) -> float:
    """Mean log probability of the chosen cards under weights ``w``."""
    total = 0.0
    for feats, chosen, _ in data:
        scores = [sum(wi * fi for wi, fi in zip(w, f, strict=True)) for f in feats]
        top = max(scores)
        norm = math.log(sum(math.exp(s - top) for s in scores)) + top
        total += scores[chosen] - norm
    return total / len(data)


def fit(data: list[Choice], steps: int, l2: float) -> list[float]:
    """Maximum-likelihood weights (full-batch Adam)."""
    n = len(FEATURE_NAMES)
    w = [0.0] * n
    m = [0.0] * n
    v = [0.0] * n
    rate, b1, b2 = 0.05, 0.9, 0.999
    for step in range(1, steps + 1):
        grad = [-l2 * wi for wi in w]
        for feats, chosen, _ in data:
            scores = [sum(wi * fi for wi, fi in zip(w, f, strict=True)) for f in feats]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            for k, f in enumerate(feats):
                p = exps[k] / total - (1.0 if k == chosen else 0.0)
                if p:
                    for i, fi in enumerate(f):
                        if fi:
                            grad[i] -= p * fi / len(data)
        for i in range(n):
            m[i] = b1 * m[i] + (1 - b1) * grad[i]
            v[i] = b2 * v[i] + (1 - b2) * grad[i] ** 2
            mh = m[i] / (1 - b1**step)
            vh = v[i] / (1 - b2**step)
            w[i] += rate * mh / (math.sqrt(vh) + 1e-8)
        if step % 25 == 0:
            print(f"step {step}: {log_likelihood(data, w):.4f}", file=sys.stderr, flush=True)
    return w


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play seeded hands and write the card choices")
    c.add_argument("--players", nargs="+", default=["pimc"], help="one name, or one per seat")
    c.add_argument("--hands", type=int, default=1000)
    c.add_argument("--seed", type=int, default=7)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the weights to collected choices")
    f.add_argument("files", nargs="+")
    f.add_argument("--steps", type=int, default=300)
    f.add_argument("--l2", type=float, default=1e-3)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.players, args.hands, args.seed, args.out)
        return 0
    data = load(args.files)
    random.Random(0).shuffle(data)
    held = data[: len(data) // 10]
    train = data[len(data) // 10 :]
    w = fit(train, args.steps, args.l2)
    for name, part in (("train", train), ("held-out", held)):
        uniform = sum(-math.log(len(f)) for f, _, _ in part) / len(part)
        greedy = sum(1 for _, ch, g in part if ch == g) / len(part)
        print(
            f"{name}: {len(part)} choices; mean log-likelihood {log_likelihood(part, w):.4f}, "
            f"any legal card {uniform:.4f}; the greedy card chosen {greedy:.1%}"
        )
    print("WEIGHTS = (")
    for name, wi in zip(FEATURE_NAMES, w, strict=True):
        print(f"    {wi:.3f},  # {name}")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
