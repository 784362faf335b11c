"""message id of a linked poll: on Telegram a poll's key (its poll id) is not the id of the message that shows it,
which closing the poll (stopPoll) needs

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 21:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: links stored before keep working, their polls just can't be closed.
    with op.batch_alter_table("message_links") as batch:
        batch.add_column(sa.Column("message_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("message_links") as batch:
        batch.drop_column("message_id")
