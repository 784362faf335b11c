"""A language chosen while a question waits in the private chat (/language yo, or the picker): that question is asked
again in it, in a new poll with its options in the order shown, after the confirmation; the old poll is taken
away, and the first answer stays the one that counts. The same language again, or no question waiting: the
confirmation alone, as before."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, correct, for_chat, next_poll, options, poll_id, running_bot

ADE = FakeUser(341, "Adé", "en")  # a Yoruba speaker whose app is in English
ENGLISH = ["Broadcast", "All-reduce", "Scatter"]
YORUBA = {"Broadcast": "Ìgbéjáde (broadcast)", "All-reduce": "All-reduce (àkópọ̀ gbogbo)",
          "Scatter": "Ìfọ́nká (scatter)"}
YORUBA_PROMPT = "Èwo ló ń fi àpapọ̀ gbogbo gradient sílẹ̀ lórí rank kọ̀ọ̀kan?"
LIMIT = 30


@pytest.mark.parametrize("how", ["typed", "picker"])
async def test_the_open_question_is_asked_again_in_the_language_chosen_and_its_old_poll_taken_away(
        api: FakeBotApi, settings: Settings, how: str) -> None:
    async with running_bot(settings) as engine:
        yo = engine.localizer_for("yo")
        await api.command(ADE, "/quiz collectives")
        first = await next_poll(api, ADE.id, 1)
        assert sorted(options(first)) == sorted(ENGLISH)
        if how == "typed":
            await api.command(ADE, "/language yo")
        else:
            await api.command(ADE, "/language")
            await api.wait_for("sendMessage", 2, for_chat(ADE.id))
            await api.press(ADE, "lang:yo")
        again = await next_poll(api, ADE.id, 2)  # before: no poll, the question left in English
        assert again.params["question"].endswith(YORUBA_PROMPT), again.params["question"]
        assert again.params["question"].startswith("1/3 · ")
        assert options(again) == [YORUBA[text] for text in options(first)]  # the order shown
        assert correct(again) == correct(first)
        await api.wait_for("deleteMessage", 1, for_chat(ADE.id))
        assert (ADE.id, int(first.result["message_id"])) in api.deleted
        confirmed = yo("From now on I'll speak {name}.", name="Èdè Yorùbá")
        said = api.sent_texts(ADE.id) + [call.params["text"] for call in api.calls("editMessageText")]
        assert sum(confirmed in text for text in said) == 1, said  # said once, above the new poll

        await api.answer_poll(ADE, poll_id(again), [correct(again)])
        second = await next_poll(api, ADE.id, 3)
        assert second.params["question"].startswith("2/3 · ")
        await api.answer_poll(ADE, poll_id(first), [correct(first)])  # a vote that was on its way: not counted again
        await api.settle()
        assert len(api.polls(ADE.id)) == 3
        assert sum("NCCL collective operations" in text for text in api.sent_texts(ADE.id)) == 1  # one feedback

        told = sum(confirmed in text for text in api.sent_texts(ADE.id))  # the picker's was an edit, not sent
        await api.command(ADE, "/language yo")  # the same language again: said, nothing asked
        await api.wait_for("sendMessage", told + 1, lambda params: params["chat_id"] == str(ADE.id)
                           and confirmed in params["text"])  # not a quiet moment alone: a loaded machine pauses
        await api.settle()
        assert len(api.polls(ADE.id)) == 3 and confirmed in api.sent_texts(ADE.id)[-1]


async def test_a_timed_question_asked_again_keeps_the_time_it_had_left(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), clock):
        await api.command(ADE, "/quiz collectives")
        first = await next_poll(api, ADE.id, 1)
        assert int(first.params["open_period"]) == LIMIT
        clock.advance(timedelta(seconds=10))
        await api.command(ADE, "/language yo")
        again = await next_poll(api, ADE.id, 2)
        assert again.params["question"].endswith(YORUBA_PROMPT)
        assert int(again.params["open_period"]) == LIMIT - 10  # as /quiz resuming it: no time bought


async def test_without_a_question_waiting_the_language_is_only_said(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADE, "/language sw")
        await api.wait_for("sendMessage", 1, for_chat(ADE.id))
        await api.settle()
        assert api.polls(ADE.id) == []
        assert api.sent_texts(ADE.id) == [engine.localizer_for("sw")("From now on I'll speak {name}.",
                                                                     name="Kiswahili")]


async def test_a_question_asked_in_a_group_is_left_there(api: FakeBotApi, settings: Settings) -> None:
    """The learner's own quiz played in a group: a language chosen in the private chat asks nothing again, in
    neither chat, and the group's poll stays."""
    async with running_bot(settings):
        await api.command(ADE, "/quiz collectives", chat=GROUP)
        await next_poll(api, GROUP.id, 1)
        await api.command(ADE, "/language yo")
        await api.wait_for("sendMessage", 1, for_chat(ADE.id))
        await api.settle()
        assert len(api.polls(GROUP.id)) == 1 and api.polls(ADE.id) == [] and api.deleted == set()
