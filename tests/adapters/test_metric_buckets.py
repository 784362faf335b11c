"""A histogram's buckets decide what an operator reads off it: histogram_quantile interpolates inside one, so a
bucket much wider than the values it holds turns every reading into a guess at its middle."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from adapters.prometheus_metrics import PrometheusMetrics


def quantile(exposition: str, name: str, q: float) -> float:
    """Prometheus's histogram_quantile over one histogram with no labels: linear inside the bucket it falls in."""
    buckets = sorted((float(found.labels["le"]), found.value) for family in text_string_to_metric_families(exposition)
                     for found in family.samples if found.name == f"{name}_bucket")
    rank = q * buckets[-1][1]
    lower, below = 0.0, 0.0
    for upper, count in buckets:
        if count >= rank:
            return lower + (upper - lower) * (rank - below) / (count - below)
        lower, below = upper, count
    raise AssertionError("no bucket holds the rank")


def test_the_transaction_histogram_reads_sub_millisecond_transactions_within_a_factor_of_two() -> None:
    # An answer's transaction on a quiet SQLite file, or PostgreSQL's 0.5-1 ms: what the README's figures are.
    for seconds in (0.0003, 0.0008, 0.003):
        metrics = PrometheusMetrics()
        for _ in range(100):
            metrics.observe_transaction(seconds)
        median = quantile(metrics.exposition().decode(), "quiztutor_transaction_seconds", 0.5)
        assert seconds / 2 <= median <= seconds * 2, (seconds, median)


def test_the_transaction_histogram_still_tells_a_stuck_transaction_from_a_slow_one() -> None:
    metrics = PrometheusMetrics()
    for seconds in (1.5, 20.0):
        metrics.observe_transaction(seconds)
    text = metrics.exposition().decode()
    assert 1.0 < quantile(text, "quiztutor_transaction_seconds", 0.5) <= 2.5
    assert quantile(text, "quiztutor_transaction_seconds", 0.99) > 10.0
