"""Trick obligations and trick winners as pure bitmask functions (docs/rules.md section 4).

These functions are the card-play rules: the engine, the search and the inference of what a
player cannot hold are all held to them. They allocate nothing.

Copies of rule 4.1 that stay for speed
--------------------------------------

:func:`legal_mask` is rule 4.1. Four hot loops carry a copy of it, inlined where a call per
card or per search node costs measurably, and one function reads it backwards. Each is held
equal to :func:`legal_mask` by the tests named here; a change to the rule is made here and in
every copy, and those tests say whether the copies still agree.

* **The checked engine**, ``HandState.legal_actions`` in :mod:`cuatrola.core.hand`: asked at
  every card of a hand played through the checked API. A call to :func:`legal_mask` there
  instead makes the ``python-state`` backend of ``cuatrola bench engine`` about 3% slower.
  (``HandState.legal_mask()``, and the check in ``apply`` when ``legal_actions`` was not
  asked first, call :func:`legal_mask`.) Test:
  ``tests/core/test_rule_copies.py::test_hand_state_legal_actions_are_legal_mask``, at every
  card of random hands under every rule set. Its ``apply`` also inlines the steps of a card
  play (``HandState._play``, not a rule but the engine's bookkeeping): a call there instead
  costs about 3% more instructions per ``python-state`` hand (docs/performance.md). Test:
  ``tests/core/test_ergonomics.py::test_checked_apply_and_apply_unchecked_reach_the_same_states``
  (``apply_unchecked`` plays through ``_play``).
* **The playout kernel**, :func:`cuatrola.core.rollout.random_plain_hand`: about 7% slower
  with a call (the ``python`` backend of ``cuatrola bench engine``). Tests:
  ``tests/core/test_rule_copies.py::test_the_kernel_plays_the_cards_legal_mask_allows`` (the
  kernel's hand equals the same random choices made among :func:`legal_mask`'s cards) and
  ``tests/core/test_rollout.py::test_kernel_and_hand_state_agree_on_the_same_random_choices``.
* **The solver's move generator**, the ``play`` closure of ``_Searcher._build`` in the
  pure-Python double-dummy solver, ``cuatrola/ai/search/_reference.py`` (``solve_python``,
  ``solve_moves_python``): once per search node; a call costs about 5% of a whole-hand
  solve. Its cards are seen only through the values they lead to. Tests:
  ``tests/core/test_rule_copies.py::test_the_python_solver_values_follow_legal_mask``
  (the values equal a brute-force minimax over :func:`legal_mask`'s cards) and
  ``tests/ai/test_solver.py::test_python_solver_matches_brute_force``.
* **The C twin**, ``legal_mask`` in the compiled solver, ``cuatrola/ai/search/_solver.c``
  (``solve``/``solve_moves`` when it is built; ``_csolver.pyi`` gives its signatures): C
  cannot call Python per node, and the compiled solver is about two orders of magnitude
  faster (``cuatrola bench solver``). Tests:
  ``tests/core/test_rule_copies.py::test_the_compiled_solver_moves_are_legal_mask`` (the
  cards of ``solve_moves`` are :func:`legal_mask`'s, and its values the brute force's) and
  ``tests/ai/test_solver_c.py::test_c_and_python_agree_from_trick_two_on``.
* **The inverse**, ``excluded_by_play`` in the deal inference,
  ``cuatrola/ai/knowledge/deals.py``: not a copy kept for speed but the rule read backwards,
  the cards a play shows its player did not hold. Test:
  ``tests/ai/test_worlds.py::test_excluded_by_play_is_exactly_the_legality_condition`` (a
  card is legal exactly when the hand holds none of the cards it excludes).

The kernel, the solver and the C twin also inline the trick winner (:func:`winning_card`,
rule 4.2); the same tests hold it, through the tricks, points and values they compare. The
Python copies read alike line for line, so ``duplicates`` pairs them (hand.py, rollout.py
and _reference.py with each other): those pairs are this list.

Everything else calls these functions rather than copying them. The wording of an obligation
(``HandState.obligation()`` and the messages of ``explain_illegal``) names the clause
:func:`clause_of` returns; ``cuatrola.legal_cards``, the deal consistency check and the
opponent model call :func:`legal_mask`. The clients work no rule out: the web client
(``web/src``) and the terminal client show the legal actions and the ``illegal`` reasons the
server sends.
"""

from __future__ import annotations

from typing import Literal

from cuatrola.core.cards import CARD_SUIT, SUIT_MASKS

#: A clause of docs/rules.md section 4.1, numbered as there.
Clause = Literal["1", "2a", "2b", "3a", "3b", "4"]


def legal_mask(hand: int, trick: int, led_suit: int, trump: int) -> int:
    """The cards of ``hand`` that may be played to a trick (docs/rules.md section 4.1).

    Args:
        hand: the player's cards (bitmask).
        trick: the cards already on the table in this trick (bitmask; 0 when leading).
        led_suit: the suit of the card that led the trick (ignored when ``trick`` is 0).
        trump: the trump suit.

    Returns:
        The legal cards as a bitmask (never empty when ``hand`` is not).

    The clauses, as numbered in section 4.1:

    1. Leading: any card.
    2. Holding the led suit L:
       a. L is not trump and a trump is on the table: any card of L.
       b. otherwise: a card of L stronger than the strongest L on the table, if held;
          else any card of L.
    3. Void in L, holding trumps:
       a. no trump on the table: any trump;
       b. trumps on the table: a trump stronger than the strongest one on the table, if
          held; else **any card**.
    4. Holding neither L nor trump: any card.

    Because a stronger card has a lower id (see :mod:`cuatrola.core.cards`), "stronger than
    the strongest on the table" is ``(low & -low) - 1`` where ``low`` is the table's cards of
    that suit.
    """
    if not trick:
        return hand  # 1
    led_mask = SUIT_MASKS[led_suit]
    follow = hand & led_mask
    if follow:
        trump_mask = SUIT_MASKS[trump]
        if led_suit != trump and trick & trump_mask:
            return follow  # 2a
        on_table = trick & led_mask
        beat = follow & ((on_table & -on_table) - 1)
        return beat or follow  # 2b
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        on_table = trick & SUIT_MASKS[trump]
        if not on_table:
            return trumps  # 3a
        over = trumps & ((on_table & -on_table) - 1)
        return over or hand  # 3b
    return hand  # 4


def clause_of(hand: int, trick: int, led_suit: int, trump: int) -> Clause:
    """The clause of docs/rules.md section 4.1 that decides the legal cards of ``hand``.

    The branches of :func:`legal_mask` (same arguments), naming the clause rather than the
    cards: what an obligation's wording is made from. "2b" and "3b" are named even when every
    held card is legal (no card of the led suit, or no trump, beats the table).

    >>> from cuatrola.core.cards import Suit, mask_of
    >>> clause_of(mask_of(["SO", "AO", "RC"]), mask_of(["RO"]), Suit.OROS, Suit.BASTOS)
    '2b'
    >>> clause_of(mask_of(["RC", "CB"]), mask_of(["AO", "RB"]), Suit.OROS, Suit.BASTOS)
    '3b'
    """
    if not trick:
        return "1"
    trump_mask = SUIT_MASKS[trump]
    if hand & SUIT_MASKS[led_suit]:
        return "2a" if led_suit != trump and trick & trump_mask else "2b"
    if hand & trump_mask:
        return "3b" if trick & trump_mask else "3a"
    return "4"


def winning_card(trick: int, led_suit: int, trump: int) -> int:
    """The card id that wins a trick given as a bitmask (docs/rules.md section 4.2).

    The strongest trump if any was played, else the strongest card of the led suit.
    """
    trumps = trick & SUIT_MASKS[trump]
    pool = trumps or (trick & SUIT_MASKS[led_suit])
    return (pool & -pool).bit_length() - 1


def led_suit_of(card: int) -> int:
    """The suit a card leads."""
    return CARD_SUIT[card]


__all__ = [
    "Clause",
    "clause_of",
    "led_suit_of",
    "legal_mask",
    "winning_card",
]
