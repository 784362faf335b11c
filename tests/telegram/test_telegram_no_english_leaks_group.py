"""A group whose games are in Shona (or Yoruba), played by learners who speak it, one of them the bot's admin: the
lobby, the polls, the results and their explanations, the podium, the leaderboard, a learner's own quiz there,
the refusals, what goes to the players privately, and the admin's reload report show no English sentence."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.support.english_leaks import leaks
from tests.telegram.fake_types import FakeChat
from tests.telegram.game_steps import lobby, press, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import ADMIN, next_poll, running_bot
from tests.telegram.words_seen import words_seen

GROUP = FakeChat(-100880, "supergroup", "Kirabhu")
QUIET = 0.1  # seconds without a request: the bot has said all it will
GAMES = 0.02  # seconds between looks for game phases that are due


async def said(api: FakeBotApi, user: FakeUser, text: str, chat: FakeChat = GROUP) -> None:
    await api.command(user, text, chat)
    await api.settle(quiet=QUIET)


@pytest.mark.parametrize("language", ["yo"])  # Shona: the private chat's test, and the terminal's
async def test_a_group_game_and_its_players_see_no_english(api: FakeBotApi, settings: Settings, clock: FixedClock,
                                                           language: str) -> None:
    starter = FakeUser(ADMIN.id, "Chipo", language)  # the bot's admin too: /reload is hers
    player = FakeUser(812, "Farai", language)
    api.admins[GROUP.id] = {starter.id}
    async with running_bot(settings, clock, game_interval=GAMES, group_per_minute=6000):
        for user in (starter, player):
            await said(api, user, "/start", FakeChat.private(user))  # so they may be written to privately
        await said(api, player, f"/language {language}")  # refused: the group's admins only
        await said(api, starter, f"/language {language}")
        for command in ("/help", "/quizzes", "/game", "/game nosuch", "/leaderboard", "/progress", "/review",
                        "/game skip", "/game stop"):
            await api.command(player, command, GROUP)  # one after the other, as fast as typed
        await api.settle(quiet=QUIET)
        await said(api, starter, "/game collectives")
        _lobby, game_id = await lobby(api, GROUP)
        await press(api, player, f"gb:{game_id}", GROUP)  # only the starter begins it
        await press(api, player, f"gj:{game_id}", GROUP)
        await press(api, player, f"gj:{game_id}", GROUP)  # in already
        await press(api, starter, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await said(api, player, "/game collectives")  # one is running
        await vote(api, first, starter, right=True)
        await vote(api, first, player, right=False)
        await api.settle(quiet=QUIET)
        for user in (starter, player):
            await press(api, user, f"gx:{game_id}/0", GROUP)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        second = await next_poll(api, GROUP.id, 2)
        await vote(api, second, starter, right=False)
        await api.settle(quiet=QUIET)
        clock.advance(timedelta(seconds=30) + GRACE)  # the player lets the time run out
        await api.settle(quiet=QUIET)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await next_poll(api, GROUP.id, 3)
        await said(api, player, "/game skip")  # not the starter's
        await said(api, starter, "/game skip")
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await api.settle(quiet=QUIET)
        for command in ("/leaderboard", "/leaderboard week", "/leaderboard hide", "/leaderboard show"):
            await api.command(player, command, GROUP)
        await api.settle(quiet=QUIET)
        await said(api, player, "/quiz collectives")  # her own quiz, in the group
        own = api.polls(GROUP.id)[-1]
        await vote(api, own, player, right=True)
        await api.settle(quiet=QUIET)
        await said(api, player, "/stop")
        await said(api, starter, "/game collectives")
        _lobby, game_id = await lobby(api, GROUP)
        await said(api, starter, "/game stop")
        await said(api, starter, "/reload", FakeChat.private(starter))
        await said(api, starter, "/reload")

    seen = words_seen(api, GROUP.id) + words_seen(api, starter.id) + words_seen(api, player.id)
    assert leaks(seen, language) == []
