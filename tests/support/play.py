"""Seeded hands and matches played to their end: at random, or by computer players; a
finished match as the table hands it to the server."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cuatrola.ai.base import Player
from cuatrola.core.actions import format_action
from cuatrola.core.hand import HandState
from cuatrola.core.match import MatchState
from cuatrola.core.records import hand_to_record
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for
from cuatrola.protocol.ids import TableId, UserId
from cuatrola.table.effects import FinishedMatch, MatchPlayer


def every_state(rules: Rules, seed: int, dealer: int) -> list[HandState]:
    """Every state of one random hand, from the deal to the end (copies)."""
    rng = random.Random(seed)
    state = HandState.deal(rules, dealer, rng)
    states = [state.copy()]
    while not state.is_finished:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
        states.append(state.copy())
    return states


def random_match(rules: Rules, seed: int) -> tuple[list[dict[str, Any]], tuple[int, int], int]:
    """A whole match played with random legal moves, seat 0 the first dealer: the records of
    its hands, its score and its winning team."""
    rng = random.Random(seed)
    match = MatchState(rules, first_dealer=0)
    records = []
    while not match.is_over:
        hand = match.start_hand(rng)
        while not hand.is_finished:
            hand.apply(rng.choice(hand.legal_actions()))
        records.append(hand_to_record(hand))
        match.finish_hand()
    assert match.winner is not None
    return records, match.score, match.winner


def finished_match(
    match_id: str,
    players: list[tuple[str | None, str]],
    *,
    rules: Rules | None = None,
    rated: bool = True,
    seed: int = 1,
    finished_at: float = 1_800_000_100.0,
) -> FinishedMatch:
    """A :func:`random_match` (by default to 11) at table ``t1``, as it ends.

    Args:
        players: each seat's user id and name; a seat with no user id is a computer player.
    """
    rules = Rules() if rules is None else rules
    records, score, winner = random_match(rules, seed)
    return FinishedMatch(
        match_id=match_id,
        table_id=TableId("t1"),
        rules=rules.to_dict(),
        started_at=finished_at - 100,
        finished_at=finished_at,
        score=score,
        winner=winner,
        players=tuple(
            MatchPlayer(seat, None if uid is None else UserId(uid), name, uid is None)
            for seat, (uid, name) in enumerate(players)
        ),
        hands=records,
        rated=rated,
    )


def self_play(factory: Callable[[], Player], seed: int, hands: int, rules: Rules) -> int:
    """Play ``hands`` seeded hands with a player from ``factory`` in every seat, from random
    scores; assert that every action is legal. Answers the number of decisions."""
    rng = random.Random(seed)
    decisions = 0
    for number in range(hands):
        score = (rng.randrange(11), rng.randrange(11))
        state = HandState.deal(rules, dealer=number % 4, rng=rng, score_before=score)
        players = [factory() for _ in range(4)]
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            action = players[seat].choose(view, random.Random(decisions))
            assert action in state.legal_actions(), (format_action(action), state.notation())
            state.apply(action, seat)
            decisions += 1
    return decisions
