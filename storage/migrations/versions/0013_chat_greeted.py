"""when the bot last greeted a group it was added to: a second add soon after, or a restart, greets it no more

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 16:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: a group the bot was in before was never greeted, and is greeted if the bot is added to it again.
    with op.batch_alter_table("chats") as batch:
        batch.add_column(sa.Column("greeted_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chats") as batch:
        batch.drop_column("greeted_at")
