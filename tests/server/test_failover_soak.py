"""Ten SIGKILLs of the node that runs a table, one after another (real processes on one
PostgreSQL, a node and its standby): after each, the standby takes the table over, the person
reconnects to it at once and plays on. No acknowledged move is lost or applied twice, and the
events a client sees have no gap."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from cuatrola.core.actions import parse_action
from tests.server.live import Player
from tests.server.test_cluster import (
    cluster_db,
    computer_table,
    first_legal,
    my_turn,
    node,
    stored_acts,
)


def assert_no_gap(player: Player) -> None:
    """The events ``player`` got follow its last sync with no number missing or repeated."""
    numbers: list[int] = []
    for frame in player.frames:
        if frame["type"] == "sync":
            numbers = [frame["seq"]]
        elif frame["type"] == "event":
            numbers.append(frame["seq"])
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), numbers


KILLS = 10
MOVES_BETWEEN_KILLS = 2


async def test_ten_kills_of_the_owner_lose_no_acknowledged_move(tmp_path: Path) -> None:
    async with cluster_db() as url:
        nodes = [node(tmp_path, "a", url), node(tmp_path, "b", url)]
        for server in nodes:
            server.start()
        try:
            # A long match (to exactly 11 points): it lasts the twenty moves.
            player, table = await computer_table(nodes[0], "Ana", rules="exact11")
            token = player.token
            acked: list[int] = []
            failovers: list[float] = []
            live = 0
            for kill in range(KILLS):
                made = 0
                while made < MOVES_BETWEEN_KILLS:
                    await my_turn(player)
                    seen = player.seq.get(table, 0)
                    action = first_legal(player)
                    ack = await player.command({"type": "act", "table": table, "action": action})
                    if ack["type"] == "error" and ack["code"] == "illegal":
                        # The cante window closed (its timer) before the choice arrived: the
                        # event that closed it (sent before this answer, or just after) brings
                        # the new view.
                        while player.seq.get(table, 0) <= seen:
                            await player.next("event")
                        continue
                    assert (ack["type"], ack.get("duplicate", False)) == ("ack", False), ack
                    acked.append(parse_action(action))
                    made += 1
                    while player.seq.get(table, 0) < ack["seq"]:  # the move's own event
                        await player.inbox.get()
                await player.close()
                assert_no_gap(player)
                nodes[live].kill()
                killed = time.monotonic()
                live = 1 - live
                # Back at once through the standby, which takes the table over first.
                player = Player(f"Ana-{kill}", token, nodes[live].ws)
                await player.connect()
                assert (await player.client.subscribe(table)).table == table
                failovers.append(time.monotonic() - killed)
                await player.next("sync")
                nodes[1 - live].start()  # the killed node comes back as the standby
            await player.close()
            assert_no_gap(player)
        finally:
            for server in nodes:
                server.stop()
        mine = [
            r["a"] for r in await stored_acts(url, table) if r["seat"] == 0 and not r.get("auto")
        ]
        assert mine == acked  # every acknowledged move, once, in order
        print(
            f"\n{KILLS} kills: failover median {statistics.median(failovers):.2f} s, "
            f"max {max(failovers):.2f} s; {len(acked)} acknowledged moves, none lost"
        )
