"""/reminders as a learner types it: a time, "on" with or without one, "off", and nothing else."""

from __future__ import annotations

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, NoticeCode

ADA = Actor("telegram", "ada")


@pytest.mark.parametrize(("typed", "time"), [("on", "19:00"), ("ON 7:30", "07:30"), ("21h15", "21:15"),
                                            # The hour alone as French writes it ("à 19h"): not "didn't understand".
                                            ("19h", "19:00"), ("on 7H", "07:00")])
async def test_a_time_or_on_sets_the_daily_reminder(engine: QuizEngine, typed: str, time: str) -> None:
    notice = await engine.set_reminders(ADA, typed)
    assert notice.code is NoticeCode.REMINDERS_ON and not notice.is_error
    assert f"I'll remind you at {time} (UTC)" in notice.text


@pytest.mark.parametrize("typed", ["on 00:00 extra", "7:30 tonight", "on 25:00", "tomorrow"])
async def test_anything_left_unread_is_refused_rather_than_half_understood(engine: QuizEngine, typed: str) -> None:
    notice = await engine.set_reminders(ADA, typed)
    assert notice.code is NoticeCode.BAD_REMINDER and f"I didn't understand “{typed}”" in notice.text
    assert (await engine.set_reminders(ADA, "")).text.startswith("Reminders are off.")  # nothing was set
