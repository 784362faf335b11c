"""A group that just became a supergroup: Telegram refuses what is sent to its old id (ChatMigrated, naming the
new one) until its migration message reaches the bot. A reply sent meanwhile goes to the new id, and what was
kept for the group moves there, as the migration message would have done; no error logged, nothing lost."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure, FakeChat
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import correct, next_poll, poll_id, running_bot

ADA = FakeUser(201, "Ada", "en")
GROUP = FakeChat(-4343, "group", "Study group")
SUPERGROUP = FakeChat(-1004343, "supergroup", "Study group")
UPGRADED = Failure(400, "Bad Request: group chat was upgraded to a supergroup chat",
                   migrate_to_chat_id=SUPERGROUP.id)


async def test_a_vote_and_a_command_just_after_the_upgrade_are_answered_in_the_supergroup(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        api.refusing[GROUP.id] = UPGRADED  # the group is a supergroup now; its migration message is still on its way

        await api.answer_poll(ADA, poll_id(first), [correct(first)])
        second = await next_poll(api, SUPERGROUP.id, 1)  # the feedback and the next poll: before, neither came
        assert second.params["question"].startswith("2/3 (Ada) · ")
        assert any("Ada" in text for text in api.sent_texts(SUPERGROUP.id))
        moved = await engine.message_link("telegram", poll_id(first))
        assert moved is not None and moved.chat_id == str(SUPERGROUP.id)  # the group's records went along
        asked = await engine.message_link("telegram", poll_id(second))
        assert asked is not None and asked.chat_id == str(SUPERGROUP.id)

        await api.command(ADA, "/help", GROUP)  # typed in the old group a moment before the upgrade
        await api.wait_for("sendMessage", 2, lambda p: p["chat_id"] == str(SUPERGROUP.id))
        await api.settle()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_time_out_just_after_the_upgrade_names_whose_quiz_it_is_in_the_supergroup(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """The time-out looks the learner up in the group, for their name: in the supergroup, as the old id is refused."""
    timed = settings.model_copy(update={"question_seconds": 30})
    async with running_bot(timed, clock, sweep_interval=0.02):
        await api.command(ADA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        api.refusing[GROUP.id] = UPGRADED
        clock.advance(timedelta(seconds=30))
        second = await next_poll(api, SUPERGROUP.id, 1)
        [notice] = api.sent_texts(SUPERGROUP.id)
    assert second.params["question"].startswith("2/3 (Ada) · ")  # before, "2/3 · ": whose quiz, unsaid
    assert notice.startswith("<b>Ada</b> · ")
