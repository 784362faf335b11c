"""A forum topic an admin closed: Telegram answers the bot's sends there 400 TOPIC_CLOSED, whatever the bot may
do as a member (only the group's admins may still post there, or open it again)."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure
from tests.telegram.game_steps import buttons_data, press, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi
from tests.telegram.telegram_harness import WANJIRU, running_bot
from tests.telegram.test_telegram_anonymous_admins import ANONYMOUS_ADMIN
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


async def _a_new_game_starts_once_reopened(api: FakeBotApi, game: str) -> None:
    """An admin opens the game's topic again: a new game (not ``game``) starts there at once."""
    api.closed_topics.clear()
    said = len(api.calls("sendMessage"))
    await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
    lobby = (await api.wait_for("sendMessage", said + 1))[-1].params
    assert buttons_data(lobby)[0].startswith("gj:") and game not in buttons_data(lobby)[0]


async def test_a_game_whose_topic_was_closed_says_so_not_a_right_to_grant(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """The topic closed while its lobby waits: Start was answered that the bot lacked "Send Messages", which an
    admin could not grant it (it had it): the topic being closed is said instead, in the presser's language. The
    press is answered as the game begins, before the topic refuses it; the podium refused too, the presser hears
    why privately."""
    async with running_bot(settings, game_interval=GAMES) as engine:
        await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)  # a game in Swahili
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, ADA, f"gj:{game}", FORUM, topic=GAME_TOPIC)
        api.closed_topics.add((FORUM.id, GAME_TOPIC))  # an admin closes the topic
        started = await press(api, WANJIRU, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        assert "text" not in started

        told = await api.wait_for("sendMessage", 1, lambda params: params["chat_id"] == str(WANJIRU.id))
        sw = engine.localizer_for("sw")
        assert told[0].params["text"] == sw("I can't post the game's messages in this topic: it is closed. Ask an "
                                            "admin to reopen it, or start a new game in an open topic.")
        assert told[0].params["text"].startswith("Siwezi kutuma ujumbe wa mchezo kwenye mada hii")
        await api.settle()
        # the first poll, then the podium
        assert [call.method for call in api.requests if not call.ok] == ["sendPoll", "sendMessage"]
        await _a_new_game_starts_once_reopened(api, game)
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


async def test_a_skip_refused_by_a_topic_closed_mid_game_is_told_to_who_typed_it_privately(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """The topic closed mid-question, then /game skip there (its admins may still post in it): the results were
    refused, the game stopped, and its podium saying why was refused too, so nobody was told anything. Whoever typed
    it hears why in their private chat, in their language; the game is over, its topic free for a new one."""
    async with running_bot(settings, game_interval=GAMES) as engine:
        await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)  # a game in Swahili
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, ADA, f"gj:{game}", FORUM, topic=GAME_TOPIC)
        await press(api, WANJIRU, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        await polls_in(api, GAME_TOPIC, 1)
        api.closed_topics.add((FORUM.id, GAME_TOPIC))  # an admin closes the topic mid-question
        await api.command(WANJIRU, "/game skip", FORUM, topic=GAME_TOPIC)
        await api.settle()

        told = [call.params["text"] for call in api.calls("sendMessage")
                if call.params["chat_id"] == str(WANJIRU.id)]
        assert told == [engine.localizer_for("sw")(
            "I can't post the game's messages in this topic: it is closed. Ask an admin to reopen it, or start a "
            "new game in an open topic.")]
        assert [call.method for call in api.requests if not call.ok] == ["sendMessage", "sendMessage"]  # podium
        await _a_new_game_starts_once_reopened(api, game)
    assert "stopped: its chat refused a message (topic closed)" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_game_typed_in_a_closed_topic_is_refused_to_its_admin_privately_if_they_can_be_told(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """An admin (who alone may post in a closed topic) types /game there: its lobby is refused, and so is the note
    saying why. They hear it in their private chat; one who never started the bot (Telegram refuses the bot their
    private chat) can't be told anything: a line in the log, no try in the topic again, no error."""
    caplog.set_level(logging.INFO, "adapters.telegram.personal")
    async with running_bot(settings) as engine:
        api.closed_topics.add((FORUM.id, GAME_TOPIC))
        api.refusing[ADA.id] = Failure(403, "Forbidden: bot can't initiate conversation with a user")
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        await api.settle()
        assert [(call.method, call.params["chat_id"]) for call in api.requests if not call.ok] == [
            ("sendMessage", str(FORUM.id)), ("sendMessage", str(FORUM.id)), ("sendMessage", str(ADA.id))]

        await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)
        told = await api.wait_for("sendMessage", 1, lambda params: params["chat_id"] == str(WANJIRU.id))
        assert told[0].params["text"] == engine.localizer_for("sw")(
            "I can't post the game's messages in this topic: it is closed. Ask an admin to reopen it, or start a "
            "new game in an open topic.")
    assert "could not tell telegram user 301 privately" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_game_whose_topic_closed_mid_question_stops_at_its_time_and_frees_its_players(
        api: FakeBotApi, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """Nobody acts: the question's time runs out, its results are refused and the game stops (its podium refused
    too), rather than running on unseen; its players may play its quiz on their own at once."""
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, ADA, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        await polls_in(api, GAME_TOPIC, 1)
        api.closed_topics.add((FORUM.id, GAME_TOPIC))
        for _question in range(4):  # long past every question the game had left
            clock.advance(timedelta(minutes=2))
            await api.settle()
        assert [call.method for call in api.requests if not call.ok] == ["sendMessage", "sendMessage"]
        assert len(api.calls("sendPoll", in_forum(GAME_TOPIC))) == 1

        await api.command(ADA, "/quiz collectives")  # on their own: no game holds the quiz any more
        assert (await api.wait_for("sendPoll", 1, lambda params: params["chat_id"] == str(ADA.id)))
    assert "stopped: its chat refused a message (topic closed)" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_stop_whose_podium_a_closed_topic_refused_is_told_to_who_typed_it_privately(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """/game stop typed in a topic closed mid-game: the game stopped, but its podium was refused, and a stop done
    says nothing else (the group normally sees it happen), so whoever typed it saw nothing at all. They hear in their
    private chat that it stopped and why nothing shows."""
    async with running_bot(settings, game_interval=GAMES) as engine:
        await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)  # a game in Swahili
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, ADA, f"gj:{game}", FORUM, topic=GAME_TOPIC)
        await press(api, WANJIRU, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        await polls_in(api, GAME_TOPIC, 1)
        api.closed_topics.add((FORUM.id, GAME_TOPIC))
        await api.command(WANJIRU, "/game stop", FORUM, topic=GAME_TOPIC)
        told = await api.wait_for("sendMessage", 1, lambda params: params["chat_id"] == str(WANJIRU.id))
        sw = engine.localizer_for("sw")
        assert told[0].params["text"] == sw("Game stopped.") + " " + sw(
            "I can't post the game's messages in this topic: it is closed. Ask an admin to reopen it, or start a "
            "new game in an open topic.")
        await api.settle()
        assert [call.method for call in api.requests if not call.ok] == ["sendMessage"]  # the podium alone
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_game_opened_by_a_button_in_a_closed_topic_is_refused_to_who_pressed_it_privately(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """A quiz's button under /game's which-one, pressed once the topic was closed: the press is answered before the
    lobby goes up, then the lobby and the note saying why were refused, so the presser saw nothing happen (the
    engine's CHAT_UNHEARD was kept from the group as a refusal 'the podium said'). They hear why privately, as an
    admin's /game typed there."""
    async with running_bot(settings) as engine:
        api.closed_topics.add((FORUM.id, GAME_TOPIC))
        answered = await press(api, WANJIRU, "gq:collectives", FORUM, topic=GAME_TOPIC)
        assert not answered.get("text")  # the press: answered before the lobby was refused
        told = await api.wait_for("sendMessage", 1, lambda params: params["chat_id"] == str(WANJIRU.id))
        assert told[0].params["text"] == engine.localizer_for("sw")(
            "I can't post the game's messages in this topic: it is closed. Ask an admin to reopen it, or start a "
            "new game in an open topic.")
        await api.settle()
        assert [(call.method, call.params["chat_id"]) for call in api.requests if not call.ok] == [
            ("sendMessage", str(FORUM.id)), ("sendMessage", str(FORUM.id))]  # the lobby, then the podium
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_an_anonymous_admins_stop_in_a_closed_topic_sends_the_placeholder_nothing(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """/game stop posted as the group (an anonymous admin) in a topic closed mid-game: nobody has a private chat to
    hear why nothing shows there. Before, the note was sent to Telegram's placeholder user, shared by every group,
    and refused; now nothing is sent to it, and the log says who could not be told."""
    caplog.set_level(logging.INFO)
    async with running_bot(settings, game_interval=GAMES):
        await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, ADA, f"gj:{game}", FORUM, topic=GAME_TOPIC)
        await press(api, WANJIRU, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        await polls_in(api, GAME_TOPIC, 1)
        api.closed_topics.add((FORUM.id, GAME_TOPIC))
        await api.command(ANONYMOUS_ADMIN, "/game stop", FORUM, as_chat=FORUM, topic=GAME_TOPIC)
        await api.wait_for("stopPoll", 1)  # stopped: its podium, refused by the topic, follows
        await api.settle()
        assert not api.calls("sendMessage", lambda params: params["chat_id"] == str(ANONYMOUS_ADMIN.id))
    assert any("posted as the group" in record.getMessage() for record in caplog.records)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def _closed_mid_question(api: FakeBotApi) -> Call:
    """Wanjiru's two-player game in Swahili, its topic closed by an admin mid-question: the open poll."""
    await api.command(WANJIRU, "/game collectives", FORUM, topic=GAME_TOPIC)
    game = await lobby_in(api, GAME_TOPIC)
    await press(api, ADA, f"gj:{game}", FORUM, topic=GAME_TOPIC)
    await press(api, WANJIRU, f"gb:{game}", FORUM, topic=GAME_TOPIC)
    poll = (await polls_in(api, GAME_TOPIC, 1))[0]
    api.closed_topics.add((FORUM.id, GAME_TOPIC))
    return poll


@pytest.mark.parametrize("ends_by", ["time", "votes"])
async def test_a_game_that_ends_unseen_in_a_closed_topic_is_told_to_its_starter_privately(
        api: FakeBotApi, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture,
        ends_by: str) -> None:
    """Nobody typed anything: the question closed by itself (its time ran out, or every player answered), its
    results and the podium saying why were refused, and the game went silent with nobody told. Its starter hears
    why in their private chat, in their language, once."""
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        poll = await _closed_mid_question(api)
        if ends_by == "votes":
            await vote(api, poll, ADA, right=True)
            await vote(api, poll, WANJIRU, right=False)
        for _question in range(4):  # long past every question the game had left
            clock.advance(timedelta(minutes=2))
            await api.settle()
        told = [call.params["text"] for call in api.calls("sendMessage")
                if call.params["chat_id"] == str(WANJIRU.id)]
        swahili = engine.localizer_for("sw")  # which game first: told minutes on, perhaps among others
        assert told == [swahili("Game stopped: {quiz}", quiz="Mawasiliano ya pamoja") + "\n" + swahili(
            "I can't post the game's messages in this topic: it is closed. Ask an admin to reopen it, or start a "
            "new game in an open topic.")]
        assert not api.calls("sendMessage", lambda params: params["chat_id"] == str(ADA.id))
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
