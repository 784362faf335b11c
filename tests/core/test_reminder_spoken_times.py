"""A reminder time as learners say it in their language, whichever the bot speaks: Swahili counts the hours from
06:00 and 18:00 ("saa moja asubuhi" is 07:00, "saa mbili usiku" 20:00), Yorùbá ("aago méje alẹ́") and Shona ("na7
manheru") as the twelve-hour clock does, each with the part of the day. They were refused ("I didn't understand"),
as was anything but "19:00", "19 h 30" or "7 pm". A form that could be two times is asked about, not guessed."""

from __future__ import annotations

from datetime import time

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, NoticeCode
from bot.spoken_time import UNCLEAR, spoken_time

ADA = Actor("telegram", "ada")


@pytest.mark.parametrize(("said", "meant"), [
    # Swahili: the hour after sunrise or sunset, with the part of the day ("ya"/"za" before it or not).
    ("saa moja asubuhi", time(7)), ("saa 1 asubuhi", time(7)), ("saa mbili usiku", time(20)),
    ("saa moja usiku", time(19)), ("saa kumi na mbili asubuhi", time(6)), ("saa kumi na moja jioni", time(17)),
    ("saa sita mchana", time(12)), ("saa sita usiku", time(0)), ("saa saba usiku", time(1)),
    ("saa tisa alasiri", time(15)), ("saa moja ya asubuhi", time(7)), ("Saa Mbili za Usiku", time(20)),
    ("saa moja na nusu usiku", time(19, 30)), ("saa mbili na robo asubuhi", time(8, 15)),
    ("saa mbili kasorobo usiku", time(19, 45)), ("saa 1:30 usiku", time(19, 30)), ("moja asubuhi", time(7)),
    # "kamili", sharp, right after the hour.
    ("saa mbili kamili asubuhi", time(8)), ("saa moja kamili ya usiku", time(19)), ("saa 3 kamili asubuhi", time(9)),
    # The 24-hour clock after "saa" is itself: no hour of Swahili's twelve passes 12.
    ("saa 13:00", time(13)), ("saa 19", time(19)), ("saa 0:30", time(0, 30)),
    # Yorùbá: tone marks or none, the particle joined ("lálẹ́") or not ("ní alẹ́").
    ("aago méje alẹ́", time(19)), ("aago meje ale", time(19)), ("aago mẹ́jọ àárọ̀", time(8)),
    ("aago 7 alẹ́", time(19)), ("aago méje lálẹ́", time(19)), ("aago méje ní alẹ́", time(19)),
    ("aago márùn-ún ìrọ̀lẹ́", time(17)), ("aago kan ọ̀sán", time(13)), ("aago kan ààbọ̀ ọ̀sán", time(13, 30)),
    ("aago méjìlá òru", time(0)), ("aago mọ́kànlá àárọ̀", time(11)),
    # Shona: digits, "na" (at) joined or not.
    ("na7 manheru", time(19)), ("na-7 manheru", time(19)), ("7 manheru", time(19)), ("na 7 manheru", time(19)),
    ("na2 masikati", time(14)),
    ("na6 mangwanani", time(6)), ("na9 usiku", time(21)),
])
def test_a_time_said_with_its_part_of_the_day_is_read(said: str, meant: time) -> None:
    assert spoken_time(said) == meant


@pytest.mark.parametrize("unclear", [
    "saa moja",  # 07:00 or 19:00
    "aago méje", "7", "na7",  # morning or evening
    "7 usiku",  # Swahili's 01:00, or Shona's 19:00
    "saa kumi na mbili usiku",  # Swahili's night has no twelfth hour: 06:00 is morning, 18:00 evening
    "saa 7 manheru",  # Swahili's hour, Shona's evening: they count apart
    "saa 19 usiku", "saa 7:30", "saa moja kamili",
])
def test_a_time_that_could_be_two_is_unclear(unclear: str) -> None:
    assert spoken_time(unclear) is UNCLEAR


@pytest.mark.parametrize("nonsense", ["saa moja banana", "tonight", "19", "saa", "usiku", "aago méje alẹ́ alẹ́",
                                      "moja moja asubuhi", "", "saa moja asubuhi kamili", "saa moja kamili kamili "
                                      "asubuhi", "saa moja na nusu kamili usiku", "saa 1:30 kamili usiku"])
def test_anything_else_is_no_spoken_time(nonsense: str) -> None:
    assert spoken_time(nonsense) is None


@pytest.mark.parametrize(("typed", "shown"), [("saa moja usiku", "19:00"), ("on saa mbili asubuhi", "08:00"),
                                             ("aago méje alẹ́", "19:00"), ("na7 manheru", "19:00"),
                                             ("saa 13:00", "13:00")])
async def test_reminders_take_a_time_said_in_the_learners_language(engine: QuizEngine, typed: str,
                                                                   shown: str) -> None:
    notice = await engine.set_reminders(ADA, typed)
    assert notice.code is NoticeCode.REMINDERS_ON, notice.text
    assert f"I'll remind you at {shown} (UTC)" in notice.text


async def test_a_time_that_could_be_two_is_asked_about_with_the_forms_read(engine: QuizEngine) -> None:
    notice = await engine.set_reminders(ADA, "saa moja")
    assert notice.code is NoticeCode.BAD_REMINDER
    assert notice.text == ("I can't tell which time “saa moja” is: say the part of the day, as in 7 pm, saa moja "
                           "usiku, aago méje alẹ́, na-7 manheru (each is 19:00), or write it on the 24-hour clock, as "
                           "in /reminders on 19:00.")
