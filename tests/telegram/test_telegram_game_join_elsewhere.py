"""A game's Join button pressed outside the game's chat (its lobby forwarded to a friend, or pressed in another
group) can't add a player who never sees the game's polls: the game would wait for them at every question."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import FakeChat
from tests.telegram.game_steps import begun, buttons_data, lobby, press, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, next_poll, running_bot

GAMES = 0.02  # seconds between looks for game phases that are due
OTHER_GROUP = FakeChat(-100777, "supergroup", "Another group")


async def test_a_join_pressed_in_another_chat_adds_nobody_to_the_game(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        await api.command(AMINATA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        en = engine.localizer_for("en")
        for chat in (FakeChat.private(JUMA), OTHER_GROUP):  # the lobby forwarded there
            refused = await press(api, JUMA, f"gj:{game_id}", chat)
            assert refused["text"] == en("This game is played in another chat: join it there.")
            assert refused["show_alert"] is True
        await press(api, AMINATA, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        assert api.calls("editMessageText")[-1].params["text"].endswith(": Aminata")  # Juma isn't a player
        await vote(api, first, AMINATA, right=True)
        # Everyone who plays has answered: closed at once, not held open for a player who can't see it.
        await api.wait_for("sendMessage", 1, lambda p: "reply_markup" in p
                           and any(data.startswith("gx:") for data in buttons_data(p)))
        assert len(results_messages(api, GROUP)) == 1


async def test_a_vote_from_outside_the_games_chat_adds_nobody_to_the_game(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    # A game's poll forwarded to someone outside the group takes their vote (the same poll), which names no chat:
    # joined by answering, they would be waited for at every question after, whose polls never reach them.
    api.left[GROUP.id] = {JUMA.id}  # not a member of the game's group
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, AMINATA, GROUP)
        await vote(api, first, JUMA, right=True)
        await api.settle()
        await vote(api, first, AMINATA, right=False)
        await api.wait_for("sendMessage", 1, lambda p: "reply_markup" in p
                           and any(data.startswith("gx:") for data in buttons_data(p)))
        standings = results_messages(api, GROUP)[0].params["text"]
        assert "Aminata" in standings
        assert "Juma" not in standings
