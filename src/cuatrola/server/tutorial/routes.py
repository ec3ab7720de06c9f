"""The tutorial's REST routes (docs/rest.md, "Tutorial") and the ``/rules`` address.

* ``GET /api/tutorial``: every lesson with each step's kind, the learner's view of the
  position (a :class:`~cuatrola.protocol.views.HandView`, seat 0) and the options to pick
  from. The same for everybody, so it is built once.
* ``POST /api/tutorial/{lesson}/check`` with ``{"step": n, "answer": "RO"}``: the rules
  core's verdict (:class:`~cuatrola.server.tutorial.judge.Verdict`).
* ``GET /rules``: a redirect to the web client's rules page ``/#/rules``.

No session is needed: the tutorial changes nothing on the server. Errors are the JSON
``{"error", "message"}`` replies of the rest of the API, and change nothing.
"""

from __future__ import annotations

import functools
from typing import Final

import msgspec
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from cuatrola.protocol.views import HandView, hand_view
from cuatrola.server.accounts.rest import error_response
from cuatrola.server.tutorial.judge import AnswerError, judge, step_options, step_view
from cuatrola.server.tutorial.lessons import LESSON_BY_ID, LESSONS, StepKind

MAX_BODY: Final = 512
"""Largest check request accepted (bytes): a step number and an answer."""


class CheckRequest(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tutorial/{lesson}/check``: the step (0-based) and the answer given."""

    step: int
    answer: str


class StepOut(msgspec.Struct):
    """One step as the learner sees it."""

    kind: StepKind
    view: HandView
    options: list[str]


class LessonOut(msgspec.Struct):
    """A lesson: its id (which names its catalogue keys), its revision (up when it comes to
    teach more: the client's progress keeps which one was completed) and its steps."""

    id: str
    revision: int
    steps: list[StepOut]


class TutorialOut(msgspec.Struct):
    """``GET /api/tutorial``."""

    lessons: list[LessonOut]


class VerdictOut(msgspec.Struct):
    """``POST /api/tutorial/{lesson}/check``: see :class:`~.judge.Verdict`."""

    right: bool
    legal: bool
    reason: str | None
    suit: str | None


@functools.cache
def tutorial_body() -> bytes:
    """The encoded ``GET /api/tutorial`` reply (built on first use, then kept)."""
    lessons = [
        LessonOut(
            id=lesson.id,
            revision=lesson.revision,
            steps=[
                StepOut(kind=s.kind, view=hand_view(step_view(s)), options=step_options(s))
                for s in lesson.steps
            ],
        )
        for lesson in LESSONS
    ]
    return msgspec.json.encode(TutorialOut(lessons=lessons))


async def lessons(request: Request) -> Response:
    """Every lesson and step, with the learner's view of each position."""
    return Response(tutorial_body(), media_type="application/json")


async def check(request: Request) -> Response:
    """Judge one answer with the rules core."""
    lesson = LESSON_BY_ID.get(request.path_params["lesson"])
    if lesson is None:
        return error_response(404, "not_found", f"no lesson {request.path_params['lesson']!r}")
    body = await request.body()
    if len(body) > MAX_BODY:
        return error_response(413, "too_large", f"the body must be at most {MAX_BODY} bytes")
    try:
        asked = msgspec.json.decode(body, type=CheckRequest)
    except msgspec.ValidationError as exc:
        return error_response(400, "invalid_request", f"invalid request body: {exc}")
    except msgspec.DecodeError:
        return error_response(400, "invalid_request", "expected a JSON object body")
    if not 0 <= asked.step < len(lesson.steps):
        return error_response(
            400,
            "invalid_request",
            f"lesson {lesson.id!r} has steps 0..{len(lesson.steps) - 1}, got {asked.step}",
        )
    try:
        verdict = judge(lesson.steps[asked.step], asked.answer)
    except AnswerError as exc:
        return error_response(400, "invalid_request", str(exc))
    out = VerdictOut(
        right=verdict.right, legal=verdict.legal, reason=verdict.reason, suit=verdict.suit
    )
    return Response(msgspec.json.encode(out), media_type="application/json")


async def rules_page(request: Request) -> Response:
    """``/rules``: the rules page is a screen of the web client."""
    return RedirectResponse("/#/rules", status_code=307)


def api_routes() -> list[BaseRoute]:
    """The tutorial's API routes, to serve under the ``/api`` mount (``/api/tutorial``...)."""
    return [
        Route("/tutorial", lessons, methods=["GET"]),
        Route("/tutorial/{lesson:str}/check", check, methods=["POST"]),
    ]


def page_routes() -> list[BaseRoute]:
    """``/rules``, the rules page."""
    return [Route("/rules", rules_page, methods=["GET"])]
