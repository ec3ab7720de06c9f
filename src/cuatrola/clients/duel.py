"""Duplicate duels between two computer players, played at the table (``cuatrola duel``).

Every deal is played twice with the two agents swapping partnerships, so the luck of the
cards cancels out of the margin. Deals come from a seed: the same arguments give the same
hands, the same decisions (players get seeded RNGs and no time budget) and the same records.
Players only ever receive :func:`~cuatrola.core.views.view_for` views. The tracks and what
the summary measures are :mod:`cuatrola.ai.duel`'s.

The hands are played at the table layer's :class:`~cuatrola.table.Table`, the one table that
the server and the terminal client's offline mode drive too, so a duel plays by the same
code as a game in the card room: a table of four computer players only
(``FillBots(start=True)``), dealt the duel's deals (a :class:`~cuatrola.table.DealSource`
instead of the verifiable shuffle), with no turn timer and no cante window (a cante is an
ordinary turn, as offline). The harness carries out each step itself, synchronously: it
answers every :class:`~cuatrola.table.effects.AskBot` with the agent's choice as a
:class:`~cuatrola.table.commands.BotAct`, timing the choice, and leaves every other effect
alone (no timer is ever needed; the play track's forced passes are the harness's own
answers). On the ``play`` and ``hands`` tracks each hand is the first hand of a match (0-0)
at a table of its own, which then waits for the pause after the hand and is dropped; on the
``match`` track one table plays the whole match, dealing each hand as soon as the previous
one is over.

>>> summary = run_duel("greedy", "random", deals=2, seed=1, track="play")
>>> summary.pairs, summary.hands
(2, 4)
"""

from __future__ import annotations

import functools
import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from cuatrola.ai.base import (
    BadAnswerError,
    NotAPlayerError,
    Player,
    PlayerFactory,
    check_answer,
    checked_player,
    describe_failure,
    player_factory,
)
from cuatrola.ai.duel import (
    TRACKS,
    AgentStats,
    DuelError,
    DuelSummary,
    ProgressHook,
    RecordSink,
)
from cuatrola.core.actions import BID_BASE
from cuatrola.core.hand import HandState, Phase, team_of
from cuatrola.core.records import hand_to_record
from cuatrola.core.rollout import shuffled_deck
from cuatrola.protocol.ids import TableId
from cuatrola.protocol.messages import TableOptions
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import BotAct, FillBots
from cuatrola.table.effects import AskBot
from cuatrola.table.table import TableKind

#: Safety stop for a match that somehow never ends (a real one lasts at most ~21 hands).
MAX_MATCH_HANDS: Final = 200
#: One name per seat, seat 0 first.
Seats = tuple[str, str, str, str]
#: The duel's tables: the default rules, no turn timer (a player's only clock is its
#: ``budget``), no hints.
OPTIONS: Final = TableOptions(turn_time=0, public=False, hints=False)
#: A table that plays one hand (``play``, ``hands``): after it, the table waits for the pause
#: before the next deal, which the duel never ends. No cante window: a cante is a turn.
ONE_HAND: Final = TableConfig(cante_window=0.0)
#: A table that plays a whole match (``match``): each hand is dealt as soon as the previous
#: one is over.
WHOLE_MATCH: Final = TableConfig(cante_window=0.0, hand_pause=0.0)
_TABLE_ID: Final = TableId("duel")
_SEATS: Final = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class _Deals:
    """The deals of one duel table (a :class:`~cuatrola.table.DealSource`): the first dealer
    of its one match, and the deck of the match's hand number ``k`` (``decks(k)``)."""

    dealer: int
    decks: Callable[[int], list[int]]

    def first_dealer(self, match: int) -> int:
        """The first dealer of the table's match."""
        return self.dealer

    def deck(self, match: int, hand: int) -> list[int]:
        """The deck of hand ``hand`` of the table's match."""
        return self.decks(hand)


class _Harness:
    """Plays the duel's tables, timing every decision of each agent."""

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

    def play(
        self,
        deals: _Deals,
        swapped: bool,
        deal_id: Callable[[int], str],
        *,
        forced_pass: bool = False,
        match: int | None = None,
    ) -> Table:
        """Play a table of ``deals`` to the end of its first hand, or with ``match`` (the
        match's index in the duel) to the end of the match; agent ``a`` in seats 0 and 2 (1
        and 3 when ``swapped``).

        ``deal_id(k)`` names the match's hand ``k`` in the records; with ``swapped`` it
        seeds the players, who are new for each hand. With ``forced_pass`` every bid is a
        pass, which the players are not asked for.
        """
        names, keys = _seating(self.summary.a, self.summary.b, swapped)
        config = ONE_HAND if match is None else WHOLE_MATCH
        table = Table(_TABLE_ID, "", TableKind.COMPUTER, OPTIONS, config, deals=deals)
        step = table.handle(FillBots(_SEATS, start=True))
        hand = table.hand
        assert hand is not None
        number = 0
        players, rngs = self._players(names, f"{deal_id(number)}:{int(swapped)}")
        stats = self.summary.stats
        clock = time.perf_counter
        while True:
            if hand.is_finished:
                self._hand_over(hand, names, keys, swapped, deal_id(number))
                following = table.hand
                if following is hand or following is None:
                    return table  # the match is over, or the table waits for the next deal
                number += 1
                if number >= MAX_MATCH_HANDS:
                    raise DuelError(f"match {match} did not end after {MAX_MATCH_HANDS} hands")
                hand = following
                players, rngs = self._players(names, f"{deal_id(number)}:{int(swapped)}")
            ask = _asked(step)
            assert ask is not None, "a table of computer players asks one at every decision"
            seat, view = ask.seat, ask.view
            if forced_pass and hand.phase is Phase.BIDDING:
                action = BID_BASE
            else:
                start = clock()
                try:
                    answer = players[seat].choose(view, rngs[seat], self.budget)
                except Exception as exc:
                    raise DuelError(
                        f"player {names[seat]!r} in seat {seat} failed: {describe_failure(exc)}"
                    ) from exc
                spent = clock() - start
                agent = stats[keys[seat]]
                if len(view.legal_actions) > 1:
                    agent.decision_seconds.append(spent)
                else:
                    agent.forced += 1
                if self.budget is not None and spent > self.budget:
                    agent.over_budget += 1
                    agent.slowest = max(agent.slowest, spent)
                try:
                    action = check_answer(view, answer)
                except BadAnswerError as exc:
                    raise DuelError(
                        f"player {names[seat]!r} in seat {seat}: {exc} (in {hand.notation()})"
                    ) from None
            step = table.handle(BotAct(seat, ask.turn, action))

    def _players(self, names: Seats, rng_key: str) -> tuple[list[Player], list[random.Random]]:
        """A new player for each seat, and its RNG seeded from ``rng_key``."""
        try:
            players = [checked_player(self.factories[n](), n) for n in names]
        except NotAPlayerError as exc:
            raise DuelError(str(exc)) from None
        except Exception as exc:
            # A plug-in's own bug: said in one line by the duel command, not as a traceback.
            raise DuelError(f"a player could not be built: {type(exc).__name__}: {exc}") from exc
        return players, [random.Random(f"player:{rng_key}:{seat}") for seat in range(4)]

    def _hand_over(
        self, state: HandState, names: Seats, keys: Seats, swapped: bool, deal_id: str
    ) -> None:
        """Count a finished hand: its contract for the bidder's agent, who won it, its record."""
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


def _asked(step: Step) -> AskBot | None:
    """The computer player ``step`` asks to decide (the last effect, as a rule)."""
    for effect in reversed(step.effects):
        if type(effect) is AskBot:
            return effect
    return None


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
        DuelError: on bad arguments, a player that raises (the message names the
            exception and the player's own ``file:line``) or an answer that is not one of
            the legal actions (see :func:`~cuatrola.ai.base.check_answer`).
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
    summary = DuelSummary(a=a, b=b, track=track, seed=seed, budget=budget)
    summary.stats = {"a": AgentStats(), "b": AgentStats()}
    if budget is not None and not (isinstance(budget, int | float) and budget > 0):
        raise DuelError(f"expected a positive time budget in seconds, got {budget!r}")
    if not isinstance(jobs, int) or jobs < 1:
        raise DuelError(f"expected at least one job, got {jobs!r}")
    started = time.perf_counter()
    if jobs == 1:
        harness = _Harness(summary, records, factories, budget)
        for index in range(deals):
            _play_deal(harness, seed, index, track)
            if progress is not None:
                progress(summary.pairs)
    else:
        _run_parallel(summary, deals, jobs, budget, records, progress)
    summary.seconds = time.perf_counter() - started
    return summary


def _play_deal(harness: _Harness, seed: int, index: int, track: str) -> None:
    """Play deal pair (or match pair) ``index`` and add its margins to the summary."""
    summary = harness.summary
    if track == "match":
        margin = 0.0
        for swapped in (False, True):
            winner_is_a = _play_match(harness, seed, index, swapped)
            summary.matches += 1
            summary.match_wins_a += int(winner_is_a)
            margin += 1.0 if winner_is_a else -1.0
        summary.pair_margins.append(margin / 2)
    else:
        margin = 0.0
        card_margin = 0.0
        deal_rng = random.Random(f"deal:{seed}:{index}")
        dealer = deal_rng.randrange(4)
        deck = shuffled_deck(deal_rng)  # what HandState.deal(rules, dealer, deal_rng) deals
        deal = _Deals(dealer, lambda hand: deck)
        deal_id = f"{seed}:{index}"
        for swapped in (False, True):
            table = harness.play(deal, swapped, lambda hand: deal_id, forced_pass=track == "play")
            state = table.hand
            assert state is not None
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
    part = DuelSummary(a=a, b=b, track=track, seed=seed, budget=budget)
    part.stats = {"a": AgentStats(), "b": AgentStats()}
    kept: list[dict[str, Any]] = []
    factories = {name: player_factory(name) for name in (a, b)}
    harness = _Harness(part, kept.append if keep_records else None, factories, budget)
    for index in indices:
        _play_deal(harness, seed, index, track)
    return part, kept


def _play_match(harness: _Harness, seed: int, index: int, swapped: bool) -> bool:
    """Play one whole match at one table; whether agent ``a`` won it. Hand ``k`` of match
    ``index`` is the same deal in both plays of the pair, as long as both matches last that
    long."""
    first_dealer = random.Random(f"match:{seed}:{index}").randrange(4)

    def deck(hand: int) -> list[int]:
        # What MatchState.start_hand(random.Random(...)) deals.
        return shuffled_deck(random.Random(f"deal:{seed}:{index}:{hand}"))

    table = harness.play(
        _Deals(first_dealer, deck), swapped, lambda hand: f"{seed}:{index}:{hand}", match=index
    )
    assert table.match is not None
    return table.match.winner == int(swapped)  # agent a's team


__all__ = ["MAX_MATCH_HANDS", "run_duel"]
