"""The day of a learner's next review, as /review says it when nothing is due yet, written as their language
writes a date."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, next_poll, poll_id, running_bot, wrong


@pytest.mark.parametrize(("language", "tomorrow"), [
    ("en", "Tuesday, January 6, 2026"),
    ("fr", "mardi 6 janvier 2026"),
    ("sw", "Jumanne, 6 Januari 2026"),
    ("yo", "Ọjọ́ Ìsẹ́gun, 6 Oṣù Ṣẹ́rẹ́ 2026"),
    # Before: "2026 Ndira 6, Chipiri", the order CLDR's root locale gives a language it has no patterns for.
    ("sn", "Chipiri, 6 Ndira 2026"),
])
async def test_the_next_reviews_day_is_written_day_first_as_the_learners_language_writes_it(
        api: FakeBotApi, settings: Settings, clock: FixedClock, language: str, tomorrow: str) -> None:
    learner = FakeUser(361, "Rudo", "en")  # Telegram's apps come in neither Shona nor Yoruba
    async with running_bot(settings, clock=clock):
        await api.command(learner, f"/language {language}")
        await api.command(learner, "/quiz collectives")
        poll = await next_poll(api, learner.id, 1)
        await api.answer_poll(learner, poll_id(poll), [wrong(poll)])  # missed today: due tomorrow
        await next_poll(api, learner.id, 2)
        await api.command(learner, "/review")
        said = await api.wait_for("sendMessage", 1, lambda p: for_chat(learner.id)(p) and "2026" in p["text"])
    assert f": {tomorrow}." in said[0].params["text"], said[0].params["text"]
