"""Logging that never shows a secret: every record is scrubbed of the configured tokens, and of the tokens a
platform hands out while running (Discord's interaction tokens), found by where they stand."""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from urllib.parse import quote

REDACTED = "[redacted]"

# Where a token no setting holds stands, before it: an interaction's token (valid 15 minutes, enough to post as the
# bot in its channel) in the URLs of its callback and follow-ups, which discord.py logs at DEBUG, and in the
# INTERACTION_CREATE event it logs whole. Only the token goes: which call, and to what id, still show.
UNNAMED_TOKENS = (
    r"(/(?:webhooks|interactions)/\d+/)[^/\s?#'\"]+",
    r"""(['"]token['"]\s*:\s*['"])[^'"]+""",
)


class SecretFilter(logging.Filter):
    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self._secrets = [secret for secret in secrets if secret]
        # Each also as a URL carries it percent-encoded, in either case: a captive portal redirecting getMe to its
        # login page puts the URL asked for in its query, a Telegram token's ':' as %3A, and PTB and httpcore log
        # that answer at DEBUG.
        encoded = {quote(secret, safe="") for secret in self._secrets}
        self._secrets += sorted((encoded | {re.sub(r"%[0-9A-F]{2}", lambda hex_: hex_[0].lower(), text)
                                            for text in encoded}) - set(self._secrets))
        self._unnamed = [re.compile(pattern) for pattern in UNNAMED_TOKENS]

    def scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        for pattern in self._unnamed:
            text = pattern.sub(rf"\g<1>{REDACTED}", text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # arguments that don't fit the message: keep both, and don't raise into the caller
            message = f"{record.msg} {record.args!r}"
            record.msg, record.args = message, None
        if (scrubbed := self.scrub(message)) != message:
            record.msg, record.args = scrubbed, None
        if record.exc_info and record.exc_info[1] is not None:
            # Tracebacks are formatted later; pre-format and scrub them now.
            record.exc_text, record.exc_info = self.scrub(logging.Formatter().formatException(record.exc_info)), None
        return True


class Demoted(logging.Filter):
    """A library's records that tell the operator nothing our own lines don't (or nothing about this bot), shown
    as DEBUG: hidden at the usual levels, still there when debugging."""

    def __init__(self, *beginnings: str) -> None:
        super().__init__()
        self._beginnings = beginnings

    def filter(self, record: logging.LogRecord) -> bool:
        if not (isinstance(record.msg, str) and record.msg.startswith(self._beginnings)):
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)


# Per library logger, the beginnings of the messages it logs that are demoted to DEBUG.
DEMOTED: dict[str, tuple[str, ...]] = {
    # PTB logs an answer that isn't JSON with a traceback before raising; at start-up the failure line says what it
    # means (not a Bot API server answered), later the polling or handler error does.
    "telegram.request.BaseRequest": ("Can not load invalid JSON data",),
    # PTB's polling loop gives up at a rejected token with a traceback: `run` stops and says so in one line.
    "telegram.ext": ("%s Invalid token. Aborting retry loop.",),
    # Warned on every start, though the bot never joins a voice channel.
    "discord.client": ("PyNaCl is not installed", "davey is not installed"),
}


def demote(loggers: dict[str, tuple[str, ...]]) -> None:
    for name, beginnings in loggers.items():
        logger = logging.getLogger(name)
        for old in [kept for kept in logger.filters if isinstance(kept, Demoted)]:
            logger.removeFilter(old)  # configured again (tests, a second command): one filter, not a pile
        logger.addFilter(Demoted(*beginnings))


def configure_logging(level: str, secrets: list[str]) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(SecretFilter(secrets))
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)
    # httpx logs every request URL at INFO, and Telegram's URLs contain the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    # Migrations run on every start; their step-by-step chatter is noise unless something fails.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    demote(DEMOTED)


@contextlib.contextmanager
def silenced(logger: logging.Logger) -> Iterator[None]:
    """Drop every record ``logger`` gets meanwhile."""

    def drop(_record: logging.LogRecord) -> bool:
        return False

    logger.addFilter(drop)
    try:
        yield
    finally:
        logger.removeFilter(drop)
