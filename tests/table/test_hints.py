"""Hints at the sans-I/O table: who may ask, when, and what the table asks the runner for."""

from __future__ import annotations

import random

import pytest

from cuatrola.core.views import view_for
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Ack, Error, TableOptions
from cuatrola.storage.base import TableKind
from cuatrola.table import Table, TableConfig
from cuatrola.table.commands import Hint, Join
from cuatrola.table.effects import AskHint, MatchOver
from tests.table.test_cante_window import first_trick
from tests.table.test_table import USERS, make_table, play_match, replies, seat_all


def ask(table: Table, user: UserId, n: int = 0) -> tuple[list[Ack | Error], list[AskHint]]:
    step = table.handle(Hint(user, CommandId(f"h{n}")))
    assert not step.records
    return replies(step), [e for e in step.effects if isinstance(e, AskHint)]


@pytest.mark.parametrize(
    ("kind", "hints", "on"),
    [
        (TableKind.COMPUTER, None, True),
        (TableKind.PRIVATE, None, False),
        (TableKind.QUICK, None, False),
        (TableKind.PRIVATE, True, True),
        (TableKind.COMPUTER, False, False),
    ],
)
def test_hints_are_on_against_the_computer_unless_the_table_says_otherwise(
    kind: TableKind, hints: bool | None, on: bool
) -> None:
    options = TableOptions(turn_time=0, hints=hints)
    table = Table(TableId("t1"), "C", kind, options, TableConfig(), random.Random(1))
    assert table.options.hints is on
    assert table.info().options.hints is on


def test_the_seat_to_move_gets_the_expert_asked_from_its_own_view() -> None:
    table = make_table(TableOptions(turn_time=0, hints=True))
    seat_all(table)
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    answers, asks = ask(table, USERS[seat])
    assert answers == [Ack(id="h0", table="t1", seat=seat, seq=table.seq)]
    assert asks == [AskHint(seat, table.turn, view_for(hand, seat), "h0")]


def test_a_hint_is_refused_when_off_out_of_turn_or_without_a_seat() -> None:
    table = make_table(TableOptions(turn_time=0, hints=True))
    # no hand yet
    table.handle(Join(USERS[0], "Ana", 0, CommandId("j")))
    answers, asks = ask(table, USERS[0])
    assert [a.code for a in answers if isinstance(a, Error)] == [ErrorCode.WRONG_PHASE]
    for i, user in enumerate(USERS[1:], start=1):
        table.handle(Join(user, user.title(), i, CommandId(f"j{i}")))
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    waiting = USERS[(hand.to_move + 1) % 4]
    cases = [(waiting, ErrorCode.NOT_YOUR_TURN), (UserId("eve"), ErrorCode.NOT_SEATED)]
    for n, (user, code) in enumerate(cases, start=1):
        answers, asks = ask(table, user, n)
        assert [a.code for a in answers if isinstance(a, Error)] == [code]
        assert asks == []
    off = make_table()
    seat_all(off)
    assert off.hand is not None and off.hand.to_move is not None
    answers, asks = ask(off, USERS[off.hand.to_move])
    assert [a.code for a in answers if isinstance(a, Error)] == [ErrorCode.HINTS_OFF]
    assert asks == []


def test_a_match_played_with_hints_on_is_not_rated() -> None:
    for hints, rated in ((True, False), (False, True)):
        table = make_table(TableOptions(rules="exact3", turn_time=0, hints=hints))
        seat_all(table)
        over = [e for e in play_match(table) if isinstance(e, MatchOver)]
        assert [o.finished.rated for o in over] == [rated]


def test_in_a_cante_window_a_seat_that_may_sing_gets_a_hint_for_its_cantes() -> None:
    for seed in range(500):
        table = Table(
            TableId("t1"),
            "C",
            TableKind.PRIVATE,
            TableOptions(turn_time=0, hints=True),
            TableConfig(hand_pause=0, cante_window=3.0),
            random.Random(seed),
        )
        seat_all(table)
        first_trick(table, random.Random(seed), [])
        window = table.window
        if window is not None and window.options:
            break
    else:
        raise AssertionError("no cante window in 500 seeds")
    singer = next(iter(window.options))
    answers, asks = ask(table, USERS[singer])
    assert isinstance(answers[0], Ack)
    assert [a.view.legal_actions for a in asks] == [window.options[singer]]
    assert asks[0].view.seat == singer
    for seat in set(range(4)) - set(window.options):
        answers, asks = ask(table, USERS[seat], seat + 1)
        assert [a.code for a in answers if isinstance(a, Error)] == [ErrorCode.NOT_YOUR_TURN]
