"""an index on message links by platform and time: Discord's catch-up of votes cast while no process listened
reads the newest open polls at each new gateway session, which was a scan of every link ever sent

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05 14:15:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # If not there already: on a large PostgreSQL database an operator may build it first without locking out new
    # links (CREATE INDEX CONCURRENTLY, README "Several processes"), and this then has nothing to do.
    op.create_index("ix_message_links_recent", "message_links", ["platform", "created_at"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("ix_message_links_recent", table_name="message_links")
