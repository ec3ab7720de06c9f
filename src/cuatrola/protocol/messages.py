"""The wire messages of the card room's websocket protocol (docs/protocol.md).

Every message is a JSON object with a ``type`` field. Client commands (:data:`ClientMessage`)
and server messages (:data:`ServerMessage`) are frozen :mod:`msgspec` structs; the codec in
:mod:`cuatrola.protocol.codec` is the only way in or out.

Hidden information: the only types that can carry cards are the views of
:mod:`cuatrola.protocol.views`, made from core views; none can hold another seat's cards.
"""

from __future__ import annotations

from typing import Final

import msgspec

from cuatrola.core.actions import NUM_ACTIONS, format_action
from cuatrola.core.rules import NO_QUINTOLA_SUFFIX, Rules
from cuatrola.core.shuffle import MAX_CONTRIBUTION_BYTES
from cuatrola.protocol.views import HandSummary, HandView

#: The protocol version this module speaks (see "Compatibility" in docs/protocol.md).
PROTOCOL_VERSION: Final = 1

MAX_ID_LEN: Final = 64
MAX_TABLE_ID_LEN: Final = 40
MAX_CHAT_LEN: Final = 200
MAX_NAME_LEN: Final = 24

#: Quick chat phrases a client may send by key (the client translates them).
QUICK_PHRASES: Final = (
    "hello",
    "good_luck",
    "well_played",
    "thanks",
    "sorry",
    "oops",
    "hurry",
    "good_game",
    "rematch",
    "bye",
)

#: The rules presets a table may use (``exactN``: first to exactly N; ``to21``: first to 21;
#: ``handsN``: a fixed number of hands).
RULES_PRESETS: Final = (*(f"exact{n}" for n in range(3, 22)), "to21", "hands11", "hands20")

#: Computer player levels a table may ask for, in the order clients offer them: the one list
#: (each is a registered player, tests/protocol/test_levels.py; the web client's copy in
#: web/src/protocol.js is held equal by tests/web/test_catalogues.py).
BOT_LEVELS: Final = ("easy", "medium", "hard", "expert")

#: Every action exactly as ``act`` must spell it (the core's notation, case and all).
ACTION_CODES: Final = frozenset(format_action(a) for a in range(NUM_ACTIONS))


class _Base(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Client messages: unknown fields are refused (typos are caught)."""


class _Out(msgspec.Struct, frozen=True, tag_field="type"):
    """Server messages: clients ignore fields they do not know (docs/protocol.md,
    "Compatibility")."""


# Options ---------------------------------------------------------------------------------------


class TableOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table's options.

    Attributes:
        rules: a rules preset: ``exact11`` (default), ``exactN`` (3..21), ``to21``, ``hands11``,
            ``hands20``; never a ``-noquintola`` name of :attr:`Rules.name
            <cuatrola.core.rules.Rules.name>`: ``quintola`` says that, once.
        quintola: the Quintola variant.
        turn_time: seconds a seat has to act before a computer player acts for it; ``0``
            turns the timer off. The server raises values below its minimum to the minimum.
        bot_level: the level of the computer players at this table.
        public: listed in the lobby and open to spectators; ``None`` (the default) is on for
            quick match and private tables and off for a table against the computer.
        hints: whether seated players may ask for a ``hint``; ``None`` (the default) is on
            for a table against the computer and off for quick match and private tables.
            A match played with hints on is never rated.
    """

    rules: str = "exact11"
    quintola: bool = True
    turn_time: float = msgspec.field(default=30.0)
    bot_level: str = "medium"
    public: bool | None = None
    hints: bool | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.turn_time <= 600:
            raise ValueError("turn_time must be from 0 to 600 seconds")
        if self.bot_level not in BOT_LEVELS:
            raise ValueError(f"bot_level must be one of {', '.join(BOT_LEVELS)}")
        base = self.rules.removesuffix(NO_QUINTOLA_SUFFIX)
        if base != self.rules and base in RULES_PRESETS:
            # Rules.name's form: the wire says "no quintola" once, in the quintola field.
            raise ValueError(
                f"rules takes the preset without {NO_QUINTOLA_SUFFIX}: send rules {base!r} "
                "with quintola false"
            )
        if self.rules not in RULES_PRESETS:
            raise ValueError(
                f"rules must be exact3..exact21 (exact11 is the default), to21, hands11 or "
                f"hands20, got {self.rules[:20]!r}"
            )

    def to_rules(self) -> Rules:
        """The core rule set these options name.

        Raises:
            RulesError: for an unknown preset.
        """
        return Rules.preset(self.rules, quintola=self.quintola)


# Client -> server --------------------------------------------------------------------------------


class Hello(_Base, frozen=True, tag="hello"):
    """First message of every connection: the session token (never sent back)."""

    token: str = msgspec.field()
    protocol: int = PROTOCOL_VERSION
    client: str = ""

    def __post_init__(self) -> None:
        # A token of any other length is simply not a live one: the server answers
        # ``unauthorized`` and closes, as for any unknown token.
        if len(self.client) > 64:
            raise ValueError("client must be at most 64 characters")


class Ping(_Base, frozen=True, tag="ping"):
    """Keep-alive; the server answers :class:`Pong`."""

    nonce: int = 0


class LobbySubscribe(_Base, frozen=True, tag="lobby"):
    """Subscribe to (``on=true``) or leave the live lobby list."""

    on: bool = True


class CreateTable(_Base, frozen=True, tag="create_table"):
    """Create a private table and sit at ``seat`` (any free seat when ``None``)."""

    id: str
    options: TableOptions = TableOptions()
    seat: int | None = None
    #: Computer players to seat at once, by seat.
    bots: list[int] = msgspec.field(default_factory=list)

    def __post_init__(self) -> None:
        _check_id(self.id)
        if self.seat is not None:
            _check_seat(self.seat)
        for seat in self.bots:
            _check_seat(seat)
        if len(set(self.bots)) != len(self.bots):
            raise ValueError("bots lists a seat twice")
        if self.seat is not None and self.seat in self.bots:
            raise ValueError(f"seat {self.seat} is yours and cannot also be a computer player's")
        if len(self.bots) > 3:
            raise ValueError("bots may list at most three seats: one is yours")


class Join(_Base, frozen=True, tag="join"):
    """Sit at a table named by ``table`` id or invite ``code``, at ``seat`` or any free one."""

    id: str
    table: str | None = None
    code: str | None = None
    seat: int | None = None

    def __post_init__(self) -> None:
        _check_id(self.id)
        if (self.table is None) == (self.code is None):
            raise ValueError("give exactly one of table or code")
        if self.table is not None:
            _check_table(self.table)
        if self.code is not None and not (1 <= len(self.code) <= 16 and self.code.isalnum()):
            raise ValueError("code must be 1..16 letters or digits")
        if self.seat is not None:
            _check_seat(self.seat)


class Subscribe(_Base, frozen=True, tag="subscribe"):
    """Receive a table's events: as its seat's owner, or as a spectator.

    ``since`` is the last event sequence number the client has; the server sends exactly the
    events after it (or a :class:`Sync` snapshot when it has none, or they are too old).
    """

    id: str
    table: str
    since: int | None = None

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)
        if self.since is not None and self.since < 0:
            raise ValueError("since must be >= 0")


class Unsubscribe(_Base, frozen=True, tag="unsubscribe"):
    """Stop receiving a table's events."""

    id: str
    table: str

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)


class Leave(_Base, frozen=True, tag="leave"):
    """Give up one's seat (before the match: free it; during it: a computer player keeps it)."""

    id: str
    table: str

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)


class AddBot(_Base, frozen=True, tag="add_bot"):
    """Seat a computer player at a free seat of a table that has not started (seated players)."""

    id: str
    table: str
    seat: int

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)
        _check_seat(self.seat)


class QuickMatch(_Base, frozen=True, tag="quick_match"):
    """Join (``on=true``) or leave the quick match queue."""

    id: str
    on: bool = True

    def __post_init__(self) -> None:
        _check_id(self.id)


class PlayComputer(_Base, frozen=True, tag="play_computer"):
    """Start a match at once against three computer players (the human sits at seat 0)."""

    id: str
    options: TableOptions = TableOptions()

    def __post_init__(self) -> None:
        _check_id(self.id)


class Act(_Base, frozen=True, tag="act"):
    """Make a move: a card (``"RO"``), a bid (``"pass"``, ``"solo"``...), ``"cante:O"`` or
    ``"nocante"``. ``seq`` (optional) is the last event seq the client saw; a stale one is
    refused so a client never acts on an outdated view."""

    id: str
    table: str
    action: str
    seat: int | None = None
    seq: int | None = None

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)
        if self.action not in ACTION_CODES:
            raise ValueError(
                "action must be a card code (RO), a bid (pass, solo, cuatrola, quintola), "
                "cante:O|C|E|B or nocante, exactly as written here"
            )
        if self.seat is not None:
            _check_seat(self.seat)


class Reclaim(_Base, frozen=True, tag="reclaim"):
    """Take one's seat back from the computer player that holds it."""

    id: str
    table: str

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)


class Chat(_Base, frozen=True, tag="chat"):
    """Say something at a table: free ``text`` (1..200 characters) or a quick ``phrase``."""

    id: str
    table: str
    text: str | None = None
    phrase: str | None = None

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)
        if (self.text is None) == (self.phrase is None):
            raise ValueError("give exactly one of text or phrase")
        if self.text is not None and not 1 <= len(self.text.strip()) <= MAX_CHAT_LEN:
            raise ValueError(f"text must be 1..{MAX_CHAT_LEN} characters")
        if self.text is not None and not self.text.isprintable():
            raise ValueError("text must be one line of printable characters")
        if self.phrase is not None and self.phrase not in QUICK_PHRASES:
            raise ValueError(f"phrase must be one of {', '.join(QUICK_PHRASES)}")


class Mute(_Base, frozen=True, tag="mute"):
    """Hide (``on=true``) or show the chat of ``seat`` at a table, or with ``spectators``
    the chat of every spectator, for this user only (give exactly one of the two)."""

    id: str
    table: str
    seat: int | None = None
    on: bool = True
    spectators: bool = False

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)
        if (self.seat is None) != self.spectators:
            raise ValueError("give exactly one of seat or spectators: true")
        if self.seat is not None:
            _check_seat(self.seat)


class Rematch(_Base, frozen=True, tag="rematch"):
    """After the match: accept (or refuse) a rematch with the same seats."""

    id: str
    table: str
    accept: bool = True

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)


class Contribute(_Base, frozen=True, tag="contribute"):
    """A seated player's random ``value`` (1..64 bytes in lowercase hex) for the verifiable
    shuffle of the next deal, sent after its ``shuffle_commit`` event (docs/records.md)."""

    id: str
    table: str
    value: str

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)
        if (
            len(self.value) % 2
            or not 2 <= len(self.value) <= 2 * MAX_CONTRIBUTION_BYTES
            or self.value.strip("0123456789abcdef")
        ):
            raise ValueError(
                f"value must be 1..{MAX_CONTRIBUTION_BYTES} bytes written as lowercase hex"
            )


class Hint(_Base, frozen=True, tag="hint"):
    """Ask for the expert's move for one's own decision at ``table`` (when its ``hints``
    option is on); answered by an ``ack``, then a :class:`HintReply` to this connection."""

    id: str
    table: str

    def __post_init__(self) -> None:
        _check_id(self.id)
        _check_table(self.table)


ClientMessage = (
    Hello
    | Ping
    | LobbySubscribe
    | CreateTable
    | Join
    | Subscribe
    | Unsubscribe
    | Leave
    | AddBot
    | QuickMatch
    | PlayComputer
    | Act
    | Reclaim
    | Chat
    | Mute
    | Rematch
    | Contribute
    | Hint
)
"""Any message a client may send."""

CLIENT_TYPES: Final = tuple(
    t.__struct_config__.tag
    for t in (
        Hello,
        Ping,
        LobbySubscribe,
        CreateTable,
        Join,
        Subscribe,
        Unsubscribe,
        Leave,
        AddBot,
        QuickMatch,
        PlayComputer,
        Act,
        Reclaim,
        Chat,
        Mute,
        Rematch,
        Contribute,
        Hint,
    )
)


def _check_id(value: str) -> None:
    if not 1 <= len(value) <= MAX_ID_LEN or not value.isprintable() or " " in value:
        raise ValueError(f"id must be 1..{MAX_ID_LEN} printable characters without spaces")


def _check_table(value: str) -> None:
    if not 1 <= len(value) <= MAX_TABLE_ID_LEN or not value.replace("-", "").isalnum():
        raise ValueError("table must be a table id")


def _check_seat(value: int) -> None:
    if value not in range(4):
        raise ValueError(f"seat must be 0..3, got {value!r}")


# Server -> client: shared parts ----------------------------------------------------------------


class UserInfo(msgspec.Struct, frozen=True):
    """Who a connection is: opaque user id, display name, guest or registered."""

    id: str
    name: str
    guest: bool


class SeatInfo(msgspec.Struct, frozen=True):
    """Who sits at a seat.

    Attributes:
        seat: 0..3 (seats 0 and 2 are team 0).
        name: the player's name, or the computer player's name; ``None`` when free.
        user: the owner's user id (``None`` for a computer player or a free seat).
        bot: a computer player sits (or plays for the absent owner).
        away: the owner is seated but a computer player plays for them for now.
        online: the owner has a live connection.
        bot_level: the computer level (``easy``... ``expert``, the table's
            :attr:`TableOptions.bot_level`) when a computer player of the table sits here in its
            own right, so clients can show its name in their language; ``None`` for a person's
            seat (even while a computer player keeps it) or a free one.
    """

    seat: int
    name: str | None = None
    user: str | None = None
    bot: bool = False
    away: bool = False
    online: bool = False
    bot_level: str | None = None


class TableInfo(msgspec.Struct, frozen=True):
    """A table's public description (lobby rows, ``sync`` and ``seats`` events).

    Attributes:
        id: the table id.
        code: the invite code (only sent to people at the table; empty in the lobby).
        kind: ``private``, ``quick`` or ``computer``.
        options: the table options.
        status: ``open`` (waiting for players), ``playing``, ``finished`` (rematch offer open).
        seats: the four seats.
        score: the match score per team.
        hands_played: finished hands in this match.
        match: the match number at this table (1 for the first, +1 per rematch).
        spectators: how many watch.
        rematch: the seats that accepted a rematch.
    """

    id: str
    code: str
    kind: str
    options: TableOptions
    status: str
    seats: list[SeatInfo]
    score: tuple[int, int] = (0, 0)
    hands_played: int = 0
    match: int = 1
    spectators: int = 0
    rematch: list[int] = msgspec.field(default_factory=list)


# Table events (sequenced) ------------------------------------------------------------------------


class _Event(msgspec.Struct, frozen=True, tag_field="kind"):
    pass


class SeatsChanged(_Event, frozen=True, tag="seats"):
    """Seats, status or options changed (someone sat, left, a bot took over...)."""

    info: TableInfo


class MatchStarted(_Event, frozen=True, tag="match_start"):
    """A match begins: its number at this table and the first dealer."""

    match: int
    first_dealer: int
    rules: str


class Dealt(_Event, frozen=True, tag="deal"):
    """A new hand was dealt; ``view`` shows the recipient its own five cards."""

    view: HandView


class Acted(_Event, frozen=True, tag="act"):
    """``seat`` made a move (``action`` in notation); ``auto`` when a computer player acted for
    an absent or timed-out owner. ``view`` is the state after the move for the recipient."""

    seat: int
    action: str
    auto: bool
    view: HandView


class CantesOver(_Event, frozen=True, tag="cantes_over"):
    """The cante window after a trick closed and nobody sang (whether or not anybody could:
    this event is the same either way); ``view`` is the hand as play goes on."""

    view: HandView


class HandEnded(_Event, frozen=True, tag="hand_end"):
    """The hand is over: its summary (with the dead hand revealed) and the new match score."""

    summary: HandSummary
    score: tuple[int, int]
    hands_played: int


class MatchEnded(_Event, frozen=True, tag="match_end"):
    """The match is over: the winning team and the final score; a rematch may be offered."""

    winner: int
    score: tuple[int, int]
    hands_played: int


class ChatSaid(_Event, frozen=True, tag="chat"):
    """A chat line from ``seat`` (``None``: a spectator) named ``name``: ``text`` or a quick
    ``phrase`` key. Clients must escape ``text`` and ``name``. ``own`` is true only in the
    copies sent to the user who said it: a mute of theirs never hides it."""

    seat: int | None
    name: str
    text: str | None = None
    phrase: str | None = None
    own: bool = False


class ChatLine(ChatSaid, frozen=True):
    """A line of a :class:`Sync`'s recent chat: the ``chat`` event's body and the event's
    ``seq``, so that a client tells the lines it has shown from new ones (``None``: from a
    server that did not number them)."""

    seq: int | None = None


class ShuffleCommitted(_Event, frozen=True, tag="shuffle_commit"):
    """The next deal's shuffle is committed: ``commitment`` is SHA-256 of its secret seed
    (hex), for derivation ``version``. ``seats`` may send a ``contribute`` within ``window``
    seconds; the deal follows (docs/records.md, "The shuffle proof")."""

    commitment: str
    version: int
    seats: list[int]
    window: float


class ShuffleContribution(msgspec.Struct, frozen=True):
    """A seat's contribution to a shuffle (hex)."""

    seat: int
    value: str


class ShuffleRevealed(_Event, frozen=True, tag="shuffle_reveal"):
    """The hand is over: the ``seed`` (hex) behind ``commitment`` and the contributions the
    deck was derived from, so that anybody can check the deal."""

    commitment: str
    version: int
    seed: str
    contributions: list[ShuffleContribution]


class Clock(msgspec.Struct, frozen=True):
    """The running turn timer: ``seat`` must act within ``remaining_ms`` milliseconds (counted
    from when the frame was sent), out of ``total_ms`` for the whole turn."""

    seat: int
    remaining_ms: int
    total_ms: int


class TurnTimer(_Event, frozen=True, tag="timer"):
    """``seat`` must act within ``seconds`` (the turn timer started)."""

    seat: int
    seconds: float


EventBody = (
    SeatsChanged
    | MatchStarted
    | Dealt
    | Acted
    | CantesOver
    | HandEnded
    | MatchEnded
    | ChatSaid
    | TurnTimer
    | ShuffleCommitted
    | ShuffleRevealed
)
"""The body of a table event."""


# Server -> client messages -----------------------------------------------------------------------


class Welcome(_Out, frozen=True, tag="welcome"):
    """Answer to :class:`Hello`: who you are, and the tables where you hold a seat."""

    user: UserInfo
    protocol: int = PROTOCOL_VERSION
    tables: list[str] = msgspec.field(default_factory=list)


class Ack(_Out, frozen=True, tag="ack"):
    """A command was accepted (or, with ``duplicate``, had already been accepted).

    ``table``/``seat`` tell where a create/join/play_computer seated you, and for any other
    table command your seat there (``None``: none); ``seq`` is the table's event sequence
    number after the command.
    """

    id: str
    table: str | None = None
    seat: int | None = None
    seq: int | None = None
    duplicate: bool = False


class Error(_Out, frozen=True, tag="error"):
    """A message was refused and changed nothing. ``id`` is the command's id if it had one.

    ``code`` is one of the codes listed in docs/protocol.md ("Errors").
    """

    code: str
    message: str
    id: str | None = None


class HintReply(_Out, frozen=True, tag="hint"):
    """The answer to :class:`Hint` (command ``id``), to the asking connection only: the
    expert's ``action`` for ``seat``'s decision, in notation, and a ``reason`` key
    (docs/protocol.md, "Hints"). ``seq`` is the table's event seq it was asked at: a later
    game event makes it stale."""

    id: str
    table: str
    seat: int
    action: str
    reason: str
    seq: int


class HandAnalysisReady(_Out, frozen=True, tag="hand_analysis"):
    """The analysis after the hand of hand ``hand`` (from 1) of match ``match`` at ``table``,
    sent to every follower of the table once it is computed (docs/protocol.md, "Analysis
    after the hand"). ``analysis`` is a ``cuatrola-analysis/1`` hand analysis of the seats
    people own (docs/analysis.md): it is about a hand that is over, whose cards are all
    public by then, and nothing in it concerns the next hand."""

    table: str
    match: str
    hand: int
    analysis: msgspec.Raw


class Pong(_Out, frozen=True, tag="pong"):
    """Answer to :class:`Ping`."""

    nonce: int = 0


class Lobby(_Out, frozen=True, tag="lobby"):
    """The full lobby list: public tables that are open or being played, and how many
    people are online (distinct users with an open socket)."""

    tables: list[TableInfo]
    online: int = 0


class Online(_Out, frozen=True, tag="online"):
    """The number of people online changed (sent to lobby subscribers)."""

    players: int


class LobbyUpdate(_Out, frozen=True, tag="lobby_update"):
    """One lobby row changed (``removed``: it left the lobby)."""

    table: TableInfo
    removed: bool = False


class QueueStatus(_Out, frozen=True, tag="queue"):
    """Quick match queue status: ``waiting`` players, and seconds before computer players fill."""

    on: bool
    waiting: int = 0
    fill_in: float = 0.0


class Seated(_Out, frozen=True, tag="seated"):
    """You were given a seat (quick match); subscribe to the table to play."""

    table: str
    seat: int


class Sync(_Out, frozen=True, tag="sync"):
    """A table snapshot at event ``seq``, for a new subscriber or one too far behind.

    ``seat`` is your seat (``None``: spectator); ``view`` the current hand (``None`` between
    hands); ``chat`` the recent chat lines; ``shuffle`` the commitment of the next deal while
    it waits for contributions (``None`` otherwise); ``auto`` the moves of ``view``'s hand
    that a computer player made for the seat's owner, as ``(seat, action)`` in the order they
    were made (each was an ``act`` event with ``auto``); ``muted`` the seats whose chat you
    muted at this table (``mute``), in seat order, and ``muted_spectators`` whether you muted
    the spectators' chat.
    """

    table: str
    seq: int
    info: TableInfo
    seat: int | None
    view: HandView | None
    chat: list[ChatLine] = msgspec.field(default_factory=list)
    timer: TurnTimer | None = None
    clock: Clock | None = None
    shuffle: ShuffleCommitted | None = None
    auto: list[tuple[int, str]] = msgspec.field(default_factory=list)
    muted: list[int] = msgspec.field(default_factory=list)
    muted_spectators: bool = False


class Muted(_Out, frozen=True, tag="muted"):
    """Whose chat you muted at ``table`` now: the ``seats`` (in seat order) and whether
    ``spectators``; sent to every connection of yours that follows the table after each
    ``mute`` of yours there, on whichever connection you sent it."""

    table: str
    seats: list[int] = msgspec.field(default_factory=list)
    spectators: bool = False


class Event(_Out, frozen=True, tag="event"):
    """One table event, numbered ``seq`` (1, 2, 3... per table, no gaps).

    ``body`` is ``None`` when the event's content is not for this recipient (a private
    event of another seat, or chat from a muted seat): the number alone keeps the sequence
    contiguous.
    """

    table: str
    seq: int
    body: EventBody | None
    clock: Clock | None = None


class Presence(_Out, frozen=True, tag="presence"):
    """A seated owner connected or disconnected (not sequenced: not part of the table log)."""

    table: str
    seat: int
    online: bool


ServerMessage = (
    Welcome
    | Ack
    | Error
    | Pong
    | Lobby
    | LobbyUpdate
    | QueueStatus
    | Seated
    | Sync
    | Event
    | Presence
    | Online
    | HintReply
    | HandAnalysisReady
    | Muted
)
"""Any message the server may send."""

SERVER_TYPES: Final = (
    Welcome,
    Ack,
    Error,
    Pong,
    Lobby,
    LobbyUpdate,
    QueueStatus,
    Seated,
    Sync,
    Event,
    Presence,
    Online,
    HintReply,
    HandAnalysisReady,
    Muted,
)
