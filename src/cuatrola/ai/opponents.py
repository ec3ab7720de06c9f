"""The expert's opponent model: how likely the plays and bids seen so far are in a deal.

The expert weighs every deal it considers by the likelihood of what the other seats did in
it (:class:`OpponentModel`). Each other seat is one of two kinds of player, and its plays so
far are explained by a mixture of the two (prior ``greedy_mix`` for the first), per seat:

* a **rule follower**, who plays the greedy card (:func:`~cuatrola.ai.players.greedy.
  greedy_card`) with probability ``1 - epsilon + epsilon / n`` and any other of his ``n``
  legal cards with ``epsilon / n``;
* a **strong player**, who chooses as perfect-information Monte Carlo would from his own
  seat, with what he knew when he played (:class:`PimcChoiceModel`, the *searched kind*),
  or, in the share ``1 - searched_share``, any legal card (a player whose plays tell
  nothing; all of it with the pure-Python solver, which cannot afford the search).

Mixing per seat rather than per play lets the evidence pick the kind: a seat whose plays are
all greedy in a deal is read sharply as a rule follower, one that strays is read as the other
kind instead of ruling the deal out. In a contract hand the bids count too
(:func:`bid_likelihood`: a bid says the hand is strong).

The pieces: :func:`play_evidence` replays the card play in one deal and records, for every
real choice another seat made, how many legal cards it had, whether its card was the greedy
one and (when asked) its chance under the searched kind; :func:`seat_likelihoods` and
:func:`evidence_likelihood` turn that into likelihoods; :class:`EvidenceCache` replays each
deal once per decision; :func:`greedy_posterior` is the belief that both opponents follow the
rules, which the expert's search against rule followers (:mod:`cuatrola.ai.search.exploit`)
is weighted by. The numbers are in :class:`~cuatrola.ai.config.ExpertConfig`.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.knowledge.deals import World
from cuatrola.ai.knowledge.history import PastPlay, knowledge_then, past_plays
from cuatrola.ai.players.greedy import bid_strength, greedy_card
from cuatrola.ai.search.solver import Position, mover_choices
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from cuatrola.core.tricks import legal_mask
from cuatrola.core.views import SeatView, dealt_hands

_DEFAULT = ExpertConfig()
#: Remembered answers of the searched kind before its memo is emptied (a few hundred per
#: hand; about 10 MB).
MEMO_SIZE = 20_000
#: The memo every :class:`PimcChoiceModel` shares unless given its own.
_SHARED_MEMO: dict[tuple[object, ...], dict[int, float]] = {}


@dataclass(frozen=True, slots=True)
class PlayEvidence:
    """One earlier real choice (more than one legal card) of another seat, replayed in one
    deal.

    Attributes:
        seat: who played.
        legal: how many legal cards the seat had.
        greedy: whether the card was the greedy choice.
        searched: the chance of the card if the seat chose it as PIMC would from his own
            view (:class:`PimcChoiceModel`; ``None`` when not computed).
    """

    seat: int
    legal: int
    greedy: bool
    searched: float | None = None


def other_choices(
    view: SeatView, world: World, past: Sequence[PastPlay] | None = None
) -> Iterator[tuple[PastPlay, list[int], int]]:
    """Every real choice another seat made so far, replayed in ``world``: the play, the
    four hands just before it (masks; the generator's own list, which the next play changes)
    and the seat's legal cards then (a mask). ``past``: the view's
    :func:`~cuatrola.ai.knowledge.history.past_plays` (the same for every deal; computed when
    not given)."""
    if past is None:
        past = past_plays(view)
    hands = dealt_hands(view, world)
    if view.sitting_out is not None:
        hands[view.sitting_out] = 0
    for play in past:
        if play.seat != view.seat:
            legal = legal_mask(hands[play.seat], play.table, play.led, view.trump)
            if legal & (legal - 1):
                yield play, hands, legal
        hands[play.seat] ^= 1 << play.card


def play_evidence(
    view: SeatView,
    world: World,
    searcher: PimcChoiceModel | None = None,
    past: Sequence[PastPlay] | None = None,
) -> list[PlayEvidence]:
    """The :class:`PlayEvidence` of every real choice another seat made so far in ``world``;
    with a ``searcher``, each also gets its chance under the searched kind. ``past`` as in
    :func:`other_choices`."""
    out: list[PlayEvidence] = []
    for play, hands, legal in other_choices(view, world, past):
        greedy = is_greedy(play, legal, view.trump)
        searched = None if searcher is None else searcher.chance(view, play, hands[play.seat])
        out.append(PlayEvidence(play.seat, legal.bit_count(), greedy, searched))
    return out


def is_greedy(play: PastPlay, legal: int, trump: int) -> bool:
    """Whether ``play`` was the greedy card among its seat's ``legal`` cards."""
    trick = list(zip(play.trick_seats, play.trick, strict=True))
    return greedy_card(legal, trick, play.seat, trump) == play.card


#: The chance of an earlier play's card under a kind of player other than the two of the
#: product's model, or ``None`` for "any legal card" (research models add such kinds).
OtherKind = Callable[[PlayEvidence], float | None]


def seat_likelihoods(
    evidence: Sequence[PlayEvidence],
    epsilon: float,
    searched_share: float = 0.0,
    other_kind: OtherKind | None = None,
) -> tuple[list[float], list[float]]:
    """Per seat, the likelihood of its plays in ``evidence`` under the rule follower and
    under the other kind (see the module docstring): a ``searched_share`` of it chooses as
    PIMC would (plays without that chance computed count as any legal card), the rest plays
    any legal card (or, with ``other_kind``, the chance it gives, where it gives one)."""
    greedy = [1.0, 1.0, 1.0, 1.0]
    other = [1.0, 1.0, 1.0, 1.0]
    searched = [1.0, 1.0, 1.0, 1.0]
    for item in evidence:
        n = item.legal
        greedy[item.seat] *= (1 - epsilon + epsilon / n) if item.greedy else epsilon / n
        if searched_share:
            searched[item.seat] *= 1 / n if item.searched is None else item.searched
        chance = None if other_kind is None else other_kind(item)
        if chance is None:
            other[item.seat] /= n
        else:
            other[item.seat] *= chance
    if searched_share:
        other = [
            searched_share * f + (1 - searched_share) * o
            for f, o in zip(searched, other, strict=True)
        ]
    return greedy, other


def evidence_likelihood(
    evidence: Sequence[PlayEvidence],
    me: int,
    epsilon: float,
    mix: float,
    searched_share: float = 0.0,
    other_kind: OtherKind | None = None,
) -> float:
    """The likelihood of ``evidence`` under the per-seat mixture of the two kinds (``mix``:
    the prior of the rule follower; ``searched_share`` and ``other_kind`` as in
    :func:`seat_likelihoods`); the seat ``me``'s own plays do not count."""
    greedy, other = seat_likelihoods(evidence, epsilon, searched_share, other_kind)
    weight = 1.0
    for seat in range(4):
        if seat != me:
            weight *= mix * greedy[seat] + (1 - mix) * other[seat]
    return weight


def greedy_posterior(greedy: Sequence[float], other: Sequence[float], mix: float) -> float:
    """The chance that every listed opponent is of the greedy kind, given the likelihood of
    its plays under each kind (``greedy[i]``, ``other[i]``) and the prior ``mix``."""
    chance = 1.0
    for g, o in zip(greedy, other, strict=True):
        total = mix * g + (1 - mix) * o
        chance *= mix * g / total if total > 0 else mix
    return chance


def bid_likelihood(
    view: SeatView, dealt: Sequence[int], stray: float = _DEFAULT.bid_stray
) -> float:
    """How likely the other seats' bids are given their dealt hands, under a softened greedy
    bidding model: the bid of :func:`~cuatrola.ai.players.greedy.bid_strength` with
    probability ``1 - stray``, any other legal bid with the rest."""
    rules: Rules = view.rules
    cap = rules.bid_cap
    weight = 1.0
    highest = Contract.PASS
    for index, bid in enumerate(view.bids):
        seat = (view.mano + index) % 4
        allowed = [
            c
            for c in rules.contracts()
            if c is Contract.PASS
            or (
                c > highest
                and (cap is None or view.score_before[seat & 1] + CONTRACTS[c].value <= cap)
            )
        ]
        if seat != view.seat and len(allowed) > 1:
            strength = bid_strength(dealt[seat], view.trump)
            fitting = [c for c in allowed if c <= strength]
            predicted = max(fitting) if fitting else Contract.PASS
            weight *= (1 - stray) if bid == predicted else stray / (len(allowed) - 1)
        if bid > highest:
            highest = bid
    return weight


class EvidenceCache:
    """The evidence of each deal for one view, replayed once per decision: the deal weights
    and the belief in rule-following opponents both read it. ``searcher``: the searched
    kind, whose chances are computed only when asked for (they are the costly part).

    A subclass may read more in each play (a research model's kinds): it asks
    :meth:`cached` with flags of its own after the searcher's, and computes the evidence in
    :meth:`compute`."""

    def __init__(self, view: SeatView, searcher: PimcChoiceModel | None = None) -> None:
        self.view = view
        self.searcher = searcher
        self._found: dict[tuple[World, tuple[bool, ...]], Sequence[PlayEvidence]] = {}
        self._past: list[PastPlay] | None = None
        #: Whether any deal's evidence was asked for with the searcher's chances.
        self.searched = False

    def of(self, world: World, searched: bool = False) -> Sequence[PlayEvidence]:
        """:func:`play_evidence` of ``world``, computed at most once (evidence with the
        searched chances also serves a request without them; shared: do not change it).
        ``searched`` asks for the chances of the ``searcher`` (ignored without one)."""
        return self.cached(world, (searched and self.searcher is not None,))

    def cached(self, world: World, flags: tuple[bool, ...]) -> Sequence[PlayEvidence]:
        """The evidence of ``world`` with ``flags`` (the searcher's chances, then a
        subclass's readings), computed at most once: evidence computed with a flag on also
        serves a request with it off (shared: do not change it)."""
        found_of = self._found
        for serving in _serving(flags):
            found = found_of.get((world, serving))
            if found is not None:
                return found
        if self._past is None:
            self._past = past_plays(self.view)
        self.searched = self.searched or flags[0]
        found = self.compute(world, flags, self._past)
        found_of[(world, flags)] = found
        return found

    def compute(
        self, world: World, flags: tuple[bool, ...], past: Sequence[PastPlay]
    ) -> Sequence[PlayEvidence]:
        """The evidence of ``world`` with ``flags`` (here the searcher's chances only);
        ``past``: the view's past plays."""
        return play_evidence(self.view, world, self.searcher if flags[0] else None, past)


@functools.cache
def _serving(flags: tuple[bool, ...]) -> tuple[tuple[bool, ...], ...]:
    """The flags whose evidence serves a request with ``flags``, in the order looked up:
    each flag as asked or on, the last one changing fastest."""
    return tuple(itertools.product(*((flag, True) for flag in flags)))


class PimcChoiceModel:
    """The searched kind: the chance that a PIMC-like player holding ``hand`` played each
    legal card, seen from his own seat.

    A rule follower is easy to model; a strong player is not, because his choice depends on
    what he could not see. This model puts itself in his seat: in a deal where he held
    ``hand`` when he played, it rebuilds what he knew then
    (:func:`~cuatrola.ai.knowledge.history.knowledge_then`), samples deals consistent with
    that as :mod:`cuatrola.ai.players.pimc` would, solves each double dummy and scores his
    legal cards. A PIMC player's choice depends on the deals he happened to draw, so his
    chance of a card is the share of bootstrap resamples of those deals in which PIMC picks
    it (:func:`~cuatrola.ai.search.solver.mover_choices`), mixed with ``epsilon`` of any legal
    card (a strong player is not exactly PIMC). Resampling lets each position say how sure
    the choice is: a card that is best in every deal gets nearly all of the chance, one that
    is best on average by a hair about half.

    Every answer is a pure function of the public play, the seat and his hand (the deals are
    drawn from a generator seeded by them), so remembering answers across deals, decisions
    and players changes only the speed.

    Args:
        samples: deals sampled from the player's view.
        resamples: bootstrap resamples of those deals.
        epsilon: share of "any legal card".
        memo_size: remembered answers before the memo is emptied.
        memo: where answers are remembered; by default one memo for every model in the
            process. The question includes the number of deals and of resamples, so sharing
            changes only the speed: the two players of a team ask many of the same questions,
            and the server keeps one player per level for all its tables (so the memory
            stays bounded).
    """

    def __init__(
        self,
        samples: int = _DEFAULT.searched_samples,
        resamples: int = _DEFAULT.searched_resamples,
        epsilon: float = _DEFAULT.searched_epsilon,
        memo_size: int = MEMO_SIZE,
        memo: dict[tuple[object, ...], dict[int, float]] | None = None,
    ) -> None:
        self.samples = samples
        self.resamples = resamples
        self.epsilon = epsilon
        self.memo_size = memo_size
        self._memo = _SHARED_MEMO if memo is None else memo
        #: Questions this model was asked (answered from the memo or not), and those it
        #: had to search (the costly ones).
        self.asked = 0
        self.searched = 0

    @property
    def remembered(self) -> int:
        """How many answers the memo holds."""
        return len(self._memo)

    def chance(self, view: SeatView, play: PastPlay, hand: int) -> float:
        """The chance that ``play``'s seat, holding ``hand`` then, played ``play.card``."""
        shares = self.shares(view, play, hand)
        return (1 - self.epsilon) * shares[play.card] + self.epsilon / len(shares)

    def shares(self, view: SeatView, play: PastPlay, hand: int) -> dict[int, float]:
        """The share of the bootstrap resamples of the sampled deals in which PIMC chooses
        each legal card of ``play``'s seat holding ``hand`` then (they sum to 1)."""
        return self._answer(view, play, hand, self.resamples)

    def _answer(
        self, view: SeatView, play: PastPlay, hand: int, resamples: int
    ) -> dict[int, float]:
        """The answer to one question (:meth:`_read` with ``resamples``), from the memo when
        it was asked before."""
        bidder = -1 if view.bidder is None else view.bidder  # hash(None) varies by process
        seed = (view.trump, view.dealer, int(view.contract), bidder, play.history, hand)
        # The whole question: the seed with the facts fixed within one hand (the shown card,
        # the cantes), since one player may serve many hands (the server keeps one per level).
        key = (seed, play.pins, play.points, play.sung, self.samples, resamples)
        self.asked += 1
        found = self._memo.get(key)
        if found is not None:
            return found
        self.searched += 1
        # Seeded by the moment and the hand, so the same question always gets the same
        # answer (the facts fixed within a hand are left out of the seed).
        worlds = knowledge_then(play, hand).sample_many(random.Random(hash(seed)), self.samples)
        if view.sitting_out is not None:
            worlds = [_without_dead_hand(world, view.sitting_out) for world in worlds]
        pos = Position(
            worlds[0],
            int(view.trump),  # a plain int in the search's hot loops
            play.seat,
            play.trick,
            play.trick_seats,
            view.sitting_out,
            view.contract,
            view.bidder,
            play.points,
            play.tricks_won,
            play.number,
            play.sung,
        )
        found = self._read(pos, worlds, hash(seed), resamples)
        if len(self._memo) >= self.memo_size:
            self._memo.clear()
        self._memo[key] = found
        return found

    def _read(
        self, pos: Position, worlds: list[World], seed: int, resamples: int
    ) -> dict[int, float]:
        """Each legal card's share of the ``resamples`` in which PIMC over ``worlds`` (the
        hands of ``pos``) chooses it."""
        counts = mover_choices(pos, worlds, resamples, seed, keep_table=True)
        return {card: count / resamples for card, count in counts.items()}


def _without_dead_hand(world: World, dead: int) -> World:
    """``world`` with the sitting-out seat's cards taken off (the solver wants them 0)."""
    hands = list(world)
    hands[dead] = 0
    return (hands[0], hands[1], hands[2], hands[3])


class OpponentModel:
    """The expert's model of the other seats (see the module docstring), with the numbers
    of ``config``: how likely a deal is, and the belief that both opponents follow the
    rules."""

    def __init__(self, config: ExpertConfig) -> None:
        self.epsilon = config.epsilon
        self.greedy_mix = config.greedy_mix
        self.searched_share = config.searched_share
        self.bid_stray = config.bid_stray
        #: The searched kind (``None`` when ``searched_share`` is 0).
        self.searcher = (
            PimcChoiceModel(
                config.searched_samples, config.searched_resamples, config.searched_epsilon
            )
            if config.searched_share
            else None
        )

    def evidence(self, view: SeatView) -> EvidenceCache:
        """A fresh cache of the evidence of each deal, for one decision."""
        return EvidenceCache(view, self.searcher)

    def likelihood(
        self,
        view: SeatView,
        world: World,
        evidence: EvidenceCache | None = None,
        searched: bool = True,
    ) -> float:
        """How likely the other seats' plays (and, in a contract hand, the bids) are in
        ``world``; relative, not normalised. ``searched=False`` leaves out the searched kind
        (in its share, any legal card instead): the cheap part of the model. ``evidence``:
        the decision's cache of replayed plays."""
        searcher = self.searcher if searched else None
        if evidence is not None:
            plays = evidence.of(world, searched)
        else:
            plays = play_evidence(view, world, searcher)
        share = self.searched_share if searcher is not None else 0.0
        weight = self.bids_likelihood(view, world)
        return weight * evidence_likelihood(plays, view.seat, self.epsilon, self.greedy_mix, share)

    def bids_likelihood(self, view: SeatView, world: World) -> float:
        """How likely the other seats' bids are in ``world`` (1 when nobody bid a contract)."""
        if view.contract is Contract.PASS:
            return 1.0
        return bid_likelihood(view, dealt_hands(view, world), self.bid_stray)

    def fallback_likelihood(self, view: SeatView, world: World, evidence: EvidenceCache) -> float:
        """The cheapest likelihood, for weighing every deal again once the time is out
        (weights from different parts of the model are not comparable)."""
        return self.likelihood(view, world, evidence, searched=False)

    def greedy_belief(self, view: SeatView, world: World, evidence: EvidenceCache) -> float:
        """The belief, in ``world``, that both opponents of the seat follow the greedy rules
        (the posterior of the rule follower, seat by seat; the searched chances count when
        the decision asked for them)."""
        team = view.seat & 1
        opponents = [s for s in range(4) if s & 1 != team and s != view.sitting_out]
        plays = evidence.of(world, evidence.searched)
        greedy, other = seat_likelihoods(
            plays, self.epsilon, self.searched_share, self.belief_kind()
        )
        return greedy_posterior(
            [greedy[s] for s in opponents], [other[s] for s in opponents], self.greedy_mix
        )

    def belief_kind(self) -> OtherKind | None:
        """The other kind's chances as :meth:`greedy_belief` reads them, where they are not
        "any legal card" (none in the product's model; a research model's kinds)."""
        return None
