"""The file of the updates long polling fetched and the bot hasn't handled yet (adapters/telegram/fetched.py): what
a process killed meanwhile leaves for the next start."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest
from telegram import Bot, Chat, Message, PollAnswer, Update, User

from adapters.telegram.cut_short import kept, taken_again
from adapters.telegram.fetched import FetchedUpdates
from adapters.telegram.update_processor import UpdateProcessor
from bot.metrics import NullMetrics
from tests.telegram.telegram_harness import TOKEN

CAST = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ADA = User(7, "Ada", is_bot=False)


def vote(update_id: int) -> Update:
    return Update(update_id, poll_answer=PollAnswer("poll-1", [1], user=ADA, option_persistent_ids=["1"]))


def command(update_id: int, text: str) -> Update:
    return Update(update_id, message=Message(update_id, CAST, Chat(ADA.id, Chat.PRIVATE), from_user=ADA, text=text))


def held(path: Path) -> list[tuple[int, datetime | None]]:
    return [(update.update_id, arrived) for update, arrived in kept(path, Bot(TOKEN))]


async def test_a_batch_is_on_disk_before_it_is_handed_out_and_each_update_leaves_once_handled(tmp_path: Path) -> None:
    path = tmp_path / "fetched.json"
    fetched = FetchedUpdates(path, lambda: CAST)
    await fetched.fetched([command(1, "/help"), vote(2)])
    assert held(path) == [(1, None), (2, CAST)]  # a vote with when it came in: its time counts from then

    processor = UpdateProcessor(4, NullMetrics())
    processor.handled = fetched.handled

    async def handle() -> None:
        pass
    await processor.process_update(command(1, "/help"), handle())
    await asyncio.sleep(0)  # one rewrite a turn of the event loop
    assert held(path) == [(2, CAST)]
    await processor.process_update(vote(2), handle())
    await asyncio.sleep(0)
    assert not path.exists()


async def test_updates_read_at_start_stay_until_handled_and_telegrams_copy_is_not_kept_twice(tmp_path: Path) -> None:
    """The file's /quiz, handled again at start, is still there when the next batch is written (a second crash
    must not lose it); Telegram's own copy of it (its confirmation never came) is not kept beside it."""
    path = tmp_path / "fetched.json"
    fetched = FetchedUpdates(path, lambda: CAST, [(command(3, "/quiz"), None, 1)])
    await fetched.fetched([command(3, "/quiz"), command(4, "/help")])
    assert held(path) == [(3, None), (4, None)]
    fetched.handled(command(3, "/quiz"))
    await asyncio.sleep(0)
    assert held(path) == [(4, None)]


async def test_once_stopped_nothing_more_is_written(tmp_path: Path) -> None:
    """The stop's last getUpdates brings what Telegram delivers again; the file is the stop's to write then."""
    path = tmp_path / "fetched.json"
    fetched = FetchedUpdates(path, lambda: CAST)
    await fetched.fetched([command(1, "/help")])
    fetched.handled(command(1, "/help"))
    fetched.close()
    await fetched.fetched([command(2, "/quiz")])
    await asyncio.sleep(0)
    assert held(path) == [(1, None)]


async def test_an_update_whose_handling_kills_each_process_is_dropped_after_three_starts(tmp_path: Path) -> None:
    """Fetched, then each start that took it died handling it (out of memory, say): the fourth leaves it, or the bot
    would stay down for everyone; what came with it is handled all the same."""
    path = tmp_path / "fetched.json"
    await FetchedUpdates(path, lambda: CAST).fetched([command(1, "/quiz huge"), command(2, "/help")])
    for _start in range(2):
        updates, _fetched = taken_again(path, Bot(TOKEN))  # then the process dies on /quiz, before /help
        assert [update.update_id for update, _arrived in updates] == [1, 2]
    updates, fetched = taken_again(path, Bot(TOKEN))
    assert [update.update_id for update, _arrived in updates] == [1, 2]
    fetched.handled(updates[1][0])  # /help got through this time
    await asyncio.sleep(0)
    updates, _fetched = taken_again(path, Bot(TOKEN))
    assert updates == []
    assert not path.exists(), "said once: not at every start"


async def test_a_folder_it_cannot_write_is_said_once_not_at_every_batch(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The data folder out of reach (a file where it should be): the updates are handled all the same, and the log
    says so once, not at every getUpdates."""
    (tmp_path / "data").write_text("not a folder", encoding="utf-8")
    fetched = FetchedUpdates(tmp_path / "data" / "fetched.json", lambda: CAST)
    for update_id in range(1, 4):
        await fetched.fetched([command(update_id, "/help")])
    assert len([record for record in caplog.records if record.levelno == logging.ERROR]) == 1, caplog.text


def test_a_write_a_kill_cut_short_leaves_nothing_behind_after_the_next_start(tmp_path: Path) -> None:
    path = tmp_path / "fetched.json"
    half_written = tmp_path / "fetched.json.4242-7.new"
    half_written.write_text('[{"upd', encoding="utf-8")
    taken_again(path, Bot(TOKEN))
    assert not half_written.exists()
