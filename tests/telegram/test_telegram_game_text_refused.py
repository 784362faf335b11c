"""A group whose members may send no text messages (the bot not an admin there, or restricted), though polls
perhaps still: Telegram refuses each text with a 400 ("not enough rights to send text messages to the chat"), not
a 403. The game can't show its lobby, results or podium there, so it stops, as when polls are refused, and its
starter hears why where they can read it."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_refusals import TEXTS
from tests.telegram.fake_types import Failure
from tests.telegram.game_steps import begun, lobby, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, running_bot

ADA = FakeUser(311, "Ada", "en")
NO_TEXT = Failure(400, "Bad Request: not enough rights to send text messages to the chat", methods=TEXTS)
GAMES = 0.02  # seconds between looks for game phases that are due
MISSING = "I'm missing the “Send Messages” permission"


def told_privately(api: FakeBotApi, user: FakeUser) -> list[str]:
    return [text for text in api.sent_texts(user.id) if MISSING in text]


async def test_a_lobby_the_group_refuses_as_text_stops_the_game_before_any_poll(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        api.refusing[GROUP.id] = NO_TEXT
        await api.command(ADA, "/game collectives", GROUP)
        await api.settle()
        clock.advance(timedelta(minutes=1))  # long past the lobby's time
        await api.settle()
        assert not api.polls(GROUP.id)  # no question asked in a group that heard of no game
        assert len(told_privately(api, ADA)) == 1  # the starter hears why, where they can read it
        del api.refusing[GROUP.id]  # an admin lets the bot write: a new game opens, none is "already running"
        await api.command(ADA, "/game collectives", GROUP)
        await lobby(api, GROUP)


async def test_results_the_group_refuses_as_text_stop_the_game(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game, first = await begun(api, ADA, GROUP)
        api.refusing[GROUP.id] = NO_TEXT  # texts taken from the bot mid-game
        await vote(api, first, ADA, right=True)  # the question closes early: its results are refused
        await api.settle()
        for _question in range(4):  # long past every question the game had left
            clock.advance(timedelta(minutes=1))
            await api.settle()
        assert len(api.polls(GROUP.id)) == 1  # no more questions nobody would see the results of
        assert len(told_privately(api, ADA)) == 1
