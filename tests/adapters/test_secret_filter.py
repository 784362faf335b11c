"""The logging filter that keeps tokens out of the logs, whatever a log call looks like."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from adapters.logging_setup import REDACTED, SecretFilter

TOKEN = "123456:secret-token"


@pytest.fixture
def logged() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger whose records go through the filter into a string."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(SecretFilter([TOKEN]))
    logger = logging.getLogger("tests.secret_filter")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield logger, stream
    finally:
        logger.removeHandler(handler)


def test_a_token_in_the_arguments_or_a_traceback_is_redacted(logged: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = logged
    logger.warning("calling https://api.telegram.org/bot%s/getMe", TOKEN)
    try:
        raise RuntimeError(f"rejected {TOKEN}")
    except RuntimeError:
        logger.exception("failed")
    assert TOKEN not in stream.getvalue()
    assert stream.getvalue().count(REDACTED) == 2


def test_a_log_call_whose_arguments_dont_fit_is_logged_not_raised_and_still_redacted(
        logged: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = logged
    logger.warning("retrying in %d s with %s", "soon", TOKEN)  # a library's bug must not break its caller
    assert "retrying in %d s" in stream.getvalue()
    assert TOKEN not in stream.getvalue() and REDACTED in stream.getvalue()
