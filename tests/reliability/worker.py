"""A process that plays many sessions as a few learners at once, saying what it saw, until it is killed.

Run by the kill -9 campaign: ``python -m tests.reliability.worker URL CONTENT_DIR SEED``. Every question it
is shown and every answer the engine acknowledged is printed as one JSON line, flushed at once, so the
campaign knows what a learner saw and what was promised to be stored when the process died.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started

LEARNERS = tuple(Actor("terminal", f"learner-{number}", chat_id="terminal") for number in range(4))
QUIZZES = ("collectives", "long-options", None)


def say(kind: str, actor: Actor, **fields: object) -> None:
    print(json.dumps({"kind": kind, "user": actor.user_id, **fields}), flush=True)


def shown(actor: Actor, view: QuestionView) -> None:
    say("shown", actor, session=view.session_id, question=view.question_id, options=list(view.options))


async def act(engine: QuizEngine, rng: random.Random, actor: Actor) -> None:
    action = rng.choice(("start", "answer", "answer", "answer", "skip", "stop", "retry"))
    if action == "start":
        reply = await engine.start(actor, rng.choice(QUIZZES))
        if isinstance(reply, Started):
            shown(actor, reply.question)
    elif action == "answer":
        current = await engine.start(actor)
        if not isinstance(current, Started):
            return
        question = current.question
        shown(actor, question)
        index = rng.randrange(len(question.options))
        outcome = await engine.answer(actor, question.session_id, question.question_id, index)
        if isinstance(outcome, AnswerOutcome) and outcome.feedback is not None:
            say("answered", actor, session=question.session_id, question=question.question_id,
                option=question.options[index], correct=outcome.feedback.correct)
            if isinstance(outcome.next, QuestionView):
                shown(actor, outcome.next)
    elif action == "skip":
        outcome = await engine.skip(actor)
        if isinstance(outcome, AnswerOutcome) and isinstance(outcome.next, QuestionView):
            shown(actor, outcome.next)
    elif action == "stop":
        await engine.stop(actor)
    else:
        retried = await engine.retry_missed(actor)
        if isinstance(retried, Started):
            shown(actor, retried.question)


async def main(url: str, content: Path, seed: int) -> None:
    rng = random.Random(seed)
    settings = Settings(data_dir=content, content_dir=content, database_url=url)
    async with open_services(settings, rng=random.Random(seed)) as services:
        print(json.dumps({"kind": "ready"}), flush=True)
        # The learners at once, each one action at a time: on PostgreSQL their answers share transactions.
        await asyncio.gather(*(play(services.engine, random.Random(rng.random()), actor) for actor in LEARNERS))


async def play(engine: QuizEngine, rng: random.Random, actor: Actor) -> None:
    while True:
        await act(engine, rng, actor)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])))
