"""``Table.replay`` (what a reconnection gets) gives exactly the frames of projecting each
event one by one, for every recipient, from any point of the kept events."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuatrola.core.actions import format_action
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import TableOptions
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import (
    Act,
    BotAct,
    Chat,
    CloseCantes,
    Command,
    FillBots,
    Join,
    OwnerGone,
    Rematch,
    Watch,
)
from cuatrola.table.effects import AskBot
from cuatrola.table.events import HandEvent

USERS = tuple(UserId(name) for name in ("ana", "bea", "carla", "dani"))
EVE = UserId("eve")


class Match:
    """A table played by random moves, its computer players answered at once."""

    def __init__(self, seed: int, humans: int, cante_window: float, event_window: int) -> None:
        self.rng = random.Random(seed)
        self.table = Table(
            TableId("t1"),
            "CODE1",
            TableKind.PRIVATE,
            TableOptions(rules="exact3", turn_time=0),
            TableConfig(hand_pause=0, cante_window=cante_window, event_window=event_window),
            random.Random(seed),
        )
        self.n = 0
        for seat in range(humans):
            self.send(Join(USERS[seat], USERS[seat].title(), seat, self.cmd()))
        self.send(FillBots(tuple(self.table.free_seats)))

    def cmd(self) -> CommandId:
        self.n += 1
        return CommandId(f"c{self.n}")

    def send(self, command: Command) -> None:
        asks: list[AskBot] = []
        step: Step = self.table.handle(command)
        while True:
            asks += [o for o in step.effects if isinstance(o, AskBot)]
            if not asks:
                return
            ask = asks.pop(0)
            step = self.table.handle(
                BotAct(ask.seat, ask.turn, self.rng.choice(ask.view.legal_actions))
            )

    def play(self, matches: int) -> None:
        """Play ``matches`` matches, with chat, cantes, absences and returns on the way."""
        table, rng = self.table, self.rng
        for _ in range(5000):
            if table.status == TableStatus.FINISHED:
                if table.match_number >= matches:
                    return
                for user in table.humans:
                    self.send(Rematch(user, True, self.cmd()))
                continue
            assert table.status == TableStatus.PLAYING
            hand = table.hand
            assert hand is not None
            roll = rng.random()
            if roll < 0.05:
                speaker = rng.choice([*table.humans, EVE])
                self.send(Chat(speaker, speaker, f"hola {self.n}", None, self.cmd()))
            elif roll < 0.07:
                self.send(OwnerGone(rng.choice(table.humans)))  # a computer plays for a while
            elif roll < 0.10:
                self.send(Watch(rng.choice(table.humans)))  # and the owner is back
            elif table.window is not None:
                window = table.window
                for singer, options in window.options.items():
                    owner = table.seats[singer].user
                    if owner is not None and not table.seats[singer].away and rng.random() < 0.7:
                        choice = format_action(rng.choice(options))
                        self.send(Act(owner, choice, None, None, self.cmd()))
                self.send(CloseCantes(window.turn))
            else:
                seat = hand.to_move
                assert seat is not None
                owner = table.seats[seat].user
                assert owner is not None and not table.seats[seat].computer_plays
                action = format_action(rng.choice(hand.legal_actions()))
                self.send(Act(owner, action, None, None, self.cmd()))
        raise AssertionError("the matches did not end")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    humans=st.integers(1, 4),
    matches=st.integers(1, 2),
    cante_window=st.sampled_from([0.0, 3.0]),
    event_window=st.sampled_from([40, 150, 2000]),
    data=st.data(),
)
def test_replay_gives_the_frames_of_each_event_projected_alone(
    seed: int,
    humans: int,
    matches: int,
    cante_window: float,
    event_window: int,
    data: st.DataObject,
) -> None:
    match = Match(seed, humans, cante_window, event_window)
    match.play(matches)
    table = match.table
    first = table.events[0].seq
    since = data.draw(st.integers(first - 1, table.seq), label="since")
    events = table.events_since(since)
    assert events is not None
    assert [e.seq for e in events] == list(range(since + 1, table.seq + 1))
    muted = frozenset(data.draw(st.sets(st.integers(0, 3)), label="muted"))
    for seat in (None, 0, 1, 2, 3):
        for mute in (frozenset[int](), muted):
            frames = table.replay(events, seat, mute)
            assert frames == [table.project(event, seat, mute) for event in events]


def test_a_replay_from_the_start_goes_through_every_hand_of_two_matches() -> None:
    match = Match(seed=11, humans=2, cante_window=3.0, event_window=2000)
    match.play(2)
    table = match.table
    assert table.match_number == 2
    events = table.events_since(0)
    assert events is not None and len(events) == table.seq
    assert {e.hand for e in events if isinstance(e, HandEvent)} == set(range(table.hand_count))
    assert any(isinstance(e, HandEvent) and e.window for e in events)
    assert any(isinstance(e, HandEvent) and e.auto for e in events)
    for seat in (None, 0, 1, 2, 3):
        frames = table.replay(events, seat, frozenset({1}))
        assert frames == [table.project(event, seat, frozenset({1})) for event in events]
