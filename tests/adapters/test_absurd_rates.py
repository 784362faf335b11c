"""Rate and size settings out of any sensible range are refused at start-up, exit 2, naming the variable and the
range: a pace of 1e-300 messages a second was taken, and the bot never sent another message."""

from __future__ import annotations

import pytest

from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


@pytest.mark.parametrize("value", ["1e-300", "0.001", "0.5", "nan", "inf", "-inf", "0", "-3", "30.5"])
def test_a_telegram_pace_outside_1_to_30_a_second_is_refused(value: str) -> None:
    done = quiztutor({"QUIZ_TELEGRAM_MESSAGES_PER_SECOND": value}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "  QUIZ_TELEGRAM_MESSAGES_PER_SECOND: must be a number of messages a second from 1 to 30" in done.stderr, \
        done.stderr


@pytest.mark.parametrize("value", ["1", "7.5", "30"])
def test_a_pace_within_it_is_taken(value: str) -> None:
    assert quiztutor({"QUIZ_TELEGRAM_MESSAGES_PER_SECOND": value}, "validate", str(FIXTURES)).returncode == 0


@pytest.mark.parametrize("value", ["1001", "99999999999999999999999"])
def test_a_pool_of_more_connections_than_any_process_could_use_is_refused(value: str) -> None:
    done = quiztutor({"QUIZ_DATABASE_POOL_SIZE": value}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "  QUIZ_DATABASE_POOL_SIZE: " in done.stderr and "1000" in done.stderr, done.stderr


def test_a_large_pool_within_it_is_taken() -> None:
    assert quiztutor({"QUIZ_DATABASE_POOL_SIZE": "1000"}, "validate", str(FIXTURES)).returncode == 0
