"""The ``cuatrola-hand/1`` hand record: writing and replaying (docs/records.md).

A record is a JSON object describing one complete hand: the rules that matter for it, the
score before it, the deal, the bids and every play with the cantes in place. It works on
plain Python data (dicts, lists, strings); reading and writing JSON is the caller's job, so
this module stays free of I/O.

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(3))
>>> while not state.is_finished:
...     state.apply_unchecked(state.legal_actions()[0])
>>> replay_record(hand_to_record(state)).result == state.result
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from cuatrola.core.actions import CANTE_BASE, NO_CANTE, bid_action
from cuatrola.core.cards import CANTE_MASKS, CARD_CODES, SUIT_LETTERS, codes_of, parse_card_id
from cuatrola.core.errors import RecordError, RulesError
from cuatrola.core.hand import HAND_SIZE, NUM_SEATS, HandState, Phase
from cuatrola.core.rules import CONTRACTS, MAX_TARGET, MIN_TARGET, Contract, Rules

FORMAT: Final = "cuatrola-hand/1"


def hand_to_record(state: HandState, **extra: Any) -> dict[str, Any]:
    """The ``cuatrola-hand/1`` record of a finished hand.

    Args:
        state: the hand, over (a record holds a whole hand: one of a hand in play would not
            replay).
        **extra: extra keys to add (a match id, the players, the ``shuffle`` proof of a hand
            dealt verifiably: :meth:`cuatrola.core.shuffle.ShuffleProof.to_json`); a replay
            ignores them, ``cuatrola verify`` checks the proof.

    Raises:
        ValueError: when the hand is not over, or an extra key is one of the record's own
            (``hands``, ``plays``...), which it would replace.
    """
    if not state.is_finished:
        raise ValueError("the hand is not over: a record holds a whole hand")
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.record_rules(),
        "score_before": list(state.score_before),
        "dealer": state.dealer,
        "hands": [codes_of(mask) for mask in state.dealt],
        "trump": str(state.trump_card),
        "bids": [c.label for c in state.bids],
        "plays": state.record_plays(),
    }
    clash = sorted(set(extra) & set(record))
    if clash:
        raise ValueError(f"extra keys would replace the record's own: {', '.join(clash)}")
    record.update(extra)
    return record


def rules_from_record(rules: object) -> Rules:
    """The :class:`Rules` a record's ``rules`` object stands for.

    ``target`` caps the bids (an exact-target match); ``null`` means no cap, replayed as a
    first-to-21 rule set since a single hand plays the same either way.

    Raises:
        RecordError: on a malformed ``rules`` object.
    """
    if rules is None:
        rules = {}
    if not isinstance(rules, Mapping):
        raise RecordError("rules must be an object", "rules")
    quintola = rules.get("quintola", True)
    target = rules.get("target", 11)
    if not isinstance(quintola, bool):
        raise RecordError(f"rules.quintola must be true or false, got {quintola!r}", "rules")
    try:
        if target is None:
            return Rules.first_to(21, quintola=quintola)
        return Rules.exact(target, quintola=quintola)
    except RulesError:
        raise RecordError(
            f"rules.target must be a whole number from {MIN_TARGET} to {MAX_TARGET}, or null for "
            f"no cap, got {target!r}",
            "rules",
        ) from None


def _score(value: object) -> tuple[int, int]:
    if value is None:
        return (0, 0)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        return (value[0], value[1])
    raise RecordError(f"score_before must be two game-point counts, got {value!r}", "score_before")


def _hands(value: object) -> list[int]:
    if not isinstance(value, list):
        raise RecordError("hands must be a list of four hands", "hands")
    seen = 0
    masks: list[int] = []
    for seat in range(NUM_SEATS):
        if seat >= len(value):
            raise RecordError("hands must list four hands", "hands", seat)
        cards = value[seat]
        if not isinstance(cards, list) or len(cards) != HAND_SIZE:
            raise RecordError(f"hand {seat} must be a list of five card codes", "hands", seat)
        mask = 0
        for code in cards:
            try:
                card = parse_card_id(code)
            except ValueError as exc:
                raise RecordError(str(exc), "hands", seat) from None
            if (seen | mask) >> card & 1:
                raise RecordError(f"{CARD_CODES[card]} is dealt twice", "hands", seat)
            mask |= 1 << card
        seen |= mask
        masks.append(mask)
    if len(value) > NUM_SEATS:
        raise RecordError("hands must list exactly four hands", "hands", NUM_SEATS)
    return masks


def replay_record(record: object) -> HandState:
    """Replay a ``cuatrola-hand/1`` record into the finished :class:`HandState`.

    Raises:
        RecordError: naming the first offending entry (``field``, ``index``) and why. A record
            that ends too early points at the index where the missing entry belongs; one that
            goes on after the hand is over points at the first extra entry.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object", "format")
    if _required(record, "format") != FORMAT:
        raise RecordError(f"expected format {FORMAT!r}, got {record['format']!r}", "format")
    rules = rules_from_record(record.get("rules"))
    score_before = _score(record.get("score_before"))
    cap = rules.bid_cap
    if cap is not None and max(score_before) >= cap:
        # A team at the target (or past it, by the other team's failed contract) has won:
        # an exact-target match plays no hand after that.
        raise RecordError(
            f"score_before must be below the target {cap} (a team there has won the match), "
            f"got {list(score_before)!r}",
            "score_before",
        )
    dealer = _required(record, "dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in range(NUM_SEATS):
        raise RecordError(f"dealer must be a seat 0..3, got {dealer!r}", "dealer")
    hands = _hands(_required(record, "hands"))
    trump_code = _required(record, "trump")
    try:
        trump_card = parse_card_id(trump_code)  # type: ignore[arg-type]
    except ValueError as exc:
        raise RecordError(str(exc), "trump") from None
    if not hands[dealer] >> trump_card & 1:
        raise RecordError(f"the shown card {trump_code} is not in the dealer's hand", "trump")
    state = HandState.from_masks(rules, dealer, hands, trump_card, score_before)
    _replay_bids(state, _required(record, "bids"))
    _replay_plays(state, _required(record, "plays"))
    return state


def _required(record: Mapping[str, object], key: str) -> object:
    """The value of a key every record has; a record without it is refused at that key."""
    if key not in record:
        raise RecordError(f"the record has no {key!r} (a required key)", key)
    return record[key]


def replay_steps(record: object) -> Iterator[tuple[int | None, int | None, HandState]]:
    """Replay a record one decision at a time: ``(seat, action, state)`` after each step.

    The first step is the deal (``seat`` and ``action`` are ``None``); then one step per bid,
    card, cante and declined cante (``NO_CANTE``, which records leave implicit). The same
    :class:`HandState` object is yielded each time, changed in place: read what you need
    from it before asking for the next step.

    Raises:
        RecordError: as :func:`replay_record`, before the first step.
    """
    actions = replay_record(record).history
    assert isinstance(record, Mapping)  # checked by replay_record
    hands = _hands(record.get("hands"))
    trump_card = parse_card_id(record["trump"])
    state = HandState.from_masks(
        rules_from_record(record.get("rules")),
        record["dealer"],
        hands,
        trump_card,
        _score(record.get("score_before")),
    )
    yield None, None, state
    for action in actions:
        seat = state.to_move
        state.apply_unchecked(action)
        yield seat, action, state


def _replay_bids(state: HandState, bids: object) -> None:
    if not isinstance(bids, list):
        raise RecordError("bids must be a list of four bids", "bids")
    for index, text in enumerate(bids):
        if state.phase is not Phase.BIDDING:
            raise RecordError("the bidding is one lap of four bids", "bids", index)
        try:
            contract = Contract.parse(text)
        except ValueError as exc:
            raise RecordError(str(exc), "bids", index) from None
        action = bid_action(contract)
        if not state.legal_mask() >> action & 1:
            raise RecordError(state.explain_illegal(action), "bids", index)
        state.apply_unchecked(action)
    if state.phase is Phase.BIDDING:
        raise RecordError("the record ends before the bidding does", "bids", len(bids))


def _replay_plays(state: HandState, plays: object) -> None:
    if not isinstance(plays, list):
        raise RecordError("plays must be a list", "plays")
    for index, entry in enumerate(plays):
        if state.is_finished:
            raise RecordError("the record goes on after the hand is over", "plays", index)
        if not isinstance(entry, str):
            raise RecordError(f"expected a card code or 'cante:X', got {entry!r}", "plays", index)
        if entry.lower().startswith("cante:"):
            _replay_cante(state, entry[6:], index)
            continue
        try:
            card = parse_card_id(entry)
        except ValueError as exc:
            raise RecordError(str(exc), "plays", index) from None
        while state.phase is Phase.CANTE:  # a card after a won trick: nobody sang
            state.apply_unchecked(NO_CANTE)
        seat = state.to_move
        if not state.legal_mask() >> card & 1:
            if not state.hands[seat] >> card & 1:  # type: ignore[index]
                raise RecordError(f"seat {seat} does not hold {CARD_CODES[card]}", "plays", index)
            raise RecordError(
                f"{CARD_CODES[card]} is not a legal play for seat {seat}: "
                f"{state.explain_illegal(card)}",
                "plays",
                index,
            )
        state.apply_unchecked(card)
    if not state.is_finished:
        raise RecordError("the record ends before the hand does", "plays", len(plays))


def _replay_cante(state: HandState, letter: str, index: int) -> None:
    if not CONTRACTS[state.contract].cantes_allowed:
        raise RecordError("no cantes in cuatrola or quintola", "plays", index)
    if len(letter) != 1 or letter.upper() not in SUIT_LETTERS:
        raise RecordError(
            f"expected 'cante:' and a suit letter O, C, E or B, got {letter!r}", "plays", index
        )
    suit = SUIT_LETTERS.index(letter.upper())
    if state.phase is not Phase.CANTE:
        at_boundary = not state.trick_cards and 1 <= len(state.tricks) <= 3
        if not at_boundary:
            reason = "a cante must come right after a trick won by the singer's side"
        elif state.cantes and state.cantes[-1].trick == len(state.tricks) - 1:
            reason = "only one cante per won trick"
        elif state.sung >> suit & 1:
            reason = f"the cante of {SUIT_LETTERS[suit]} was already sung"
        else:
            reason = "nobody on the winning side holds that rey and caballo"
        raise RecordError(reason, "plays", index)
    options = state.cante_options()
    holder = next((seat for seat, suits in options.items() if suit in suits), None)
    if holder is None:
        if state.sung >> suit & 1:
            reason = f"the cante of {SUIT_LETTERS[suit]} was already sung"
        elif any(
            state.hands[s] & CANTE_MASKS[suit] == CANTE_MASKS[suit]
            for s in (state.cante_team, state.cante_team + 2)
            if s != state.sitting_out
        ):
            reason = "the 40 (the cante in trump) must be sung before any 20"
        else:
            reason = "nobody on the winning side holds that rey and caballo"
        raise RecordError(reason, "plays", index)
    if state.to_move != holder:
        state.apply_unchecked(NO_CANTE)  # the first seat asked declines; his partner sings
    state.apply_unchecked(CANTE_BASE + suit)


def replay_summary(record: object) -> dict[str, Any]:
    """The ``cuatrola replay`` output object for one record (never raises on bad records).

    Returns ``{"ok": true, ...result}`` for a valid record and
    ``{"ok": false, "error": ..., "at": {"field": ..., "index": ...}}`` for an invalid one.
    """
    try:
        state = replay_record(record)
    except RecordError as exc:
        return {"ok": False, "error": exc.reason, "at": {"field": exc.field, "index": exc.index}}
    assert state.result is not None
    return {"ok": True, **state.result.to_json()}


__all__ = [
    "FORMAT",
    "hand_to_record",
    "replay_record",
    "replay_summary",
    "rules_from_record",
]
