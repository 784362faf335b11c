"""A member's own poll of a quiz, open since before they joined its group game: it takes no votes while the
game is on (its feedback would post the answer to a question of the game while its poll is open), and it is
never closed during the game (a closed quiz poll shows its answer): a timed one, which Telegram would close by
itself, is deleted when they join; an untimed one when its round is stopped or left."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.telegram.game_steps import begun, lobby, press, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import GROUP, for_chat, next_poll, running_bot

ADA = FakeUser(401, "Ada", "en")
TENDAI = FakeUser(402, "Tendai", "en")


async def game_lobby_and_solo_poll(api: FakeBotApi, chat: FakeChat) -> tuple[str, Call]:
    """Tendai has his own poll of collectives open in ``chat`` (the group or his private chat) as Ada opens a game
    of it in the group, which he isn't in yet. (Once the game is open, nobody's own round of its quiz starts in
    the group: tests/core/test_games_and_onlookers.py.)"""
    await api.command(TENDAI, "/quiz collectives", chat)
    solo = await next_poll(api, chat.id, 1)
    await api.command(ADA, "/game collectives", GROUP)
    _lobby, game_id = await lobby(api, GROUP)
    return game_id, solo


async def game_played_then_quiz_resumed(api: FakeBotApi, game_id: str, chat: FakeChat, game_polls: int,
                                        resumed_polls: int) -> Call:
    """Ada starts the game (its first question is the group's poll number ``game_polls``) and stops it; Tendai then
    carries on with his quiz in ``chat``: the poll it asks (his ``resumed_polls``-th there)."""
    await press(api, ADA, f"gb:{game_id}", GROUP)
    await next_poll(api, GROUP.id, game_polls)
    await api.command(ADA, "/game stop", GROUP)
    await api.wait_for("sendMessage", 1, lambda p: for_chat(GROUP.id)(p) and "stopped" in p["text"])
    await api.command(TENDAI, "/quiz collectives", chat)
    return await next_poll(api, chat.id, resumed_polls)


async def test_a_vote_on_a_solo_poll_of_the_games_quiz_is_refused_and_gives_no_answer_away(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        _ = engine.localizer_for("en")
        game_id, solo = await game_lobby_and_solo_poll(api, GROUP)  # not a player yet: his own round starts
        assert solo.params["question"].startswith("1/3 (Tendai) · ")
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await press(api, ADA, f"gb:{game_id}", GROUP)
        game_poll = await next_poll(api, GROUP.id, 2)
        assert game_poll.params["question"].startswith("1/3 · Which collective")

        await vote(api, solo, TENDAI, right=True)
        waits = _("You're playing {title} in a group game right now, so this answer to your own round of it "
                  "doesn't count. That round waits for you until the game is over.", title="Collectives")
        said = (await api.wait_for("sendMessage", 1, lambda p: waits in p["text"]))[0].params["text"]
        assert said == f"<b>Tendai</b> · {waits}"
        await api.command(TENDAI, "/skip", GROUP)  # closing his poll would show its answer: refused too
        await api.wait_for("sendMessage", 1, lambda p: "Play it on your own once the game is over" in p["text"])
        await api.settle()
        texts = " ".join(api.sent_texts(GROUP.id))
        assert "The answer:" not in texts and "skipped" not in texts  # nothing scored, nothing moved on
        assert len(api.polls(GROUP.id)) == 2 and not api.calls("stopPoll")  # the game's poll is still open


SET_ASIDE = ("Your own round of Collectives waits until the game is over, so I took its question away for now. Send "
             "/quiz collectives after the game to carry on.")


@pytest.mark.parametrize("seconds", [30, 0])
@pytest.mark.parametrize("where", ["group", "private"])
async def test_a_solo_poll_of_the_games_quiz_is_deleted_when_its_learner_joins_and_asked_afresh_after(
        where: str, seconds: int, api: FakeBotApi, settings: Settings) -> None:
    """A quiz poll shows its answer to whoever votes on it, and Telegram closes one sent with open_period by
    itself, showing its answer: during the game either would give away a question the game asks, and after it the
    closed poll couldn't take the vote that resumes it. Deleted when its learner joins (a stopped poll shows its
    answer too), timed or not, with a word where it was. (Untimed, it was left open before: a vote showed the
    answer.)"""
    chat = GROUP if where == "group" else FakeChat.private(TENDAI)
    async with running_bot(settings.model_copy(update={"question_seconds": seconds})):
        game_id, solo = await game_lobby_and_solo_poll(api, chat)
        assert solo.params.get("open_period") == (str(seconds) if seconds else None)
        await press(api, TENDAI, f"gj:{game_id}", GROUP)

        deleted = await api.wait_for("deleteMessage", 1)
        assert [(call.params["chat_id"], call.params["message_id"]) for call in deleted] == [
            (str(chat.id), str(solo.result["message_id"]))]
        said = await api.wait_for("sendMessage", 1, lambda p: for_chat(chat.id)(p) and SET_ASIDE in p["text"])
        assert said[0].params["text"] == (f"<b>Tendai</b> · {SET_ASIDE}" if where == "group" else SET_ASIDE)
        # after the game: the question again, all its time
        again = await game_played_then_quiz_resumed(api, game_id, chat, 2 if where == "group" else 1,
                                                    2 if where == "private" else 3)
        assert again.params["question"] == solo.params["question"]
        assert again.params.get("open_period") == solo.params.get("open_period")
        await api.settle()
    assert not api.calls("stopPoll", lambda p: p["message_id"] == str(solo.result["message_id"]))


async def test_a_deleted_solo_poll_is_sent_nothing_more_and_a_vote_in_flight_on_it_is_refused_not_scored(
        api: FakeBotApi, settings: Settings) -> None:
    """Once deleted, the poll is gone: resuming after the game asks its question afresh without trying to stop it
    (which Telegram refuses). A vote Telegram was already carrying when it was deleted still finds its question:
    refused while the game is on, as on the poll itself; the question is scored once, when asked again."""
    private = FakeChat.private(TENDAI)
    async with running_bot(settings.model_copy(update={"question_seconds": 30})) as engine:
        _ = engine.localizer_for("en")
        game_id, solo = await game_lobby_and_solo_poll(api, private)
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await api.wait_for("deleteMessage", 1)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(private.id)(p) and SET_ASIDE in p["text"])

        await vote(api, solo, TENDAI, right=True)  # in flight as it was deleted
        waits = _("You're playing {title} in a group game right now, so this answer to your own round of it "
                  "doesn't count. That round waits for you until the game is over.", title="Collectives")
        await api.wait_for("sendMessage", 1, lambda p: for_chat(private.id)(p) and waits in p["text"])
        again = await game_played_then_quiz_resumed(api, game_id, private, 1, 2)
        assert again.params["question"] == solo.params["question"]
        assert again.params.get("open_period") == solo.params.get("open_period")
        await vote(api, again, TENDAI, right=True)
        following = await next_poll(api, private.id, 3)
        assert following.params["question"].startswith("2/3")
        await api.settle()
        assert sum("The answer:" in text for text in api.sent_texts(private.id)) == 1
    assert not [call for call in api.requests if call.method == "stopPoll"  # not even one Telegram refused
                and call.params["message_id"] == str(solo.result["message_id"])]


async def test_a_solo_poll_that_could_not_be_deleted_is_not_said_taken_away_and_is_tried_again_as_the_game_begins(
        api: FakeBotApi, settings: Settings) -> None:
    """deleteMessage refused (Telegram says a message "can't be deleted" at times): the learner is not told
    their question was taken away, as it is still there. The game tries again as it begins, and only then says
    so."""
    private = FakeChat.private(TENDAI)
    async with running_bot(settings.model_copy(update={"question_seconds": 30})):
        game_id, solo = await game_lobby_and_solo_poll(api, private)
        api.fail_next("deleteMessage", 400, "Bad Request: message can't be deleted")
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await api.settle()
        assert [call.ok for call in api.requests if call.method == "deleteMessage"] == [False]
        assert not [text for text in api.sent_texts(private.id) if SET_ASIDE in text]

        await press(api, ADA, f"gb:{game_id}", GROUP)
        deleted = await api.wait_for("deleteMessage", 1)
        assert [(call.params["chat_id"], call.params["message_id"]) for call in deleted] == [
            (str(private.id), str(solo.result["message_id"]))]
        await api.wait_for("sendMessage", 1, lambda p: for_chat(private.id)(p) and SET_ASIDE in p["text"])
        await api.settle()
    assert not api.calls("stopPoll", lambda p: p["message_id"] == str(solo.result["message_id"]))


async def test_the_join_is_acknowledged_before_the_joiners_poll_is_set_aside(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    """Telegram waits only a few seconds for a button press's answer: "You're in!" must not wait for the
    deletion and the word in another chat (a rate-limited message) first."""
    private = FakeChat.private(TENDAI)
    async with running_bot(settings.model_copy(update={"question_seconds": 30})):
        game_id, _solo = await game_lobby_and_solo_poll(api, private)
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(private.id)(p) and SET_ASIDE in p["text"])
        await api.settle()
    order = [call.method for call in api.requests
             if call.method in ("answerCallbackQuery", "deleteMessage", "sendMessage")
             and call.params.get("chat_id", str(private.id)) == str(private.id)]
    assert order[-3:] == ["answerCallbackQuery", "deleteMessage", "sendMessage"]


async def test_the_start_press_is_acknowledged_before_the_players_polls_are_set_aside(
        api: FakeBotApi, settings: Settings) -> None:
    """As the game begins, each player's polls are looked for again (and taken away): the one who pressed Start
    hears back first, as Telegram waits only a few seconds for a press's answer."""
    private = FakeChat.private(TENDAI)
    async with running_bot(settings.model_copy(update={"question_seconds": 30})):
        game_id, _solo = await game_lobby_and_solo_poll(api, private)
        api.fail_next("deleteMessage", 400, "Bad Request: message can't be deleted")  # left for the game's start
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await api.settle()
        await press(api, ADA, f"gb:{game_id}", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(private.id)(p) and SET_ASIDE in p["text"])
        await api.settle()
    order = [call.method for call in api.requests
             if call.ok and call.method in ("answerCallbackQuery", "deleteMessage", "sendPoll")]
    # the press first (before the game shows itself), then the game's first question, then his poll taken away
    assert order[-3:] == ["answerCallbackQuery", "sendPoll", "deleteMessage"]


@pytest.mark.parametrize("leaving_by", ["/stop", "/quiz long-options"])
async def test_a_solo_poll_held_by_the_game_is_deleted_when_its_round_is_stopped_or_left(
        leaving_by: str, api: FakeBotApi, settings: Settings) -> None:
    """A poll the game could not take away (the chat or the network failed as he joined and as it began): its
    round moved on, left open it would take votes that count for nothing, now or after the game; stopping it would
    show its answer while the game's poll may ask it. It is deleted."""
    async with running_bot(settings):
        game_id, solo = await game_lobby_and_solo_poll(api, GROUP)
        assert "open_period" not in solo.params  # untimed: taken away all the same, as a vote would show its answer
        for _ in range(2):
            api.fail_next("deleteMessage", 400, "Bad Request: message can't be deleted")
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await press(api, ADA, f"gb:{game_id}", GROUP)
        game_poll = await next_poll(api, GROUP.id, 2)
        await api.settle()  # the game's second try at taking it away, after its first question, failed too
        assert not api.calls("deleteMessage")
        assert len([call for call in api.requests if call.method == "deleteMessage"]) == 2

        await api.command(TENDAI, leaving_by, GROUP)
        deleted = await api.wait_for("deleteMessage", 1)
        assert [call.params["message_id"] for call in deleted] == [str(solo.result["message_id"])]
        await api.settle()
        assert not api.calls("stopPoll")  # neither his poll nor the game's
        assert game_poll.result["message_id"] != solo.result["message_id"]


async def test_a_solo_poll_deleted_whose_word_could_not_be_sent_is_sent_nothing_more_all_the_same(
        api: FakeBotApi, settings: Settings) -> None:
    """The word that the question was taken away is refused (flood control, say): the poll is gone all the same,
    so its clock stops and nothing is sent to it any more, neither when the game begins nor on resuming."""
    private = FakeChat.private(TENDAI)
    async with running_bot(settings.model_copy(update={"question_seconds": 30})):
        game_id, solo = await game_lobby_and_solo_poll(api, private)
        api.fail_next("sendMessage", 400, "Bad Request: not enough rights to send text messages")
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await api.wait_for("deleteMessage", 1)
        await api.settle()
        refused = [call for call in api.requests if call.method == "sendMessage" and not call.ok]
        assert [SET_ASIDE in call.params["text"] for call in refused] == [True]
        again = await game_played_then_quiz_resumed(api, game_id, private, 1, 2)
        assert again.params["question"] == solo.params["question"]
        await api.settle()
    assert sent_to(api, private.id, solo) == ["deleteMessage"]  # once: not again as the game began (its clock
    # stopped), and no stopPoll on resuming


def sent_to(api: FakeBotApi, chat_id: int, poll: Call) -> list[str]:
    """The methods called on a poll's message since it was sent, refused or not."""
    return [call.method for call in api.requests if call.params.get("message_id") == str(poll.result["message_id"])
            and call.params.get("chat_id") == str(chat_id)]


async def test_a_solo_poll_deleted_as_its_learner_left_it_for_another_quiz_during_the_game_is_not_stopped_after(
        api: FakeBotApi, settings: Settings) -> None:
    """His untimed poll of the game's quiz was deleted as he joined the game (closing it would show its answer), and
    he left that quiz for another during the game: resuming it after the game asks its question afresh, sending
    nothing more to the deleted poll (a stopPoll Telegram refuses)."""
    private = FakeChat.private(TENDAI)
    async with running_bot(settings):
        await api.command(TENDAI, "/quiz collectives", private)
        solo = await next_poll(api, private.id, 1)
        await begun(api, ADA, GROUP, (TENDAI,))
        await api.wait_for("deleteMessage", 1)  # taken away as he joined (an untimed one too, since d9992fd9)
        await api.command(TENDAI, "/quiz long-options", private)
        await next_poll(api, private.id, 2)
        await api.command(ADA, "/game stop", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(GROUP.id)(p) and "stopped" in p["text"])

        await api.command(TENDAI, "/quiz collectives", private)
        again = await next_poll(api, private.id, 3)
        assert again.params["question"] == solo.params["question"]
        await api.settle()
    assert sent_to(api, private.id, solo) == ["deleteMessage"]
