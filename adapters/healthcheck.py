"""The container's HEALTHCHECK: `python -m adapters.healthcheck` exits 0 when /healthz answers 200.

Standard library only, and nothing else of QuizTutor imported, so it is quick to start every 30 seconds (slim
images have no curl). With QUIZ_HTTP_PORT unset the operator turned the endpoint off: nothing to check; nor in a
container of another command than `run` (`docker run -it IMAGE quiztutor play`), which serves no endpoint. Its
variables are read as the bot's settings read them (pydantic-settings: see ``as_the_settings_read``).
"""

from __future__ import annotations

import http.client
import os
import shlex
import sys
import urllib.error
import urllib.request
from pathlib import Path

TIMEOUT = 4.0  # seconds; Docker's own timeout for the check is longer
# Listening everywhere: ask over loopback. "::" is IPv6's alone (asyncio's servers set IPV6_V6ONLY), so over ::1.
LOOPBACK_FOR = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}


def as_the_settings_read(environ: dict[str, str]) -> dict[str, str]:
    """``environ`` as pydantic-settings reads it for adapters/settings.py (not case sensitive, empty values
    ignored): names lower-cased, the last of two spellings winning, an empty value as unset. Read upper case alone,
    the check found nothing to check beside a bot serving on quiz_http_port, or asked the image's QUIZ_HTTP_PORT
    while the bot served another spelling's port."""
    return {name.lower(): value for name, value in environ.items() if value != ""}


def healthz_url(environ: dict[str, str]) -> str | None:
    settings = as_the_settings_read(environ)
    port = settings.get("quiz_http_port", "").strip()
    if not port:
        return None
    host = settings.get("quiz_http_host", "").strip()
    host = LOOPBACK_FOR.get(host, host)
    return f"http://[{host}]:{port}/healthz" if ":" in host else f"http://{host}:{port}/healthz"


def container_command(proc: Path) -> str | None:
    """The quiztutor command the container runs: its process 1's (``docker run --init`` runs it under docker-init,
    ``-- quiztutor play``; a shell, ``sh -c "quiztutor play"``); None if that is no quiztutor command, or can't be
    read (not Linux)."""
    try:
        argv = [os.fsdecode(word) for word in (proc / "1" / "cmdline").read_bytes().split(b"\0")]
    except OSError:
        return None
    words = [said for word in argv for said in _shell_words(word)]
    named = [index for index, word in enumerate(words) if os.path.basename(word) == "quiztutor"]
    # The last: under `sh -c "quiztutor validate && exec quiztutor run"` the one left running.
    return next((word for word in words[named[-1] + 1:] if word and not word.startswith("-")), None) if named else None


def _shell_words(word: str) -> list[str]:
    """A word of process 1's command as words: a shell's `-c` script (`sh -c "quiztutor play"`) is one word."""
    if not any(space in word for space in " \t\n"):
        return [word]
    try:
        return shlex.split(word)
    except ValueError:  # unbalanced quotes: split on spaces, good enough to find a command name
        return word.split()


def main(environ: dict[str, str], proc: Path = Path("/proc")) -> int:
    url = healthz_url(environ)
    if url is None:
        return 0
    command = container_command(proc)
    if command not in (None, "run"):  # the image's HEALTHCHECK and QUIZ_HTTP_PORT kept: "unhealthy" a minute in
        print(f"healthcheck: quiztutor {command} serves no /healthz: nothing to check")
        return 0
    # Straight to the bot, never through a proxy: Docker hands its client's HTTP_PROXY to every container.
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with direct.open(url, timeout=TIMEOUT) as response:
            return 0 if response.status == 200 else 1
    # A port the bot's settings refuse too ("8080.0", Arabic-Indic digits) is one http.client can't put in a request
    # (InvalidURL, UnicodeEncodeError): the bot didn't start, said in one line, not a traceback.
    except (urllib.error.URLError, OSError, http.client.InvalidURL, UnicodeError) as error:
        print(f"healthcheck: {url}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(dict(os.environ)))
