"""SQL repository for a chat's own settings (bot/games/ports.py), and for a chat that changes its id."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import delete, exists, select, update
from sqlalchemy.exc import IntegrityError

from bot.ports import StorageBusy
from storage import tables
from storage.game_repositories import live
from storage.statements import StatementRunner, dialect_insert

UNIQUE_VIOLATION = "23505"  # PostgreSQL's SQLSTATE
chats, games, sessions, links, users = map(tables.table_of, (
    tables.Chat, tables.Game, tables.Session, tables.MessageLink, tables.User))


class SqlChatRepository:
    def __init__(self, connection: StatementRunner, now: Callable[[], datetime]) -> None:
        self._connection = connection
        self._now = now

    async def language(self, platform: str, chat_id: str) -> str | None:
        language: str | None = (await self._connection.execute(
            select(chats.c.language).where(chats.c.platform == platform, chats.c.chat_id == chat_id)
        )).scalar_one_or_none()
        return language

    async def set_language(self, platform: str, chat_id: str, language: str | None) -> None:
        # An upsert: two admins setting the language at once can't both insert. None keeps the row, cleared.
        statement = dialect_insert(self._connection.dialect.name)(chats).values(
            platform=platform, chat_id=chat_id, language=language, updated_at=self._now())
        await self._connection.execute(statement.on_conflict_do_update(
            index_elements=["platform", "chat_id"],
            set_={"language": statement.excluded.language, "updated_at": statement.excluded.updated_at}))

    async def claim_greeting(self, platform: str, chat_id: str, now: datetime, since: datetime) -> bool:
        # One upsert: of two processes handling the same add (or two adds at once), only one finds it unclaimed.
        statement = dialect_insert(self._connection.dialect.name)(chats).values(
            platform=platform, chat_id=chat_id, language=None, updated_at=now, greeted_at=now)
        claimed = await self._connection.execute(statement.on_conflict_do_update(
            index_elements=["platform", "chat_id"], set_={"greeted_at": statement.excluded.greeted_at},
            where=chats.c.greeted_at.is_(None) | (chats.c.greeted_at < since)).returning(chats.c.chat_id))
        return claimed.first() is not None

    async def release_greeting(self, platform: str, chat_id: str, claimed_at: datetime) -> None:
        # Only this claim's own mark: a process that claimed since (a day later, say) keeps its own.
        await self._connection.execute(update(chats).where(
            chats.c.platform == platform, chats.c.chat_id == chat_id, chats.c.greeted_at == claimed_at)
            .values(greeted_at=None))

    async def move(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        try:
            await self._move(platform, old_chat_id, new_chat_id)
        except IntegrityError as error:
            # The checks below keep every row clear of the new chat's own, as far as this transaction can see. On
            # PostgreSQL a row the new chat got meanwhile (its language set, a game started in it), committed after
            # those checks read, still collides: a lost race. Tried again, the move sees that row and leaves it.
            # Any other refusal (SQLite's transactions take turns, so none there) is a fault, and stays one.
            if getattr(error.orig, "sqlstate", None) == UNIQUE_VIOLATION:
                raise StorageBusy(f"{platform} chat {new_chat_id} changed while moving into it") from error
            raise

    async def _move(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        run = self._connection.execute
        # A row of the new chat's that holds no setting (only the greeting of the supergroup, which Telegram may
        # announce before the move) gives way to the old chat's settings, handing on its greeting if newer: else
        # another join notice that day would greet the supergroup again.
        its_greeting = select(chats.c.greeted_at).where(chats.c.platform == platform, chats.c.chat_id == new_chat_id,
                                                        chats.c.language.is_(None)).scalar_subquery()
        await run(update(chats).where(chats.c.platform == platform, chats.c.chat_id == old_chat_id,
                                      its_greeting.is_not(None),
                                      chats.c.greeted_at.is_(None) | (chats.c.greeted_at < its_greeting))
                  .values(greeted_at=its_greeting))
        older = chats.alias("older")
        await run(delete(chats).where(
            chats.c.platform == platform, chats.c.chat_id == new_chat_id, chats.c.language.is_(None),
            exists().where(older.c.platform == platform, older.c.chat_id == old_chat_id)))
        newer = exists().where(chats.c.platform == platform, chats.c.chat_id == new_chat_id)
        await run(update(chats).where(chats.c.platform == platform, chats.c.chat_id == old_chat_id, ~newer)
                  .values(chat_id=new_chat_id))
        await run(delete(chats).where(chats.c.platform == platform, chats.c.chat_id == old_chat_id))  # the new won
        # A live game stays behind if the new chat has started one of its own (one live game a chat): posting
        # into the old chat, it soon finds that chat gone and ends.
        rival = games.alias("rival")
        taken = exists().where(rival.c.platform == platform, rival.c.chat_id == new_chat_id, live(rival))
        await run(update(games).where(games.c.platform == platform, games.c.chat_id == old_chat_id,
                                      ~(live(games) & taken)).values(chat_id=new_chat_id))
        await run(update(games).where(games.c.platform == platform, games.c.scope_id == old_chat_id)
                  .values(scope_id=new_chat_id))
        # In a unit of work of its own (see SqlSessionRepository): a session's update sends only what it changed,
        # so a session read elsewhere keeps the chat moved here.
        platforms_users = select(users.c.id).where(users.c.platform == platform)
        await run(update(sessions).where(sessions.c.chat_id == old_chat_id, sessions.c.user_id.in_(platforms_users))
                  .values(chat_id=new_chat_id))
        # A message's id is the old chat's (ids are per chat): forgotten, else it could name another message there.
        await run(update(links).where(links.c.platform == platform, links.c.chat_id == old_chat_id)
                  .values(chat_id=new_chat_id, message_id=None))
