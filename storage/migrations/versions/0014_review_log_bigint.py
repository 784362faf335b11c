"""review log ids of 64 bits on PostgreSQL: every scored answer writes a review log, and a large deployment's log
would in time pass a SERIAL's 2,147,483,647th id, after which no answer could be recorded; SQLite's integer key
is 64 bits already, so there this does nothing

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 19:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The sequence 0003's SERIAL made for the id: the column's type alone leaves it stopping at 2**31 - 1.
SEQUENCE = "review_logs_id_seq"


def upgrade() -> None:
    if op.get_context().dialect.name != "postgresql":
        return
    # Nothing refers to a review log's id, so the column and its sequence are all there is to widen.
    op.alter_column("review_logs", "id", type_=sa.BigInteger(), existing_type=sa.Integer(),
                    existing_nullable=False)
    op.execute(f"ALTER SEQUENCE {SEQUENCE} AS BIGINT")


def downgrade() -> None:
    if op.get_context().dialect.name != "postgresql":
        return
    # Refused ("out of range") once an id has passed 32 bits, rather than losing those reviews.
    op.execute(f"ALTER SEQUENCE {SEQUENCE} AS INTEGER")
    op.alter_column("review_logs", "id", type_=sa.Integer(), existing_type=sa.BigInteger(),
                    existing_nullable=False)
