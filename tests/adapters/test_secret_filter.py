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


def test_an_interaction_token_no_setting_holds_is_redacted_where_it_stands_and_the_rest_kept(
        logged: tuple[logging.Logger, io.StringIO]) -> None:
    """Discord's interaction tokens are handed out while running: found in their URLs (in arguments, or in an
    exception's text, as aiohttp's errors quote the URL) and in the event payload discord.py logs."""
    logger, stream = logged
    interaction = "aW50ZXJhY3Rpb246MTIzOmZha2U"
    logger.warning("POST %s has returned 200", f"https://discord.com/api/v10/interactions/123/{interaction}/callback")
    logger.warning("WebSocket Event: %s", {"t": "INTERACTION_CREATE", "d": {"id": "123", "token": interaction}})
    try:
        raise RuntimeError(f"url='https://discord.com/api/v10/webhooks/99/{interaction}/messages/@original'")
    except RuntimeError:
        logger.exception("follow-up failed")
    assert interaction not in stream.getvalue()
    assert f"/interactions/123/{REDACTED}/callback has returned 200" in stream.getvalue()
    assert f"'token': '{REDACTED}'" in stream.getvalue()
    assert f"/webhooks/99/{REDACTED}/messages/@original'" in stream.getvalue()


def test_a_token_written_into_a_url_encoded_is_redacted_too(logged: tuple[logging.Logger, io.StringIO]) -> None:
    """A captive portal (or a proxy) between the bot and the Bot API answers getMe with a redirect to its login page,
    the URL asked for in its query, percent-encoded: its ':' as %3A. PTB logs the answer at DEBUG ("Can not load
    invalid JSON data: ..."), httpcore the Location header, and the token went into the log, only its colon
    changed, at the level an operator turns on to send a log to someone for help."""
    logger, stream = logged
    asked = "http%3A%2F%2F127.0.0.1%3A8081%2Fbot123456%3Asecret-token%2FgetMe"
    logger.warning('Can not load invalid JSON data: "<html>login first: next=%s</html>"', asked)
    logger.warning("Location: http://portal.example/login?next=%s", asked.replace("%3A", "%3a"))  # either case
    assert "secret-token" not in stream.getvalue(), stream.getvalue()
    assert stream.getvalue().count(REDACTED) == 2
