"""In a group, a quiz list's ▶ button (/quizzes, or the "which quiz?" choices) pressed again for the question the
member was asked a moment ago isn't asked it again, as /quiz typed again isn't; and what the button refuses is
said to the presser alone, in the press's popup: the group reads none of it, and spends none of its 20 messages a
minute on it. A private chat is asked again each time, as before, but for a double tap's second press."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.support.next_step import NEXT_STEP
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, WANJIRU, next_poll, running_bot
from tests.telegram.test_telegram_group_asked_again import ABOVE


def popups(api: FakeBotApi) -> list[str | None]:
    return [call.params.get("text") for call in api.requests if call.method == "answerCallbackQuery"]


async def test_the_quiz_button_pressed_again_in_a_group_asks_nothing_there(api: FakeBotApi,
                                                                           settings: Settings) -> None:
    clock = FixedClock()
    async with running_bot(settings, clock=clock) as engine:
        await api.press(WANJIRU, "quiz:collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await api.settle()  # its link stored, at the time it was asked
        in_group = len(api.sent_texts(GROUP.id))
        pressed = len(popups(api))
        for _time in range(3):
            await api.press(WANJIRU, "quiz:collectives", GROUP)
        await api.wait_for("answerCallbackQuery", pressed + 3)
        await api.settle()
        above = engine.localizer_for("sw")(ABOVE, command="/quiz")
        assert popups(api)[pressed:] == [above] * 3  # each press answered, to the presser alone
        assert api.polls(GROUP.id) == [first] and len(api.sent_texts(GROUP.id)) == in_group
        assert api.sent_texts(WANJIRU.id) == [] and api.calls("deleteMessage") == []

        clock.advance(timedelta(seconds=61))  # a minute on: asked again, as before
        await api.press(WANJIRU, "quiz:collectives", GROUP)
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"] == first.params["question"]


async def test_what_the_quiz_button_refuses_in_a_group_is_the_pressers_alone(api: FakeBotApi,
                                                                             settings: Settings) -> None:
    async with running_bot(settings) as engine:
        in_group = len(api.sent_texts(GROUP.id))
        for _time in range(2):  # a button from a stale list: its quiz is gone
            await api.press(WANJIRU, "quiz:nosuch", GROUP)
        await api.wait_for("answerCallbackQuery", 2)
        await api.settle()
        sw = engine.localizer_for("sw")
        no_such = sw("There is no quiz called “{name}”.", name="nosuch") + " " + sw(NEXT_STEP)
        assert popups(api) == [no_such, no_such]
        assert len(api.sent_texts(GROUP.id)) == in_group and api.sent_texts(WANJIRU.id) == []


async def test_in_a_private_chat_the_quiz_button_asks_again_each_time(api: FakeBotApi, settings: Settings) -> None:
    """Each press, not a double tap's second (test_telegram_quiz_button_twice)."""
    clock = FixedClock()
    async with running_bot(settings, clock=clock):
        await api.press(WANJIRU, "quiz:collectives")
        await next_poll(api, WANJIRU.id, 1)
        await api.settle()  # its link stored, at the time it was asked
        clock.advance(timedelta(seconds=11))
        await api.press(WANJIRU, "quiz:collectives")
        await next_poll(api, WANJIRU.id, 2)
        await api.wait_for("deleteMessage", 1)
        assert api.sent_texts(GROUP.id) == []
