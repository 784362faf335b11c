"""The storage contract, part 3: question deadlines and the look-ups a sweep for timed-out questions needs.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from bot.records import MessageLink, SessionState, UserRecord
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]
SECOND = timedelta(seconds=1)


async def test_a_question_deadline_is_stored_changed_and_cleared(uow: Uow) -> None:
    session = await stored_session(uow, a_session(await stored_user(uow), question_deadline=START + 30 * SECOND))
    async with uow() as work:
        assert await work.sessions.get(session.id) == session
        session.question_deadline = START + 90 * SECOND
        await work.sessions.update(session)
        await work.commit()
    async with uow() as work:
        stored = await work.sessions.get(session.id)
        assert stored is not None and stored.question_deadline == START + 90 * SECOND
        assert stored.question_deadline.utcoffset() == timedelta(0)  # timezone-aware UTC
        session.question_deadline = None
        await work.sessions.update(session)
        await work.commit()
    async with uow() as work:
        assert await work.sessions.get(session.id) == session


async def test_overdue_sessions_are_the_platforms_active_ones_whose_deadline_passed_earliest_first(uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    on_discord = await stored_user(uow, "alice", platform="discord")
    now = START + timedelta(minutes=10)
    for session in (
        a_session(alice, "late", "collectives", question_deadline=now - 5 * SECOND),
        a_session(bola, "later", "collectives", question_deadline=now - 60 * SECOND),
        a_session(bola, "just-now", "fsdp", question_deadline=now),  # at the deadline: due
        a_session(alice, "in-time", "fsdp", question_deadline=now + SECOND),
        a_session(alice, "no-limit", "zero"),
        a_session(alice, "finished", "tp", state=SessionState.FINISHED, question_deadline=now - SECOND),
        a_session(on_discord, "elsewhere", "collectives", question_deadline=now - SECOND),
    ):
        await stored_session(uow, session)
    async with uow() as work:
        due = await work.sessions.overdue("telegram", now, 10)
        first_two = await work.sessions.overdue("telegram", now, 2)
        on_other_platform = await work.sessions.overdue("discord", now, 10)
    assert [session.id for session, _owner in due] == ["later", "late", "just-now"]
    assert [session.id for session, _owner in first_two] == ["later", "late"]
    assert [(owner.platform, owner.platform_user_id) for _session, owner in due] == [
        ("telegram", "bola"), ("telegram", "alice"), ("telegram", "bola")]
    late, owner = due[1]
    assert late == a_session(alice, "late", "collectives", question_deadline=now - 5 * SECOND)
    assert owner == UserRecord("telegram", "alice", id=alice)
    assert [session.id for session, _owner in on_other_platform] == ["elsewhere"]


async def test_the_latest_message_that_asked_a_question_is_found(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    links = [MessageLink("discord", "100", "s1", "q1", "channel-1", START),
             MessageLink("discord", "200", "s1", "q1", "channel-2", START + 60 * SECOND),  # asked again on resume
             MessageLink("discord", "300", "s1", "q2", "channel-2", START + 90 * SECOND),
             MessageLink("telegram", "poll-1", "s1", "q1", "chat-1", START + 120 * SECOND)]
    async with uow() as work:
        for link in links:
            await work.links.add(link)
        await work.commit()
    async with uow() as work:
        assert await work.links.latest("discord", "s1", "q1") == links[1]
        assert await work.links.latest("telegram", "s1", "q1") == links[3]
        assert await work.links.latest("telegram", "s1", "q2") is None
        assert await work.links.latest("discord", "other", "q1") is None
        # The first, for a command sent after it (it was seen), though it was asked again since.
        assert await work.links.first("discord", "s1", "q1") == links[0]
        assert await work.links.first("discord", "s1", "q2") == links[2]
        assert await work.links.first("discord", "other", "q1") is None


async def test_of_messages_linked_at_the_same_moment_the_latest_is_the_one_the_platform_numbered_last(
        uow: Uow) -> None:
    """Equal times (a frozen clock, the same microsecond) were ordered by chance: an older poll could be chosen,
    closed or answered in place of the newer. The larger platform id wins, as a number: Telegram's message id where
    it is kept, else the key (a Discord snowflake), whatever order they were stored in."""
    await stored_session(uow, a_session(await stored_user(uow)))
    telegram = [MessageLink("telegram", "5300000000000000001", "s1", "q1", "chat-1", START, "99"),  # poll ids in
                MessageLink("telegram", "4100000000000000002", "s1", "q1", "chat-1", START, "100"),  # no order
                MessageLink("telegram", "6200000000000000003", "s1", "q1", "chat-1", START, "98")]
    discord = [MessageLink("discord", "1577882794103668744", "s1", "q1", "channel-1", START),
               MessageLink("discord", "999882794103668744", "s1", "q1", "channel-1", START),  # shorter: older
               MessageLink("discord", "1577882793986228228", "s1", "q1", "channel-1", START)]
    async with uow() as work:
        for link in (*telegram, *discord):
            await work.links.add(link)
        await work.commit()
    async with uow() as work:
        assert await work.links.latest("telegram", "s1", "q1") == telegram[1]  # message 100, not "99"
        assert await work.links.latest("discord", "s1", "q1") == discord[0]
        assert await work.links.first("telegram", "s1", "q1") == telegram[2]  # message 98
        assert await work.links.first("discord", "s1", "q1") == discord[1]  # the shorter id


async def test_unsent_sessions_are_the_platforms_active_ones_moved_on_since_their_last_message(uow: Uow) -> None:
    """What a start-up looks through for questions a crash left unsent: moved on within the window, asked on a
    message before, and none since the move (or at its very moment: a frozen clock's poll went out)."""
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    on_discord = await stored_user(uow, "alice", platform="discord")
    since, before = START, START + timedelta(hours=1)
    moved = START + 10 * SECOND
    sessions = {
        "unsent": (alice, moved, START, "telegram"),  # its last message before the move
        "unsent-later": (bola, moved + SECOND, START, "telegram"),
        "sent": (bola, moved, moved + SECOND, "telegram"),  # a message since
        "sent-that-moment": (alice, moved, moved, "telegram"),
        "never-asked": (alice, moved, None, None),  # private buttons: no message ever
        "too-old": (bola, since - SECOND, START - 60 * SECOND, "telegram"),
        "after-start-up": (alice, before, START, "telegram"),  # this process's own: sending it now
        "elsewhere": (on_discord, moved, START, "discord"),
        "asked-on-the-other-platform": (alice, moved, START, "discord"),
    }
    for number, (owner, updated_at, _asked, _platform) in enumerate(sessions.values()):
        session_id = list(sessions)[number]
        await stored_session(uow, a_session(owner, session_id, f"quiz-{number}", updated_at=updated_at))
    async with uow() as work:
        for number, (session_id, (_owner, _moved, asked, platform)) in enumerate(sessions.items()):
            if asked is not None and platform is not None:
                await work.links.add(MessageLink(platform, f"m{number}", session_id, "q1", "chat-1", asked))
        await work.commit()
    async with uow() as work:
        found = await work.sessions.unsent("telegram", since, before, 10)
        first = await work.sessions.unsent("telegram", since, before, 1)
        on_discord_found = await work.sessions.unsent("discord", since, before, 10)
    assert [(session.id, owner.platform_user_id) for session, owner in found] == [
        ("unsent", "alice"), ("unsent-later", "bola")]
    assert [session.id for session, _owner in first] == ["unsent"]
    assert found[0][0] == a_session(alice, "unsent", "quiz-0", updated_at=moved)
    assert [session.id for session, _owner in on_discord_found] == ["elsewhere"]
