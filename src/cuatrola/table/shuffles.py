"""The table's side of the verifiable shuffle (:mod:`cuatrola.core.shuffle`).

Before each deal the table draws a secret seed and stores it (a ``shuffle`` record), then
publishes its commitment (``shuffle_commit``); the seated people may send a contribution
each (``contribute`` records); the deal is derived from the seed and the contributions and
its ``deal`` record holds those inputs; after the hand the seed is revealed
(``shuffle_reveal``). This module holds the pending shuffle between the commitment and the
deal, and the event bodies; :mod:`cuatrola.table.dealing` drives it for the table.

When the deal follows: at the end of the pause after the previous hand (none before a
match's first hand), once every seat a person plays has contributed or the contribution
window is over, whichever comes first. Between hands the window runs during the pause, so
with the default settings (a 2 s pause, a 1.5 s window) play is not slowed at all.

Hidden information: the seed determines every hand, so it is in records only (never sent)
until the hand it dealt is finished.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cuatrola.core.shuffle import SHUFFLE_VERSION, commitment, derive_deck, parse_seed
from cuatrola.protocol.messages import ShuffleCommitted, ShuffleContribution, ShuffleRevealed
from cuatrola.table.records import Contribution, ShuffleInputs


@dataclass
class PendingShuffle:
    """A committed shuffle waiting for its deal.

    Attributes:
        seed: the secret seed.
        deal: the number the hand it deals will have at the table.
        pause: seconds of pause before the deal (the pause after the previous hand; 0 for a
            match's first hand).
        window: seconds the seated people have to contribute.
        contributions: the values received so far (lowercase hex), by seat.
        pause_over, window_over: the pause and the window have run out (timer outcomes,
            not stored: a restored table waits again).
    """

    seed: bytes
    deal: int
    pause: float
    window: float
    contributions: dict[int, str] = field(default_factory=dict)
    pause_over: bool = False
    window_over: bool = False

    @classmethod
    def start(cls, seed_hex: str, deal: int, pause: float, window: float) -> PendingShuffle:
        """A pending shuffle from the stored seed (hex)."""
        return cls(
            seed=parse_seed(seed_hex),
            deal=deal,
            pause=max(pause, 0.0),
            window=max(window, 0.0),
            pause_over=pause <= 0,
            window_over=window <= 0,
        )

    @property
    def commitment(self) -> str:
        """SHA-256 of the seed, hex."""
        return commitment(self.seed)

    def inputs(self) -> ShuffleInputs:
        """The inputs the deal's record keeps."""
        return ShuffleInputs(
            seed=self.seed.hex(),
            contributions=[
                Contribution(seat=s, value=self.contributions[s])
                for s in sorted(self.contributions)
            ],
            v=SHUFFLE_VERSION,
        )

    def deck(self) -> list[int]:
        """The deck derived from the seed and the contributions received."""
        return deck_of(self.inputs())

    def committed(self, seats: list[int]) -> ShuffleCommitted:
        """The public event of the commitment: ``seats`` (the people seated) may contribute
        for as long as the deal may wait, the longer of the pause and the window; nobody
        when the deal does not wait at all."""
        longest = max(self.pause, self.window)
        return ShuffleCommitted(
            commitment=self.commitment,
            version=SHUFFLE_VERSION,
            seats=seats if longest > 0 else [],
            window=longest if seats else 0.0,
        )


def deck_of(inputs: ShuffleInputs) -> list[int]:
    """The deck that ``inputs`` derive.

    Raises:
        ValueError: on inputs that are not a shuffle of a version this code knows.
    """
    if inputs.v != SHUFFLE_VERSION:
        raise ValueError(f"unknown shuffle derivation version {inputs.v}")
    values = {c.seat: bytes.fromhex(c.value) for c in inputs.contributions}
    return derive_deck(parse_seed(inputs.seed), values)


def revealed(inputs: ShuffleInputs) -> ShuffleRevealed:
    """The public event that reveals a finished hand's shuffle."""
    return ShuffleRevealed(
        commitment=commitment(parse_seed(inputs.seed)),
        version=inputs.v,
        seed=inputs.seed,
        contributions=[
            ShuffleContribution(seat=c.seat, value=c.value) for c in inputs.contributions
        ],
    )


def proof_json(inputs: ShuffleInputs) -> dict[str, object]:
    """A hand record's ``shuffle`` object (docs/records.md)."""
    return {
        "version": inputs.v,
        "commitment": commitment(parse_seed(inputs.seed)),
        "seed": inputs.seed,
        "contributions": [{"seat": c.seat, "value": c.value} for c in inputs.contributions],
    }


__all__ = ["PendingShuffle", "deck_of", "proof_json", "revealed"]
