"""drop the index of a learner's cards by due date: due cards are now chosen from all of a learner's cards
(a question a reload changed is due whatever its stored date), read through the (user, quiz, question) key,
and the index only cost every answer's card write; cards an older release parked in the year 9999 (their
question was removed by a reload) are due again at their last review: met while their question is still gone,
they are parked just past the day looked at, and once it is back they are asked

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 22:00:00.000000
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

PARKED = datetime(9999, 1, 1, tzinfo=UTC)  # where releases before this one parked a removed question's card

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_cards_user_due", table_name="cards")
    cards = sa.table("cards", sa.column("due", sa.DateTime(timezone=True)),
                     sa.column("last_review", sa.DateTime(timezone=True)))
    op.execute(sa.update(cards).where(cards.c.due >= PARKED, cards.c.last_review.is_not(None))
               .values(due=cards.c.last_review))


def downgrade() -> None:
    op.create_index("ix_cards_user_due", "cards", ["user_id", "due"])
