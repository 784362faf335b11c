"""What the bot counts and times, as the core sees it: a Protocol, and NullMetrics that counts nothing.

The core never imports a metrics library; `quiztutor run` passes a Prometheus implementation
(adapters/prometheus_metrics.py) through constructors, and everything else (tests, `quiztutor play`) gets
NullMetrics by default.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

# The platform label of what belongs to no single platform: the storage's lost races, the content follower.
EVERY_PLATFORM = "all"
# The kinds of error the core counts (Metrics.error): a failed sweep, and a lost storage race tried again.
SWEEP_FAILED = "sweep"
STORAGE_BUSY = "storage_busy"
# The storage counts this one: a transaction shared by answers on PostgreSQL rolled back, whatever the reason (a
# member failed or left having written, a statement refused or past its lock wait), its answers run again alone.
# Once a transaction: one bad answer among 64 is not 64 lost races.
SHARED_TRANSACTION_LOST = "shared_transaction_lost"


def core_error_series(platforms: Iterable[str]) -> list[tuple[str, str]]:
    """Every (platform, kind) of error the core may count while serving ``platforms``, for a metrics backend
    to show at 0 before the first: a rate() over a series that doesn't exist yet is empty, not 0."""
    return [(EVERY_PLATFORM, STORAGE_BUSY), (EVERY_PLATFORM, SHARED_TRANSACTION_LOST), (EVERY_PLATFORM, SWEEP_FAILED),
            *((platform, SWEEP_FAILED) for platform in platforms)]


class Metrics(Protocol):
    def update_received(self, platform: str, kind: str) -> None:
        """An update or event came in from a platform: ``kind`` is e.g. "command", "button", "poll_answer"."""
        ...

    def observe_handler(self, platform: str, kind: str, seconds: float) -> None:
        """How long handling one update took, from its arrival to the last reply sent."""
        ...

    def answer_scored(self, platform: str, correct: bool) -> None:
        """A learner's answer was judged and recorded (the first answer to a question; repeats don't count)."""
        ...

    def error(self, platform: str, kind: str) -> None:
        """Something failed: ``kind`` is where ("handler", "sweep", "gateway", "storage_busy"...)."""
        ...

    def observe_transaction(self, seconds: float) -> None:
        """One unit of work (storage calls this): on PostgreSQL a transaction, from BEGIN to COMMIT or ROLLBACK;
        on SQLite an action's savepoint in the writer's shared transaction, to its COMMIT on disk or its rollback."""
        ...

    def observe_batch(self, size: int) -> None:
        """How many actions shared one group commit (SQLite's writer, PostgreSQL's shared transactions)."""
        ...

    def observe_sweeper_lag(self, platform: str, sweeper: str, seconds: float) -> None:
        """How late a sweep started against its schedule."""
        ...

    def set_outbound_queue(self, platform: str, depth: int) -> None:
        """Requests to the platform waiting or under way right now (rate limiting makes them queue)."""
        ...

    def rate_limited(self, platform: str) -> None:
        """The platform answered 429 Too Many Requests."""
        ...


class NullMetrics:
    """Counts nothing: the default wherever no metrics are wanted."""

    def update_received(self, platform: str, kind: str) -> None:
        pass

    def observe_handler(self, platform: str, kind: str, seconds: float) -> None:
        pass

    def answer_scored(self, platform: str, correct: bool) -> None:
        pass

    def error(self, platform: str, kind: str) -> None:
        pass

    def observe_transaction(self, seconds: float) -> None:
        pass

    def observe_batch(self, size: int) -> None:
        pass

    def observe_sweeper_lag(self, platform: str, sweeper: str, seconds: float) -> None:
        pass

    def set_outbound_queue(self, platform: str, depth: int) -> None:
        pass

    def rate_limited(self, platform: str) -> None:
        pass
