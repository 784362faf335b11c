"""The look a restart makes for questions whose poll a crash left unsent (QuizEngine.ask_unsent): what it asks."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Expired
from bot.usecases.unsent import UnsentLook
from tests.fakes.clock import FixedClock


async def asked_at_start_up(engine: QuizEngine, clock: FixedClock) -> list[Expired]:
    """Telegram's questions the start-up look asks again, 20 s on (the restart), over the hour before."""
    clock.advance(timedelta(seconds=20))
    asked: list[Expired] = []

    async def deliver(expired: Expired) -> None:
        asked.append(expired)

    now = engine.now()
    await engine.ask_unsent("telegram", UnsentLook(now - timedelta(hours=1), now), deliver)
    return asked
