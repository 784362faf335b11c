"""A game vote whose voter's earlier update waits long for its reply (paced behind its group's 20 messages a
minute, here another group's, whose minute is spent): everyone's results must not wait for that reply, and the
vote, cast in time, still counts once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import GRACE
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, results_messages, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import ADMIN, AMINATA, CLAIRE, GROUP, JUMA, WANJIRU, ZAWADI, for_chat, running_bot
from tests.telegram.test_telegram_vote_queued_time import points_of, until_fetched

# Five a minute: the game's five calls (lobby, its edit, the poll, stopPoll, the results) fit, and a group's other
# messages go while two are left (GameFirst keeps one for the game), so each after the fourth waits 12 s for room.
PER_MINUTE = 5
OTHER_GROUP = FakeChat(-100777, "supergroup", "Another group")
MEMBERS = (ADMIN, JUMA, CLAIRE, FakeUser(201, "Kofi", "en"), FakeUser(202, "Ama", "en"))


async def vote_behind_a_paced_reply(api: FakeBotApi, poll: Call, voter: FakeUser) -> None:
    """Five members' /leaderboard in the other group: four answered, the fifth's answer waiting 12 s for room;
    then ``voter``'s, whose answer waits behind it, then their right vote on ``poll``, fetched and left a moment
    to reach the processor, where it waits for their turn."""
    for member in MEMBERS:
        await api.command(member, "/leaderboard", OTHER_GROUP)
    await api.wait_for("sendMessage", len(MEMBERS) - 1, for_chat(OTHER_GROUP.id))
    await api.command(voter, "/leaderboard", OTHER_GROUP)
    await vote(api, poll, voter, right=True)
    await until_fetched(api, voter.id)
    await asyncio.sleep(0.2)


async def results(api: FakeBotApi) -> str:
    [shown] = await api.wait_for("sendMessage", 1, lambda p: "gx:" in str(p.get("reply_markup")))
    return str(shown.params["text"])


async def test_everyones_results_come_when_all_answered_though_a_newcomers_vote_waits_behind_a_paced_reply(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: the players' answers put the close off for Zawadi's vote, which waited behind her /leaderboard's
    reply, paced 24 s: no results meanwhile."""
    async with running_bot(settings, clock, game_interval=0.02, group_per_minute=PER_MINUTE):
        _game_id, poll = await begun(api, WANJIRU, GROUP, players=(AMINATA,))
        await vote_behind_a_paced_reply(api, poll, ZAWADI)
        for player in (WANJIRU, AMINATA):
            await vote(api, poll, player, right=True)
        assert "Zawadi — pointi 150" in await results(api)  # cast first, in time: counted
        assert not api.calls("sendMessage", lambda p: for_chat(OTHER_GROUP.id)(p) and "Zawadi" in p["text"])
        assert len(results_messages(api, GROUP)) == 1
        assert points_of(settings, ZAWADI.id) == (150, 0)
        assert not api.sent_texts(ZAWADI.id)  # nothing to tell her: her vote counted


async def test_the_results_come_when_the_time_is_up_though_a_vote_waits_behind_a_paced_reply(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: the sweep waited for Aminata's vote, behind her /leaderboard's reply, up to its 30 s."""
    async with running_bot(settings, clock, game_interval=0.02, group_per_minute=PER_MINUTE):
        _game_id, poll = await begun(api, WANJIRU, GROUP, players=(AMINATA,))
        await vote_behind_a_paced_reply(api, poll, AMINATA)
        clock.advance(timedelta(seconds=int(poll.params["open_period"])) + GRACE)  # the sweep's to close it
        assert "Aminata — pointi 150" in await results(api)
        assert points_of(settings, AMINATA.id) == (150, 0)
        assert not any("closed" in text for text in api.sent_texts(AMINATA.id))
