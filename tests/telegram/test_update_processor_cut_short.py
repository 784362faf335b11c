"""What the update processor tells of the updates a stop cut short (kept by cut_short.py for the next start), and
how it handles them again: timed as they first came in, once."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta
from pathlib import Path

from telegram import Bot, PollAnswer, Update, User

from adapters.telegram.cut_short import keep, kept
from adapters.telegram.update_processor import UpdateProcessor
from bot.metrics import NullMetrics
from tests.telegram.telegram_harness import TOKEN

CAST = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ADA = User(7, "Ada", is_bot=False)


def vote(update_id: int) -> Update:
    return Update(update_id, poll_answer=PollAnswer("poll-1", [1], user=ADA, option_persistent_ids=["1"]))


async def test_a_vote_cut_short_at_a_stop_is_kept_with_when_it_came_and_handled_again_once_timed_then(
        tmp_path: Path) -> None:
    now = [CAST]
    stopping = UpdateProcessor(4, NullMetrics(), clock=lambda: now[0])
    started = asyncio.Event()

    async def stuck() -> None:
        started.set()
        await asyncio.Event().wait()  # waiting out a long 429, say
    running = asyncio.create_task(stopping.process_update(vote(5), stuck()))
    await started.wait()
    assert stopping.cancel_handling() == 1
    with contextlib.suppress(asyncio.CancelledError):
        await running
    assert [(update.update_id, arrived) for update, arrived in stopping.cut_short()] == [(5, CAST)]

    path = tmp_path / "cut.json"
    keep(path, stopping.cut_short())
    [(update, arrived)] = kept(path, Bot(TOKEN))
    assert (update.update_id, arrived) == (5, CAST)

    now[0] = CAST + timedelta(minutes=3)  # the restart took a while
    starting = UpdateProcessor(4, NullMetrics(), clock=lambda: now[0])
    starting.again(update, arrived)
    timed: list[datetime | None] = []

    async def handle() -> None:
        timed.append(starting.arrived(update))
    await starting.process_update(update, handle())
    await starting.process_update(update, handle())  # Telegram's copy: its confirmation at the stop failed
    assert timed == [CAST]
    assert starting.finished == 2
    keep(path, starting.cut_short())  # nothing cut short this time: nothing for the next start
    assert not path.exists()


async def test_an_update_deaf_to_its_cancellation_is_kept_too() -> None:
    processor = UpdateProcessor(4, NullMetrics())
    started = asyncio.Event()

    heard = asyncio.Event()

    async def deaf() -> None:
        started.set()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(3600)
        heard.set()
        await asyncio.sleep(3600)  # goes on regardless
    running = asyncio.create_task(processor.process_update(vote(9), deaf()))
    await started.wait()
    processor.cancel_under_way()
    await heard.wait()
    assert [update.update_id for update, _arrived in processor.cut_short()] == [9]
    running.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await running


def test_a_stops_write_that_fails_leaves_no_partial_file_behind_as_a_batchs_does(tmp_path: Path) -> None:
    """keep() writes as fetched.py's batches do (fsynced, then renamed in place): a rename refused (here the
    path is taken by a folder) leaves no temporary file for the folder to gather, one per stop."""
    path = tmp_path / "cut.json"
    path.mkdir()
    keep(path, [(vote(5), CAST)])
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["cut.json"]
    path.rmdir()
    keep(path, [(vote(5), CAST)])
    assert [(update.update_id, arrived) for update, arrived in kept(path, Bot(TOKEN))] == [(5, CAST)]
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["cut.json"]
