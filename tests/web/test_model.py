"""The client's game logic (js/model.js, js/cards.js) run in the browser against the goldens.

The replay viewer recomputes trick winners, cantes and hand points from a hand record on its
own; here it must agree with the rules core on every valid example hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.helpers import open_player

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "examples"


def _valid_examples() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    records = [json.loads(line) for line in (GOLDEN / "records.jsonl").read_text().splitlines()]
    expected = [json.loads(line) for line in (GOLDEN / "expected.jsonl").read_text().splitlines()]
    return [(r, e) for r, e in zip(records, expected, strict=True) if e["ok"]]


def test_the_replayer_agrees_with_the_rules_core_on_every_example(
    browser: Any, server: str
) -> None:
    examples = _valid_examples()
    assert len(examples) >= 9
    player = open_player(browser, server)
    try:
        results = player.page.evaluate(
            """async (records) => {
                const { replaySteps } = await import('/js/model.js');
                return records.map((record) => {
                    const steps = replaySteps(record);
                    const last = steps[steps.length - 1];
                    return {
                        winners: steps.filter((s) => s.event.winner !== undefined)
                                      .map((s) => s.event.winner),
                        points: last.teamPoints,
                        tricks: last.teamTricks,
                        bidder: last.bidder,
                        contract: last.contract,
                        cantes: last.cantes.map((c) => [c.seat, 'OCEB'[c.suit], c.points]),
                        cardsLeft: last.hands.reduce((n, h) => n + h.length, 0),
                        result: last.result,
                    };
                });
            }""",
            [record for record, _ in examples],
        )
        for (record, expected), got in zip(examples, results, strict=True):
            name = record["example"]
            assert got["winners"] == expected["trick_winners"], name
            assert got["points"] == expected["points"], name
            assert got["tricks"] == expected["tricks"], name
            assert got["bidder"] == expected["bidder"], name
            assert got["contract"] == expected["contract"], name
            cantes = [[c["seat"], c["suit"], c["points"]] for c in expected["cantes"]]
            assert got["cantes"] == cantes, name
            assert got["result"] == {
                "winner": expected["winner"],
                "gamePoints": expected["game_points"],
            }, name
            # only the dead hand of a contract is left at the end
            assert got["cardsLeft"] == (0 if expected["bidder"] is None else 5), name
    finally:
        player.close()


def test_an_illegal_card_is_explained_from_the_legal_actions(browser: Any, server: str) -> None:
    player = open_player(browser, server)
    try:
        reasons = player.page.evaluate(
            """async () => {
                const { illegalReason } = await import('/js/model.js');
                const base = { seat: 1, to_move: 1, phase: 'play', trump: 'O' };
                return [
                    // copas led; we hold copas: must follow
                    illegalReason({ ...base, trick: [[0, 'SC']], hand: ['RC', 'AE'],
                                    legal: ['RC'] }, 'AE'),
                    // copas led with the caballo; the rey beats it, the sota does not
                    illegalReason({ ...base, trick: [[0, 'CC']], hand: ['RC', 'SC', 'AE'],
                                    legal: ['RC'] }, 'SC'),
                    // no copas, trumps in hand: must trump
                    illegalReason({ ...base, trick: [[0, 'CC']], hand: ['SO', 'AE'],
                                    legal: ['SO'] }, 'AE'),
                    // a trump on the table: must over-trump with the higher one
                    illegalReason({ ...base, trick: [[0, 'CC'], [3, 'CO']],
                                    hand: ['RO', 'SO', 'AE'], legal: ['RO'] }, 'SO'),
                    illegalReason({ ...base, to_move: 2, trick: [], hand: ['RO'],
                                    legal: [] }, 'RO'),
                    illegalReason({ ...base, phase: 'bidding', trick: [], hand: ['RO'],
                                    legal: ['pass'] }, 'RO'),
                    illegalReason({ ...base, trick: [], hand: ['RO'], legal: ['RO'] }, 'RO'),
                ].map((r) => (r === null ? null : r.key));
            }"""
        )
        assert reasons == [
            "why.mustFollow",
            "why.mustBeat",
            "why.mustTrump",
            "why.mustOvertrump",
            "why.notYourTurn",
            "why.bidFirst",
            None,
        ]
    finally:
        player.close()


def test_the_deck_has_twenty_distinct_faces_and_a_back(browser: Any, server: str) -> None:
    player = open_player(browser, server)
    try:
        faces = player.page.evaluate(
            """async () => {
                const { cardSvg, cardCode, cardId } = await import('/js/cards.js');
                const all = [];
                for (let id = 0; id < 20; id++) {
                    if (cardId(cardCode(id)) !== id) throw new Error('code round trip ' + id);
                    all.push(cardSvg(id));
                }
                all.push(cardSvg(null));
                // every face names its rank index, and nothing else, as text
                const texts = all.slice(0, 20).map((svg) =>
                    [...new DOMParser().parseFromString(svg, 'image/svg+xml')
                        .querySelectorAll('text')].map((t) => t.textContent));
                const codes = [...Array(20).keys()].map(cardCode);
                return { distinct: new Set(all).size, texts, codes };
            }"""
        )
        assert faces["distinct"] == 21
        for code, texts in zip(faces["codes"], faces["texts"], strict=True):
            assert texts == [code[0], code[0]], code  # the index, top-left and bottom-right
    finally:
        player.close()
