"""The online client rebuilds exactly the core view that the server encoded."""

from __future__ import annotations

import random
import socket

import pytest

from cuatrola.clients.terminal.online import OnlineApp, OnlineOptions
from cuatrola.clients.terminal.wire import seat_view_from_wire
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for
from cuatrola.protocol import hand_view
from cuatrola.protocol.messages import HandView


@pytest.mark.parametrize(
    "rules", [Rules.exact(11), Rules.fixed_hands(11, quintola=False), Rules.first_to(21)]
)
def test_every_view_of_random_hands_survives_the_wire(rules: Rules) -> None:
    rng = random.Random(2024)
    for _ in range(40):
        state = HandState.deal(rules, dealer=rng.randrange(4), rng=rng)
        while True:
            for seat in range(4):
                view = view_for(state, seat)
                assert seat_view_from_wire(hand_view(view), rules, seat) == view
            if state.is_finished:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_a_view_with_an_unknown_phase_is_refused() -> None:
    state = HandState.deal(Rules(), dealer=0, rng=random.Random(1))
    wire = hand_view(view_for(state, 2))
    fields = {name: getattr(wire, name) for name in wire.__struct_fields__}
    fields["phase"] = "dancing"
    with pytest.raises(ValueError, match="'dancing'"):
        seat_view_from_wire(HandView(**fields), Rules(), 2)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


async def test_an_unreachable_server_ends_the_client_with_a_one_line_reason() -> None:
    server = f"http://127.0.0.1:{_closed_port()}"
    app = OnlineApp(OnlineOptions(server=server, mode="bots"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if app.return_code is not None:
                break
            await pilot.pause(0.02)
    assert app.return_code == 2
    assert app.failure.startswith(f"Cannot connect to {server}: ")
    assert "\n" not in app.failure
