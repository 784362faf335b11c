"""Telegram's update processor: one sender's updates in order, everyone else's alongside, and a limit on how many
run at once that one sender's backlog can't use up."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from telegram import Bot, CallbackQuery, Chat, Message, Update, User

from adapters.telegram.update_processor import UpdateProcessor, stop_spinner
from bot.metrics import NullMetrics
from tests.support.waiting import until
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import TOKEN

GROUP = Chat(-100500, Chat.SUPERGROUP)


def pressed_by(user_id: int, update_id: int) -> Update:
    user = User(user_id, f"user-{user_id}", is_bot=False)
    return Update(update_id, callback_query=CallbackQuery(str(update_id), user, "ci", data="x"))


def posted_by_the_group(update_id: int) -> Update:
    """An anonymous admin's message: its sender is the group itself."""
    message = Message(update_id, datetime.now(UTC), GROUP, sender_chat=GROUP, text="/game stop")
    return Update(update_id, message=message)


async def run_all(processor: UpdateProcessor, updates: list[Update], work: dict[int, asyncio.Event],
                  log: list[tuple[str, int]]) -> list[asyncio.Task[None]]:
    async def handle(update: Update) -> None:
        log.append(("start", update.update_id))
        await work[update.update_id].wait()
        log.append(("end", update.update_id))
    tasks = [asyncio.create_task(processor.process_update(update, handle(update))) for update in updates]
    await asyncio.sleep(0.05)  # time for any to start that may (the tests then wait for those that must)
    return tasks


async def test_one_senders_updates_wait_for_each_other_and_another_senders_do_not() -> None:
    processor = UpdateProcessor(4, NullMetrics())
    work = {n: asyncio.Event() for n in (1, 2, 3, 4, 5)}
    log: list[tuple[str, int]] = []
    updates = [pressed_by(7, 1), pressed_by(7, 2), pressed_by(8, 3), posted_by_the_group(4), posted_by_the_group(5)]
    tasks = await run_all(processor, updates, work, log)
    await until(lambda: len(log) >= 3)  # (a machine busy with other tests may hold them up past run_all's wait)
    assert sorted(log) == [("start", 1), ("start", 3), ("start", 4)]  # 2 waits for 1, 5 for 4
    work[1].set()
    await until(lambda: ("start", 2) in log)
    assert log.index(("end", 1)) < log.index(("start", 2))
    for event in work.values():
        event.set()
    await asyncio.gather(*tasks)
    assert log.index(("end", 4)) < log.index(("start", 5))


async def test_at_most_the_limit_run_at_once_and_a_backlog_waiting_its_turn_takes_no_place() -> None:
    processor = UpdateProcessor(2, NullMetrics())
    work = {n: asyncio.Event() for n in range(1, 13)}
    log: list[tuple[str, int]] = []
    backlog = [pressed_by(7, n) for n in range(1, 11)]  # one sender's ten presses
    others = [pressed_by(8, 11), pressed_by(9, 12)]
    tasks = await run_all(processor, backlog + others, work, log)
    await until(lambda: len(log) >= 2)
    assert sorted(log) == [("start", 1), ("start", 11)]  # the backlog's first and one other: the limit of 2
    work[11].set()
    await until(lambda: len(log) >= 4)  # 11's end, and the next start
    assert log[-1] == ("start", 12)  # the third sender got the freed place, ahead of the backlog's nine
    for event in work.values():
        event.set()
    await asyncio.gather(*tasks)
    assert [n for what, n in log if what == "start" and n <= 10] == list(range(1, 11))


async def test_a_press_left_waiting_for_its_presser_has_its_spinner_stopped_and_still_runs_in_its_turn() -> None:
    acknowledged: list[str] = []

    async def acknowledge(query: CallbackQuery) -> None:
        acknowledged.append(query.id)

    # 1 s: a machine busy with other tests may hold run_all's 0.05 s up a while before "nobody yet" is said.
    processor = UpdateProcessor(4, NullMetrics(), acknowledge_after=1.0, acknowledge=acknowledge)
    work = {n: asyncio.Event() for n in (1, 2, 3, 4)}
    log: list[tuple[str, int]] = []
    tasks = await run_all(processor, [pressed_by(7, 1), pressed_by(7, 2), pressed_by(8, 3), posted_by_the_group(4)],
                          work, log)
    assert acknowledged == []  # nobody has waited long yet
    await until(lambda: bool(acknowledged))  # (waited for, not slept: it comes in a task of its own, a moment after)
    await asyncio.sleep(0.05)  # any other a moment later too
    assert acknowledged == ["2"]  # the one waiting behind its presser's first: those running answer for themselves
    assert ("start", 2) not in log
    for event in work.values():
        event.set()
    await asyncio.gather(*tasks)
    assert acknowledged == ["2"] and log.index(("end", 1)) < log.index(("start", 2))  # acted on, in order


async def test_stopping_a_waiting_presss_spinner_answers_its_query_on_the_bot_api(api: FakeBotApi) -> None:
    bot = Bot(TOKEN, base_url=api.base_url)
    async with bot:
        query = CallbackQuery("cb-77", User(7, "user-7", is_bot=False), "ci", data="x")
        query.set_bot(bot)
        await stop_spinner(query)
    assert [call.params.get("callback_query_id") for call in api.calls("answerCallbackQuery")] == ["cb-77"]
