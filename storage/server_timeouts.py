"""How long the bot and a database server (PostgreSQL) wait on each other when the other side goes silent.

Without limits, a network cut or a frozen process costs far more than the moment it lasts:
- a statement whose reply never comes waits for the kernel to give up on the connection (about 15 minutes on
  Linux), holding its learner's turn and a place in the pool, so a replica serves nobody once the pool is full
  (storage/server_unit_of_work.py cuts it);
- a process that stops in the middle of a transaction (frozen, cut off, its host gone) keeps its row locks, and
  other replicas wait on that learner until the server drops the connection: its keepalive probes start only
  after two hours by default. The process lock's session (storage/advisory_lock.py) is held as long, so no other
  process could take over polling.

Every unit of work is short (none waits on a chat platform inside its transaction), so the limits are generous.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# The server probes a silent client after 30 s idle, then every 10 s, and drops it after 3 unanswered probes.
KEEPALIVE_SETTINGS = {"tcp_keepalives_idle": "30", "tcp_keepalives_interval": "10", "tcp_keepalives_count": "3"}


@dataclass(frozen=True)
class ServerTimeouts:
    """``transaction_seconds``: the bot's wait for a transaction, from asking for a connection (the wait for a free
    one included) to its end (lock waits included), before it cuts the connection as silent (a timer per
    transaction: asyncpg's own, per statement, costs 8% of an answer's CPU); ``idle_in_transaction_seconds``: how
    long the server lets a transaction sit with nothing sent before ending it and freeing its locks. The latter is
    the shorter, so a learner whose row a frozen process holds is served within the former. None: no limit."""

    transaction_seconds: float | None = 60.0
    idle_in_transaction_seconds: float | None = 30.0
    connect_seconds: float = 60.0  # opening a connection (asyncpg's own limit, its TimeoutError as it is)

    def connect_args(self) -> dict[str, Any]:
        """asyncpg's connect arguments (SQLAlchemy passes them on)."""
        settings = dict(KEEPALIVE_SETTINGS)
        if self.idle_in_transaction_seconds is not None:
            settings["idle_in_transaction_session_timeout"] = str(round(self.idle_in_transaction_seconds * 1000))
        return {"server_settings": settings, "timeout": self.connect_seconds}


SERVING = ServerTimeouts()
# A migration waits for another process's migration, and may hold its transaction long: only the keepalives.
UNLIMITED = ServerTimeouts(transaction_seconds=None, idle_in_transaction_seconds=None)
TRANSACTION_SECONDS_OPTION = "quiztutor_transaction_seconds"  # the engine's execution option that carries it


class TransactionTimedOut(TimeoutError):
    """The database gave no reply within the transaction limit: its connection was cut, and the server rolled the
    transaction back (unless the cut came during its COMMIT, which it may have kept). A TimeoutError, so an outage
    to the adapters (adapters/failures.py): the event fails as every event does while it lasts."""
