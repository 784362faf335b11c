"""A game vote is timed from when it reached the bot, not from when its voter's turn came: one person's updates
run one after another (update_processor.py), so a vote sent while the voter's own earlier command still waits
(its reply paced, or waiting out a 429) waits behind it, and that wait is the bot's, not the voter's."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import GRACE
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, ZAWADI, running_bot

QUEUED = timedelta(seconds=10)  # how long, on the engine's clock, the vote waits behind its voter's command


def points_of(settings: Settings, user_id: int) -> tuple[int, int]:
    """The (points, answer_ms) of a player's answer to the game's first question."""
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT points, answer_ms FROM game_answers JOIN users ON users.id = user_id "
                               "WHERE platform_user_id = ? AND position = 0", (str(user_id),)).fetchone()
    return int(row[0]), int(row[1])


async def until_fetched(api: FakeBotApi, user_id: int) -> None:
    """Until PTB got a vote of ``user_id``'s in a getUpdates answer: it hands it to the processor."""
    for _wait in range(500):
        if any(call.method == "getUpdates" and call.ok and any(
                (update.get("poll_answer") or {}).get("user", {}).get("id") == user_id for update in call.result or [])
               for call in api.requests):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"no vote of user {user_id} was fetched")


async def vote_behind_a_slow_command(api: FakeBotApi, poll: Call, voter: FakeUser, *, settle: float) -> None:
    """``voter``'s /leaderboard in the group, its reply waiting out a 429 in their turn, then their right vote on
    ``poll``, fetched and left ``settle`` seconds to reach the processor, where it waits for their turn (2 s)."""
    api.fail_next("sendMessage", 429, "Too Many Requests: retry after 2", retry_after=2)
    await api.command(voter, "/leaderboard", GROUP)
    for _wait in range(500):  # until the command's reply was refused: it waits out the 429, in the voter's turn
        if any(call.method == "sendMessage" and not call.ok for call in api.requests):
            break
        await asyncio.sleep(0.02)
    await vote(api, poll, voter, right=True)
    await until_fetched(api, voter.id)
    await asyncio.sleep(settle)


async def test_a_vote_waiting_behind_its_voters_slow_command_is_timed_from_its_arrival(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: timed when Aminata's turn came, after her /leaderboard's reply waited out a 429: her answer, sent at
    once, was kept as 10,000 ms and 133 points instead of 0 ms and 150."""
    async with running_bot(settings, clock):
        _game_id, poll = await begun(api, WANJIRU, GROUP, players=(AMINATA,))
        await vote_behind_a_slow_command(api, poll, AMINATA, settle=0.5)
        clock.advance(QUEUED)  # the time her turn takes to come, on the engine's clock
        await api.wait_for("sendMessage", 1, lambda p: "🏆" in p["text"])  # her command's reply, at last
        await api.settle()
        assert points_of(settings, AMINATA.id) == (150, 0)


async def test_a_vote_waiting_behind_its_voters_slow_command_counts_though_the_questions_time_ran_out_meanwhile(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Aminata voted in time, her /leaderboard's reply still waiting out a 429, and the question's time ran out
    while her vote waited for her turn. Before: the sweep closed the question without waiting for it (only votes
    already handed to the engine were waited for), the results said nobody answered, and her vote, which her poll
    had shown right, was refused as closed."""
    async with running_bot(settings, clock, game_interval=0.02):
        _game_id, poll = await begun(api, WANJIRU, GROUP, players=(AMINATA,))
        await vote_behind_a_slow_command(api, poll, AMINATA, settle=0.2)
        clock.advance(timedelta(seconds=int(poll.params["open_period"])) + GRACE)  # the sweep's to close it
        [results] = await api.wait_for("sendMessage", 1, lambda p: "gx:" in str(p.get("reply_markup")))
        assert "Aminata — pointi 150" in results.params["text"]  # the game's words are Wanjiru's
        await api.settle()
        assert points_of(settings, AMINATA.id) == (150, 0)
        assert not any("closed" in text for text in api.sent_texts(AMINATA.id))


async def test_a_newcomers_vote_waiting_behind_their_slow_command_is_scored_before_the_players_answers_close(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Zawadi, not a player yet, voted first, her /leaderboard's reply still waiting out a 429; the two players
    answered while her vote waited for her turn. Before: their answers closed the question at once, and her vote,
    made in time and shown right by her poll, was refused as closed."""
    async with running_bot(settings, clock, game_interval=0.02):
        _game_id, poll = await begun(api, WANJIRU, GROUP, players=(AMINATA,))
        await vote_behind_a_slow_command(api, poll, ZAWADI, settle=0.2)
        for player in (WANJIRU, AMINATA):
            await vote(api, poll, player, right=True)
        [results] = await api.wait_for("sendMessage", 1, lambda p: "gx:" in str(p.get("reply_markup")))
        assert "Zawadi — pointi 150" in results.params["text"]
        await api.settle()
        assert not api.sent_texts(ZAWADI.id)  # nothing to tell her: her vote counted
