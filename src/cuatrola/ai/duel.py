"""Duplicate duels between two computer players (the engine behind ``cuatrola duel``).

Every deal is played twice with the two agents swapping partnerships, so the luck of the
cards cancels out of the margin. Deals come from a seed: the same arguments give the same
hands, the same decisions (players get seeded RNGs and no time budget) and the same records.
Players only ever receive :func:`~cuatrola.core.views.view_for` views.

Tracks:

* ``play``: bidding forced to pass, card play only; the margin is hand points per hand
  (card points + last trick + cantes, the quantity that decides a plain hand).
* ``hands``: bidding on, each hand on its own at 0-0 under the default rules; the margin is
  game points per hand (positive when the agent's team scores).
* ``match``: whole matches under the default rules (first to exactly 11); the margin is
  match wins minus losses per match (+1 a win, -1 a loss).

>>> summary = run_duel("greedy", "random", deals=2, seed=1, track="play")
>>> summary.pairs, summary.hands
(2, 4)
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from cuatrola.ai.base import Player, PlayerFactory, player_factory
from cuatrola.core.actions import BID_BASE, format_action
from cuatrola.core.hand import HandState, team_of
from cuatrola.core.match import MatchState
from cuatrola.core.records import hand_to_record
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for

TRACKS: Final = ("play", "hands", "match")
UNITS: Final = {
    "play": "hand points per hand",
    "hands": "game points per hand",
    "match": "match wins minus losses per match",
}
#: Z value of a two-sided 95% normal confidence interval.
Z95: Final = 1.959964
#: Safety stop for a match that somehow never ends (a real one lasts at most ~21 hands).
MAX_MATCH_HANDS: Final = 200
#: One name per seat, seat 0 first.
Seats = tuple[str, str, str, str]


class DuelError(Exception):
    """A duel cannot run (bad arguments, or a player returned an illegal action)."""


@dataclass
class AgentStats:
    """What one agent did during a duel."""

    #: Time of each decision with a choice (more than one legal action).
    decision_seconds: list[float] = field(default_factory=list)
    #: Decisions with a single legal action: not timed, they would pull the percentiles down.
    forced: int = 0
    #: contract label -> [bids made that became the contract, of them made]
    contracts: dict[str, list[int]] = field(default_factory=dict)

    def percentiles_ms(self) -> dict[str, float | int]:
        """Decision-time percentiles in milliseconds (p50, p90, p99, max) and the count."""
        return decision_percentiles_ms(self.decision_seconds)


def decision_percentiles_ms(samples: list[float]) -> dict[str, float | int]:
    """``{"count", "p50", "p90", "p99", "max"}`` of decision times given in seconds."""
    if not samples:
        return {"count": 0, "p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(samples)

    def pick(q: float) -> float:
        index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
        return round(ordered[index] * 1000, 3)

    return {
        "count": len(ordered),
        "p50": pick(0.50),
        "p90": pick(0.90),
        "p99": pick(0.99),
        "max": round(ordered[-1] * 1000, 3),
    }


@dataclass
class DuelSummary:
    """The outcome of a duel; :meth:`to_json` gives the ``--json`` object."""

    a: str
    b: str
    track: str
    seed: int
    pairs: int = 0
    hands: int = 0
    hand_wins_a: int = 0
    matches: int = 0
    match_wins_a: int = 0
    pair_margins: list[float] = field(default_factory=list)
    #: Play track: the margin in card points only (no last-trick bonus, no cantes).
    pair_card_margins: list[float] = field(default_factory=list)
    stats: dict[str, AgentStats] = field(default_factory=dict)
    seconds: float = 0.0

    def absorb(self, part: DuelSummary) -> None:
        """Add the counts, margins and timings of ``part``, a later stretch of the same
        duel (a worker's share of a parallel run)."""
        self.pairs += part.pairs
        self.hands += part.hands
        self.hand_wins_a += part.hand_wins_a
        self.matches += part.matches
        self.match_wins_a += part.match_wins_a
        self.pair_margins.extend(part.pair_margins)
        self.pair_card_margins.extend(part.pair_card_margins)
        for key, stats in part.stats.items():
            mine = self.stats.setdefault(key, AgentStats())
            mine.decision_seconds.extend(stats.decision_seconds)
            mine.forced += stats.forced
            for label, (bid, made) in stats.contracts.items():
                tally = mine.contracts.setdefault(label, [0, 0])
                tally[0] += bid
                tally[1] += made

    @property
    def margin_mean(self) -> float:
        """Mean margin of agent ``a`` per hand (per match on the match track)."""
        return statistics.fmean(self.pair_margins) if self.pair_margins else 0.0

    @property
    def margin_ci95(self) -> float | None:
        """Half-width of the 95% confidence interval of the mean (``None`` under 2 pairs)."""
        if len(self.pair_margins) < 2:
            return None
        return Z95 * statistics.stdev(self.pair_margins) / math.sqrt(len(self.pair_margins))

    @property
    def card_margin(self) -> tuple[float, float | None] | None:
        """Play track: mean card-point margin per hand and its 95% CI half-width."""
        values = self.pair_card_margins
        if not values:
            return None
        ci = None
        if len(values) >= 2:
            ci = Z95 * statistics.stdev(values) / math.sqrt(len(values))
        return statistics.fmean(values), ci

    @property
    def hand_win_rate(self) -> float:
        """Share of the hands won by agent ``a``'s team."""
        return self.hand_wins_a / self.hands if self.hands else 0.0

    @property
    def match_win_rate(self) -> float | None:
        """Share of the matches won by agent ``a`` (match track only)."""
        return self.match_wins_a / self.matches if self.matches else None

    @property
    def elo(self) -> float:
        """Elo difference a - b implied by the win rate (matches on the match track, else
        hands), clamped half a game away from 0% and 100%."""
        if self.track == "match":
            wins, games = self.match_wins_a, self.matches
        else:
            wins, games = self.hand_wins_a, self.hands
        if not games:
            return 0.0
        score = min(max(wins / games, 0.5 / games), 1 - 0.5 / games)
        return 400 * math.log10(score / (1 - score))

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON-friendly object."""
        ci = self.margin_ci95
        card = self.card_margin
        return {
            "a": self.a,
            "b": self.b,
            "track": self.track,
            "seed": self.seed,
            "deals": self.pairs,
            "hands": self.hands,
            "matches": self.matches,
            "unit": UNITS[self.track],
            "margin_mean": round(self.margin_mean, 4),
            "margin_ci95": None if ci is None else round(ci, 4),
            "card_margin_mean": None if card is None else round(card[0], 4),
            "card_margin_ci95": None if card is None or card[1] is None else round(card[1], 4),
            "hand_win_rate": round(self.hand_win_rate, 4),
            "match_win_rate": None
            if self.match_win_rate is None
            else round(self.match_win_rate, 4),
            "elo": round(self.elo, 1),
            "decision_ms": {
                "a": self.stats["a"].percentiles_ms(),
                "b": self.stats["b"].percentiles_ms(),
            },
            "forced_moves": {"a": self.stats["a"].forced, "b": self.stats["b"].forced},
            "contracts": {
                "a": {k: {"bid": v[0], "made": v[1]} for k, v in self.stats["a"].contracts.items()},
                "b": {k: {"bid": v[0], "made": v[1]} for k, v in self.stats["b"].contracts.items()},
            },
            "seconds": round(self.seconds, 2),
        }


RecordSink = Callable[[dict[str, Any]], None]
ProgressHook = Callable[[int], None]


class _Table:
    """Plays hands between the agents, timing every decision of each."""

    def __init__(
        self,
        summary: DuelSummary,
        records: RecordSink | None,
        factories: dict[str, PlayerFactory],
        budget: float | None = None,
    ) -> None:
        self.summary = summary
        self.records = records
        self.factories = factories
        self.budget = budget

    def play_hand(
        self, state: HandState, swapped: bool, deal_id: str, *, forced_pass: bool = False
    ) -> None:
        """Play ``state`` to the end, agent ``a`` in seats 0 and 2 (1 and 3 when ``swapped``).

        ``deal_id`` names the deal in the records; with ``swapped`` it seeds the players.
        """
        names, keys = _seating(self.summary.a, self.summary.b, swapped)
        rng_key = f"{deal_id}:{int(swapped)}"
        try:
            players: list[Player] = [self.factories[n]() for n in names]
        except Exception as exc:
            # A plug-in's own bug: said in one line by the duel command, not as a traceback.
            raise DuelError(f"a player could not be built: {type(exc).__name__}: {exc}") from exc
        rngs = [random.Random(f"player:{rng_key}:{seat}") for seat in range(4)]
        if forced_pass:
            for _ in range(4):
                state.apply(BID_BASE)
        clock = time.perf_counter
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            start = clock()
            try:
                action = players[seat].choose(view, rngs[seat], self.budget)
            except Exception as exc:
                raise DuelError(
                    f"player {names[seat]!r} in seat {seat} failed: {type(exc).__name__}: {exc}"
                ) from exc
            spent = clock() - start
            stats = self.summary.stats[keys[seat]]
            if len(view.legal_actions) > 1:
                stats.decision_seconds.append(spent)
            else:
                stats.forced += 1
            if action not in view.legal_actions:
                raise DuelError(
                    f"player {names[seat]!r} in seat {seat} chose an illegal action "
                    f"{action!r} ({_describe(action)}) in {state.notation()}"
                )
            state.apply(action, seat)
        result = state.result
        assert result is not None
        if result.bidder is not None:
            made = result.winner == team_of(result.bidder)
            tally = self.summary.stats[keys[result.bidder]].contracts.setdefault(
                result.contract.label, [0, 0]
            )
            tally[0] += 1
            tally[1] += int(made)
        self.summary.hands += 1
        if result.winner == int(swapped):  # agent a's team
            self.summary.hand_wins_a += 1
        if self.records is not None:
            self.records(hand_to_record(state, players=list(names), deal=deal_id))


def _describe(action: object) -> str:
    try:
        return format_action(action)  # type: ignore[arg-type]
    except Exception:
        return "not an action"


def _seating(a: str, b: str, swapped: bool) -> tuple[Seats, Seats]:
    """The agent at each seat, and which of ``a`` and ``b`` it is (``"a"`` or ``"b"``)."""
    if not swapped:
        return (a, b, a, b), ("a", "b", "a", "b")
    return (b, a, b, a), ("b", "a", "b", "a")


def run_duel(
    a: str,
    b: str,
    deals: int,
    seed: int,
    track: str,
    *,
    records: RecordSink | None = None,
    progress: ProgressHook | None = None,
    budget: float | None = None,
    jobs: int = 1,
) -> DuelSummary:
    """Play a duplicate duel of ``deals`` deal pairs (matches on the match track).

    Args:
        a, b: registry names of the two agents.
        deals: number of deals (each played twice, partnerships swapped).
        seed: the seed every deal and every player's RNG derives from.
        track: ``play``, ``hands`` or ``match``.
        records: called with each hand's ``cuatrola-hand/1`` record (with ``players`` and
            ``deal`` keys), in playing order.
        progress: called with the number of deal pairs finished after each one.
        budget: seconds each decision may take, passed to every player (``None``: the
            players' fixed work limits, which keeps the duel reproducible from ``seed``;
            with a budget, results depend on the machine's speed).
        jobs: worker processes playing deals side by side. The results and records are
            the same as with one (only the timings differ).

    Raises:
        DuelError: on bad arguments or an illegal action from a player.
    """
    if track not in TRACKS:
        raise DuelError(f"unknown track {track!r}; expected one of {', '.join(TRACKS)}")
    if not isinstance(deals, int) or deals < 1:
        raise DuelError(f"expected at least one deal, got {deals!r}")
    factories = {}
    for name in (a, b):
        try:
            factories[name] = player_factory(name)
        except ValueError as exc:
            raise DuelError(str(exc)) from None
    summary = DuelSummary(a=a, b=b, track=track, seed=seed)
    summary.stats = {"a": AgentStats(), "b": AgentStats()}
    if budget is not None and not (isinstance(budget, int | float) and budget > 0):
        raise DuelError(f"expected a positive time budget in seconds, got {budget!r}")
    if not isinstance(jobs, int) or jobs < 1:
        raise DuelError(f"expected at least one job, got {jobs!r}")
    started = time.perf_counter()
    if jobs == 1:
        table = _Table(summary, records, factories, budget)
        for index in range(deals):
            _play_deal(table, seed, index, track)
            if progress is not None:
                progress(summary.pairs)
    else:
        _run_parallel(summary, deals, jobs, budget, records, progress)
    summary.seconds = time.perf_counter() - started
    return summary


def _play_deal(table: _Table, seed: int, index: int, track: str) -> None:
    """Play deal pair (or match pair) ``index`` and add its margins to the table's summary."""
    summary = table.summary
    rules = Rules()
    if track == "match":
        margin = 0.0
        for swapped in (False, True):
            winner_is_a = _play_match(table, rules, seed, index, swapped)
            summary.matches += 1
            summary.match_wins_a += int(winner_is_a)
            margin += 1.0 if winner_is_a else -1.0
        summary.pair_margins.append(margin / 2)
    else:
        margin = 0.0
        card_margin = 0.0
        deal_rng = random.Random(f"deal:{seed}:{index}")
        dealer = deal_rng.randrange(4)
        base = HandState.deal(rules, dealer, deal_rng)
        for swapped in (False, True):
            state = HandState.from_masks(rules, dealer, base.dealt, base.trump_card)
            table.play_hand(state, swapped, f"{seed}:{index}", forced_pass=track == "play")
            result = state.result
            assert result is not None
            a_team = int(swapped)
            if track == "play":
                margin += result.points[a_team] - result.points[1 - a_team]
                card_margin += state.team_card_points[a_team] - state.team_card_points[1 - a_team]
            else:
                sign = 1 if result.winner == a_team else -1
                margin += sign * result.game_points
        summary.pair_margins.append(margin / 2)
        if track == "play":
            summary.pair_card_margins.append(card_margin / 2)
    summary.pairs += 1


#: Deal pairs per unit of work handed to a worker process (small enough for a live
#: progress bar and an even spread, large enough that the hand-off costs nothing).
CHUNK_DEALS: Final = 10


def _run_parallel(
    summary: DuelSummary,
    deals: int,
    jobs: int,
    budget: float | None,
    records: RecordSink | None,
    progress: ProgressHook | None,
) -> None:
    """Play the deals in ``jobs`` worker processes and merge their parts in deal order.

    Every deal's hands and decisions depend only on the seed and the deal's index, so the
    merged summary (apart from timings) and the records equal a one-process run's.
    """
    chunks = [
        range(start, min(deals, start + CHUNK_DEALS)) for start in range(0, deals, CHUNK_DEALS)
    ]
    # Fork where the platform has it: the workers inherit every registered player,
    # including ones registered at run time (tests, benchmark scripts).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    task = functools.partial(
        _play_chunk, summary.a, summary.b, summary.seed, summary.track, budget, records is not None
    )
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        for part, part_records in pool.map(task, chunks):
            summary.absorb(part)
            if records is not None:
                for record in part_records:
                    records(record)
            if progress is not None:
                progress(summary.pairs)


def _play_chunk(
    a: str,
    b: str,
    seed: int,
    track: str,
    budget: float | None,
    keep_records: bool,
    indices: range,
) -> tuple[DuelSummary, list[dict[str, Any]]]:
    """A worker's part of a parallel duel: the summary and records of deals ``indices``."""
    part = DuelSummary(a=a, b=b, track=track, seed=seed)
    part.stats = {"a": AgentStats(), "b": AgentStats()}
    kept: list[dict[str, Any]] = []
    factories = {name: player_factory(name) for name in (a, b)}
    table = _Table(part, kept.append if keep_records else None, factories, budget)
    for index in indices:
        _play_deal(table, seed, index, track)
    return part, kept


def _play_match(table: _Table, rules: Rules, seed: int, index: int, swapped: bool) -> bool:
    """Play one whole match; whether agent ``a`` won it. Hand ``k`` of match ``index`` is the
    same deal in both plays of the pair, as long as both matches last that long."""
    first_dealer = random.Random(f"match:{seed}:{index}").randrange(4)
    match = MatchState(rules, first_dealer=first_dealer)
    hand_index = 0
    while not match.is_over:
        if hand_index >= MAX_MATCH_HANDS:
            raise DuelError(f"match {index} did not end after {MAX_MATCH_HANDS} hands")
        state = match.start_hand(random.Random(f"deal:{seed}:{index}:{hand_index}"))
        table.play_hand(state, swapped, f"{seed}:{index}:{hand_index}")
        match.finish_hand()
        hand_index += 1
    return match.winner == int(swapped)  # agent a's team


def format_summary(summary: DuelSummary) -> str:
    """The human-readable summary printed by ``cuatrola duel``."""
    ci = summary.margin_ci95
    ci_text = "n/a (one deal)" if ci is None else f"± {ci:.2f}"
    lines = [
        f"duel {summary.a} (a) vs {summary.b} (b), track {summary.track}, seed {summary.seed}: "
        f"{summary.pairs} deals, {summary.hands} hands, {summary.seconds:.1f} s",
        f"  margin of a: {summary.margin_mean:+.2f} {ci_text} (95% CI), {UNITS[summary.track]}",
        f"  hands won by a: {summary.hand_win_rate:.1%} of {summary.hands}",
    ]
    card = summary.card_margin
    if card is not None:
        card_ci = "" if card[1] is None else f" ± {card[1]:.2f}"
        lines.insert(2, f"  card points only: {card[0]:+.2f}{card_ci} per hand")
    if summary.match_win_rate is not None:
        lines.append(f"  matches won by a: {summary.match_win_rate:.1%} of {summary.matches}")
    lines.append(f"  Elo estimate a - b: {summary.elo:+.0f}")
    for key, name in (("a", summary.a), ("b", summary.b)):
        p = summary.stats[key].percentiles_ms()
        lines.append(
            f"  decision time {key} ({name}): p50 {p['p50']:.2f} ms, p90 {p['p90']:.2f} ms, "
            f"p99 {p['p99']:.2f} ms, max {p['max']:.2f} ms over {p['count']} decisions with a "
            f"choice ({summary.stats[key].forced} forced moves not timed)"
        )
        contracts = summary.stats[key].contracts
        if contracts:
            made = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(contracts.items()))
            lines.append(f"  contracts made/bid by {key}: {made}")
    return "\n".join(lines)
