"""A failure that is expected now and then, and repeats while it lasts (an outage, a line the learner can retry):
one log line naming it; its traceback only at DEBUG."""

from __future__ import annotations

import logging

from bot.text import one_line


def log_briefly(logger: logging.Logger, level: int, error: BaseException, message: str, *args: object) -> None:
    """``message`` (with ``args``), then the error's type and first line."""
    logger.log(level, message + ": %s", *args, one_line(error),
               exc_info=error if logger.isEnabledFor(logging.DEBUG) else None)
