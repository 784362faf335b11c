"""A vote on a game's poll that doesn't count: Telegram already showed the voter right or wrong, as if it had, so
they hear why not, in their private chat with the bot (the group's 20 messages a minute are the game's). A vote
Telegram delivers again (no 200 came back the first time) counted already: nothing is said."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure, FakeChat
from tests.telegram.game_steps import begun, group_calls, results_messages, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, WANJIRU, correct, poll_id, running_bot

GAMES = 0.02  # seconds between looks for game phases that are due
QUESTION = timedelta(seconds=30 + 2)  # collectives' 30 seconds a question, and the vote's grace
OTHER_GROUP = FakeChat(-100777, "supergroup", "Another group")
NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")


def private(api: FakeBotApi, user_id: int) -> list[str]:
    return api.sent_texts(user_id)


async def closed(api: FakeBotApi, clock: FixedClock) -> None:
    """The question's time runs out, and the sweep shows its results."""
    clock.advance(QUESTION + timedelta(seconds=1))
    await api.wait_for("sendMessage", 1, lambda p: p.get("chat_id") == str(GROUP.id) and "reply_markup" in p
                       and "gx:" in str(p["reply_markup"]))


async def test_a_vote_that_came_in_after_the_question_closed_is_told_so_privately_in_the_voters_language(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        _game_id, first = await begun(api, AMINATA, GROUP)
        await closed(api, clock)
        seen = len(group_calls(api, GROUP))
        await vote(api, first, WANJIRU, right=True)  # Telegram kept it, or it was slow to reach us
        await api.wait_for("sendMessage", 1, lambda p: p.get("chat_id") == str(WANJIRU.id))
        await api.settle()
        sw = engine.localizer_for("sw")
        told = private(api, WANJIRU.id)
        assert len(told) == 1
        assert sw("This question is closed.") in told[0]
        assert sw("Question {number} of {total}", number=1, total=3) in told[0]  # which game and question
        assert len(group_calls(api, GROUP)) == seen  # nothing in the group


async def test_a_vote_from_outside_the_games_group_is_told_to_join_it(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    api.left[GROUP.id] = {JUMA.id}  # the poll was forwarded to him
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        _game_id, first = await begun(api, AMINATA, GROUP)
        seen = len(group_calls(api, GROUP))
        await vote(api, first, JUMA, right=True)
        await api.wait_for("sendMessage", 1, lambda p: p.get("chat_id") == str(JUMA.id))
        await api.settle()
        told = private(api, JUMA.id)[0]
        assert engine.localizer_for("en")("You're not in this game's chat: join it to play.") in told
        assert "another chat" not in told  # before: "played in another chat", though the poll was the game's
        assert len(group_calls(api, GROUP)) == seen


async def test_a_vote_from_a_player_of_the_same_quiz_elsewhere_is_told_why_it_did_not_count(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        await begun(api, WANJIRU, OTHER_GROUP)  # Wanjiru plays collectives there
        _game_id, first = await begun(api, AMINATA, GROUP)
        before = len(private(api, WANJIRU.id))
        await vote(api, first, WANJIRU, right=True)
        await api.wait_for("sendMessage", before + 1, lambda p: p.get("chat_id") == str(WANJIRU.id))
        await api.settle()
        told = private(api, WANJIRU.id)[before:]
        sw = engine.localizer_for("sw")
        assert len(told) == 1
        words = sw("You're playing {title} in a group game in another chat. Play it here once that game is over.",
                   title="|")
        assert all(part.strip() in told[0] for part in words.split("|"))  # in her words, around the quiz's title
        assert len(results_messages(api, GROUP)) == 0  # not a player: the question still waits for Aminata


async def test_a_vote_delivered_again_after_the_question_closed_says_nothing(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, AMINATA, GROUP)
        await vote(api, first, AMINATA, right=True)  # the only player: the question closes at once
        await api.wait_for("sendMessage", 1, lambda p: p.get("chat_id") == str(GROUP.id) and "reply_markup" in p
                           and "gx:" in str(p["reply_markup"]))
        await api.push(again(first, AMINATA.json()))  # no 200 reached Telegram: it sends the update again
        await api.settle()
        assert private(api, AMINATA.id) == []


async def test_a_refused_vote_from_someone_the_bot_cannot_write_to_says_nothing_in_the_group(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    api.refusing[WANJIRU.id] = NEVER_STARTED
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, AMINATA, GROUP)
        await closed(api, clock)
        seen = len(group_calls(api, GROUP))
        await vote(api, first, WANJIRU, right=True)
        await api.settle()
        assert any(call.method == "sendMessage" and call.params.get("chat_id") == str(WANJIRU.id)
                   for call in api.requests)  # tried, refused: she never started the bot
        assert len(group_calls(api, GROUP)) == seen


def again(poll: Call, user: dict[str, Any]) -> dict[str, Any]:
    option = correct(poll)
    return {"poll_answer": {"poll_id": poll_id(poll), "user": user, "option_ids": [option],
                            "option_persistent_ids": [str(option)]}}
