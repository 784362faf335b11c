"""group games (games, their players, answers and poll messages), chat settings, and hiding from leaderboards

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-14 11:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LIVE = sa.text("state IN ('lobby', 'asking', 'showing')")


def upgrade() -> None:
    op.create_table(
        "chats",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("platform", "chat_id", name=op.f("pk_chats")),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("scope_id", sa.String(length=64), nullable=False),
        sa.Column("quiz_id", sa.String(length=64), nullable=False),
        sa.Column("starter_id", sa.Integer(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("question_ids", sa.JSON(), nullable=False),
        sa.Column("option_orders", sa.JSON(), nullable=False),
        sa.Column("question_seconds", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lobby_message", sa.String(length=64), nullable=True),
        sa.Column("question_message", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(["starter_id"], ["users.id"], name=op.f("fk_games_starter_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index("uq_games_one_live", "games", ["platform", "chat_id"], unique=True,
                    sqlite_where=LIVE, postgresql_where=LIVE)
    op.create_index("ix_games_deadline", "games", ["deadline"], sqlite_where=LIVE, postgresql_where=LIVE)
    op.create_index("ix_games_scope", "games", ["platform", "scope_id"])
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("joined_position", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.Column("answered", sa.Integer(), nullable=False),
        sa.Column("answer_ms", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_game_players_game_id_games"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_game_players_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "user_id", name=op.f("pk_game_players")),
    )
    op.create_index("ix_game_players_user_id", "game_players", ["user_id"])
    op.create_table(
        "game_answers",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("option_id", sa.String(length=64), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("answer_ms", sa.Integer(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_game_answers_game_id_games"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_game_answers_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "position", "user_id", name=op.f("pk_game_answers")),
    )
    op.create_table(
        "game_messages",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("message_key", sa.String(length=128), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_game_messages_game_id_games"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("platform", "message_key", name=op.f("pk_game_messages")),
    )
    op.create_index("ix_game_messages_game_id", "game_messages", ["game_id"])
    # Every learner so far is shown. recreate="never": SQLite adds a NOT NULL column with a constant default in
    # place, but Alembic would copy the table for a default given as an expression (sa.false()), and dropping
    # the old users table, with foreign keys on, would delete every session, card and review.
    with op.batch_alter_table("users", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("leaderboard_hidden", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    # recreate="never": SQLite drops the column in place; a batch copy would re-create users, and with
    # foreign keys on, dropping it would delete every session.
    with op.batch_alter_table("users", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("leaderboard_hidden")
    op.drop_index("ix_game_messages_game_id", table_name="game_messages")
    op.drop_table("game_messages")
    op.drop_table("game_answers")
    op.drop_index("ix_game_players_user_id", table_name="game_players")
    op.drop_table("game_players")
    op.drop_index("ix_games_scope", table_name="games")
    op.drop_index("ix_games_deadline", table_name="games", sqlite_where=LIVE, postgresql_where=LIVE)
    op.drop_index("uq_games_one_live", table_name="games", sqlite_where=LIVE, postgresql_where=LIVE)
    op.drop_table("games")
    op.drop_table("chats")
