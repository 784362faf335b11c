"""a withdrawn "private:" link for each open Discord question that no message links: from this release a question
shown with private buttons leaves such a link (bot/asked_links.py), and an open question without one, after a
question a poll asked, is taken for one whose poll a crash lost and is asked again as a poll in the channel. A
quiz that went private after a poll (a private /skip, an old private button) before the upgrade has no such link:
without this, its open question would be posted for the channel to see. A question whose poll a crash really lost
before the upgrade is kept as the release before kept it (timed out when its time is up)

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-07 18:10:00.000000
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import context, op
from alembic.util import CommandError

from storage.utc_datetime import UtcDateTime

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PLATFORM = "discord"
KEY_PREFIX = "private:upgrade-"  # asked_links.PRIVATELY, then what tells these apart for the downgrade

users = sa.table("users", sa.column("id", sa.Integer), sa.column("platform", sa.String))
sessions = sa.table("quiz_sessions", sa.column("id", sa.String), sa.column("user_id", sa.Integer),
                    sa.column("chat_id", sa.String), sa.column("state", sa.String),
                    sa.column("question_ids", sa.JSON), sa.column("position", sa.Integer))
links = sa.table("message_links", sa.column("platform", sa.String), sa.column("message_key", sa.String),
                 sa.column("session_id", sa.String), sa.column("question_id", sa.String),
                 sa.column("chat_id", sa.String), sa.column("created_at", UtcDateTime()),
                 sa.column("message_id", sa.String), sa.column("withdrawn_at", UtcDateTime()))


def upgrade() -> None:
    if context.is_offline_mode():  # --sql: no database to read (get_bind's execute returns None)
        raise CommandError("0022 reads the database's open quizzes to write its rows, so it can't be printed as SQL "
                           "(--sql): run it on the database (without --sql)")
    connection = op.get_bind()
    open_sessions = connection.execute(
        sa.select(sessions.c.id, sessions.c.chat_id, sessions.c.question_ids, sessions.c.position)
        .join(users, users.c.id == sessions.c.user_id)
        .where(users.c.platform == PLATFORM, sessions.c.state == "active")).all()
    linked = {(row.session_id, row.question_id) for row in connection.execute(
        sa.select(links.c.session_id, links.c.question_id).where(links.c.platform == PLATFORM))}
    now = datetime.now(UTC)
    rows = [{"platform": PLATFORM, "message_key": KEY_PREFIX + session.id, "session_id": session.id,
             "question_id": session.question_ids[session.position], "chat_id": session.chat_id, "created_at": now,
             "message_id": None, "withdrawn_at": now}
            for session in open_sessions
            if 0 <= session.position < len(session.question_ids)
            and (session.id, session.question_ids[session.position]) not in linked]
    if rows:
        op.bulk_insert(links, rows)


def downgrade() -> None:
    op.execute(links.delete().where(links.c.platform == PLATFORM, links.c.message_key.startswith(KEY_PREFIX)))
