"""A command's words typed in full width after an ASCII slash, as a phone's or a Chinese or Japanese input method
sends them once it is on (`/game ｓｔｏｐ`, `/reminders ｏｆｆ`): read as the words they look like, as a quiz's
name already is, and as the whole command is when its slash is full width too. They were taken for a quiz
called "ｓｔｏｐ" (the game went on), or not understood."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, running_bot

ADA = FakeUser(301, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due


async def test_the_starter_stops_their_game_with_stop_typed_in_full_width(api: FakeBotApi, settings: Settings,
                                                                            clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        await begun(api, ADA, GROUP, (AMINATA,))
        await api.command(ADA, "/game ｓｔｏｐ", GROUP)
        podium = (await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"]))[-1]
        assert "Stopped by Ada." in podium.params["text"]
        await api.command(ADA, "/leaderboard ＡＬＬ", GROUP)
        board = (await api.wait_for("sendMessage", 1, lambda p: "Leaderboard: all time" in p["text"]))[-1]
        assert board.params["chat_id"] == str(GROUP.id)


async def test_reminders_turned_on_and_off_with_words_in_full_width(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADA, "/reminders ｏｎ　１９：３０")
        await api.command(ADA, "/reminders ｏｆｆ")
        texts = [call.params["text"] for call in await api.wait_for("sendMessage", 2, for_chat(ADA.id))]
    _ = engine.localizer_for("en")
    assert texts[0] == _("I'll remind you at {time} ({zone}) on days when questions are due. Change your time zone "
                         "with /timezone.", time="19:30", zone="UTC")
    assert texts[1] == _("Reminders are off.")
