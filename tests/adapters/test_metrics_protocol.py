"""The Prometheus metrics and the null ones both do all the core's Metrics protocol asks, with its signatures."""

from __future__ import annotations

import inspect

import pytest

from adapters.prometheus_metrics import PrometheusMetrics
from bot.metrics import EVERY_PLATFORM, Metrics, NullMetrics, core_error_series
from tests.support.http_probe import sample

ASKED = sorted(name for name, member in vars(Metrics).items()
               if inspect.isfunction(member) and not name.startswith("_"))


@pytest.mark.parametrize("implementation", [PrometheusMetrics, NullMetrics])
def test_every_method_of_the_protocol_is_there_with_the_same_signature(implementation: type) -> None:
    assert len(ASKED) == 9
    for name in ASKED:
        assert inspect.signature(getattr(implementation, name)) == inspect.signature(getattr(Metrics, name)), name


def test_each_instance_has_its_own_registry_so_two_bots_never_share_counters() -> None:
    first, second = PrometheusMetrics(), PrometheusMetrics()
    first.answer_scored("telegram", True)
    first.observe_batch(64)
    first.observe_transaction(0.002)
    assert sample(first.exposition().decode(), "quiztutor_answers_scored_total", platform="telegram",
                  result="correct") == 1
    assert sample(first.exposition().decode(), "quiztutor_write_batch_size_sum") == 64
    assert sample(second.exposition().decode(), "quiztutor_answers_scored_total", platform="telegram",
                  result="correct") is None
    assert sample(second.exposition().decode(), "quiztutor_transaction_seconds_count") == 0


def test_the_error_series_asked_for_are_at_0_until_an_error_is_counted() -> None:
    metrics = PrometheusMetrics([*core_error_series(["telegram"]), ("telegram", "handler")])
    metrics.error("telegram", "handler")
    text = metrics.exposition().decode()
    assert sample(text, "quiztutor_errors_total", platform="telegram", kind="handler") == 1
    for platform, kind in [("telegram", "sweep"), (EVERY_PLATFORM, "sweep"), (EVERY_PLATFORM, "storage_busy"),
                           (EVERY_PLATFORM, "shared_transaction_lost")]:
        assert sample(text, "quiztutor_errors_total", platform=platform, kind=kind) == 0, (platform, kind)
    assert sample(text, "quiztutor_errors_total", platform="discord", kind="handler") is None


def test_each_process_shows_its_start_time_cpu_and_memory() -> None:
    """"When to switch" says to move when "the one process's CPU is busy", and a replica that restarted is told from
    its twin by its start time: /metrics had neither, only quiztutor_* series. Each instance's registry has them,
    without clashing."""
    for metrics in (PrometheusMetrics(), PrometheusMetrics()):
        page = metrics.exposition().decode()
        started = sample(page, "process_start_time_seconds")
        assert started is not None and started > 0
        assert sample(page, "process_cpu_seconds_total") is not None
        assert (sample(page, "process_resident_memory_bytes") or 0) > 0
