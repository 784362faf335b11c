"""the learner's clock with each review, minutes from UTC: a learner's streak and chart counted every past answer on
the day of the time zone chosen last, so one who played in Tokyo and moved to Lagos saw their ten days as five

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06 04:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: an answer logged before is counted on the day of the learner's zone now, as it was.
    with op.batch_alter_table("review_logs") as batch:
        batch.add_column(sa.Column("utc_offset_minutes", sa.Integer(), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place rather than copying the whole log.
    with op.batch_alter_table("review_logs", recreate="never") as batch:
        batch.drop_column("utc_offset_minutes")
