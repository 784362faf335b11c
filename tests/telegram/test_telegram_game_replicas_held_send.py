"""Two webhook replicas of one game: a question whose poll one replica's send holds past the question's time (its
requests paused by a 429) is asked again by the other's sweep, which takes it for one never sent. The group must
not be left with two polls of one question."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import GRACE
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, correct, for_chat
from tests.telegram.test_telegram_game_replicas import ADA, Replicas, opened, two_replicas

HELD = 2  # seconds the 429 pauses the first replica's requests
LETTERED = "Only its own shard of the parameters"  # long-options' first option, too long for a poll


async def asked_twice(replicas: Replicas, api: FakeBotApi, clock: FixedClock, game_id: str) -> None:
    """Ada begins the game on the first replica, whose first poll a 429 holds; once its question's time is up the
    second replica's sweep asks it again, and then the first replica's poll goes out at last."""
    api.fail_next("sendPoll", 429, f"Too Many Requests: retry after {HELD}", retry_after=HELD)
    started = asyncio.create_task(replicas.post(0, replicas.press(ADA, f"gb:{game_id}", GROUP)))
    for _wait in range(500):  # until its poll was refused: the first replica waits the 429 out
        if any(call.method == "sendPoll" and not call.ok for call in api.requests):
            break
        await asyncio.sleep(0.02)
    clock.advance(timedelta(seconds=30) + GRACE)  # its time is up: the second replica's sweep asks it again
    await api.wait_for("sendPoll", 1, for_chat(GROUP.id))
    await started



async def test_a_question_asked_again_by_the_other_replica_while_its_first_send_was_held_shows_one_poll(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api)
        await asked_twice(replicas, api, clock, game_id)
        polls = await api.wait_for("sendPoll", 2, for_chat(GROUP.id))  # the first replica's, at last
        await api.settle(quiet=0.5)
        deleted = {call.params["message_id"] for call in api.calls("deleteMessage", for_chat(GROUP.id))}
        shown = [poll for poll in polls if str(poll.result["message_id"]) not in deleted]
        assert [poll.params["question"][:4] for poll in shown] == ["1/3 "]
        # Ada votes on the poll left: counted, and the question goes on to its results
        [poll] = shown
        await replicas.post(1, replicas.vote(ADA, poll, correct(poll)))
        await api.settle(quiet=0.3)
        clock.advance(timedelta(seconds=30) + GRACE)
        results = await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        assert "Ada — " in results[0].params["text"] and "Ada — 0 points" not in results[0].params["text"]


async def test_the_lettered_options_sent_before_the_poll_taken_away_go_with_it(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    """Options too long for a poll go before it, lettered, in a message of their own. Before: the poll asked twice
    was deleted, its lettered options left behind, so the group read them twice over one poll."""
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api, "long-options")
        await asked_twice(replicas, api, clock, game_id)
        await api.wait_for("sendPoll", 2, for_chat(GROUP.id))  # the first replica's, at last
        await api.settle(quiet=0.5)
        deleted = {call.params["message_id"] for call in api.calls("deleteMessage", for_chat(GROUP.id))}
        lettered = [call for call in api.calls("sendMessage", for_chat(GROUP.id)) if LETTERED in call.params["text"]]
        assert len(lettered) == 2, [call.params["text"] for call in lettered]
        shown = [call for call in lettered if str(call.result["message_id"]) not in deleted]
        assert len(shown) == 1, [call.params["text"] for call in shown]
