"""A reload reaches every process: the one an admin reloads stores what it now serves, the others follow."""

from __future__ import annotations

import asyncio
import logging
import shutil
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from tests.core.test_engine_reload import ADMIN
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import give_broadcast_a_why_not, remove_question


async def test_another_process_follows_a_reload_once_and_only_when_the_content_changed(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    here_library, there_library = ContentLibrary.load(content_dir), ContentLibrary.load(content_dir)
    here = build_engine(here_library, fake_db, clock)
    there = build_engine(there_library, fake_db, clock)  # a replica: same database, same files
    assert await there.follow_content() is None  # nobody reloaded yet

    remove_question(content_dir, "shards-to-full")
    assert (await here.reload(ADMIN)).ok
    assert there_library.catalog.fingerprint != here_library.catalog.fingerprint
    followed = await there.follow_content()
    assert followed is not None and followed.ok
    assert there_library.catalog.fingerprint == here_library.catalog.fingerprint
    assert there_library.catalog.get("collectives").question("shards-to-full") is None  # type: ignore[union-attr]
    assert await there.follow_content() is None  # done: nothing more to follow
    assert await here.follow_content() is None  # the reloading process serves it already


async def test_a_process_whose_files_differ_says_so_once_and_keeps_serving(
        content_dir: Path, tmp_path: Path, fake_db: FakeDatabase, clock: FixedClock,
        caplog: pytest.LogCaptureFixture) -> None:
    stale_dir = tmp_path / "stale-content"
    shutil.copytree(content_dir, stale_dir)  # a replica whose files were not updated
    here = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    stale_library = ContentLibrary.load(stale_dir)
    stale = build_engine(stale_library, fake_db, clock)
    before = stale_library.catalog.fingerprint

    remove_question(content_dir, "shards-to-full")
    assert (await here.reload(ADMIN)).ok
    remove_question(stale_dir, "english-only")  # its files changed too, but not as the admin's did
    with caplog.at_level(logging.WARNING, logger="bot.usecases.admin"):
        followed = await stale.follow_content()
        again = await stale.follow_content()
    assert followed is not None and stale_library.catalog.fingerprint == before  # what it served, still
    assert again is None  # said once, not every half minute
    assert [record.message for record in caplog.records] == [
        "an admin reloaded the content elsewhere, but this process's files hold other content"]


async def test_a_process_started_after_a_reload_serves_its_files_as_deployed_and_follows_later_reloads(
        content_dir: Path, tmp_path: Path, fake_db: FakeDatabase, clock: FixedClock,
        caplog: pytest.LogCaptureFixture) -> None:
    here_library = ContentLibrary.load(content_dir)
    here = build_engine(here_library, fake_db, clock)
    remove_question(content_dir, "shards-to-full")
    assert (await here.reload(ADMIN)).ok  # stored: the content without that question
    async with fake_db.unit_of_work() as uow:  # what a process starting now reads before its files
        reloaded_before = await uow.content.fingerprint()
    deployed_dir = tmp_path / "deployed"  # the next release's files: other content again
    shutil.copytree(content_dir, deployed_dir)
    remove_question(deployed_dir, "english-only")
    deployed_library = ContentLibrary.load(deployed_dir)
    deployed = build_engine(deployed_library, fake_db, clock, content_reloaded_before=reloaded_before)
    as_deployed = deployed_library.catalog.fingerprint

    with caplog.at_level(logging.INFO, logger="bot.usecases.admin"):
        assert await deployed.follow_content() is None  # not a reload to follow: no files read again
    assert deployed_library.catalog.fingerprint == as_deployed
    assert caplog.records == []  # nothing to say: a deploy is not a replica gone astray

    for files in (content_dir, deployed_dir):  # files changed everywhere, then an admin reloads
        give_broadcast_a_why_not(files)
    remove_question(content_dir, "english-only")
    assert (await here.reload(ADMIN)).ok
    followed = await deployed.follow_content()
    assert followed is not None and followed.swapped  # a reload after it started is followed as before
    assert deployed_library.catalog.fingerprint == here_library.catalog.fingerprint


async def test_a_reload_the_database_fails_to_store_serves_nothing_new(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    library = ContentLibrary.load(content_dir)
    here = build_engine(library, fake_db, clock)
    before = library.catalog.fingerprint
    remove_question(content_dir, "shards-to-full")
    fake_db.failing = ConnectionError("the database went away")
    with pytest.raises(ConnectionError):
        await here.reload(ADMIN)  # the admin hears of the failure...
    assert library.catalog.fingerprint == before  # ...and it is the whole truth: nothing changed here either

    fake_db.failing = None
    assert (await here.reload(ADMIN)).ok  # tried again: stored, then served
    assert library.catalog.fingerprint != before
    assert fake_db.state.content["catalog"] == library.catalog.fingerprint


async def test_the_reloading_process_never_follows_its_own_reload_stored_but_not_yet_served(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    library = ContentLibrary.load(content_dir)
    here = build_engine(library, fake_db, clock)
    stored, go_on = asyncio.Event(), asyncio.Event()

    async def pause_after_commit() -> None:
        stored.set()
        await go_on.wait()
    fake_db.after_commit = pause_after_commit
    remove_question(content_dir, "shards-to-full")
    reloading = asyncio.create_task(here.reload(ADMIN))
    await stored.wait()  # the fingerprint is stored; the content is not served yet
    fake_db.after_commit = None
    with caplog.at_level(logging.INFO, logger="bot.usecases.admin"):
        following = asyncio.create_task(here.follow_content())  # the half-minute look, just then
        await asyncio.sleep(0.05)
        go_on.set()
        assert (await reloading).ok
        assert await following is None  # its own reload: nothing to follow, nothing read again
    assert caplog.records == []


async def test_a_replica_whose_files_were_half_written_when_it_looked_follows_once_they_are_whole(
        content_dir: Path, tmp_path: Path, fake_db: FakeDatabase, clock: FixedClock,
        caplog: pytest.LogCaptureFixture) -> None:
    there_dir = tmp_path / "replica"  # the replica's own copy of the files, synced (rsync, git pull) a bit late
    shutil.copytree(content_dir, there_dir)
    here_library, there_library = ContentLibrary.load(content_dir), ContentLibrary.load(there_dir)
    here, there = build_engine(here_library, fake_db, clock), build_engine(there_library, fake_db, clock)
    remove_question(content_dir, "shards-to-full")
    assert (await here.reload(ADMIN)).ok
    quiz = there_dir / "quizzes" / "collectives.yaml"
    whole = (content_dir / "quizzes" / "collectives.yaml").read_bytes()
    quiz.write_bytes(whole[:len(whole) // 2])  # the sync is writing it just when the replica looks
    with caplog.at_level(logging.ERROR, logger="bot.usecases.admin"):
        failed = await there.follow_content()
    assert failed is not None and not failed.ok and len(caplog.records) == 1  # its problems are logged

    quiz.write_bytes(whole)  # the sync is done: the files hold what the admin reloaded
    with caplog.at_level(logging.ERROR, logger="bot.usecases.admin"):
        await there.follow_content()  # the next look, half a minute later
        assert await there.follow_content() is None  # then nothing more to do
    # Before, it never looked again: it served the old content until another reload of other content, while any
    # update could reach either replica (a vote judged against one content or the other).
    assert there_library.catalog.fingerprint == here_library.catalog.fingerprint
    assert len(caplog.records) == 1  # the failure was said once, not every half minute
