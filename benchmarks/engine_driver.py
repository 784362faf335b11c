"""The engine side of benchmarks/engine.py: N learners on a SQLite file, answering in bursts."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.delivery import Asked
from bot.replies import Actor, AnswerOutcome, Feedback, QuestionView, Started, Summary


class PollSurface:
    """A chat platform with no network: every question is asked on a new poll with a fresh key."""

    def __init__(self) -> None:
        self.key = ""

    @property
    def chat_id(self) -> str | None:
        return None

    async def say(self, text: str) -> None:
        return None

    async def feedback(self, feedback: Feedback) -> None:
        return None

    async def ask(self, question: QuestionView, intro: str | None) -> Asked:
        self.key = f"poll-{question.session_id}-{question.question_id}"
        return Asked(self.key)

    async def summarize(self, summary: Summary) -> None:
        return None

    async def flush(self) -> None:
        return None


@dataclass
class EngineRun:
    seconds: float
    cpu_seconds: float
    bursts: list[list[float]]  # each answer's latency from the start of its burst, burst by burst

    @property
    def latencies(self) -> list[float]:
        return [latency for burst in self.bursts for latency in burst]

    @property
    def answers(self) -> int:
        return sum(len(burst) for burst in self.bursts)

    @property
    def rate(self) -> float:
        return self.answers / self.seconds


async def engine_run(data_dir: Path, users: int, questions: int, quiz_id: str, *, chat: bool) -> EngineRun:
    """Every learner starts the quiz; then ``questions`` bursts, each of every learner answering at once.

    The chat path answers a vote through its poll's link and asks the next question on a new poll (Telegram and
    Discord polls); the button path names the session and question (Discord's buttons, the terminal).
    """
    async with open_services(Settings(data_dir=data_dir), rng=random.Random(7)) as services:
        engine = services.engine
        actors = [Actor("bench", f"user-{n}", f"chat-{n}") for n in range(users)]
        polls = {actor.user_id: PollSurface() for actor in actors}
        started = await asyncio.gather(*(engine.start(actor, quiz_id, polls[actor.user_id] if chat else None)
                                         for actor in actors))
        current: dict[str, QuestionView] = {}
        for actor, first in zip(actors, started, strict=True):
            if not isinstance(first, Started):
                raise RuntimeError(f"a quiz did not start: {first}")
            current[actor.user_id] = first.question
        bursts: list[list[float]] = []

        async def answer(actor: Actor, number: int, burst_began: float) -> None:
            question = current[actor.user_id]
            if chat:
                outcome = await engine.answer_message(actor, polls[actor.user_id].key, number % 4,
                                                      polls[actor.user_id])
            else:
                outcome = await engine.answer(actor, question.session_id, question.question_id, number % 4)
            bursts[-1].append(time.perf_counter() - burst_began)
            if not isinstance(outcome, AnswerOutcome):
                raise RuntimeError(f"an answer was refused: {outcome}")
            if isinstance(outcome.next, QuestionView):
                current[actor.user_id] = outcome.next

        cpu, began = time.process_time(), time.perf_counter()
        for number in range(questions):
            burst = time.perf_counter()
            bursts.append([])
            await asyncio.gather(*(answer(actor, number, burst) for actor in actors))
        return EngineRun(time.perf_counter() - began, time.process_time() - cpu, bursts)
