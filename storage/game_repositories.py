"""SQL repositories for group games (bot/games/ports.py): games, players, answers and poll links."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Row,
    Select,
    and_,
    case,
    exists,
    false,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from bot.games.ports import GameAlreadyRunning
from bot.games.records import (
    PLAYER_NAME_LIMIT,
    GameAnswerRecord,
    GameMessageLink,
    GameRecord,
    GameState,
    GameTotals,
    LeaderboardEntry,
    PlayerRecord,
)
from bot.ports import AlreadyAnswered
from storage import tables
from storage.statements import StatementRunner, dialect_insert
from storage.unheard_polls import UnheardPolls

games, players, game_answers, game_messages, users = map(tables.table_of, (
    tables.Game, tables.GamePlayer, tables.GameAnswer, tables.GameMessage, tables.User))


def live(table: Any) -> ColumnElement[bool]:
    """Whether a row of ``games`` (or an alias of it) is a live game. The states as literals, not bound
    parameters: only then can the planners match the partial indexes."""
    return cast("ColumnElement[bool]", table.c.state.in_(
        [literal_column(f"'{state}'") for state in tables.LIVE_GAME_STATES]))


LIVE = live(games)
PLAYER_STATS = ("name", "joined_at", "joined_position", "score", "correct", "answered", "answer_ms", "rank",
                "left_position", "away_questions")


class SqlGameRepository(UnheardPolls):
    """Games are read to be changed: on PostgreSQL ``get`` and ``live_in`` lock the row (FOR UPDATE) until the
    transaction ends, so the actions of one game take turns across processes. SQLite ignores FOR UPDATE; its
    transactions take turns anyway (BEGIN IMMEDIATE)."""

    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def add(self, game: GameRecord) -> None:
        try:
            # A savepoint: losing the race for the chat to another process must leave this transaction usable.
            async with self._connection.begin_nested():
                await self._connection.execute(insert(games).values(id=game.id, **_game_values(game)))
        except IntegrityError as error:
            raise GameAlreadyRunning(f"{game.platform}/{game.chat_id}") from error

    async def get(self, game_id: str) -> GameRecord | None:
        row = (await self._connection.execute(
            select(games).where(games.c.id == game_id).with_for_update())).first()
        return _game(row) if row else None

    async def live_in(self, platform: str, chat_id: str) -> GameRecord | None:
        row = (await self._connection.execute(
            select(games).where(games.c.platform == platform, games.c.chat_id == chat_id, LIVE)
            .with_for_update())).first()
        return _game(row) if row else None

    async def live_quiz_in(self, platform: str, chat_id: str) -> str | None:
        query = select(games.c.quiz_id).where(games.c.platform == platform, games.c.chat_id == chat_id, LIVE)
        row = (await self._connection.execute(query)).first()
        return row.quiz_id if row else None

    async def live_in_scope(self, platform: str, scope_id: str) -> list[str]:
        query = select(games.c.id).where(games.c.platform == platform, games.c.scope_id == scope_id, LIVE)
        return [row.id for row in await self._connection.execute(query.order_by(games.c.id))]

    async def live_in_chat(self, platform: str, chat_id: str, parts: str | None) -> list[str]:
        in_chat = games.c.chat_id == chat_id
        if parts is not None:
            in_chat = in_chat | games.c.chat_id.startswith(parts, autoescape=True)
        query = select(games.c.id).where(games.c.platform == platform, in_chat, LIVE)
        return [row.id for row in await self._connection.execute(query.order_by(games.c.id))]

    async def live_played_by(self, user_id: int, quiz_id: str) -> GameRecord | None:
        # From the live games (few, found through their partial indexes) to the player's row by its key.
        row = (await self._connection.execute(
            select(games).join(players, (players.c.game_id == games.c.id) & (players.c.user_id == user_id))
            .where(games.c.quiz_id == quiz_id, LIVE).limit(1))).first()
        return _game(row) if row else None

    async def live_quizzes_played_by(self, user_id: int) -> set[str]:
        rows = await self._connection.execute(
            select(games.c.quiz_id).join(players, (players.c.game_id == games.c.id) & (players.c.user_id == user_id))
            .where(LIVE).distinct())
        return {row.quiz_id for row in rows}

    async def update(self, game: GameRecord) -> None:
        await self._connection.execute(update(games).where(games.c.id == game.id).values(**_game_values(game)))

    async def due(self, platform: str, now: datetime, limit: int) -> list[GameRecord]:
        query = due_query(self._connection.dialect.name, platform, now, limit)
        return [_game(row) for row in await self._connection.execute(query)]

    async def answered_open(self, platform: str, limit: int, answered_by: datetime) -> list[str]:
        answer = select(game_answers.c.user_id).where(
            game_answers.c.game_id == games.c.id, game_answers.c.position == games.c.position,
            game_answers.c.user_id == players.c.user_id).correlate(players, games)  # the question each game asks
        waiting = select(players.c.user_id).where(players.c.game_id == games.c.id, players.c.left_position.is_(None),
                                                  ~answer.exists()).correlate(games)
        later = select(game_answers.c.user_id).where(
            game_answers.c.game_id == games.c.id, game_answers.c.position == games.c.position,
            game_answers.c.answered_at > answered_by).correlate(games)
        query = select(games.c.id).where(LIVE, games.c.state == GameState.ASKING.value, games.c.platform == platform,
                                         ~waiting.exists(), ~later.exists())
        return [row.id for row in await self._connection.execute(query.order_by(games.c.id).limit(limit))]

    async def claim_due(self, game_id: str, now: datetime) -> GameRecord | None:
        # SKIP LOCKED: a game another transaction holds (a sweep in another process, or an answer being scored)
        # is left to it; the next sweep looks again if it is still due.
        row = (await self._connection.execute(
            select(games).where(games.c.id == game_id, LIVE, games.c.deadline <= now)
            .with_for_update(skip_locked=True))).first()
        return _game(row) if row else None

    async def add_player(self, player: PlayerRecord) -> bool:
        # ON CONFLICT DO NOTHING: a second join (a double tap, or two processes) changes nothing and, on
        # PostgreSQL, leaves the transaction usable without a savepoint.
        result = await self._connection.execute(
            dialect_insert(self._connection.dialect.name)(players)
            .values(game_id=player.game_id, user_id=player.user_id, **_player_values(player))
            .on_conflict_do_nothing(index_elements=["game_id", "user_id"]))
        return bool(result.rowcount == 1)

    async def players(self, game_id: str) -> list[PlayerRecord]:
        rows = await self._connection.execute(
            select(players).where(players.c.game_id == game_id).order_by(players.c.joined_at, players.c.user_id))
        return [_player(row) for row in rows]

    async def player(self, game_id: str, user_id: int) -> PlayerRecord | None:
        row = (await self._connection.execute(
            select(players).where(players.c.game_id == game_id, players.c.user_id == user_id))).first()
        return _player(row) if row else None

    async def update_player(self, player: PlayerRecord) -> None:
        await self._connection.execute(
            update(players).where(players.c.game_id == player.game_id, players.c.user_id == player.user_id)
            .values(**_player_values(player)))

    async def add_answer(self, answer: GameAnswerRecord) -> None:
        # As SqlAnswerRepository.add: the primary key keeps the first answer, a duplicate inserts nothing.
        result = await self._connection.execute(
            dialect_insert(self._connection.dialect.name)(game_answers).values(
                game_id=answer.game_id, position=answer.position, user_id=answer.user_id,
                option_id=answer.option_id, correct=answer.correct, points=answer.points,
                answer_ms=answer.answer_ms, answered_at=answer.answered_at)
            .on_conflict_do_nothing(index_elements=["game_id", "position", "user_id"]))
        if result.rowcount == 0:
            raise AlreadyAnswered(f"{answer.game_id}/{answer.position}")

    async def answers(self, game_id: str, position: int) -> list[GameAnswerRecord]:
        rows = await self._connection.execute(
            select(game_answers).where(game_answers.c.game_id == game_id, game_answers.c.position == position)
            .order_by(game_answers.c.answered_at, game_answers.c.user_id))
        return [GameAnswerRecord(r.game_id, r.position, r.user_id, r.option_id, r.correct, r.points, r.answer_ms,
                                 r.answered_at) for r in rows]

    async def all_answered(self, game_id: str, position: int) -> bool:
        # Whether any player still in the chat has no answer: one probe of the answers' primary key per player
        # read, and a vote in a big group brings no rows into Python. Who left waits no more (nor counts).
        answer = select(game_answers.c.user_id).where(
            game_answers.c.game_id == game_id, game_answers.c.position == position,
            game_answers.c.user_id == players.c.user_id)
        waiting = select(players.c.user_id).where(players.c.game_id == game_id, players.c.left_position.is_(None),
                                                  ~answer.exists()).limit(1)
        return (await self._connection.execute(waiting)).first() is None

    async def add_link(self, link: GameMessageLink) -> None:
        await self._connection.execute(insert(game_messages).values(
            platform=link.platform, message_key=link.message_key, game_id=link.game_id, position=link.position))

    async def link(self, platform: str, message_key: str) -> GameMessageLink | None:
        row = (await self._connection.execute(select(game_messages).where(
            game_messages.c.platform == platform, game_messages.c.message_key == message_key))).first()
        return GameMessageLink(row.platform, row.message_key, row.game_id, row.position) if row else None

    async def leaderboard(self, platform: str, scope_id: str, since: datetime | None,
                          limit: int) -> list[LeaderboardEntry]:
        query = leaderboard_query(platform, scope_id, since, limit)
        return [LeaderboardEntry(row.user_id, row.name, int(row.points))
                for row in await self._connection.execute(query)]

    async def totals(self, user_id: int) -> GameTotals:
        # A win counts only against someone, and for something: first place with points in a finished game with
        # another player in it.
        others = exists().where(players.c.game_id == _rival.c.game_id, _rival.c.user_id != players.c.user_id)
        won = case((and_(games.c.state == GameState.FINISHED.value, players.c.rank == 1, players.c.score > 0,
                         others), 1), else_=0)
        row = (await self._connection.execute(
            select(func.count().label("played"), func.coalesce(func.sum(players.c.score), 0).label("points"),
                   func.coalesce(func.sum(won), 0).label("wins"))
            .select_from(players.join(games, games.c.id == players.c.game_id))
            .where(players.c.user_id == user_id))).one()
        return GameTotals(int(row.played), int(row.points), int(row.wins))


_rival = players.alias("rival")
_latest = players.alias("latest")
_latest_game = games.alias("latest_game")


def due_query(dialect: str, platform: str, now: datetime, limit: int) -> Select[Any]:
    """Live games of the platform whose phase is over, through the partial deadline index."""
    # As overdue_query: without statistics SQLite would rather walk the platform's games through ix_games_scope
    # or uq_games_one_live; a unary + keeps it off those, so it reads the few due games instead.
    platform_column = literal_column("+games.platform") if dialect == "sqlite" else games.c.platform
    return (select(games).where(LIVE, games.c.deadline <= now, platform_column == platform)
            .order_by(games.c.deadline, games.c.id).limit(limit))


def leaderboard_query(platform: str, scope_id: str, since: datetime | None, limit: int) -> Select[Any]:
    """Points per learner from the answers in the scope's games; ties go to the faster total answer time."""
    # The name the group last saw for them: their latest join in the scope, whenever it was.
    name = (select(_latest.c.name)
            .join(_latest_game, _latest_game.c.id == _latest.c.game_id)
            .where(_latest.c.user_id == game_answers.c.user_id, _latest_game.c.platform == platform,
                   _latest_game.c.scope_id == scope_id)
            .order_by(_latest.c.joined_at.desc(), _latest.c.game_id.desc()).limit(1)
            .correlate(game_answers).scalar_subquery())
    points = func.sum(game_answers.c.points)
    query = (select(game_answers.c.user_id, points.label("points"), func.coalesce(name, "").label("name"))
             .select_from(game_answers.join(games, games.c.id == game_answers.c.game_id)
                          .join(users, users.c.id == game_answers.c.user_id))
             .where(games.c.platform == platform, games.c.scope_id == scope_id,
                    users.c.leaderboard_hidden.is_(false()))
             .group_by(game_answers.c.user_id)
             .order_by(points.desc(), func.sum(game_answers.c.answer_ms), game_answers.c.user_id)
             .limit(limit))
    return query.where(game_answers.c.answered_at >= since) if since is not None else query


def _game_values(game: GameRecord) -> dict[str, Any]:
    """Every column but the id: update() writes the whole record back, as the fake stores it."""
    return {"platform": game.platform, "chat_id": game.chat_id, "scope_id": game.scope_id, "quiz_id": game.quiz_id,
            "starter_id": game.starter_id, "language": game.language, "state": game.state.value,
            "question_ids": game.question_ids, "option_orders": game.option_orders,
            "question_seconds": game.question_seconds, "position": game.position, "deadline": game.deadline,
            "asked_at": game.asked_at, "created_at": game.created_at, "updated_at": game.updated_at,
            "finished_at": game.finished_at, "lobby_message": game.lobby_message,
            "question_message": game.question_message, "asked_question": game.asked_question,
            "asked_answer": game.asked_answer, "option_digests": game.option_digests}


def _player_values(player: PlayerRecord) -> dict[str, Any]:
    # PostgreSQL refuses a name longer than the column (SQLite would keep it): cut it, on every database alike.
    return {name: getattr(player, name) for name in PLAYER_STATS} | {"name": player.name[:PLAYER_NAME_LIMIT]}


def _game(row: Row[Any]) -> GameRecord:
    return GameRecord(
        id=row.id, platform=row.platform, chat_id=row.chat_id, scope_id=row.scope_id, quiz_id=row.quiz_id,
        starter_id=row.starter_id, language=row.language, question_ids=list(row.question_ids),
        option_orders={key: list(value) for key, value in row.option_orders.items()},
        question_seconds=row.question_seconds, created_at=row.created_at, updated_at=row.updated_at,
        state=GameState(row.state), position=row.position, deadline=row.deadline, asked_at=row.asked_at,
        lobby_message=row.lobby_message, question_message=row.question_message, finished_at=row.finished_at,
        asked_question=row.asked_question, asked_answer=row.asked_answer,
        option_digests={key: dict(value) for key, value in (row.option_digests or {}).items()})


def _player(row: Row[Any]) -> PlayerRecord:
    return PlayerRecord(row.game_id, row.user_id, row.name, row.joined_at, row.joined_position, row.score,
                        row.correct, row.answered, row.answer_ms, row.rank, row.left_position,
                        row.away_questions)
