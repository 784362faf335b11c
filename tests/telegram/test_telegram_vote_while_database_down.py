"""A learner's vote while PostgreSQL is out of reach (restarting, failing over): the vote can't be kept, and only
the database knows the poll's chat, yet the learner must not be left waiting for a next question that never comes."""

from __future__ import annotations

from adapters.settings import Settings
from bot.replies import Actor
from tests.support.tcp_proxy import proxied
from tests.telegram.game_steps import begun, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, for_chat, next_poll, poll_id, running_bot

ADA = FakeUser(301, "Ada", "en")
NOT_SAVED = "Sorry, I couldn't save your answer just now. In a moment, send /quiz to see your question again."


async def test_a_vote_while_the_database_is_down_is_told_privately_and_the_quiz_carries_on_once_it_is_back(
        api: FakeBotApi, settings: Settings, postgres_url: str) -> None:
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with running_bot(settings.model_copy(update={"database_url": through_proxy})) as engine:
            await api.command(AMINATA, "/quiz collectives")
            first = await next_poll(api, AMINATA.id, 1)
            await api.settle()  # the poll's link stored: the command handled whole before the outage
            told_before = len(api.sent_texts(AMINATA.id))
            await proxy.cut()  # pooled connections die, new ones are refused: as during a restart

            await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
            fr = engine.localizer_for("fr")
            said = await api.wait_for("sendMessage", told_before + 1, for_chat(AMINATA.id), within=30)
            assert said[-1].params["text"] == fr(NOT_SAVED) != NOT_SAVED  # in French, though it wasn't looked up

            await proxy.open()
            await api.command(AMINATA, "/quiz")  # as told: the same question again, on the pool's fresh connections
            again = await next_poll(api, AMINATA.id, 2)
            assert again.params["question"] == first.params["question"]
            await api.answer_poll(AMINATA, poll_id(again), [correct(again)])
            await next_poll(api, AMINATA.id, 3)
            progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        assert progress.lines[0].text == fr("in progress: {answered} of {total} answered, {correct} right",
                                            answered=1, total=3, correct=1)
    finally:
        await proxy.cut()


async def test_a_group_game_vote_while_the_database_is_down_sends_its_voter_no_private_quiz_advice(
        api: FakeBotApi, settings: Settings, postgres_url: str) -> None:
    """The game goes on in the group without that vote: /quiz would show the voter no question of it."""
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with running_bot(settings.model_copy(update={"database_url": through_proxy})):
            _game, first = await begun(api, ADA, GROUP, (AMINATA,))
            await proxy.cut()
            await vote(api, first, AMINATA, right=True)
            await api.command(AMINATA, "/progress")  # handled after her vote: her updates go one after another
            [sorry] = await api.wait_for("sendMessage", 1, for_chat(AMINATA.id), within=30)
            await proxy.open()
        assert "/quiz" not in sorry.params["text"]  # the plain apology, for her /progress
    finally:
        await proxy.cut()
