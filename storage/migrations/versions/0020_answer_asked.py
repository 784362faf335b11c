"""whether a question stored with no option was shown (skipped, timed out) or passed over unshown (removed by a
reload first): a review round took a question it asked, then skipped, that a reload removed for one it never
asked, so its numbering and summary counted one question fewer than the learner was shown

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: an answer from before 0020 is not known to have been shown, and is read as before.
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("asked", sa.Boolean(), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place, without copying every answer.
    with op.batch_alter_table("answers", recreate="never") as batch:
        batch.drop_column("asked")
