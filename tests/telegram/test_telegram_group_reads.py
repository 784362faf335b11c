"""Telegram's 20 messages a minute in a group are for messages: asking who a member is spends none of them."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, for_chat, next_poll, running_bot


async def test_checking_a_members_rights_does_not_wait_for_the_groups_message_budget(
        api: FakeBotApi, settings: Settings) -> None:
    """PTB's limiter counted every call naming a group, getChatMember too: once one member's quiz had spent the
    minute's messages, another's /language waited up to a minute before its admin check was even asked, and
    the check took a message's place from the quizzes."""
    async with running_bot(settings, group_per_minute=2):
        await api.command(AMINATA, "/quiz collectives", GROUP)  # its intro and poll: the minute's two messages
        await next_poll(api, GROUP.id, 1)
        await api.command(JUMA, "/language sw", GROUP)
        await api.wait_for("getChatMember", 1, for_chat(GROUP.id), within=3.0)
