"""A match (*partida*): successive hands, dealer rotation, score and the end (section 7).

>>> import random
>>> from cuatrola.core.rules import Rules
>>> match = MatchState(Rules(), first_dealer=0)
>>> hand = match.start_hand(random.Random(1))
>>> hand.dealer, hand.mano, match.score
(0, 1, (0, 0))
"""

from __future__ import annotations

import random

from cuatrola.core.hand import HandResult, HandState
from cuatrola.core.rules import MatchEnd, Rules


class MatchState:
    """The state of a whole match: rules, score, the hands played and the current hand.

    The deal passes to the mano after every hand. Call :meth:`start_hand` with an RNG to deal
    the next hand, play it through :attr:`hand`, then :meth:`finish_hand` to add its result;
    :attr:`winner` is set once the match is over.

    Attributes:
        rules: the rule set.
        first_dealer: who dealt the first hand.
        dealer: who deals the current (or next) hand.
        score: game points per team.
        results: the results of the finished hands, in order.
        hand: the hand being played, if any.
        winner: the winning team once the match is over, else ``None``.
    """

    __slots__ = ("dealer", "first_dealer", "hand", "results", "rules", "score", "winner")

    def __init__(
        self,
        rules: Rules,
        *,
        first_dealer: int | None = None,
        rng: random.Random | None = None,
        score: tuple[int, int] = (0, 0),
    ) -> None:
        """Start a match; the first dealer is ``first_dealer`` or drawn from ``rng``.

        Raises:
            ValueError: when neither ``first_dealer`` nor ``rng`` is given.
        """
        if first_dealer is None:
            if rng is None:
                raise ValueError("give first_dealer or an rng to draw it")
            first_dealer = rng.randrange(4)
        if first_dealer not in range(4):
            raise ValueError(f"expected a dealer seat 0..3, got {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.score = score
        self.results: list[HandResult] = []
        self.hand: HandState | None = None
        self.winner: int | None = None

    @property
    def is_over(self) -> bool:
        """Whether the match has a winner."""
        return self.winner is not None

    @property
    def hands_played(self) -> int:
        """Number of finished hands."""
        return len(self.results)

    def start_hand(self, rng: random.Random) -> HandState:
        """Deal the next hand with ``rng`` and make it the current hand.

        Raises:
            ValueError: when the match is over or a hand is still being played.
        """
        self._check_can_start()
        self.hand = HandState.deal(self.rules, self.dealer, rng, self.score)
        return self.hand

    def start_hand_with(self, hand: HandState) -> HandState:
        """Use a hand built elsewhere (from a record, say) as the next hand.

        Raises:
            ValueError: when it does not fit the match (dealer, score, rules) or a hand is live.
        """
        self._check_can_start()
        if (hand.dealer, hand.score_before, hand.rules) != (self.dealer, self.score, self.rules):
            raise ValueError("the hand's dealer, score or rules do not match the match")
        self.hand = hand
        return hand

    def _check_can_start(self) -> None:
        if self.winner is not None:
            raise ValueError("the match is over")
        if self.hand is not None and not self.hand.is_finished:
            raise ValueError("the current hand is not finished")

    def finish_hand(self) -> HandResult:
        """Add the current (finished) hand's result, rotate the deal and check the end.

        Raises:
            ValueError: when there is no finished hand to add.
        """
        hand = self.hand
        if hand is None or hand.result is None:
            raise ValueError("no finished hand to add")
        result = hand.result
        self.results.append(result)
        self.score = result.score_after
        self.dealer = (self.dealer + 1) % 4
        self.hand = None
        self.winner = match_winner(self.rules, self.score, len(self.results))
        return result


def match_winner(rules: Rules, score: tuple[int, int], hands_played: int) -> int | None:
    """The winning team for a score after ``hands_played`` hands, or ``None`` to play on.

    * Exact target and first-to: the team that reached the target (only one team scores per
      hand, and under the exact rule only the opponents' failed contract can overshoot).
    * Fixed hands: after the last hand, the team ahead; a tie plays one more hand at a time.
    """
    if rules.end is MatchEnd.FIXED_HANDS:
        assert rules.hands is not None
        if hands_played >= rules.hands and score[0] != score[1]:
            return 0 if score[0] > score[1] else 1
        return None
    assert rules.target is not None
    for team in (0, 1):
        if score[team] >= rules.target:
            return team
    return None


__all__ = [
    "MatchState",
    "match_winner",
]
