"""A basic group became a supergroup mid-game, and the supergroup already ran a game of its own (one live game a
chat): the group's game stays behind, stopped. Its starter is told privately what happened, in their language: not
that the bot lacks a right, which no admin could grant to any end."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure, FakeChat
from tests.telegram.game_steps import begun, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, JUMA, for_chat, running_bot

GAMES = 0.02  # seconds between looks for game phases that are due
SMALL = FakeChat(-4545, "group", "Study group")
UPGRADED = FakeChat(-1004545, "supergroup", "Study group")
MIGRATED = Failure(400, "Bad Request: group chat was upgraded to a supergroup chat", migrate_to_chat_id=UPGRADED.id)


async def left_behind(api: FakeBotApi, settings: Settings, clock: FixedClock, starter: FakeUser) -> tuple[str, str]:
    """``starter``'s game in SMALL, left behind as the supergroup runs Juma's: what ``starter`` is told, and the
    supergroup's leaderboard then."""
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, starter, SMALL, (AMINATA,))
        api.refusing[SMALL.id] = MIGRATED
        await api.command(JUMA, "/game collectives", UPGRADED)  # before the bot hears of the upgrade
        await api.wait_for("sendMessage", 1, for_chat(UPGRADED.id))
        await vote(api, first, starter, right=True)
        await vote(api, first, AMINATA, right=True)
        told = await api.wait_for("sendMessage", 1, for_chat(starter.id))
        await api.command(starter, "/leaderboard", UPGRADED)
        board = await api.wait_for("sendMessage", 1, lambda p: for_chat(UPGRADED.id)(p) and "🏆" in p["text"])
        return str(told[-1].params["text"]), str(board[-1].params["text"])


async def test_the_starter_of_a_game_left_behind_hears_the_group_became_a_supergroup_with_a_game(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: "I'm missing the “Send Messages” permission. Ask an admin to grant it, then start a new game.\""""
    told, board = await left_behind(api, settings, clock, FakeUser(301, "Ada", "en"))
    assert "permission" not in told
    assert "became a supergroup" in told and "already" in told and "stopped" in told
    assert "points scored in it so far count on the group's leaderboard" in told
    assert "Ada — 150 points" in board and "Aminata — 150 points" in board  # as it says


async def test_they_hear_it_in_their_language(api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    told, _board = await left_behind(api, settings, clock, FakeUser(302, "Amélie", "fr"))
    assert "supergroupe" in told and "permission" not in told
