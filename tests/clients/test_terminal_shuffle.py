"""The online terminal client contributes to every verifiable shuffle: against a real
``cuatrola serve`` whose deals wait up to 30 s for the seated people, a whole match is played
at once only because the client sends its value for each deal, and the match's records in
the history carry that value in proofs that hold."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from cuatrola.clients.terminal.online import OnlineApp, OnlineOptions
from cuatrola.commands.verify import check_record
from cuatrola.core.rules import Rules
from tests.clients.test_terminal_online import SIZE, _play_until
from tests.support.servers import QUICK, ServeProcess


@pytest.fixture(scope="module")
def waiting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A quick ``cuatrola serve`` whose deals wait long for the seated people's values."""
    with ServeProcess(
        tmp_path_factory.mktemp("serve"), *QUICK, "--cante-window", "0.4", "--shuffle-window", "30"
    ) as serve:
        yield serve.http


async def test_the_terminal_client_contributes_to_every_deal(waiting_server: str) -> None:
    options = OnlineOptions(server=waiting_server, mode="bots", rules=Rules.exact(3), name="Ana")
    app = OnlineApp(options, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        # Each wait of the helper is 20 s at most: a deal waiting out its 30 s window fails.
        summaries = await _play_until(app, pilot)
    assert app.failure == "" and app.return_code == 0
    assert summaries >= 2
    async with httpx.AsyncClient(base_url=waiting_server) as http:
        match = (await http.get(f"/api/matches/{app.table_id}-1")).json()
    assert len(match["hands"]) == summaries
    values = set()
    for record in match["hands"]:
        (contribution,) = record["shuffle"]["contributions"]
        assert contribution["seat"] == app.human_seat
        values.add(contribution["value"])
        ok, line = check_record(record)
        assert ok, line
    assert len(values) == summaries
