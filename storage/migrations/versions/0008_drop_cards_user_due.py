"""drop the index of a learner's cards by due date: due cards are now chosen from all of a learner's cards
(a question a reload changed is due whatever its stored date), read through the (user, quiz, question) key,
and the index only cost every answer's card write

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 22:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_cards_user_due", table_name="cards")


def downgrade() -> None:
    op.create_index("ix_cards_user_due", "cards", ["user_id", "due"])
