"""The offline table: a whole match in process, a human seat and three computer players.

:class:`LocalTable` is the authority (the ``boardgame.io Local()`` idea): it keeps the
:class:`~cuatrola.core.match.MatchState` and the live :class:`~cuatrola.core.hand.HandState`,
and hands out only :class:`~cuatrola.core.views.SeatView` projections. The user interface
reads :meth:`LocalTable.human_view`; a computer player gets :meth:`LocalTable.bot_request`,
whose view is its own seat's, and may compute its choice on another thread while the table
waits. The table itself is plain synchronous code with no I/O, so tests drive it directly.

>>> from cuatrola.core.rules import Rules
>>> table = LocalTable(Rules.exact(3), bot_names=("random",) * 3, seed=4)
>>> while not table.is_match_over:
...     _ = table.start_hand()
...     while not table.hand_finished:
...         if table.human_to_move:
...             table.apply(table.human_seat, table.human_view().legal_actions[0])
...         else:
...             request = table.bot_request()
...             table.apply(request.seat, request.choose())
...     _ = table.finish_hand()
>>> table.match.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cuatrola.ai import Player, make_player
from cuatrola.core.hand import HandResult, HandState
from cuatrola.core.match import MatchState
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for

#: Registered players to fall back on, best first, while a level is not registered yet.
FALLBACKS = ("greedy", "random")


def resolve_level(level: str) -> tuple[str, str | None]:
    """The player name to use for ``level`` and, when it had to fall back, a note about it.

    Returns:
        ``(name, None)`` when ``level`` is registered, else ``(fallback, level)``.

    Raises:
        ValueError: when neither the level nor any fallback is registered.
    """
    for name in (level, *FALLBACKS):
        try:
            make_player(name)
        except ValueError:
            continue
        return name, (None if name == level else level)
    raise ValueError(f"no computer player is available for level {level!r}")


@dataclass(frozen=True, slots=True)
class BotRequest:
    """One pending decision of a computer player: its seat, its view and what decides.

    ``choose`` only touches the view (frozen) and the bot's own RNG, so it is safe to run on
    a worker thread while the table waits for the answer.
    """

    seat: int
    view: SeatView
    player: Player
    rng: random.Random
    serial: int

    def choose(self) -> int:
        """The computer player's action for this view."""
        return self.player.choose(self.view, self.rng)


class LocalTable:
    """An offline match: the human plays ``human_seat``, computer players the other seats.

    Args:
        rules: the match rules.
        bot_names: the registry names of the three computer players, in seat order after
            the human.
        seed: seeds the deals, the first dealer and the computer players' RNGs; ``None``
            draws a fresh seed.
        human_seat: the human's seat (0..3).
    """

    def __init__(
        self,
        rules: Rules,
        bot_names: Sequence[str] = ("greedy", "greedy", "greedy"),
        *,
        seed: int | None = None,
        human_seat: int = 0,
    ) -> None:
        if len(bot_names) != 3:
            raise ValueError(f"expected 3 computer players, got {len(bot_names)}")
        if human_seat not in range(4):
            raise ValueError(f"expected a seat 0..3, got {human_seat!r}")
        self.rules = rules
        self.human_seat = human_seat
        self._rng = random.Random(seed)
        self.match = MatchState(rules, rng=self._rng)
        self.bots: dict[int, Player] = {}
        self._bot_rngs: dict[int, random.Random] = {}
        for offset, name in enumerate(bot_names, start=1):
            seat = (human_seat + offset) % 4
            self.bots[seat] = make_player(name)
            self._bot_rngs[seat] = random.Random(self._rng.getrandbits(64))
        self._hand: HandState | None = None
        # Counts applied actions; a bot answer computed for an older serial is stale.
        self.serial = 0

    # Queries ---------------------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The current (or last) hand.

        Raises:
            RuntimeError: before the first hand is dealt.
        """
        if self._hand is None:
            raise RuntimeError("no hand has been dealt yet")
        return self._hand

    @property
    def hand_finished(self) -> bool:
        """Whether the current hand is over."""
        return self.hand.is_finished

    @property
    def is_match_over(self) -> bool:
        """Whether the match has a winner."""
        return self.match.is_over

    @property
    def human_to_move(self) -> bool:
        """Whether the human seat must act now."""
        return self._hand is not None and self._hand.to_move == self.human_seat

    @property
    def to_move(self) -> int | None:
        """The seat to act, ``None`` when no hand is live."""
        return None if self._hand is None else self._hand.to_move

    def human_view(self) -> SeatView:
        """What the human seat may see: its own view of the current hand, nothing more."""
        return view_for(self.hand, self.human_seat)

    # Actions ---------------------------------------------------------------------------------

    def start_hand(self) -> SeatView:
        """Deal the next hand; returns the human's view of it.

        Raises:
            ValueError: when the match is over or a hand is still live.
        """
        if self._hand is not None and self._hand.is_finished and self.match.hand is not None:
            raise ValueError("call finish_hand() before dealing the next hand")
        self._hand = self.match.start_hand(self._rng)
        self.serial += 1
        return self.human_view()

    def new_match(self) -> None:
        """Start another match with the same rules, seats and computer players.

        Raises:
            ValueError: while the current match is still being played.
        """
        if not self.match.is_over:
            raise ValueError("the current match is not over")
        self.match = MatchState(self.rules, rng=self._rng)
        self._hand = None
        self.serial += 1

    def bot_request(self) -> BotRequest:
        """The pending decision of the computer player to move.

        Raises:
            ValueError: when it is not a computer player's turn.
        """
        seat = self.to_move
        if seat is None or seat not in self.bots:
            raise ValueError(f"it is not a computer player's turn (to move: {seat!r})")
        return BotRequest(
            seat=seat,
            view=view_for(self.hand, seat),
            player=self.bots[seat],
            rng=self._bot_rngs[seat],
            serial=self.serial,
        )

    def apply(self, seat: int, action: int | str) -> None:
        """Apply ``seat``'s action, checked by the rules core.

        Raises:
            cuatrola.core.errors.InvalidActionError, NotYourTurnError, IllegalActionError:
                the action is malformed, out of turn or illegal; nothing changes.
        """
        self.hand.apply(action, seat=seat)
        self.serial += 1

    def finish_hand(self) -> HandResult:
        """Score the finished hand into the match and rotate the deal.

        Raises:
            ValueError: when the hand is not finished.
        """
        return self.match.finish_hand()
