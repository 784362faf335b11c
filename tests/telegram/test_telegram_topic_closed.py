"""A forum topic an admin closed: Telegram answers the bot's sends there 400 TOPIC_CLOSED, whatever the bot may
do as a member (only the group's admins may still post there, or open it again)."""

from __future__ import annotations

import logging

import pytest

from adapters.settings import Settings
from tests.telegram.game_steps import buttons_data, press, vote
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import WANJIRU, running_bot
from tests.telegram.test_telegram_forum_topics import (
    ADA,
    FORUM,
    GAME_TOPIC,
    GAMES,
    QUIZ_TOPIC,
    in_forum,
    lobby_in,
    polls_in,
)


async def test_a_game_whose_topic_was_closed_says_so_not_a_right_to_grant(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """The topic closed while its lobby waits: Start was answered that the bot lacked "Send Messages", which an
    admin could not grant it (it had it): the topic being closed is said instead, in the game's language."""
    async with running_bot(settings, game_interval=GAMES) as engine:
        await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)  # a game in Swahili
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, ADA, f"gj:{game}", FORUM, topic=GAME_TOPIC)
        api.closed_topics.add((FORUM.id, GAME_TOPIC))  # an admin closes the topic
        started = await press(api, WANJIRU, f"gb:{game}", FORUM, topic=GAME_TOPIC)

        sw = engine.localizer_for("sw")
        assert started["text"] == sw("I can't post the game's messages in this topic: it is closed. Ask an admin "
                                     "to reopen it, or start a new game in an open topic.")
        assert started["text"].startswith("Siwezi kutuma ujumbe wa mchezo kwenye mada hii")
        await api.settle()
        assert [call.method for call in api.requests if not call.ok] == ["sendPoll", "sendMessage"]  # the podium
        api.closed_topics.clear()  # an admin opens it again: a new game starts there at once
        said = len(api.calls("sendMessage"))
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        lobby = (await api.wait_for("sendMessage", said + 1))[-1].params
        assert buttons_data(lobby)[0].startswith("gj:") and game not in buttons_data(lobby)[0]
    assert "stopped: its chat refused a message (topic closed)" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_quiz_in_a_closed_topic_logs_no_error_and_waits_for_its_learner(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """An admin's /quiz in a closed topic, then a vote once it was closed mid-quiz: each logged a traceback at
    ERROR, as for a bug, and tried to post 'Sorry, something went wrong. Please try again' there, refused too. The
    chat refused the reply, as a blocked bot's: a warning; the question that never went out is asked on resuming."""
    async with running_bot(settings):
        api.closed_topics.add((FORUM.id, QUIZ_TOPIC))
        await api.command(ADA, "/quiz collectives", FORUM, topic=QUIZ_TOPIC)
        await api.settle()
        assert [call.method for call in api.requests if not call.ok] == ["sendMessage"]  # its intro: no apology
        api.closed_topics.clear()  # an admin opens it again: the quiz resumes at its first question
        await api.command(ADA, "/quiz collectives", FORUM, topic=QUIZ_TOPIC)
        first = (await polls_in(api, QUIZ_TOPIC, 1))[0]
        assert first.params["question"].startswith("1/3 (Ada)")

        api.closed_topics.add((FORUM.id, QUIZ_TOPIC))  # closed again mid-quiz: the vote's next poll is refused
        await vote(api, first, ADA, right=True)
        await api.settle()
        assert len([call for call in api.requests if not call.ok]) == 2  # what follows the vote: no apology
        assert len(api.calls("sendPoll", in_forum(QUIZ_TOPIC))) == 1
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert "the chat refused the reply" in caplog.text
