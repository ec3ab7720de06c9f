"""Cuatrola: the rules, computer players and online card room of the Spanish card game.

The public API for bot authors and tools:

>>> import cuatrola
>>> cuatrola.legal_cards(["AO", "RC", "3E", "SB", "CC"], ["CO"], "B")
[Card('AO')]
>>> cuatrola.trick_winner(["CO", "AO", "SB"], "B")
2

See ``docs/api.md`` for the hand and match classes, views and records.
"""

from cuatrola.ai.knowledge.consistent import ConsistentDeals, Deal, deals_consistent_with
from cuatrola.core.actions import format_action, parse_action
from cuatrola.core.api import legal_cards, trick_winner
from cuatrola.core.cards import Card, Rank, Suit, parse_card
from cuatrola.core.errors import (
    CuatrolaError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RecordError,
    RulesError,
)
from cuatrola.core.hand import (
    Cante,
    HandResult,
    HandState,
    Obligation,
    Phase,
    Trick,
    partner_of,
    team_of,
)
from cuatrola.core.match import MatchState
from cuatrola.core.records import hand_to_record, replay_record, replay_summary
from cuatrola.core.rules import Contract, MatchEnd, Rules
from cuatrola.core.views import PublicView, SeatView, public_view, state_from, view_for

__version__ = "0.1.0"

__all__ = [
    "Cante",
    "Card",
    "ConsistentDeals",
    "Contract",
    "CuatrolaError",
    "Deal",
    "HandResult",
    "HandState",
    "IllegalActionError",
    "InvalidActionError",
    "MatchEnd",
    "MatchState",
    "NotYourTurnError",
    "Obligation",
    "Phase",
    "PublicView",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "Suit",
    "Trick",
    "deals_consistent_with",
    "format_action",
    "hand_to_record",
    "legal_cards",
    "parse_action",
    "parse_card",
    "partner_of",
    "public_view",
    "replay_record",
    "replay_summary",
    "state_from",
    "team_of",
    "trick_winner",
    "view_for",
]
