"""Closing a game's poll or taking a lobby's buttons away is a courtesy to the players: when Telegram fails it in a
way that may have gone through (a 5xx, no answer in time), which the bot does not send again, the podium that
follows still goes up (before: the failure took it down with it, and the players never read how the game ended)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, lobby
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, running_bot

ADA = FakeUser(301, "Ada", "en")


def stopped(params: dict[str, object]) -> bool:
    return "Game stopped" in str(params["text"])


async def test_the_podium_is_posted_though_stopping_the_open_poll_failed(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await begun(api, ADA, GROUP, (AMINATA,))
        api.fail_next("stopPoll", 502, "Bad Gateway")
        await api.command(ADA, "/game stop", GROUP)
        await api.wait_for("sendMessage", 1, stopped)


async def test_the_podium_is_posted_though_taking_the_lobbys_buttons_away_failed(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await api.command(ADA, "/game collectives", GROUP)
        await lobby(api, GROUP)
        api.fail_next("editMessageReplyMarkup", 502, "Bad Gateway")
        await api.command(ADA, "/game stop", GROUP)
        await api.wait_for("sendMessage", 1, stopped)
