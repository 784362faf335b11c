"""Failures an operator can fix, raised by adapters in neutral terms so the command line can explain them."""

from __future__ import annotations


class LoginRejected(Exception):
    """A chat platform refused the bot's credentials (a wrong or revoked token)."""

    def __init__(self, platform: str, variable: str) -> None:
        super().__init__(f"{platform} rejected the token in {variable}: check it, or create a new one")
        self.platform = platform
        self.variable = variable


class AnotherInstance(Exception):
    """Another process already serves what only one may at a time (a bot's updates by Telegram long polling)."""


def unreachable(error: BaseException) -> bool:
    """A connection that failed (the database down, say) anywhere in the error's chain: an outage, not a bug to
    trace, and every update fails alike while it lasts."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, ConnectionError | TimeoutError):  # refused, reset, timed out
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False
