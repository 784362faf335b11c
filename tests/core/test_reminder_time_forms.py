"""A reminder time as learners write one: French's "19 h 30" (with spaces, as French typography sets it) and
"19h30", and English's "7:30 pm"; each read as the one time it can only be, and anything else still refused."""

from __future__ import annotations

from datetime import time

import pytest

from bot.calendar import parse_time_of_day
from bot.engine import QuizEngine
from bot.replies import Actor, NoticeCode

ADA = Actor("telegram", "ada")


@pytest.mark.parametrize(("written", "meant"), [
    ("19 h 30", time(19, 30)), ("19h30", time(19, 30)), ("19 H 30", time(19, 30)), ("19 h", time(19, 0)),
    ("7 h 05", time(7, 5)), ("19h 30", time(19, 30)), ("19 h30", time(19, 30)), ("0 h 15", time(0, 15)),
    ("7:30 pm", time(19, 30)), ("7.30pm", time(19, 30)), ("7 pm", time(19, 0)), ("7PM", time(19, 0)),
    ("7:30 p.m.", time(19, 30)), ("7 a.m.", time(7, 0)), ("07:30 AM", time(7, 30)), ("12 am", time(0, 0)),
    ("12:15 a.m.", time(0, 15)), ("12 pm", time(12, 0)), ("12.45pm", time(12, 45)),
])
def test_the_common_written_forms_of_a_time_are_read(written: str, meant: time) -> None:
    assert parse_time_of_day(written) == meant


@pytest.mark.parametrize("nonsense", [
    "13 pm", "0 am", "19:30 pm", "7:60 pm", "7 pm pm", "7 p", "19 h 30 h", "19 30", "h 30", "19 h 60", "24 h",
    "7:30 banana", "19::30", "19 :30", "tonight", "",
])
def test_anything_else_is_still_no_time(nonsense: str) -> None:
    assert parse_time_of_day(nonsense) is None


@pytest.mark.parametrize(("typed", "shown"), [("on 19 h 30", "19:30"), ("19 h 30", "19:30"), ("7:30 pm", "19:30"),
                                             ("ON 7 P.M.", "19:00"), ("on １９ ｈ ３０", "19:30")])
async def test_reminders_take_a_time_written_in_several_words(engine: QuizEngine, typed: str, shown: str) -> None:
    notice = await engine.set_reminders(ADA, typed)
    assert notice.code is NoticeCode.REMINDERS_ON, notice.text
    assert f"I'll remind you at {shown} (UTC)" in notice.text


@pytest.mark.parametrize("typed", ["on 19 h 30 tomorrow", "19 h 30 h", "7:30 pm please", "on 13 pm"])
async def test_a_time_with_anything_left_over_is_still_refused(engine: QuizEngine, typed: str) -> None:
    notice = await engine.set_reminders(ADA, typed)
    assert notice.code is NoticeCode.BAD_REMINDER and f"I didn't understand “{typed}”" in notice.text
