"""A link to a quiz, t.me/QuizTutorBot?start=collectives (a teacher's, a course page's): Telegram opens the private
chat and sends /start collectives. The learner is welcomed, then that quiz starts, as /quiz collectives does (and as
the terminal's /start NAME does); before, the name was dropped and only the welcome came. A payload that names no
quiz (a campaign's tag) is only welcomed: no "There is no quiz called ..." about words the learner never typed."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, next_poll, poll_id, running_bot, wrong

WELCOME = {"en": "Hello", "fr": "Bonjour", "sw": "Habari", "yo": "Ẹ n lẹ́ o", "sn": "Mhoro"}
TITLE = {"en": "Collectives", "fr": "Collectives", "sw": "Mawasiliano ya pamoja", "yo": "Ìbánisọ̀rọ̀ àkójọ",
         "sn": "Kutaurirana kweboka"}


@pytest.mark.parametrize("language", ["en", "fr", "sw", "yo", "sn"])
async def test_a_link_to_a_quiz_welcomes_then_starts_it(api: FakeBotApi, settings: Settings, language: str) -> None:
    learner = FakeUser(311, "Tobi", language)
    async with running_bot(settings):
        await api.command(learner, "/start collectives")
        poll = await next_poll(api, learner.id, 1)
        await api.settle(quiet=0.2)
    said = api.sent_texts(learner.id)
    assert said[0].startswith(WELCOME[language]), said
    assert said[1].startswith(TITLE[language]), said  # the quiz's intro, above its first question
    assert poll.params["question"].startswith("1/3 · ")


async def test_a_link_that_names_no_quiz_is_only_welcomed(api: FakeBotApi, settings: Settings) -> None:
    learner = FakeUser(312, "Tobi", "fr")
    async with running_bot(settings):
        await api.command(learner, "/start promo_2026")
        await api.wait_for("sendMessage", 1, for_chat(learner.id))
        await api.settle(quiet=0.2)
    said = api.sent_texts(learner.id)
    assert len(said) == 1 and said[0].startswith("Bonjour"), said
    assert api.polls(learner.id) == []


async def test_a_learner_whose_language_is_unknown_picks_it_under_the_linked_quiz(api: FakeBotApi,
                                                                                   settings: Settings) -> None:
    """A client that sends no language gets the picker in the welcome; the quiz starts at once, and the language
    picked asks its question again in that language."""
    learner = FakeUser(313, "Tobi", None)
    async with running_bot(settings):
        await api.command(learner, "/start collectives")
        await next_poll(api, learner.id, 1)
        await api.press(learner, "lang:sw")
        again = await next_poll(api, learner.id, 2)
    assert again.params["question"] == "1/3 · Operesheni ipi huacha jumla ya gradients zote kwenye kila rank?"


async def test_a_link_to_the_quiz_left_open_carries_on_without_telling_to_start_it_again(
        api: FakeBotApi, settings: Settings) -> None:
    """Before, the welcome said "Collectives is still in progress: start it again to carry on where you left off."
    and the next message carried on with it anyway: the learner was told to do what the bot then did itself. A link
    to another quiz still names the one left open, which stays open."""
    learner = FakeUser(314, "Tobi", "en")
    async with running_bot(settings):
        await api.command(learner, "/quiz collectives")
        poll = await next_poll(api, learner.id, 1)
        await api.answer_poll(learner, poll_id(poll), [wrong(poll)])
        await next_poll(api, learner.id, 2)
        await api.settle(quiet=0.2)
        before = len(api.sent_texts(learner.id))
        await api.command(learner, "/start collectives")
        await next_poll(api, learner.id, 3)
        await api.settle(quiet=0.2)
        same = api.sent_texts(learner.id)[before:]
        before = len(api.sent_texts(learner.id))
        await api.command(learner, "/start long-options")
        await next_poll(api, learner.id, 4)
        await api.settle(quiet=0.2)
        other = api.sent_texts(learner.id)[before:]
    assert same[0].startswith("Hello") and "still in progress" not in same[0], same
    assert same[1] == "Carrying on with Collectives.", same
    assert "\nCollectives is still in progress: start it again to carry on where you left off.\n" in other[0], other
