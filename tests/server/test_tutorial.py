"""The tutorial (cuatrola.server.tutorial): every lesson's claims hold by the rules core, the
verdicts, the catalogue texts it names, and its REST routes in process through httpx."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Mount

from cuatrola.core.actions import ACTION_NAMES, parse_action
from cuatrola.core.cards import SUIT_MASKS
from cuatrola.server.tutorial.judge import (
    AnswerError,
    judge,
    position_state,
    step_options,
    true_answer,
)
from cuatrola.server.tutorial.lessons import LEARNER, LESSONS, Step
from cuatrola.server.tutorial.routes import api_routes, page_routes

CATALOGUES = Path(__file__).resolve().parents[2] / "web" / "public" / "i18n"
LANGS = ("es", "en", "pt", "tr", "th")
STEPS = [(lesson.id, n, step) for lesson in LESSONS for n, step in enumerate(lesson.steps)]
STEP_IDS = [f"{lesson}-{n}" for lesson, n, _ in STEPS]
MOVES = [(lesson, n, step) for lesson, n, step in STEPS if step.kind == "move"]
QUESTIONS = [(lesson, n, step) for lesson, n, step in STEPS if step.kind != "move"]


@pytest.mark.parametrize(("lesson", "n", "step"), MOVES, ids=[f"{x}-{n}" for x, n, _ in MOVES])
def test_a_move_step_accepts_exactly_its_right_moves_among_the_legal_ones(
    lesson: str, n: int, step: Step
) -> None:
    state = position_state(step.position)
    assert state.to_move == LEARNER
    legal = {ACTION_NAMES[a] for a in state.legal_actions()}
    assert step.right and step.right <= legal
    assert step.wrong and not set(step.wrong) & step.right
    # every action there is, judged: right exactly for the lesson's moves, legal exactly
    # when the rules core says so, and a reason for every wrong one
    for name in ACTION_NAMES:
        verdict = judge(step, name)
        assert verdict.right == (name in step.right), name
        assert verdict.legal == (name in legal), name
        assert (verdict.reason is None) == verdict.right, name
    # the learner can pick every right and every wrong move on the screen
    assert set(step.right) | set(step.wrong) <= set(step_options(step))


@pytest.mark.parametrize(
    ("lesson", "n", "step"), QUESTIONS, ids=[f"{x}-{n}" for x, n, _ in QUESTIONS]
)
def test_a_question_step_expects_the_answer_the_rules_core_gives(
    lesson: str, n: int, step: Step
) -> None:
    state = position_state(step.position)
    assert step.right == {true_answer(step, state)}
    assert step.right <= set(step.choices) and set(step.wrong) <= set(step.choices)
    for choice in step.choices:
        verdict = judge(step, choice)
        assert verdict.right == (choice in step.right)
        assert verdict.reason == (None if verdict.right else "wrong_answer")
    assert step_options(step) == list(step.choices)


# The rule each lesson's first wrong move breaks, as the rules core names it.
TAUGHT = [
    ("follow", 0, "follow_suit", "O"),
    ("beat", 0, "follow_suit_beat", "C"),
    ("trump", 0, "must_trump", "B"),
    ("overtrump", 0, "over_trump", "B"),
    ("cantes", 0, "forty_first", "B"),
    ("contracts", 0, "bid_not_higher", None),
    ("exact11", 0, "bid_cap", None),
    ("exact11", 1, "bid_cap", None),
]


@pytest.mark.parametrize(("lesson", "n", "reason", "suit"), TAUGHT)
def test_each_lesson_refuses_its_wrong_move_with_the_rule_it_teaches(
    lesson: str, n: int, reason: str, suit: str | None
) -> None:
    step = next(s for x, m, s in STEPS if x == lesson and m == n)
    verdict = judge(step, step.wrong[0])
    assert (verdict.right, verdict.legal, verdict.reason, verdict.suit) == (
        False,
        False,
        reason,
        suit,
    )


def test_the_beat_lesson_shows_that_a_trump_in_the_trick_lifts_the_duty_to_beat() -> None:
    # Rule 4.1.2a: a trick led in a plain suit and already trumped is followed with any card
    # of the suit led; the duty to beat the highest of them is gone.
    step = next(s for x, n, s in STEPS if x == "beat" and n == 1)
    state = position_state(step.position)
    trump = SUIT_MASKS[state.trump]
    assert state.led_suit != state.trump and state.trick_mask & trump
    led = state.hands[LEARNER] & SUIT_MASKS[state.led_suit]
    assert state.legal_mask() == led and bin(led).count("1") == 2
    beats = judge(step, step.wrong[0])  # the ace, which beats the three led: allowed
    assert (beats.right, beats.legal, beats.reason) == (False, True, "legal")
    assert judge(step, step.wrong[1]).reason == "follow_suit"
    assert step.right == {"CC"}


def test_the_lessons_cover_the_rules_in_order() -> None:
    assert [lesson.id for lesson in LESSONS] == [
        "follow",
        "beat",
        "trump",
        "overtrump",
        "winner",
        "points",
        "cantes",
        "contracts",
        "exact11",
    ]


def test_the_contract_lesson_shows_the_partner_sitting_out_and_three_card_tricks() -> None:
    step = next(s for x, n, s in STEPS if x == "contracts" and n == 1)
    state = position_state(step.position)
    assert state.sitting_out == 2 and state.active_seats == (0, 1, 3)


@pytest.mark.parametrize("answer", ["", "XX", "cante:Z", "11"])
def test_an_answer_that_is_not_an_answer_is_an_error(answer: str) -> None:
    move = MOVES[0][2]
    question = QUESTIONS[0][2]
    with pytest.raises(AnswerError):
        judge(move if answer != "11" else question, answer)


# The rule 4.1 reasons are shown with the table screen's own texts (web/src/learn/Learn.js).
PLAY_REASONS = ("why.mustFollow", "why.mustBeat", "why.mustTrump", "why.mustOvertrump")
REASONS = (
    "bid_not_higher",
    "bid_cap",
    "quintola_off",
    "forty_first",
    "cante_not_now",
    "sing_first",
    "bidding_first",
    "cards_now",
    "not_held",
    "legal",
    "wrong_answer",
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_the_tutorial_names_is_in_every_catalogue(lang: str) -> None:
    words = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    for lesson in LESSONS:
        for key in ("title", "text"):
            assert words.get(f"tutorial.{lesson.id}.{key}", "").strip(), (lang, lesson.id, key)
        for n in range(1, len(lesson.steps) + 1):
            for key in ("task", "why", "hint"):
                assert words.get(f"tutorial.{lesson.id}.{n}.{key}", "").strip(), (lesson.id, n)
    for reason in REASONS:
        assert words.get(f"tutorial.reason.{reason}", "").strip(), (lang, reason)
    for key in PLAY_REASONS:
        assert "{suit}" in words[key], (lang, key)


# REST ---------------------------------------------------------------------------------------


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    app = Starlette(routes=[Mount("/api", routes=api_routes()), *page_routes()])
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        yield http


async def test_the_lessons_come_with_the_learners_own_view_only(
    client: httpx.AsyncClient,
) -> None:
    reply = await client.get("/api/tutorial")
    assert reply.status_code == 200
    lessons = reply.json()["lessons"]
    assert [x["id"] for x in lessons] == [lesson.id for lesson in LESSONS]
    # "beat" teaches rule 4.1.2a from its revision 2: completions of revision 1 are not done
    assert {x["id"]: x["revision"] for x in lessons}["beat"] == 2
    for got, lesson in zip(lessons, LESSONS, strict=True):
        assert len(got["steps"]) == len(lesson.steps)
        assert got["revision"] == lesson.revision
        for wire, step in zip(got["steps"], lesson.steps, strict=True):
            state = position_state(step.position)
            assert wire["kind"] == step.kind
            assert wire["view"]["seat"] == LEARNER
            assert wire["view"]["hand"] == [str(c) for c in state.hand_of(LEARNER)]
            assert wire["options"] == step_options(step)
            # nothing of another seat's hidden cards: their cards are only counted
            assert set(wire["view"]) >= {"card_counts", "trick", "tricks"}
            assert not {"hands", "dealt"} & set(wire["view"])


async def test_a_check_answers_with_the_rules_cores_verdict(client: httpx.AsyncClient) -> None:
    right = await client.post("/api/tutorial/beat/check", json={"step": 0, "answer": "3C"})
    assert right.json() == {"right": True, "legal": True, "reason": None, "suit": None}
    wrong = await client.post("/api/tutorial/beat/check", json={"step": 0, "answer": "cc"})
    assert wrong.json() == {
        "right": False,
        "legal": False,
        "reason": "follow_suit_beat",
        "suit": "C",
    }
    allowed = await client.post("/api/tutorial/cantes/check", json={"step": 0, "answer": "nocante"})
    assert allowed.json()["reason"] == "legal" and allowed.json()["legal"] is True
    answer = await client.post("/api/tutorial/winner/check", json={"step": 0, "answer": "3"})
    assert answer.json()["right"] is True


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/tutorial/nope/check", {"step": 0, "answer": "RO"}, 404, "not_found"),
        ("/api/tutorial/beat/check", {"step": 2, "answer": "RO"}, 400, "invalid_request"),
        ("/api/tutorial/beat/check", {"step": -1, "answer": "RO"}, 400, "invalid_request"),
        ("/api/tutorial/beat/check", {"step": 0, "answer": "ZZ"}, 400, "invalid_request"),
        ("/api/tutorial/winner/check", {"step": 0, "answer": "7"}, 400, "invalid_request"),
        ("/api/tutorial/beat/check", {"step": 0}, 400, "invalid_request"),
        ("/api/tutorial/beat/check", {"step": 0, "answer": "3C", "x": 1}, 400, "invalid_request"),
        ("/api/tutorial/beat/check", {"step": "0", "answer": "3C"}, 400, "invalid_request"),
        ("/api/tutorial/beat/check", {"step": 0, "answer": "3C" * 400}, 413, "too_large"),
    ],
)
async def test_a_bad_check_gets_a_clear_error(
    client: httpx.AsyncClient, path: str, body: object, status: int, code: str
) -> None:
    reply = await client.post(path, json=body)
    assert reply.status_code == status, reply.text
    assert reply.json()["error"] == code and reply.json()["message"]


async def test_a_body_that_is_not_json_gets_a_clear_error(client: httpx.AsyncClient) -> None:
    reply = await client.post("/api/tutorial/beat/check", content=b"{not json")
    assert reply.status_code == 400 and reply.json()["error"] == "invalid_request"


async def test_the_rules_address_opens_the_clients_rules_page(client: httpx.AsyncClient) -> None:
    reply = await client.get("/rules")
    assert reply.status_code == 307 and reply.headers["location"] == "/#/rules"


def test_the_action_names_round_trip() -> None:
    # the lessons write actions in notation; parse_action reads every one of them
    for lesson in LESSONS:
        for step in lesson.steps:
            for name in (*step.position.actions, *(step.right if step.kind == "move" else ())):
                assert ACTION_NAMES[parse_action(name)] == name


def catalogue(lang: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_states_the_rules_no_lesson_plays_out(lang: str) -> None:
    words = catalogue(lang)
    mano = words["table.manoShort"].casefold()
    # the mano, named by the lessons (who bids first, who wins a tie), is said to be the
    # player after the dealer, who leads first and deals next (rules.md sections 1 and 4)
    assert mano in words["tutorial.rulesIntro"].casefold()
    assert words["table.dealerShort"][:3].casefold() in words["tutorial.rulesIntro"].casefold()
    # a solo is scored as a plain hand is, a tie going to the mano's side (section 6)
    assert mano in words["tutorial.contracts.text"].casefold()
    # the other match presets a table may be created with (section 7)
    assert "21" in words["tutorial.exact11.text"]


def test_turkish_and_thai_lesson_texts_say_what_the_english_ones_say() -> None:
    # "kılıç ası geçer" made the ace of swords the subject: the ace beats (the trump)
    assert "kılıç asını geçer" in catalogue("tr")["tutorial.winner.1.why"]
    # "any card will do" among the cards of the suit led, not any card at all
    assert "ไพ่ดอกนั้นใบไหนก็ได้" in catalogue("th")["tutorial.follow.text"]


def test_the_contracts_lesson_says_who_leads_when_the_mano_sits_out() -> None:
    # rules.md section 3: the next active seat in playing order leads
    assert (
        "If the mano sits out, the next player in turn leads."
        in catalogue("en")["tutorial.contracts.text"]
    )
    assert (
        "Si descansa la mano, sale el siguiente jugador"
        in catalogue("es")["tutorial.contracts.text"]
    )
