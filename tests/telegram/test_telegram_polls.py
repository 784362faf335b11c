"""Quiz polls under real-world trouble: long text, restarts, repeated updates, flood control, failures."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import text

from adapters.settings import Settings
from adapters.telegram.interactions import ALERT_LIMIT
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor
from storage.database import create_engine, sqlite_url
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    TOKEN,
    WANJIRU,
    correct,
    for_chat,
    next_poll,
    options,
    poll_id,
    running_bot,
    wrong,
)


async def test_a_question_with_options_too_long_for_a_poll_is_lettered_in_a_message_first(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(WANJIRU, "/quiz long-options")
        poll = await next_poll(api, WANJIRU.id, 1)
        assert options(poll) == ["A", "B"]
        assert poll.params["question"] == ("1/1 · Kila rank huhifadhi nini hali ya modeli ikigawanywa "
                                           "kikamilifu?")
        lettered = api.sent_texts(WANJIRU.id)[-1]
        assert "Kipande chake tu cha parameters, gradients na hali ya optimizer" in lettered  # in full
        letter = "AB"[correct(poll)]
        assert f"<b>{letter}.</b> Kipande chake tu" in lettered

        await api.answer_poll(WANJIRU, poll_id(poll), [correct(poll)])
        summary = (await api.wait_for("sendMessage", 1, lambda p: "✅" in p["text"]))[0]
        assert "❌" not in summary.params["text"]
        assert "reply_markup" not in summary.params  # nothing missed, nothing to retry


async def test_an_answer_given_while_the_bot_was_restarting_still_counts(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    # The bot is down; the learner answers; a new process on the same database picks the answer up.
    await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
    async with running_bot(settings) as engine:
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        _ = engine.localizer_for("fr")
        assert progress.lines[0].text == _(
                "in progress: {answered} of {total} answered, {correct} right", answered=1, total=3, correct=1)


async def test_the_same_poll_answer_delivered_twice_is_scored_once(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        vote = {"poll_answer": {"poll_id": poll_id(first), "user": AMINATA.json(), "option_ids": [correct(first)],
                                "option_persistent_ids": [str(correct(first))]}}
        await api.push(vote, vote)  # in one batch: one sender's, so handled one after the other
        await next_poll(api, AMINATA.id, 2)
        await api.push(vote)  # and once more later, as after a lost offset
        await api.settle()
        assert len(api.polls(AMINATA.id)) == 2
        texts_after_first_answer = api.sent_texts(AMINATA.id)[1:]
        assert len(texts_after_first_answer) == 1  # the details follow-up only: duplicates stay silent
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        _ = engine.localizer_for("fr")
        assert progress.lines[0].text == _(
                "in progress: {answered} of {total} answered, {correct} right", answered=1, total=3, correct=1)


async def test_a_retracted_vote_changes_nothing_and_the_next_vote_counts(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        texts = api.sent_texts(AMINATA.id)
        with caplog.at_level(logging.ERROR, logger="adapters.telegram"):
            await api.answer_poll(AMINATA, poll_id(first), [])
            await api.settle()
        assert len(api.polls(AMINATA.id)) == 1 and api.sent_texts(AMINATA.id) == texts  # nothing said
        assert not caplog.records  # and nothing failed: an empty vote isn't an error
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)


async def test_a_flood_limit_on_send_poll_is_waited_out_and_the_poll_still_sent(
        api: FakeBotApi, settings: Settings) -> None:
    api.fail_next("sendPoll", 429, "Too Many Requests: retry after 1", retry_after=1)
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        poll = await next_poll(api, AMINATA.id, 1)
        attempts = [call for call in api.requests if call.method == "sendPoll"]
        assert [call.ok for call in attempts] == [False, True]
        assert attempts[0].params == attempts[1].params
        await api.answer_poll(AMINATA, poll_id(poll), [correct(poll)])  # the retried poll is the linked one
        await next_poll(api, AMINATA.id, 2)


async def test_a_failing_update_is_logged_without_the_token_and_the_bot_keeps_serving(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    api.fail_next("sendMessage", 400, "Bad Request: can't parse entities")
    async with running_bot(settings) as engine:
        with caplog.at_level(logging.ERROR, logger="adapters.telegram"):
            await api.command(AMINATA, "/help")
            await api.command(AMINATA, "/help")
            await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
            await api.settle()
    sorry = engine.localizer_for("fr")("Sorry, something went wrong. Please try again in a moment.")
    assert api.sent_texts(AMINATA.id).count(sorry) == 1  # the one whose /help failed hears of it
    failures = [record for record in caplog.records if record.name == "adapters.telegram.errors"]
    assert len(failures) == 1
    logged = failures[0].getMessage()
    assert "Can't parse entities" in logged and "(command)" in logged  # as the metrics label it
    assert TOKEN not in logged and TOKEN.split(":")[1] not in logged


async def test_when_sending_the_next_poll_fails_the_learner_is_told_and_can_carry_on(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        fr = engine.localizer_for("fr")
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        api.fail_next("sendPoll", 400, "Bad Request: poll can't be sent")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        sorry = fr("Sorry, something went wrong. Please try again in a moment.")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == sorry and p["chat_id"] == str(AMINATA.id))

        await api.command(AMINATA, "/quiz")  # the answer counted: the quiz carries on with question 2
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")


async def test_with_the_database_gone_the_apology_is_in_the_language_of_the_learners_app(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/help")  # she is stored, with her app's language hint (French)
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        database = create_engine(sqlite_url(settings.data_dir))
        try:
            async with database.begin() as connection:  # every action reads the learner first: all fail
                await connection.execute(text("ALTER TABLE users RENAME TO users_away"))
            await api.command(AMINATA, "/progress")
            sorry = engine.localizer_for("fr")("Sorry, something went wrong. Please try again in a moment.")
            await api.wait_for("sendMessage", 1, lambda p: p["text"] == sorry and p["chat_id"] == str(AMINATA.id))
        finally:
            await database.dispose()


async def test_a_learner_who_blocked_the_bot_is_logged_in_one_warning_line_and_not_apologised_to(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        api.refusing[AMINATA.id] = Failure(403, "Forbidden: bot was blocked by the user")
        with caplog.at_level(logging.WARNING, logger="adapters.telegram"):
            await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
            await api.settle()
        assert [record.levelname for record in caplog.records] == ["WARNING"]
        assert "the chat refused the reply: Forbidden: bot was blocked by the user" in caplog.text
        assert "Traceback" not in caplog.text
        assert [call.method for call in api.requests if not call.ok] == ["sendMessage"]  # no apology tried


async def test_a_quiz_in_a_group_that_lets_members_send_no_polls_says_the_permission_it_lacks(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """Not "something went wrong, try again": trying again can never send a poll there."""
    async with running_bot(settings) as engine:
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        with caplog.at_level(logging.WARNING, logger="adapters.telegram"):
            await api.command(AMINATA, "/quiz collectives", GROUP)
            await api.settle()
        _ = engine.localizer_for("fr")
        why = _("I can't post quiz polls in this chat: I'm missing the “{permission}” permission. Ask an admin to "
                "grant it, or message me privately to play.", permission=_("Send Polls"))
        assert api.sent_texts(GROUP.id)[1:] == [f"<b>Aminata</b> · {why}"]  # after the quiz's intro, for whom
        assert why.startswith("Je ne peux pas publier") and "«\u00a0Envoyer des sondages\u00a0»" in why
        assert [record.levelname for record in caplog.records] == ["WARNING"] and "Traceback" not in caplog.text

        await api.command(AMINATA, "/quiz", GROUP)  # polls allowed again, for a while
        first = await next_poll(api, GROUP.id, 1)
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # a vote has no chat, but its quiz has
        await api.wait_for("sendMessage", 2, lambda p: p["text"] == f"<b>Aminata</b> · {why}", within=5)


async def test_a_vote_delivered_again_after_its_next_poll_was_lost_gets_the_feedback_and_the_poll(
        api: FakeBotApi, settings: Settings) -> None:
    """The answer is kept, then sending the next poll fails (as a process killed in between would leave it);
    Telegram delivers the vote again and the learner carries on, their first answer still the one that counts."""
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        api.fail_next("sendPoll", 400, "Bad Request: the poll went nowhere")
        await api.answer_poll(AMINATA, poll_id(first), [wrong(first)])
        await api.settle()
        assert len(api.polls(AMINATA.id)) == 1
        await api.answer_poll(AMINATA, poll_id(first), [wrong(first)])  # the same update, delivered again
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3")
        explained = [text for text in api.sent_texts(AMINATA.id) if text.startswith("La réponse\u00a0:")]
        assert len(explained) == 2 and explained[0] == explained[1]  # the first answer's feedback, once more
        await api.answer_poll(AMINATA, poll_id(first), [wrong(first)])  # and once more: the poll is there now
        await api.settle()
        assert len(api.polls(AMINATA.id)) == 2


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_quiz_button_pressed_in_a_group_that_refuses_polls_says_why_whole_in_its_popup(
        api: FakeBotApi, settings: Settings, language: str) -> None:
    """The press's popup says it first (Telegram waits only seconds for its answer): up to 200 characters, so a
    translation longer than that was cut short with "…" where the English fits."""
    learner = FakeUser(110, "Tendai", language)
    async with running_bot(settings) as engine:
        _ = engine.localizer_for(language)
        why = _("I can't post quiz polls in this chat: I'm missing the “{permission}” permission. Ask an admin to "
                "grant it, or message me privately to play.", permission=_("Send Polls"))
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        await api.press(learner, "quiz:collectives", GROUP)  # a quiz list's ▶ button
        popup = (await api.wait_for("answerCallbackQuery", 1, lambda params: bool(params.get("text"))))[0]
        assert popup.params["text"] == why
        assert len(why) <= ALERT_LIMIT
