"""what each option of a game's questions said as it was asked: a reload that removed one option and reworded
another under an open question went unseen (the options' digest as a whole can't be computed without the removed
one's text), and a closed question's explanation named texts its poll never showed

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-07 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a game from before 0019 keeps none, and is judged by asked_question's digest as before.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("option_digests", sa.JSON(), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place. A batch copy would drop and re-create
    # games, and with foreign keys on, dropping it would delete every game's players, answers and poll links.
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("option_digests")
