"""In a forum (a supergroup with topics), the bot answers in the topic it was asked in, and each topic is a chat
of its own: its own quizzes' polls, its own game."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import FakeChat
from tests.telegram.game_steps import buttons_data, press, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, WANJIRU, correct, poll_id, running_bot

FORUM = FakeChat(-100900, "supergroup", "Distributed training")
QUIZ_TOPIC, GAME_TOPIC, OTHER_TOPIC = 77, 88, 99
ADA = FakeUser(301, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due


def in_forum(topic: int | None) -> Any:
    """Calls to the forum's chat, in ``topic`` (None: sent without one, to its General topic)."""
    def matches(params: dict[str, Any]) -> bool:
        sent_in = params.get("message_thread_id")
        return params.get("chat_id") == str(FORUM.id) and sent_in == (None if topic is None else str(topic))
    return matches


async def polls_in(api: FakeBotApi, topic: int | None, count: int) -> list[Call]:
    return await api.wait_for("sendPoll", count, in_forum(topic))


async def lobby_in(api: FakeBotApi, topic: int) -> str:
    """The game id of the lobby posted in ``topic``."""
    found = await api.wait_for("sendMessage", 1, lambda p: in_forum(topic)(p) and "reply_markup" in p
                               and buttons_data(p)[0].startswith("gj:"))
    return str(buttons_data(found[-1].params)[0].split(":", 1)[1])


async def test_a_quiz_asked_in_a_topic_is_played_in_that_topic_to_the_end(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives", FORUM, topic=QUIZ_TOPIC)
        first = (await polls_in(api, QUIZ_TOPIC, 1))[0]
        assert api.calls("sendMessage", in_forum(QUIZ_TOPIC))  # the quiz's intro, named for Ada, went there too

        await vote(api, first, ADA, right=True)
        second = (await polls_in(api, QUIZ_TOPIC, 2))[1]
        await vote(api, second, ADA, right=True)
        third = (await polls_in(api, QUIZ_TOPIC, 3))[2]
        said = len(api.calls("sendMessage", in_forum(QUIZ_TOPIC)))
        await vote(api, third, ADA, right=True)
        summary = (await api.wait_for("sendMessage", said + 1, in_forum(QUIZ_TOPIC)))[-1]

        assert "Quiz finished: Collectives" in summary.params["text"]
        assert not api.calls("sendMessage", in_forum(None)) and not api.calls("sendPoll", in_forum(None))


async def test_two_topics_each_play_a_game_of_their_own_side_by_side(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings, game_interval=GAMES) as engine:
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        first_game = await lobby_in(api, GAME_TOPIC)
        await api.command(AMINATA, "/game collectives", FORUM, topic=OTHER_TOPIC)  # not "a game is on here"
        second_game = await lobby_in(api, OTHER_TOPIC)
        assert first_game != second_game

        joined = await press(api, WANJIRU, f"gj:{first_game}", FORUM, topic=GAME_TOPIC)  # where its lobby is
        sw = engine.localizer_for("sw")
        assert joined["text"] == sw.ngettext("You're in! {n} player so far.", "You're in! {n} players so far.", 2)
        await api.press(ADA, f"gb:{first_game}", FORUM, topic=GAME_TOPIC)
        asked = (await polls_in(api, GAME_TOPIC, 1))[0]
        await api.answer_poll(ADA, poll_id(asked), [correct(asked)])
        await api.answer_poll(WANJIRU, poll_id(asked), [correct(asked)])
        results = await api.wait_for("sendMessage", 1, lambda p: in_forum(GAME_TOPIC)(p) and "reply_markup" in p
                                     and any(data.startswith("gx:") for data in buttons_data(p)))

        assert results and not api.calls("sendPoll", in_forum(OTHER_TOPIC))  # the other game waits in its lobby
        begun = api.calls("editMessageText", lambda p: p["chat_id"] == str(FORUM.id) and "Game on" in p["text"])
        assert [call.params["text"] for call in begun] == ["Game on! 2 players: Ada, Wanjiru"]  # its lobby, begun

        api.admins[FORUM.id] = {WANJIRU.id}  # the forum's admin stops the other topic's game, and only that one
        said = len(api.calls("sendMessage", in_forum(OTHER_TOPIC)))
        await api.command(WANJIRU, "/game stop", FORUM, topic=OTHER_TOPIC)
        stopped = (await api.wait_for("sendMessage", said + 1, in_forum(OTHER_TOPIC)))[-1].params["text"]
        assert stopped.startswith("🏁") and "Wanjiru" in stopped  # the podium, in the starter Aminata's French
        assert not api.calls("sendMessage", in_forum(None)) and not api.calls("sendPoll", in_forum(None))


async def test_a_button_pressed_in_a_topic_answers_in_that_topic(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/quizzes", FORUM, topic=QUIZ_TOPIC)
        listing = (await api.wait_for("sendMessage", 1, in_forum(QUIZ_TOPIC)))[-1]
        start = next(data for data in buttons_data(listing.params) if "collectives" in data)
        await api.press(ADA, start, FORUM, topic=QUIZ_TOPIC)

        assert (await polls_in(api, QUIZ_TOPIC, 1))[0].params["question"].startswith("1/3 (Ada)")


async def test_a_reply_in_a_group_without_topics_is_answered_in_the_group(api: FakeBotApi, settings: Settings) -> None:
    """Telegram gives a reply's thread an id in any supergroup; only a topic's message is in a topic."""
    group = FakeChat(-100901, "supergroup", "No topics")
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives", group)
        await api.wait_for("sendPoll", 1, lambda p: p["chat_id"] == str(group.id))
        message = api.requests[-1].result or {}
        reply = {"message_id": 5000, "date": 0, "chat": group.json(), "from": ADA.json(), "text": "/skip",
                 "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
                 "message_thread_id": message.get("message_id", 1), "reply_to_message": message}
        await api.push({"message": reply})

        second = await api.wait_for("sendPoll", 2, lambda p: p["chat_id"] == str(group.id))
        assert all("message_thread_id" not in call.params for call in second)


async def test_a_game_whose_topic_was_deleted_ends_without_errors(
        api: FakeBotApi, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """Every message after would be refused too: the game stops, as in a group that removed the bot."""
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        game = await lobby_in(api, GAME_TOPIC)
        await api.press(ADA, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        await polls_in(api, GAME_TOPIC, 1)
        for _refusal in range(2):  # the results, then the podium saying why
            api.fail_next("sendMessage", 400, "Bad Request: message thread not found")
        for _question in range(4):  # long past every question the game had left
            clock.advance(timedelta(minutes=2))
            await api.settle()
        assert [call.method for call in api.requests if not call.ok] == ["sendMessage", "sendMessage"]
        assert len(api.calls("sendPoll", in_forum(GAME_TOPIC))) == 1
        assert "stopped: its chat refused a message (missing Send Messages)" in caplog.text
        assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
