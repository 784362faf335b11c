"""A basic group upgraded to a supergroup mid-game (Telegram gives it a new id, and refuses the old one with
ChatMigrated): the game, its polls' votes, its scores and the group's leaderboard go on in the supergroup."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure, FakeChat
from tests.telegram.game_steps import begun, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, JUMA, for_chat, next_poll, running_bot

ADA = FakeUser(301, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due
SMALL = FakeChat(-4242, "group", "Study group")
UPGRADED = FakeChat(-1004242, "supergroup", "Study group")
MIGRATED = Failure(400, "Bad Request: group chat was upgraded to a supergroup chat", migrate_to_chat_id=UPGRADED.id)


async def played_on_in_the_supergroup(api: FakeBotApi, clock: FixedClock, first: Call) -> str:
    """Ada right and Aminata wrong on the first question, then both right on the next two, each shown in the
    supergroup: its podium."""
    await vote(api, first, ADA, right=True)
    await vote(api, first, AMINATA, right=False)
    for number in (1, 2, 3):
        if number > 1:
            poll = await next_poll(api, UPGRADED.id, number - 1)
            await vote(api, poll, ADA, right=True)
            await vote(api, poll, AMINATA, right=True)
        await api.wait_for("sendMessage", number, lambda p: for_chat(UPGRADED.id)(p) and "Answers" in p["text"])
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
    podium = await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and p["text"].startswith("🏁"))
    return str(podium[-1].params["text"])


async def leaderboard(api: FakeBotApi) -> list[str]:
    await api.command(ADA, "/leaderboard", UPGRADED)
    board = await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and "🏆" in p["text"])
    return list(board[-1].params["text"].splitlines()[1:])


async def test_a_game_whose_group_is_upgraded_before_the_bot_hears_of_it_goes_on_in_the_supergroup(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: the first send refused with ChatMigrated stopped the game, and Ada was told privately that the bot
    was missing the Send Messages permission, to ask an admin for it."""
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, SMALL, (AMINATA,))
        api.refusing[SMALL.id] = MIGRATED  # the migration's own messages are still on their way
        podium = await played_on_in_the_supergroup(api, clock, first)
        assert "Final results" in podium and "🥇 Ada — 450 points" in podium
        assert await leaderboard(api) == ["1. Ada — 450 points", "2. Aminata — 300 points"]
        assert not api.calls("sendMessage", for_chat(ADA.id))  # no word of a missing right


async def test_a_game_whose_group_is_upgraded_goes_on_in_the_supergroup(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, SMALL, (AMINATA,))
        await api.migrate(SMALL, UPGRADED, ADA)
        api.refusing[SMALL.id] = MIGRATED
        await api.settle()
        podium = await played_on_in_the_supergroup(api, clock, first)
        assert "Final results" in podium and "🥇 Ada — 450 points" in podium
        assert await leaderboard(api) == ["1. Ada — 450 points", "2. Aminata — 300 points"]


async def test_a_game_whose_supergroup_runs_a_game_of_its_own_ends_there_unseen(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """One live game a chat: the group's stays behind (ChatRepository.move), and posts nothing into the other's."""
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        game_id, first = await begun(api, ADA, SMALL, (AMINATA,))
        api.refusing[SMALL.id] = MIGRATED
        await api.command(JUMA, "/game collectives", UPGRADED)  # before the bot hears of the upgrade
        await api.wait_for("sendMessage", 1, for_chat(UPGRADED.id))
        await vote(api, first, ADA, right=True)
        await vote(api, first, AMINATA, right=True)
        await api.settle()
        assert len(api.calls("sendMessage", for_chat(UPGRADED.id))) == 1  # only its own lobby
        assert await engine.games.chat_of_game(game_id) == str(SMALL.id)
        await api.wait_for("sendMessage", 1, for_chat(ADA.id))  # its starter hears it stopped
