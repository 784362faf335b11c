"""The other slash commands, commands in DMs, and a bot that survives a failing event."""

from __future__ import annotations

import logging
import time
from functools import partial

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_records import Call
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID, TOKEN
from tests.discord.support import first_answer, next_poll, poll_question, reply_to, vote_for
from tests.support.write_lock import writes_held

DM_CHANNEL_ID = 880000000000000001


async def test_quiz_names_are_suggested_in_the_users_language_as_they_type(bot: RunningBot, fake: FakeDiscord) -> None:
    token = await fake.slash("quiz", {"quiz": "longu"}, locale="fr", autocomplete="quiz")
    answer = await fake.wait_until(lambda: next(iter(fake.interaction_calls(token)), None))
    assert answer.body == {"type": 8, "data": {"choices": [{"name": "Options longues (long-options)",
                                                            "value": "long-options"}]}}

    token = await fake.slash("preview", {"quiz": ""}, locale="sw", autocomplete="quiz")
    answer = await fake.wait_until(lambda: next(iter(fake.interaction_calls(token)), None))
    assert [choice["value"] for choice in answer.body["data"]["choices"]] == ["collectives", "long-options"]
    assert answer.body["data"]["choices"][0]["name"] == "Mawasiliano ya pamoja (collectives)"

    # What /quiz would find by it: another language's title (Swahili here), or a tag, is suggested too.
    for typed in ("Mawasiliano", "nccl"):
        asked = await fake.slash("quiz", {"quiz": typed}, locale="yo", autocomplete="quiz")
        answer = await fake.wait_until(partial(first_call, fake, asked))
        assert [choice["name"] for choice in answer.body["data"]["choices"]] == ["Ìbánisọ̀rọ̀ àkójọ (collectives)"]


async def test_quiz_names_are_suggested_in_time_while_the_database_is_stuck(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """Suggestions can't be deferred: Discord waits 3 s for them, then shows "Loading options failed". They waited
    for the learner's language from the stuck database (its busy timeout, and tries again), and came too late or not
    at all; now they come in the language last read here."""
    await fake.wait_until(first_answer(fake, await fake.slash("language", {"language": "sw"}, user_id=LEARNER_ID)))
    async with writes_held(settings):
        began = time.monotonic()
        token = await fake.slash("quiz", {"quiz": "coll"}, user_id=LEARNER_ID, locale="fr", autocomplete="quiz")
        answer = await fake.wait_until(partial(first_call, fake, token), within=30)
        assert time.monotonic() - began < 3.0
    assert answer.body == {"type": 8, "data": {"choices": [{"name": "Mawasiliano ya pamoja (collectives)",
                                                            "value": "collectives"}]}}


async def test_a_quiz_in_the_bots_direct_messages_is_played_with_polls_there(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, dm=True, channel_id=DM_CHANNEL_ID, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot, channel_id=DM_CHANNEL_ID)
    assert poll_question(poll).startswith("1/3 · Which collective leaves the sum")
    mark = len(fake.calls)
    await fake.vote(int(poll.response["id"]), 1, user_id=LEARNER_ID, channel_id=DM_CHANNEL_ID)
    await reply_to(fake, poll, after=mark)
    await next_poll(fake, bot, after=mark, channel_id=DM_CHANNEL_ID)


async def test_quiz_with_nothing_in_progress_lists_the_quizzes_to_choose_from(bot: RunningBot,
                                                                              fake: FakeDiscord) -> None:
    """It said "Choose one to start" and offered nothing to choose from (Telegram shows the list)."""
    token = await fake.slash("quiz", {}, locale="fr")
    answer = await fake.wait_until(first_answer(fake, token))
    lines = answer.content.splitlines()
    assert lines[0] == "Vous n’avez aucun quiz en cours. Choisissez-en un pour commencer."
    assert "(`collectives`)" in answer.content and "(`long-options`)" in answer.content


async def test_what_a_user_typed_comes_back_as_typed_not_as_markdown(bot: RunningBot, fake: FakeDiscord) -> None:
    token = await fake.slash("preview", {"quiz": "**bold** [link](https://evil.example) <@123456789012345678>"})
    missing = await fake.wait_until(first_answer(fake, token))
    # Escaped: neither bold nor a masked link (the address a link, but with no preview), and the id is not drawn
    # as a member.
    assert missing.content.startswith("There is no quiz called “\\*\\*bold\\*\\* \\[link](<https://evil.example>)")
    assert "\\<@123456789012345678>" in missing.content and "<@" not in missing.content.replace("\\<@", "")


async def test_preview_progress_and_stop_answer_privately(bot: RunningBot, fake: FakeDiscord) -> None:
    token = await fake.slash("preview", {"quiz": "collectives"})
    preview = await fake.wait_until(first_answer(fake, token))
    assert "Which collective rebuilds a full tensor" in preview.content and "Reduce-scatter" in preview.content

    token = await fake.slash("preview", {"quiz": "nope"})
    missing = await fake.wait_until(first_answer(fake, token))
    assert missing.content == ("There is no quiz called “nope”. Send /quizzes to choose a quiz, or /help to see "
                               "everything I can do.")

    token = await fake.slash("progress")
    nothing = await fake.wait_until(first_answer(fake, token))
    # A sentence alone, not a bold heading over nothing.
    assert nothing.content == "No results yet. Start a quiz to see your progress here."

    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    token = await fake.slash("progress")
    progress = await fake.wait_until(first_answer(fake, token))
    assert "**Collectives**: in progress: 0 of 3 answered, 0 right" in progress.content

    token = await fake.slash("stop")
    stopped = await fake.wait_until(first_answer(fake, token))
    assert stopped.content == "Quiz stopped: Collectives. Your answers so far are saved."
    # Its poll is ended: left open, it took votes nothing answered.
    assert any(call.path.endswith(f"/polls/{poll.response['id']}/expire") for call in fake.calls)
    for token in fake.interaction_tokens():
        assert fake.interaction_calls(token)[0].body["type"] in (4, 5)  # every command answered or deferred
        assert fake.interaction_calls(token)[0].body["data"]["flags"] == 64


async def test_a_command_an_update_removed_is_answered_and_not_logged_as_an_error(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    token = await fake.slash("nosuchcommand", locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    fr = bot.engine.localizer_for("fr")
    assert reply.content == fr("I don't have that command any more. Send /help to see everything I can do.")
    assert reply.content.startswith("Je n")
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_command_whose_options_changed_before_discord_sync_is_answered_and_logged_for_the_operator(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    token = await fake.slash("preview", {}, locale="sw")  # Discord's copy from before "quiz" became required
    reply = await fake.wait_until(first_answer(fake, token))
    sw = bot.engine.localizer_for("sw")
    assert reply.content == sw("This command changed in an update. Please try again later, or send /help to see "
                               "everything I can do.")
    assert reply.content.startswith("Amri hii")
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert any("run `quiztutor discord-sync`" in record.getMessage() for record in caplog.records)


async def test_one_failing_event_is_logged_without_the_token_and_the_bot_carries_on(
        settings: Settings, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # before login, so every request and gateway message is logged
    async with running_bot(settings, fake) as bot:
        await _a_failing_vote_then_a_working_command(bot, fake, caplog)
    assert "sent the IDENTIFY payload" in caplog.text
    assert TOKEN not in caplog.text


async def _a_failing_vote_then_a_working_command(bot: RunningBot, fake: FakeDiscord,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)

    fake.deleted_channels.add(CHANNEL_ID)  # the channel is gone: the vote's reply fails
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    await fake.wait_until(lambda: any(c.status == 404 for c in fake.calls[mark:]))
    await fake.wait_until(lambda: "carrying on" in caplog.text)

    fake.deleted_channels.discard(CHANNEL_ID)
    token = await fake.slash("quizzes")
    listing = await fake.wait_until(first_answer(fake, token))
    assert "`collectives`" in listing.content


def first_call(fake: FakeDiscord, token: str) -> Call | None:
    return next(iter(fake.interaction_calls(token)), None)
