"""What a new learner's /start says in a private chat: how to pick a quiz, and how to change language; a returning
learner's, how many questions are due for review."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Call, Failure
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, next_poll, poll_id, running_bot, wrong

LANGUAGE_NAMES = ("English", "Français", "Kiswahili", "Èdè Yorùbá", "chiShona")


@pytest.mark.parametrize(("client_language", "greeting"), [
    ("en", "Hello"),  # most phones of Yoruba and Shona speakers: Telegram's apps come in neither language
    ("en-GB", "Hello"),
    ("fr-CA", "Bonjour"),
    ("sw", "Habari"),
])
async def test_a_welcome_in_the_clients_language_says_how_to_change_it(
        api: FakeBotApi, settings: Settings, client_language: str, greeting: str) -> None:
    """No picker is offered when the client's language is one QuizTutor speaks, so the welcome itself says that
    /language changes it, naming each language in itself: a Yoruba speaker whose app is in English sees theirs."""
    learner = FakeUser(301, "Tobi", client_language)
    async with running_bot(settings):
        await api.command(learner, "/start")
        welcome = (await api.wait_for("sendMessage", 1, for_chat(learner.id)))[0]
    text = welcome.params["text"]
    assert text.startswith(greeting) and "/quizzes" in text
    assert "reply_markup" not in welcome.params
    assert "/language" in text and all(name in text for name in LANGUAGE_NAMES), text


@pytest.mark.parametrize("client_language", [None, "pt-BR"])
async def test_a_welcome_with_the_picker_says_nothing_more_of_languages(
        api: FakeBotApi, settings: Settings, client_language: str | None) -> None:
    """A client language QuizTutor doesn't speak, or none, gets the picker under the welcome: its buttons are the
    way to choose, so the text doesn't add /language."""
    learner = FakeUser(302, "Tobi", client_language)
    async with running_bot(settings):
        await api.command(learner, "/start")
        welcome = (await api.wait_for("sendMessage", 1, for_chat(learner.id)))[0]
    buttons = [row[0]["text"] for row in welcome.params["reply_markup"]["inline_keyboard"]]
    assert buttons == list(LANGUAGE_NAMES)
    assert "/language" not in welcome.params["text"]


async def test_a_welcome_said_in_the_group_doesnt_send_the_member_to_the_groups_language(
        api: FakeBotApi, settings: Settings) -> None:
    """/start in a group from a member who never opened a private chat with the bot is welcomed in the group. There
    /language is the group's (an admin's sets the games' language; anyone else's is refused), not the member's
    own: that welcome doesn't offer it as the way to change theirs."""
    api.refusing[AMINATA.id] = Failure(403, "Forbidden: bot can't initiate conversation with a user")
    async with running_bot(settings):
        await api.command(AMINATA, "/start", GROUP)
        welcome = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0]
    assert "Aminata" in welcome.params["text"] and "/quizzes" in welcome.params["text"]
    assert "/language" not in welcome.params["text"]


async def test_a_returning_learners_welcome_says_how_many_questions_are_due_for_review(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before, /start said nothing of them: the learner had to know of /review. Nothing is said while none is due."""
    learner = FakeUser(303, "Tobi", "en")

    async def welcome(count: int) -> str:
        await api.command(learner, "/start")
        said = await api.wait_for("sendMessage", count, lambda p: for_chat(learner.id)(p) and "Hello" in p["text"])
        return str(said[count - 1].params["text"])
    async with running_bot(settings, clock=clock):
        new = await welcome(1)
        await api.command(learner, "/quiz collectives")
        for number in (1, 2, 3):
            poll = await next_poll(api, learner.id, number)
            await api.answer_poll(learner, poll_id(poll), [wrong(poll)])
        await api.wait_for("sendMessage", 1, lambda p: for_chat(learner.id)(p) and "Quiz finished" in p["text"])
        same_day = await welcome(2)  # missed just now: due tomorrow
        clock.advance(timedelta(days=1))
        next_day = await welcome(3)
    assert "review" not in new and "review" not in same_day, same_day
    assert "\n3 questions are due for review: send /review.\n" in next_day, next_day


@pytest.mark.parametrize(("client_language", "carry_on"), [
    ("en", "Collectives is still in progress: start it again to carry on where you left off."),
    ("sw", "Chemsha bongo bado inaendelea: Mawasiliano ya pamoja."),  # "Mawasiliano" (class 6) bado yanaendelea
])
async def test_a_welcome_names_the_quiz_left_open(api: FakeBotApi, settings: Settings, client_language: str,
                                                  carry_on: str) -> None:
    """/start halfway through a quiz (the app's Restart after unblocking the bot sends one): before, only 'Send
    /quizzes to choose a quiz', as if there were nothing to carry on with."""
    learner = FakeUser(304, "Tobi", client_language)
    async with running_bot(settings):
        await api.command(learner, "/quiz collectives")
        poll = await next_poll(api, learner.id, 1)
        await api.answer_poll(learner, poll_id(poll), [wrong(poll)])
        await next_poll(api, learner.id, 2)
        await api.command(learner, "/start")
        said = await api.wait_for("sendMessage", 1, lambda p: for_chat(learner.id)(p) and "/quizzes" in p["text"])
    lines = said[0].params["text"].split("\n")
    assert any(line.startswith(carry_on) for line in lines), lines



async def welcome_chosen_in_swahili(api: FakeBotApi, learner: FakeUser) -> Call:
    """``learner`` (no client language) sends /start, and presses Kiswahili under the welcome, as sent; the
    welcome itself is returned, after it was checked to name the quiz left open or the question due."""
    await api.command(learner, "/start")
    [welcome] = await api.wait_for("sendMessage", 1, lambda p: for_chat(learner.id)(p) and "Hello" in p["text"])
    assert "1 question is due for review: send /review." in welcome.params["text"], welcome.params["text"]
    [swahili] = [row[0]["callback_data"] for row in welcome.params["reply_markup"]["inline_keyboard"]
                 if row[0]["text"] == "Kiswahili"]
    await api.press(learner, swahili, message_id=int(welcome.result["message_id"]))
    return welcome


async def missed_yesterday(api: FakeBotApi, learner: FakeUser, clock: FixedClock) -> None:
    """The one question of long-options missed a day ago: due for review today."""
    await api.command(learner, "/quiz long-options")
    poll = await next_poll(api, learner.id, 1)
    await api.answer_poll(learner, poll_id(poll), [wrong(poll)])
    await api.wait_for("sendMessage", 1, lambda p: for_chat(learner.id)(p) and "Quiz finished" in p["text"])
    clock.advance(timedelta(days=1))


async def test_a_language_chosen_on_the_welcome_keeps_its_quiz_left_open_and_reviews_due_in_that_language(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """A client that sends no language gets the picker under the welcome. Before, the choice replaced the whole
    welcome with 'From now on I'll speak Kiswahili.' and /quizzes: the quiz left open (here, in a group) and the
    question due for review that the welcome named were gone. Now they are said again, in the language chosen."""
    learner = FakeUser(305, "Tobi", None)
    async with running_bot(settings, clock=clock) as engine:
        sw = engine.localizer_for("sw")
        await missed_yesterday(api, learner, clock)
        await api.command(learner, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        welcome = await welcome_chosen_in_swahili(api, learner)
        assert "Collectives is still in progress" in welcome.params["text"], welcome.params["text"]
        [edited] = await api.wait_for("editMessageText")
    lines = edited.params["text"].split("\n")
    assert lines[0] == sw("From now on I'll speak {name}.", name="Kiswahili"), lines
    assert sw("{title} is still in progress: start it again to carry on where you left off.",
              title="Mawasiliano ya pamoja") in lines, lines
    assert sw.ngettext("{n} question is due for review: send /review.",
                       "{n} questions are due for review: send /review.", 1) in lines, lines


async def test_a_language_chosen_on_the_welcome_that_asks_the_question_again_keeps_the_reviews_due(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """The quiz's question, waiting in the private chat, is asked again in Swahili under the confirmation. Before,
    the welcome was deleted, and the question due for review with it; now the welcome says that, in Swahili."""
    learner = FakeUser(306, "Tobi", None)
    async with running_bot(settings, clock=clock) as engine:
        sw = engine.localizer_for("sw")
        await missed_yesterday(api, learner, clock)
        await api.command(learner, "/quiz collectives")
        await next_poll(api, learner.id, 2)
        welcome = await welcome_chosen_in_swahili(api, learner)
        await next_poll(api, learner.id, 3)  # asked again, in Swahili
        [edited] = await api.wait_for("editMessageText")
        assert int(edited.params["message_id"]) == welcome.result["message_id"]
        assert "reply_markup" not in edited.params  # the picker has done its part
    assert edited.params["text"] == sw.ngettext("{n} question is due for review: send /review.",
                                                "{n} questions are due for review: send /review.", 1)
