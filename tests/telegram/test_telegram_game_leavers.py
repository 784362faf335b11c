"""A player who leaves the Telegram group mid-game: the game stops waiting for their votes."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, leaves, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, WANJIRU, running_bot

GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_question_closes_early_once_the_players_still_in_the_group_have_voted(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game, first = await begun(api, JUMA, GROUP, (AMINATA, WANJIRU))
        await vote(api, first, JUMA, right=True)
        await leaves(api, WANJIRU, GROUP)  # they can't vote any more: the question must not wait out its 30 s
        await vote(api, first, AMINATA, right=False)
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"], within=5)
        assert len(api.calls("stopPoll")) == 1  # closed early, for everyone
        assert len(results_messages(api, GROUP)) == 1
