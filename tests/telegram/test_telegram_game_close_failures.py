"""Closing a game's poll or taking a lobby's buttons away is a courtesy to the players: when Telegram fails it in a
way that may have gone through (a 5xx, no answer in time), which the bot does not send again, the podium that
follows still goes up, as does the first question after the lobby becomes the list of players (before: the failure
took what follows down with it)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, next_poll, running_bot

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


async def test_the_first_question_goes_up_though_turning_the_lobby_into_the_players_list_failed(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await api.command(ADA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        api.fail_next("editMessageText", 502, "Bad Gateway")
        await press(api, ADA, f"gb:{game_id}", GROUP)
        await next_poll(api, GROUP.id, 1)
