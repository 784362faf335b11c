"""The bot's metrics in Prometheus form (bot/metrics.py's Metrics), each instance with its own registry.

A registry per instance, never prometheus_client's global one: two bots in one test process (or one
test after another) must not share or clash over counters.
"""

from __future__ import annotations

from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

# Seconds: an answer is a few ms on a quiet SQLite file, seconds in a burst or waiting out a 429.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
# Seconds: a transaction is a fraction of a millisecond on SQLite, 0.5-1 ms on PostgreSQL, up to the server's 60 s
# limit; with 5 ms as the first bucket every quantile of a healthy database read about 2.5 ms, whatever it was.
TRANSACTION_BUCKETS = (0.00025, 0.0005, 0.001, 0.0025, *LATENCY_BUCKETS)
# Actions per group commit: the SQLite writer takes up to about 256, a PostgreSQL shared transaction up to 64.
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)
# A sweep runs every 1-30 s; lag beyond a second means the event loop is overloaded.
LAG_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class PrometheusMetrics:
    content_type = CONTENT_TYPE_LATEST

    def __init__(self, error_series: Iterable[tuple[str, str]] = (), platforms: Iterable[str] = ()) -> None:
        """``error_series``: the (platform, kind) pairs of errors that may be counted; ``platforms``: those served,
        whose answers, 429s and outbound queue are counted. All shown at 0 until then: a dashboard's rate() or an
        alert on them works from the start, not from the first event."""
        self.registry = CollectorRegistry()
        registry = self.registry
        # process_*: CPU seconds ("When to switch": the one process's CPU busy), memory, open files, and the start
        # time, which tells a replica that restarted. Read from /proc at each scrape; none off Linux.
        ProcessCollector(registry=registry)
        self._updates = Counter("quiztutor_updates", "Updates and events received, by platform and kind",
                                ["platform", "kind"], registry=registry)
        self._handler = Histogram("quiztutor_handler_seconds", "Time to handle one update, replies included",
                                  ["platform", "kind"], buckets=LATENCY_BUCKETS, registry=registry)
        self._answers = Counter("quiztutor_answers_scored", "Answers judged and recorded",
                                ["platform", "result"], registry=registry)
        self._errors = Counter("quiztutor_errors", "Failures, by platform and where they happened",
                               ["platform", "kind"], registry=registry)
        for platform, kind in error_series:
            self._errors.labels(platform, kind)
        self._transactions = Histogram("quiztutor_transaction_seconds", "Database transactions, BEGIN to end",
                                       buckets=TRANSACTION_BUCKETS, registry=registry)
        self._batches = Histogram("quiztutor_write_batch_size", "Actions sharing one COMMIT (SQLite's group commit, "
                                  "or PostgreSQL's shared transaction of answers)",
                                  buckets=BATCH_BUCKETS, registry=registry)
        self._lag = Histogram("quiztutor_sweeper_lag_seconds", "How late a sweep started against its schedule",
                              ["platform", "sweeper"], buckets=LAG_BUCKETS, registry=registry)
        self._outbound = Gauge("quiztutor_outbound_queue_depth", "Requests to the platform waiting or under way",
                               ["platform"], registry=registry)
        self._rate_limited = Counter("quiztutor_rate_limited", "429 Too Many Requests received from the platform",
                                     ["platform"], registry=registry)
        for platform in platforms:
            self._rate_limited.labels(platform)
            self._outbound.labels(platform)
            for result in ("correct", "wrong"):
                self._answers.labels(platform, result)

    def update_received(self, platform: str, kind: str) -> None:
        self._updates.labels(platform, kind).inc()

    def observe_handler(self, platform: str, kind: str, seconds: float) -> None:
        self._handler.labels(platform, kind).observe(seconds)

    def answer_scored(self, platform: str, correct: bool) -> None:
        self._answers.labels(platform, "correct" if correct else "wrong").inc()

    def error(self, platform: str, kind: str) -> None:
        self._errors.labels(platform, kind).inc()

    def observe_transaction(self, seconds: float) -> None:
        self._transactions.observe(seconds)

    def observe_batch(self, size: int) -> None:
        self._batches.observe(size)

    def observe_sweeper_lag(self, platform: str, sweeper: str, seconds: float) -> None:
        self._lag.labels(platform, sweeper).observe(seconds)

    def set_outbound_queue(self, platform: str, depth: int) -> None:
        self._outbound.labels(platform).set(depth)

    def rate_limited(self, platform: str) -> None:
        self._rate_limited.labels(platform).inc()

    def exposition(self) -> bytes:
        """The text /metrics serves."""
        return generate_latest(self.registry)
