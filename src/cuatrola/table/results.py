"""What a table's finished hands and matches leave behind: their records, for the store.

When a hand is over the table hands the server the hand's ``cuatrola-hand/1`` record (a
:class:`~cuatrola.table.effects.HandOver`, for the analysis after the hand of the seats
people own); when a match is over, the whole match (a
:class:`~cuatrola.table.effects.FinishedMatch`: players, score, every hand's record, and
whether it counts for the ratings). A hand dealt from the verifiable shuffle carries its
proof. These functions build both from a :class:`~cuatrola.table.table.Table`; they read it
and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuatrola.core.match import MatchState
from cuatrola.core.records import hand_to_record
from cuatrola.table.effects import FinishedMatch, HandOver, MatchPlayer
from cuatrola.table.events import HandEvent
from cuatrola.table.shuffles import proof_json

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def finished_match(table: Table, match: MatchState) -> FinishedMatch:
    """The table's match ``match``, just won, as the store records it."""
    assert match.winner is not None
    players = tuple(
        MatchPlayer(
            seat=i,
            user=s.user,
            name=s.name or "",
            bot=s.user is None,
            bot_level=table.options.bot_level if s.user is None else None,
        )
        for i, s in enumerate(table.seats)
    )
    match_id = f"{table.id}-{table.match_number}"
    hands = [
        hand_to_record(table.hands[n], match=match_id, number=k, **proof(table, n))
        for k, n in enumerate(range(table.match_first_hand, table.hand_count))
    ]
    return FinishedMatch(
        match_id=match_id,
        table_id=table.id,
        rules=table.rules.to_dict(),
        started_at=table.match_started_at,
        finished_at=table._now,
        score=match.score,
        winner=match.winner,
        players=players,
        hands=hands,
        rated=all(not p.bot for p in players)
        and not _played_for_anybody(table)
        and not table.options.hints,
    )


def _played_for_anybody(table: Table) -> bool:
    """Whether a move of this match in the table's event window was made for its seat's owner
    (``auto``). Newest first, stopping at the first event of an earlier hand: hands are
    numbered in the order they are played, so nothing older can be of this match, and the
    window (thousands of events) is not read through at the end of every match."""
    first = table.match_first_hand
    for event in reversed(table.events):
        if isinstance(event, HandEvent):
            if event.hand < first:
                return False
            if event.auto:
                return True
    return False


def hand_record(table: Table, number: int) -> HandOver | None:
    """Hand ``number`` of the table (just over) as the finished match will record it, for
    the analysis after the hand of the seats people own (``None`` when they own none)."""
    people = tuple(i for i, slot in enumerate(table.seats) if slot.user is not None)
    if not people:
        return None
    match_id = table.match_id
    index = number - table.match_first_hand
    record = hand_to_record(
        table.hands[number], match=match_id, number=index, **proof(table, number)
    )
    return HandOver(match_id=match_id, hand=index + 1, record=record, seats=people)


def proof(table: Table, number: int) -> dict[str, object]:
    """The ``shuffle`` key of hand ``number``'s record, if it was dealt verifiably."""
    inputs = table.shuffles.get(number)
    return {} if inputs is None else {"shuffle": proof_json(inputs)}


__all__ = ["finished_match", "hand_record", "proof"]
