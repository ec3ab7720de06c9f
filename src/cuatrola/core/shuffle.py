"""The verifiable shuffle: a deck order derived from a committed seed and the players' values.

Before a deal the server draws a secret 32-byte seed and publishes its commitment,
``SHA-256(seed)``; each seated player may then send a random value (a *contribution*); the
deck is derived from the seed and every contribution; after the hand the seed is revealed.
Anybody can then check that the seed matches the commitment and that the hands follow from
the inputs. A server that changed the seed after seeing the contributions would break the
commitment; a player who knows only its own value cannot predict or steer the deck.

Derivation version 1 (docs/records.md, "The shuffle proof", with test vectors):

- the message prefix is ``b"cuatrola-shuffle/1"``, then one byte: the number of
  contributions, then for each contribution in increasing seat order one byte for the seat,
  one byte for the value's length (1..64) and the value's bytes;
- block ``k`` (k = 0, 1, 2...) of the key stream is ``HMAC-SHA256(key=seed, prefix || k as 4
  bytes big-endian)``; the stream is the blocks one after another;
- the deck starts as the card ids 0..19 in order; for ``i`` from 19 down to 1, with
  ``n = i + 1``, bytes are read from the stream until one, ``b``, is below
  ``256 - 256 % n`` (rejection sampling: every index is equally likely), and
  ``deck[i]`` is swapped with ``deck[b % n]`` (Fisher-Yates).

Pure: the seed is passed in (drawn by the caller from a CSPRNG), no I/O, no clock.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from cuatrola.core.cards import CARD_CODES, NUM_CARDS, codes_of, parse_card_id
from cuatrola.core.rollout import deal_masks

#: The derivation this module implements (the ``version`` of a record's ``shuffle`` object).
SHUFFLE_VERSION: Final = 1
#: Bytes in a seed.
SEED_BYTES: Final = 32
#: The longest contribution, in bytes (a contribution has at least one byte).
MAX_CONTRIBUTION_BYTES: Final = 64
#: The domain-separation prefix of derivation version 1.
DOMAIN: Final = b"cuatrola-shuffle/1"


def commitment(seed: bytes) -> str:
    """The commitment to ``seed``: ``SHA-256(seed)`` in lowercase hex.

    >>> commitment(bytes(32))[:16]
    '66687aadf862bd77'
    """
    return hashlib.sha256(seed).hexdigest()


def parse_hex(text: object, *, what: str, min_bytes: int, max_bytes: int) -> bytes:
    """The bytes of ``text``, lowercase hex of ``min_bytes``..``max_bytes`` bytes.

    Raises:
        ValueError: naming ``what`` when ``text`` is not such a string.
    """
    if not isinstance(text, str):
        raise ValueError(f"{what} must be a hex string, got {type(text).__name__}")
    size = f"{min_bytes}" if min_bytes == max_bytes else f"{min_bytes}..{max_bytes}"
    if (
        len(text) % 2
        or not min_bytes * 2 <= len(text) <= max_bytes * 2
        or text.strip("0123456789abcdef")
    ):
        raise ValueError(f"{what} must be {size} bytes in lowercase hex, got {text[:20]!r}")
    return bytes.fromhex(text)


def parse_seed(text: object) -> bytes:
    """The seed written as 64 lowercase hex digits.

    Raises:
        ValueError: when it is not.
    """
    return parse_hex(text, what="seed", min_bytes=SEED_BYTES, max_bytes=SEED_BYTES)


def parse_contribution(text: object) -> bytes:
    """A contribution written in lowercase hex (1..64 bytes).

    Raises:
        ValueError: when it is not.
    """
    return parse_hex(text, what="contribution", min_bytes=1, max_bytes=MAX_CONTRIBUTION_BYTES)


def _message_prefix(contributions: Mapping[int, bytes]) -> bytes:
    parts = [DOMAIN, bytes([len(contributions)])]
    for seat in sorted(contributions):
        value = contributions[seat]
        if seat not in range(4):
            raise ValueError(f"a contribution's seat must be 0..3, got {seat!r}")
        if not 1 <= len(value) <= MAX_CONTRIBUTION_BYTES:
            raise ValueError(f"contribution of seat {seat} must be 1..64 bytes")
        parts.append(bytes([seat, len(value)]))
        parts.append(value)
    return b"".join(parts)


def key_stream(seed: bytes, contributions: Mapping[int, bytes]) -> Iterator[int]:
    """The bytes of the HMAC-SHA256 key stream over ``seed`` and ``contributions``."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, got {len(seed)}")
    prefix = _message_prefix(contributions)
    counter = 0
    while True:
        yield from hmac.digest(seed, prefix + counter.to_bytes(4, "big"), "sha256")
        counter += 1


def derive_deck(seed: bytes, contributions: Mapping[int, bytes]) -> list[int]:
    """The deck (card ids; the last is the dealer's shown card) of derivation version 1.

    Args:
        seed: the 32-byte secret seed.
        contributions: each contributing seat's value (1..64 bytes), by seat.

    Raises:
        ValueError: on a seed that is not 32 bytes or a contribution out of bounds.
    """
    stream = key_stream(seed, contributions)
    deck = list(range(NUM_CARDS))
    for i in range(NUM_CARDS - 1, 0, -1):
        n = i + 1
        limit = 256 - 256 % n
        byte = next(stream)
        while byte >= limit:
            byte = next(stream)
        j = byte % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class ShuffleMismatch(ValueError):
    """A record's shuffle proof does not hold.

    Attributes:
        what: what does not match: ``shuffle`` (a malformed proof), ``commitment``,
            ``contribution``, ``hands`` or ``trump``.
        reason: why, in words.
    """

    def __init__(self, what: str, reason: str) -> None:
        super().__init__(f"{what}: {reason}")
        self.what = what
        self.reason = reason


@dataclass(frozen=True)
class ShuffleProof:
    """The inputs of one verifiable shuffle, as a hand record's ``shuffle`` object holds them."""

    version: int
    commitment: str
    seed: bytes
    contributions: dict[int, bytes]

    def to_json(self) -> dict[str, Any]:
        """The record's ``shuffle`` object."""
        return {
            "version": self.version,
            "commitment": self.commitment,
            "seed": self.seed.hex(),
            "contributions": [
                {"seat": seat, "value": self.contributions[seat].hex()}
                for seat in sorted(self.contributions)
            ],
        }


def proof_from_json(obj: object) -> ShuffleProof:
    """Read a record's ``shuffle`` object (without checking that it holds).

    Raises:
        ShuffleMismatch: ``shuffle`` or ``contribution`` when it is malformed.
    """
    if not isinstance(obj, Mapping):
        raise ShuffleMismatch("shuffle", "the shuffle proof must be an object")
    version = obj.get("version")
    # True == 1 in Python: a bool is no version number (the browser's check refuses it too).
    if isinstance(version, bool) or version != SHUFFLE_VERSION:
        raise ShuffleMismatch("shuffle", f"unknown derivation version {version!r}")
    digest = obj.get("commitment")
    if not isinstance(digest, str):
        raise ShuffleMismatch("commitment", "the commitment must be a hex string")
    try:
        seed = parse_seed(obj.get("seed"))
    except ValueError as exc:
        raise ShuffleMismatch("shuffle", str(exc)) from None
    return ShuffleProof(version, digest, seed, _contributions(obj.get("contributions")))


def _contributions(items: object) -> dict[int, bytes]:
    if not isinstance(items, list):
        raise ShuffleMismatch("contribution", "contributions must be a list")
    found: dict[int, bytes] = {}
    for index, item in enumerate(items):
        seat = item.get("seat") if isinstance(item, Mapping) else None
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
            raise ShuffleMismatch("contribution", f"contribution {index} must name a seat 0..3")
        if seat in found:
            raise ShuffleMismatch("contribution", f"seat {seat} contributes twice")
        try:
            found[seat] = parse_contribution(item.get("value"))
        except ValueError as exc:
            raise ShuffleMismatch("contribution", f"seat {seat}'s {exc}") from None
    return found


def verify_deal(
    proof: ShuffleProof, dealer: int, hands: Iterable[Iterable[str]], trump: str
) -> list[int]:
    """Check that ``proof`` holds for a deal: the commitment is ``SHA-256(seed)`` and the
    deck derived from the seed and the contributions deals exactly ``hands`` (card codes by
    seat, as a replayable record has them) with ``trump`` as the dealer's shown card.
    Returns the deck.

    Raises:
        ShuffleMismatch: ``commitment``, ``hands`` or ``trump``, naming what differs.
        ValueError: on a card code that is not one (a record that does not replay).
    """
    expected = commitment(proof.seed)
    if proof.commitment != expected:
        raise ShuffleMismatch(
            "commitment",
            f"SHA-256 of the seed is {expected}, but the record commits to {proof.commitment}",
        )
    deck = derive_deck(proof.seed, proof.contributions)
    for seat, (mask, cards) in enumerate(zip(deal_masks(deck, dealer), hands, strict=True)):
        held = [parse_card_id(code) for code in cards]
        if sum(1 << card for card in held) != mask:
            record = " ".join(CARD_CODES[card] for card in held)
            raise ShuffleMismatch(
                "hands",
                f"seat {seat}'s hand does not follow from the seed and contributions: "
                f"they deal {' '.join(codes_of(mask))}, the record has {record}",
            )
    shown = CARD_CODES[deck[-1]]
    if shown != CARD_CODES[parse_card_id(trump)]:
        raise ShuffleMismatch(
            "trump", f"the seed and contributions show {shown}, the record has {trump}"
        )
    return deck


__all__ = [
    "DOMAIN",
    "MAX_CONTRIBUTION_BYTES",
    "SEED_BYTES",
    "SHUFFLE_VERSION",
    "ShuffleMismatch",
    "ShuffleProof",
    "commitment",
    "derive_deck",
    "key_stream",
    "parse_contribution",
    "parse_hex",
    "parse_seed",
    "proof_from_json",
    "verify_deal",
]
