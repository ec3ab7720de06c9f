"""The computer levels a table may ask for (``BOT_LEVELS``) are players the AI registers."""

from __future__ import annotations

from cuatrola.ai import available_players
from cuatrola.protocol.messages import BOT_LEVELS


def test_every_level_a_table_may_ask_for_is_a_registered_player() -> None:
    assert BOT_LEVELS
    assert sorted(set(BOT_LEVELS) - set(available_players())) == []
    assert len(set(BOT_LEVELS)) == len(BOT_LEVELS)
