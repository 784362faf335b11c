"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-29 18:36:26.155235
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("platform_user_id", sa.String(length=64), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("last_hint", sa.String(length=8), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("platform", "platform_user_id", name=op.f("uq_users_platform")),
    )
    op.create_table(
        "quiz_sessions",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("quiz_id", sa.String(length=64), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=True),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("question_ids", sa.JSON(), nullable=False),
        sa.Column("option_orders", sa.JSON(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_quiz_sessions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_quiz_sessions")),
    )
    with op.batch_alter_table("quiz_sessions", schema=None) as batch_op:
        batch_op.create_index("ix_quiz_sessions_user_state", ["user_id", "state", "updated_at"], unique=False)
        batch_op.create_index(
            "uq_quiz_sessions_one_active",
            ["user_id", "quiz_id"],
            unique=True,
            sqlite_where=sa.text("state = 'active'"),
            postgresql_where=sa.text("state = 'active'"),
        )

    op.create_table(
        "answers",
        sa.Column("session_id", sa.String(length=32), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("option_id", sa.String(length=64), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"], ["quiz_sessions.id"], name=op.f("fk_answers_session_id_quiz_sessions"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("session_id", "question_id", name=op.f("pk_answers")),
    )
    op.create_table(
        "message_links",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("message_key", sa.String(length=128), nullable=False),
        sa.Column("session_id", sa.String(length=32), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["quiz_sessions.id"],
            name=op.f("fk_message_links_session_id_quiz_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("platform", "message_key", name=op.f("pk_message_links")),
    )
    with op.batch_alter_table("message_links", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_message_links_session_id"), ["session_id"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("message_links", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_message_links_session_id"))

    op.drop_table("message_links")
    op.drop_table("answers")
    with op.batch_alter_table("quiz_sessions", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_quiz_sessions_one_active",
            sqlite_where=sa.text("state = 'active'"),
            postgresql_where=sa.text("state = 'active'"),
        )
        batch_op.drop_index("ix_quiz_sessions_user_state")

    op.drop_table("quiz_sessions")
    op.drop_table("users")
