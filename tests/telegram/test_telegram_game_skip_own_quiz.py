"""/game skip (or /game stop) typed in a group by a member whose own quiz has a question open there, with no game
running: it points to /skip (or /stop), in their language, not to starting a game they never meant."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, next_poll, running_bot


@pytest.mark.parametrize(("typed", "text"), [
    ("/game skip", "No game is running in this chat. To skip a question of your own quiz, send /skip."),
    ("/game stop", "No game is running in this chat. To stop your own quiz, send /stop."),
])
async def test_a_game_command_with_only_ones_own_quiz_points_to_its_own(
        api: FakeBotApi, settings: Settings, typed: str, text: str) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        await api.command(AMINATA, typed, GROUP)
        fr = engine.localizer_for("fr")
        told = await api.wait_for("sendMessage", 2, lambda p: for_chat(GROUP.id)(p) and "· " in p["text"])
        assert told[-1].params["text"] == f"<b>Aminata</b> · {fr(text)}", told[-1].params["text"]
        assert fr(text) != text


@pytest.mark.parametrize(("typed", "text"), [
    ("/game skip", "No game is running in this chat. To skip a question of your own quiz, send /skip."),
    ("/game stop", "No game is running in this chat. To stop your own quiz, send /stop."),
])
async def test_a_game_command_in_a_private_chat_with_ones_own_quiz_points_to_its_own(
        api: FakeBotApi, settings: Settings, typed: str, text: str) -> None:
    """Before: 'Group games are played in groups: add me to a group...', to a learner whose own quiz is open right
    there and who plainly meant /stop (or /skip)."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        await next_poll(api, AMINATA.id, 1)
        said = len(api.calls("sendMessage", for_chat(AMINATA.id)))
        await api.command(AMINATA, typed)
        told = await api.wait_for("sendMessage", said + 1, for_chat(AMINATA.id))
        assert told[-1].params["text"] == engine.localizer_for("fr")(text), told[-1].params["text"]


async def test_a_game_command_in_a_private_chat_with_nothing_open_says_games_are_in_groups(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/game stop")
        told = await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        assert told[-1].params["text"] == engine.localizer_for("fr")(
            "Group games are played in groups: add me to a group and send /game there.")
