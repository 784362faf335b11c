"""A group game served by two webhook replicas on one database: each update may reach either, and both replicas'
game sweepers look for due phases. Presses, votes and deadlines that meet on the two must move the game once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from itertools import count
from typing import Any

import aiohttp

from adapters.settings import Settings
from bot.games.rules import GRACE, RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import BOT_USER, FakeChat, FakeUser
from tests.telegram.game_steps import lobby, results_messages
from tests.telegram.telegram_fake_api import Call, FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    JUMA,
    SIGNED,
    WANJIRU,
    ZAWADI,
    correct,
    in_webhook_mode,
    next_poll,
    poll_id,
    running_bot,
    unheard_poll,
)

GAMES = 0.02  # seconds between the sweepers' looks
ADA = FakeUser(301, "Ada", "en")


def results_sent(params: dict[str, Any]) -> bool:
    """A question's results (their Explain button)."""
    return "gx:" in str(params.get("reply_markup"))



class Replicas:
    """Posts updates as Telegram would, to the replica the test names."""

    def __init__(self, urls: list[str], client: aiohttp.ClientSession) -> None:
        self.urls = urls
        self.client = client
        self.ids = count(1)

    async def post(self, replica: int, content: dict[str, Any]) -> None:
        async with self.client.post(self.urls[replica], json={"update_id": next(self.ids), **content},
                                    headers=SIGNED) as response:
            assert response.status == 200

    def command(self, user: FakeUser, text: str, chat: FakeChat) -> dict[str, Any]:
        return {"message": {"message_id": 5000 + next(self.ids), "date": int(time.time()), "chat": chat.json(),
                            "from": user.json(), "text": text,
                            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]}}

    def press(self, user: FakeUser, data: str, chat: FakeChat) -> dict[str, Any]:
        number = next(self.ids)
        return {"callback_query": {"id": f"cb-{number}", "from": user.json(), "data": data,
                                   "chat_instance": f"ci-{chat.id}",
                                   "message": {"message_id": 5000 + number, "date": int(time.time()),
                                               "chat": chat.json(), "from": BOT_USER, "text": "(buttons)"}}}

    @staticmethod
    def vote(user: FakeUser, poll: Call, option: int) -> dict[str, Any]:
        return {"poll_answer": {"poll_id": poll_id(poll), "user": user.json(), "option_ids": [option],
                                "option_persistent_ids": [str(option)]}}


@asynccontextmanager
async def two_replicas(settings: Settings, clock: FixedClock,
                       reserve_port: Callable[[], int]) -> AsyncIterator[Replicas]:
    first, first_url = in_webhook_mode(reserve_port(), settings)
    second, second_url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(first, clock, game_interval=GAMES), running_bot(second, clock, game_interval=GAMES), \
            aiohttp.ClientSession() as client:
        yield Replicas([first_url, second_url], client)


async def opened(replicas: Replicas, api: FakeBotApi, quiz: str = "collectives") -> str:
    """Ada's lobby of ``quiz``, opened on the first replica; Aminata joins on the first, Wanjiru on the second: its
    game's id."""
    await replicas.post(0, replicas.command(ADA, f"/game {quiz}", GROUP))
    _call, game_id = await lobby(api, GROUP)
    for number, player in enumerate((AMINATA, WANJIRU)):
        await replicas.post(number % 2, replicas.press(player, f"gj:{game_id}", GROUP))
    await api.wait_for("answerCallbackQuery", 2)
    return game_id


async def first_question_ada_answered(replicas: Replicas, api: FakeBotApi) -> Call:
    """The game opened, started on the second replica, and Ada's right vote on its first poll in on the first."""
    game_id = await opened(replicas, api)
    await replicas.post(1, replicas.press(ADA, f"gb:{game_id}", GROUP))
    poll = await next_poll(api, GROUP.id, 1)
    await replicas.post(0, replicas.vote(ADA, poll, correct(poll)))
    await api.settle(quiet=0.3)
    return poll


async def test_start_pressed_on_both_replicas_at_once_asks_the_first_question_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api)
        await asyncio.gather(*(replicas.post(replica, replicas.press(ADA, f"gb:{game_id}", GROUP))
                               for replica in (0, 1)))
        await next_poll(api, GROUP.id, 1)
        await api.wait_for("answerCallbackQuery", 4)
        await api.settle(quiet=0.5)
        assert len(api.polls(GROUP.id)) == 1
        texts = [call.params.get("text") for call in api.calls("answerCallbackQuery")[2:]]
        assert texts.count("This game has already begun.") == 1, texts


async def test_the_last_vote_on_one_replica_at_the_deadline_the_others_sweep_finds_closes_it_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api)
        await replicas.post(1, replicas.press(ADA, f"gb:{game_id}", GROUP))
        for place in (1, 2, 3):
            poll = await next_poll(api, GROUP.id, place)
            await replicas.post(place % 2, replicas.vote(ADA, poll, correct(poll)))
            await replicas.post((place + 1) % 2, replicas.vote(AMINATA, poll, correct(poll)))
            await api.settle(quiet=0.3)
            clock.advance(timedelta(seconds=30) + GRACE)  # Wanjiru's vote comes as the time runs out
            await replicas.post(place % 2, replicas.vote(WANJIRU, poll, correct(poll)))
            await api.wait_for("sendMessage", place, lambda p: "Answers: " in p["text"])
            await api.settle(quiet=0.5)
            clock.advance(timedelta(seconds=RESULTS_SECONDS))
        podium = (await api.wait_for("sendMessage", 1, lambda p: "Final results" in p["text"]))[-1].params["text"]
        await api.settle(quiet=0.5)
        assert len(api.polls(GROUP.id)) == 3 and len(results_messages(api, GROUP)) == 3
        assert len(api.calls("sendMessage", lambda p: "Final results" in p["text"])) == 1
        # Each vote counted once at most. Wanjiru's, in at the deadline, counts as cast at its poll's close (no
        # speed bonus) where it came before the close, and not where the other replica's sweep closed it first.
        lines = [line.split(" · ")[0] for line in podium.splitlines()[1:4]]
        assert lines[:2] == ["🥇 Ada — 450 points", "🥇 Aminata — 450 points"], lines
        assert lines[2] in {f"🥉 Wanjiru — {points} points" for points in (0, 100, 200, 300)}, lines


async def test_stop_on_one_replica_as_the_others_sweep_closes_the_question_ends_the_game_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        await first_question_ada_answered(replicas, api)
        clock.advance(timedelta(seconds=30) + GRACE)
        await replicas.post(1, replicas.command(ADA, "/game stop", GROUP))
        await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"])
        for _phase in range(2):  # whichever moved first, nothing follows the podium
            clock.advance(timedelta(seconds=RESULTS_SECONDS))
            await api.settle(quiet=0.5)
        assert len(api.polls(GROUP.id)) == 1
        assert len(api.calls("sendMessage", lambda p: "Game stopped" in p["text"])) == 1


async def test_both_replicas_restarted_mid_question_close_it_once_and_ask_the_next_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        poll = await first_question_ada_answered(replicas, api)
    async with two_replicas(shared, clock, reserve_port) as replicas:
        await replicas.post(1, replicas.vote(AMINATA, poll, correct(poll)))
        await api.settle(quiet=0.3)
        clock.advance(timedelta(seconds=30) + GRACE)
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await next_poll(api, GROUP.id, 2)
        await api.settle(quiet=0.5)
        assert len(api.polls(GROUP.id)) == 2
        results = results_messages(api, GROUP)
        assert len(results) == 1 and "1. Ada — 150 points\n1. Aminata — 150 points" in results[0].params["text"]


async def test_game_typed_on_both_replicas_at_once_opens_one_lobby(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        await asyncio.gather(replicas.post(0, replicas.command(ADA, "/game collectives", GROUP)),
                             replicas.post(1, replicas.command(AMINATA, "/game collectives", GROUP)))
        await lobby(api, GROUP)
        await api.settle(quiet=0.5)
        assert sum("gj:" in str(call.params.get("reply_markup")) for call in api.calls("sendMessage")) == 1


async def test_leave_on_one_replica_as_the_last_vote_comes_to_the_other_closes_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        poll = await first_question_ada_answered(replicas, api)
        api.left.setdefault(GROUP.id, set()).add(WANJIRU.id)
        left = {"message": {"message_id": 90000, "date": int(time.time()), "chat": GROUP.json(),
                            "from": WANJIRU.json(), "left_chat_member": WANJIRU.json()}}
        await asyncio.gather(replicas.post(1, left), replicas.post(0, replicas.vote(AMINATA, poll, correct(poll))))
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        await api.settle(quiet=0.5)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await next_poll(api, GROUP.id, 2)
        await api.settle(quiet=0.5)
        assert len(results_messages(api, GROUP)) == 1 and len(api.polls(GROUP.id)) == 2
        assert len(api.calls("stopPoll")) == 1



async def test_a_join_as_the_game_begins_on_the_other_replica_is_waited_for_and_an_unjoined_voter_joins_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api)
        await asyncio.gather(replicas.post(0, replicas.press(ADA, f"gb:{game_id}", GROUP)),
                             replicas.post(1, replicas.press(JUMA, f"gj:{game_id}", GROUP)))
        poll = await next_poll(api, GROUP.id, 1)
        api.knows(ZAWADI)  # in the group: her vote joins her
        for number, player in enumerate((ADA, AMINATA, WANJIRU, ZAWADI)):  # Zawadi never pressed Join
            await replicas.post(number % 2, replicas.vote(player, poll, correct(poll)))
        await api.settle(quiet=0.5)
        assert not results_messages(api, GROUP)  # Juma, in from the first question, is waited for
        await replicas.post(0, replicas.vote(JUMA, poll, correct(poll)))
        results = (await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"]))[-1].params["text"]
        await api.settle(quiet=0.5)
        assert len(results_messages(api, GROUP)) == 1
        [counts] = [line for line in results.splitlines() if line.startswith("Answers: ")]
        assert f"{'ABC'[correct(poll)]} 5" in counts and "1. Zawadi — 150 points" in results  # five, each once


async def test_a_skip_telegram_delivers_twice_moves_the_game_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    """Telegram delivers an update again when no 200 came back (an outage's 503, a replica stopped or killed mid-update,
    a handler slower than its wait: then to both replicas at once). A second move would ask the next question at once,
    the results unread, or close a question just asked, before anyone could answer it."""
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api)
        await replicas.post(1, replicas.press(ADA, f"gb:{game_id}", GROUP))
        await next_poll(api, GROUP.id, 1)
        skip = {"update_id": 9000, **replicas.command(ADA, "/game skip", GROUP)}
        await asyncio.gather(*(replicas.client.post(url, json=skip, headers=SIGNED) for url in replicas.urls))
        await api.wait_for("sendMessage", 1, results_sent)
        await api.settle(quiet=0.5)
        assert len(api.polls(GROUP.id)) == 1  # the results are up for their time

        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await next_poll(api, GROUP.id, 2)
        skip = {"update_id": 9001, **replicas.command(ADA, "/game skip", GROUP)}
        for url in replicas.urls:  # delivered again after the first's answer was lost
            await replicas.client.post(url, json=skip, headers=SIGNED)
        await api.wait_for("sendMessage", 2, results_sent)
        await api.settle(quiet=0.5)
        assert len(api.polls(GROUP.id)) == 2 and len(results_messages(api, GROUP)) == 2


async def test_votes_on_a_poll_one_replica_sent_unheard_count_once_on_either(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    async with two_replicas(shared, clock, reserve_port) as replicas:
        game_id = await opened(replicas, api)
        api.fail_next("sendPoll", 502, "Bad Gateway", carried_out=True)  # made, its id never heard by the second
        await replicas.post(1, replicas.press(ADA, f"gb:{game_id}", GROUP))
        lost = await unheard_poll(api, GROUP.id)
        await api.settle(quiet=0.3)
        ada = replicas.vote(ADA, lost, correct(lost))
        await replicas.post(0, ada)  # the replica that never sent it
        await replicas.post(1, ada)  # delivered again, to the other
        await replicas.post(1, replicas.vote(AMINATA, lost, correct(lost)))
        await replicas.post(0, replicas.vote(WANJIRU, lost, correct(lost)))  # the last: the question closes now
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        await api.settle(quiet=0.5)
        results = results_messages(api, GROUP)
        assert len(results) == 1, results
        text = results[0].params["text"]
        assert all(text.count(f"{name} — ") == 1 for name in ("Ada", "Aminata", "Wanjiru")), text
