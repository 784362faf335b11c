"""The repositories of one unit of work, all on the same connection."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.games.ports import ChatRepository, GameRepository
from bot.ports import (
    AnswerRepository,
    CardRepository,
    ContentStateRepository,
    LinkRepository,
    ReviewLogRepository,
    SessionRepository,
    UserRepository,
)
from storage.chat_repository import SqlChatRepository
from storage.content_state import SqlContentStateRepository
from storage.game_repositories import SqlGameRepository
from storage.memory_repositories import SqlCardRepository, SqlReviewLogRepository
from storage.repositories import SqlAnswerRepository, SqlLinkRepository, SqlSessionRepository, SqlUserRepository
from storage.statements import StatementRunner


class RepositorySet:
    # Typed as the engine's ports (bot/ports.py), so a unit of work is a UnitOfWork as the type checker sees it.
    users: UserRepository
    sessions: SessionRepository
    answers: AnswerRepository
    links: LinkRepository
    cards: CardRepository
    reviews: ReviewLogRepository
    games: GameRepository
    chats: ChatRepository
    content: ContentStateRepository

    def bind(self, connection: StatementRunner, clock: Callable[[], datetime]) -> None:
        self.users = SqlUserRepository(connection, clock)
        self.sessions = SqlSessionRepository(connection)
        self.answers = SqlAnswerRepository(connection)
        self.links = SqlLinkRepository(connection)
        self.cards = SqlCardRepository(connection)
        self.reviews = SqlReviewLogRepository(connection)
        self.games = SqlGameRepository(connection)
        self.chats = SqlChatRepository(connection, clock)
        self.content = SqlContentStateRepository(connection)
