"""The table tells its runner of every hand that ends (``HandOver``), for the analysis after
the hand: the hand's record is the one the finished match will hold."""

from __future__ import annotations

from cuatrola.protocol.messages import TableOptions
from cuatrola.table.effects import HandOver, MatchOver
from tests.table.test_table import make_table, play_match, seat_all


def test_every_hand_over_carries_the_record_the_finished_match_holds() -> None:
    table = make_table(TableOptions(rules="exact3", turn_time=0))
    seat_all(table)
    effects = play_match(table)
    overs = [e for e in effects if isinstance(e, HandOver)]
    (match_over,) = [e for e in effects if isinstance(e, MatchOver)]
    finished = match_over.finished
    assert len(overs) == len(finished.hands) >= 1
    assert [o.hand for o in overs] == list(range(1, len(finished.hands) + 1))
    for over, record in zip(overs, finished.hands, strict=True):
        assert over.match_id == finished.match_id == table.match_id
        assert over.record == record
        assert over.seats == (0, 1, 2, 3)  # four people
    # The last hand's comes before the match's end in the same step.
    assert effects.index(overs[-1]) < effects.index(match_over)
