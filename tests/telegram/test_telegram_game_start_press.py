"""A lobby's Start press on Telegram: answered as soon as the game began, before the list of players and the first
poll go out (they may queue behind the group's 20 messages a minute, and Telegram waits only so long for a press's
answer); a refusal of the press itself is still its alert."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.game_steps import lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, for_chat, next_poll, running_bot


async def test_start_is_answered_before_the_list_of_players_and_the_first_poll(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: answered only once both were sent (and the players' polls elsewhere set aside)."""
    async with running_bot(settings):
        await api.command(AMINATA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        started = await press(api, AMINATA, f"gb:{game_id}", GROUP)
        assert "text" not in started
        poll = await next_poll(api, GROUP.id, 1)
        players = api.calls("editMessageText", for_chat(GROUP.id))[-1]
        answered = api.calls("answerCallbackQuery")[-1]
        assert api.requests.index(answered) < api.requests.index(players) < api.requests.index(poll)
        await api.settle()
        assert len(api.calls("answerCallbackQuery")) == 1


async def test_a_start_refused_to_the_presser_is_still_its_alert(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        refused = await press(api, WANJIRU, f"gb:{game_id}", GROUP)  # neither its starter nor an admin
        assert refused["show_alert"] is True
        assert refused["text"] == engine.localizer_for("sw")(
            "Only the player who started this game, or an admin of this chat, can do that.")
        await api.settle()
        assert not api.polls(GROUP.id)
