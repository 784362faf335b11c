"""content state: the fingerprint of the content an admin last reloaded, so that every process follows

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 21:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "content_state",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_content_state")),
    )


def downgrade() -> None:
    op.drop_table("content_state")
