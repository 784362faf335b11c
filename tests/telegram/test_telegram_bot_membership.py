"""The bot's own membership of a chat: removed from a group, its game there ends at once; added to one, it says
what it does, once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, bot_becomes
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, for_chat, running_bot
from tests.telegram.test_telegram_forum_topics import ADA, FORUM, GAME_TOPIC, in_forum, lobby_in


def lobbies(api: FakeBotApi, where: Callable[[dict[str, Any]], bool]) -> int:
    return len(api.calls("sendMessage", lambda p: where(p) and "gj:" in str(p.get("reply_markup", ""))))


async def test_removing_the_bot_from_a_group_ends_its_game_at_once_so_it_can_play_again_when_added_back(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):  # the clock stands still: no phase of the game falls due
        await begun(api, JUMA, GROUP, (AMINATA,))
        await bot_becomes(api, GROUP, JUMA, "member", "kicked")
        await bot_becomes(api, GROUP, JUMA, "left", "member")  # added back, by the same admin
        await api.command(JUMA, "/game collectives", GROUP)
        await api.wait_for("sendMessage", 2, lambda p: for_chat(GROUP.id)(p) and "gj:" in str(p.get("reply_markup")))
        assert lobbies(api, for_chat(GROUP.id)) == 2  # not "a game is already running" from a game nobody sees
        # Nothing was tried in the group while the bot was out of it: it would only have been refused.
        assert not [call for call in api.requests if not call.ok and call.params.get("chat_id") == str(GROUP.id)]


async def test_removing_the_bot_from_a_forum_ends_the_games_of_its_topics(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        await lobby_in(api, GAME_TOPIC)
        await bot_becomes(api, FORUM, ADA, "administrator", "left")
        await bot_becomes(api, FORUM, ADA, "left", "administrator")
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        await api.wait_for("sendMessage", 2, lambda p: in_forum(GAME_TOPIC)(p) and "gj:" in str(p.get("reply_markup")))
