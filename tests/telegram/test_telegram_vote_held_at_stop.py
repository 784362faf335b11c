"""A game whose close was put off for a vote still waiting behind its voter's earlier update (a reply of theirs
waiting out a 429) when its process died: nothing in memory survives, so the question every player answered must
not wait for its deadline once the bot is back."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.telegram.game_steps import lobby, press, results_messages, vote
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, ZAWADI, next_poll
from tests.telegram.test_telegram_vote_queued_time import until_fetched

SECONDS = 300  # the question's time: far longer than any wait below


def answers_kept(data_dir: Path) -> int:
    with sqlite3.connect(data_dir / "quiztutor.sqlite3") as database:
        return int(database.execute("SELECT count(*) FROM game_answers").fetchone()[0])


async def until_answers_kept(data_dir: Path, count: int) -> None:
    for _wait in range(500):
        if answers_kept(data_dir) >= count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{count} answers were not kept")


async def test_a_question_all_players_answered_closes_after_a_restart_that_lost_the_vote_its_close_waited_for(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Zawadi, not a player, voted first, behind her /leaderboard whose reply waited out a 429; Wanjiru and Aminata
    answered meanwhile, and the close was put off for her vote; then the process was killed. Before: the bot back,
    the question stayed open until its 300 s were up. It closes once that put-off close can be nobody's running."""
    env = bot_env(api.base_url, tmp_path, QUIZ_LOG_LEVEL="INFO")
    bot = await BotProcess.start(env)
    try:
        await bot.wait_for_line("telegram adapter started")
        await api.command(WANJIRU, f"/game collectives {SECONDS}", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        await press(api, AMINATA, f"gj:{game_id}", GROUP)
        await press(api, WANJIRU, f"gb:{game_id}", GROUP)
        poll = await next_poll(api, GROUP.id, 1)
        await api.settle()
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 600", retry_after=600)
        await api.command(ZAWADI, "/leaderboard", GROUP)
        for _wait in range(500):  # her command's reply refused: it waits out the 429, in her turn
            if any(call.method == "sendMessage" and not call.ok for call in api.requests):
                break
            await asyncio.sleep(0.02)
        await vote(api, poll, ZAWADI, right=True)
        await until_fetched(api, ZAWADI.id)
        for player in (WANJIRU, AMINATA):
            await vote(api, poll, player, right=True)
        await until_answers_kept(tmp_path, 2)  # their votes fetched after hers: PTB's offset confirmed hers
        await api.settle()
        assert not results_messages(api, GROUP)  # put off for Zawadi's vote
    finally:
        bot.process.kill()
        await bot.exited()
    again = await BotProcess.start(env)
    try:
        # VOTES_WAIT (30 s) after the last answer: a close put off before that may be a running replica's own
        [results] = await api.wait_for("sendMessage", 1, lambda p: "gx:" in str(p.get("reply_markup")), within=60)
    finally:
        assert await again.stop() == 0, again.log
    assert "Wanjiru — pointi 150" in results.params["text"] and "Aminata — pointi 150" in results.params["text"]
    assert "Traceback" not in again.log, again.log
