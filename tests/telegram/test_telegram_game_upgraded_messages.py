"""Message ids are per chat: after a basic group became a supergroup mid-game, no message the bot recorded in the
group (its lobby, its open poll) may be closed, edited or taken away in the supergroup by that id, where it could
name one of the bot's own messages there. The group's messages stay in the group, read-only: treated as gone."""

from __future__ import annotations

import asyncio

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure, FakeChat
from tests.telegram.game_steps import begun, lobby, press, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, for_chat, next_poll, running_bot

ADA = FakeUser(301, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due
SMALL = FakeChat(-4343, "group", "Study group")
UPGRADED = FakeChat(-1004343, "supergroup", "Study group")
MIGRATED = Failure(400, "Bad Request: group chat was upgraded to a supergroup chat", migrate_to_chat_id=UPGRADED.id)
EDITS = ("stopPoll", "editMessageText", "editMessageReplyMarkup", "deleteMessage")


def by_old_id(api: FakeBotApi, message_id: int) -> list[str]:
    """Every call, refused or not, that named the group's message ``message_id`` in the supergroup."""
    return [call.method for call in api.requests if call.method in EDITS
            and call.params.get("chat_id") == str(UPGRADED.id) and int(call.params["message_id"]) == message_id]


async def test_the_groups_open_poll_is_not_closed_in_the_supergroup_by_its_old_id(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: everyone answered, so the results closed the poll early, by its id in the group, in the supergroup."""
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, SMALL, (AMINATA,))
        await api.migrate(SMALL, UPGRADED, ADA)
        api.refusing[SMALL.id] = MIGRATED
        await api.settle()
        await vote(api, first, ADA, right=True)
        await vote(api, first, AMINATA, right=True)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and "Answers" in p["text"])
        assert by_old_id(api, first.result["message_id"]) == []


async def test_the_groups_open_poll_is_not_closed_in_the_supergroup_when_the_bot_learns_of_it_late(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: the results' closing of the poll, refused as the group is a supergroup now, went to the supergroup
    once more with the same id."""
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, SMALL, (AMINATA,))
        api.refusing[SMALL.id] = MIGRATED  # the migration's own messages are still on their way
        await vote(api, first, ADA, right=True)
        await vote(api, first, AMINATA, right=True)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and "Answers" in p["text"])
        assert by_old_id(api, first.result["message_id"]) == []


async def test_the_groups_lobby_is_not_edited_in_the_supergroup_by_its_old_id(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", SMALL)
        opened, game_id = await lobby(api, SMALL)
        await api.migrate(SMALL, UPGRADED, ADA)
        api.refusing[SMALL.id] = MIGRATED
        await api.settle()
        await press(api, ADA, f"gb:{game_id}", UPGRADED)
        await api.wait_for("sendPoll", 1, for_chat(UPGRADED.id))
        await api.settle()
        assert by_old_id(api, opened.result["message_id"]) == []


async def test_a_learners_quiz_poll_in_the_group_is_not_closed_in_the_supergroup_by_its_old_id(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Their quiz moves with the group; before: /stop in the supergroup closed their poll there by its id in the
    group."""
    async with running_bot(settings, clock):
        await api.command(ADA, "/quiz collectives", SMALL)
        poll = await next_poll(api, SMALL.id, 1)
        await api.migrate(SMALL, UPGRADED, ADA)
        api.refusing[SMALL.id] = MIGRATED
        await api.settle()
        await api.command(ADA, "/stop", UPGRADED)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and "Quiz stopped" in p["text"])
        await api.settle()
        assert by_old_id(api, poll.result["message_id"]) == []


async def test_a_poll_that_went_up_in_the_group_as_it_moved_is_not_closed_in_the_supergroup(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """The first poll's send is held (flood control) while the group becomes a supergroup, then goes up in the group:
    its id, the group's, is kept for the game, now the supergroup's. Before: the results closed it there by that id."""
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", SMALL)
        _lobby, game_id = await lobby(api, SMALL)
        await press(api, AMINATA, f"gj:{game_id}", SMALL)
        api.fail_next("sendPoll", 429, "Too Many Requests: retry after 1", retry_after=1)
        await press(api, ADA, f"gb:{game_id}", SMALL)
        for _wait in range(500):  # until its poll was refused: the bot waits the 429 out
            if any(call.method == "sendPoll" and not call.ok for call in api.requests):
                break
            await asyncio.sleep(0.02)
        await api.migrate(SMALL, UPGRADED, ADA)
        first = await next_poll(api, SMALL.id, 1)  # in the group at last, which no longer refuses it
        await api.settle()
        api.refusing[SMALL.id] = MIGRATED
        await vote(api, first, ADA, right=True)
        await vote(api, first, AMINATA, right=True)
        await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and "Answers" in p["text"])
        assert by_old_id(api, first.result["message_id"]) == []
