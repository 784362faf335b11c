"""Game questions that went out unheard (GameRepository.add_unheard): a row of game_messages whose key,
records.unheard_key, names the game instead of the message, as the message's own key is unknown."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, and_, delete, literal, literal_column, select

from bot.games.records import UNHEARD, GameMessageLink, GameState, unheard_key
from storage import tables
from storage.statements import StatementRunner, dialect_insert

games, game_messages = map(tables.table_of, (tables.Game, tables.GameMessage))
# As game_repositories.live, with 'asking' as a literal too: the planners match uq_games_one_live, and walk only
# the platform's live games.
ASKING = and_(games.c.state.in_([literal_column(f"'{state}'") for state in tables.LIVE_GAME_STATES]),
              games.c.state == literal_column(f"'{GameState.ASKING.value}'"))


class UnheardPolls:
    """GameRepository's unheard questions, for SqlGameRepository."""

    _connection: StatementRunner

    def _insert(self) -> Any:
        return dialect_insert(self._connection.dialect.name)(game_messages)

    async def add_unheard(self, platform: str, game_id: str, position: int) -> None:
        await self._connection.execute(self._insert().values(
            platform=platform, message_key=unheard_key(game_id), game_id=game_id, position=position,
        ).on_conflict_do_update(index_elements=["platform", "message_key"], set_={"position": position}))

    async def unheard(self, platform: str) -> list[GameMessageLink]:
        rows = await self._connection.execute(unheard_query(platform))
        return [GameMessageLink(row.platform, unheard_key(row.id), row.id, row.position) for row in rows]

    async def heard(self, link: GameMessageLink) -> None:
        await self._connection.execute(self._insert().values(
            platform=link.platform, message_key=link.message_key, game_id=link.game_id, position=link.position,
        ).on_conflict_do_nothing(index_elements=["platform", "message_key"]))  # another process learnt it first
        await self._connection.execute(delete(game_messages).where(
            game_messages.c.platform == link.platform, game_messages.c.message_key == unheard_key(link.game_id),
            game_messages.c.position == link.position))

    async def drop_unheard(self, platform: str, game_id: str) -> None:
        await self._connection.execute(delete(game_messages).where(
            game_messages.c.platform == platform, game_messages.c.message_key == unheard_key(game_id)))


def unheard_query(platform: str) -> Select[Any]:
    """The platform's live games, each probing the primary key for its own marker (a subquery the planners run
    per game): not every link ever kept walked through (a key's prefix is no range under PostgreSQL's collations)."""
    marker = select(game_messages.c.position).where(
        game_messages.c.platform == games.c.platform,
        game_messages.c.message_key == literal(UNHEARD) + games.c.id).scalar_subquery()
    return (select(games.c.platform, games.c.id, games.c.position)
            .where(games.c.platform == platform, ASKING, games.c.position == marker)
            .order_by(games.c.asked_at.desc(), games.c.id))
