"""cards and review logs (spaced review), and each learner's time zone and reminder

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 16:15:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REMINDING = sa.text("reminder_due IS NOT NULL")


def upgrade() -> None:
    op.create_table(
        "cards",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("quiz_id", sa.String(length=64), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("content_hash", sa.String(length=16), nullable=False),
        sa.Column("state", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=True),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_review", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_cards_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cards")),
        sa.UniqueConstraint("user_id", "quiz_id", "question_id", name=op.f("uq_cards_user_id")),
    )
    op.create_index("ix_cards_user_due", "cards", ["user_id", "due"])
    op.create_table(
        "review_logs",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("quiz_id", sa.String(length=64), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=True),
        sa.Column("option_id", sa.String(length=64), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("content_hash", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(["card_id"], ["cards.id"], name=op.f("fk_review_logs_card_id_cards"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_review_logs_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_logs")),
    )
    op.create_index("ix_review_logs_card_id", "review_logs", ["card_id"])
    op.create_index("ix_review_logs_question", "review_logs", ["quiz_id", "question_id"])
    op.create_index("ix_review_logs_user_time", "review_logs", ["user_id", "reviewed_at"])
    # Adding nullable columns and an index needs no table copy, even on SQLite.
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("reminder_time", sa.String(length=5), nullable=True))
        batch_op.add_column(sa.Column("reminder_due", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_users_reminder_due", ["reminder_due"], unique=False,
                              sqlite_where=REMINDING, postgresql_where=REMINDING)


def downgrade() -> None:
    # recreate="never": SQLite drops the columns in place; a batch copy would re-create users, and with
    # foreign keys on, dropping it would delete every session.
    with op.batch_alter_table("users", schema=None, recreate="never") as batch_op:
        batch_op.drop_index("ix_users_reminder_due", sqlite_where=REMINDING, postgresql_where=REMINDING)
        batch_op.drop_column("reminder_due")
        batch_op.drop_column("reminder_time")
        batch_op.drop_column("time_zone")
    op.drop_index("ix_review_logs_user_time", table_name="review_logs")
    op.drop_index("ix_review_logs_question", table_name="review_logs")
    op.drop_index("ix_review_logs_card_id", table_name="review_logs")
    op.drop_table("review_logs")
    op.drop_index("ix_cards_user_due", table_name="cards")
    op.drop_table("cards")
