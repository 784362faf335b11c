"""`quiztutor run`: every chat platform whose token is set, in one asyncio process, until SIGTERM/SIGINT (or an
adapter that can't go on, such as a second Telegram poller)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Sequence

from adapters.failures import AnotherInstance
from adapters.http_endpoint import http_endpoint
from adapters.listening import port_clashes
from adapters.platform import ChatAdapter, KeepsCutShort, PlatformSettings, PlatformSpec, SingleProcess, Supervised
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Readiness, StartUp, database_readiness
from adapters.runtime import open_services, unavailable_if_failing
from adapters.serving import serving
from adapters.settings import ConfigurationError, Settings
from bot.content.loader import skipped_files
from bot.engine import QuizEngine
from bot.metrics import core_error_series
from storage.held_lock import HeldLock, LockHeld
from storage.process_lock import process_lock, refuse_if_held

log = logging.getLogger(__name__)


def no_token_help(platforms: Sequence[PlatformSpec]) -> str:
    width = max(len(spec.env("token")) for spec in platforms) + 3
    lines = ["No chat platform is configured, so there is nothing to run.", "Set at least one of:"]
    lines += [f"  {spec.env('token'):<{width}}{spec.token_help}" for spec in platforms]
    lines.append("To try the quizzes without a token, play in the terminal:  quiztutor play")
    return "\n".join(lines)


async def run(settings: Settings, platforms: Sequence[PlatformSpec]) -> int:
    enabled = [(spec, settings.platforms[spec.name]) for spec in platforms
               if spec.name in settings.platforms and settings.platforms[spec.name].enabled]
    if not enabled:
        print(no_token_help(platforms), file=sys.stderr)  # a failure, as `discord-sync`'s without its token
        return 2
    problems = [problem for spec, _platform in enabled for problem in spec.library_problems()]
    problems += [problem for _spec, platform in enabled for problem in platform.environment_problems(os.environ)]
    http = [("QUIZ_HTTP_PORT", settings.http_host, settings.http_port)] if settings.http_port is not None else []
    problems += port_clashes(http + [listener for _spec, platform in enabled for listener in platform.listeners()])
    if problems:
        raise ConfigurationError(problems)  # before the database is opened (and migrated)
    stop = StopSignals(asyncio.current_task())
    names = [spec.name for spec, _platform in enabled]
    metrics = PrometheusMetrics(core_error_series(names)
                                + [(spec.name, kind) for spec, platform in enabled
                                   for kind in platform.counted_errors(spec.error_kinds)],
                                names)
    # Up first, so /healthz answers while the database is migrated (another replica's upgrade may take minutes:
    # the process is alive, not stuck) and /readyz says what is still starting. The single-process locks before
    # the migration: a second poller of a newer release refuses without upgrading the schema under the first.
    start_up = StartUp()
    try:
        async with http_endpoint(settings.http_host, settings.http_port, metrics, start_up), \
                single_processes(settings.resolved_database_url, [platform for _spec, platform in enabled]) as locks, \
                open_services(settings, metrics=metrics) as services, \
                database_readiness(services.database) as database_ready:
            _warn_of_files_not_read(settings)
            adapters = [_build(spec, services.engine, platform) for spec, platform in enabled]
            for adapter in adapters:
                if isinstance(adapter, KeepsCutShort):
                    adapter.keep_cut_short_in(settings.data_dir)
            start_up.serving(Readiness(database_ready, [*adapters, *locks]))
            async with serving(services.engine, adapters):
                stop.serving()
                supervised = [adapter for adapter in adapters if isinstance(adapter, Supervised)]
                failure = await until_stopped(stop.asked, [*supervised, *locks])
                log.info("shutting down")
                start_up.stopping()
    except asyncio.CancelledError:
        if not stop.cut_start_up():
            raise
        log.info("stopped while starting, as asked")
        return 0
    finally:
        stop.remove()
    if failure is not None:
        raise failure  # after a clean stop: `quiztutor` explains it in one line and exits non-zero
    return 0


# SIGHUP too: the terminal `run` was started from closed (an SSH connection dropped) ends it cleanly, not at once;
# unless it was started to outlive its terminal (`nohup`: SIGHUP ignored), which it then still does.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class StopSignals:
    """STOP_SIGNALS. While the process starts, a signal cancels the start-up: nothing is served yet, and its own
    waits (a silent database, a Bot API out of reach) can take a minute, longer than a container's stop allows.
    Once serving, a signal asks for the clean stop: the updates under way finish."""

    def __init__(self, starting: asyncio.Task[object] | None) -> None:
        self.asked = asyncio.Event()
        self._starting = starting  # the task to cancel, until serving
        self._cut = False
        self._loop = asyncio.get_running_loop()
        self._signals = [signum for signum in STOP_SIGNALS
                         if signum != signal.SIGHUP or signal.getsignal(signum) is not signal.SIG_IGN]
        for signum in self._signals:
            self._loop.add_signal_handler(signum, self._heard)

    def _heard(self) -> None:
        self.asked.set()
        if self._starting is not None and not self._cut:  # once: a second signal doesn't cut the clean-up short
            self._cut = True
            self._starting.cancel()

    def serving(self) -> None:
        if self._cut and self._starting is not None:  # a cancellation some start-up step swallowed: spent (the
            self._starting.uncancel()                  # stop asked for is then the clean one, at once)
        self._starting = None

    def cut_start_up(self) -> bool:
        """Whether a signal cancelled the start-up (then the cancellation is spent: the process exits cleanly)."""
        cut = self._cut and self._starting is not None
        self.serving()
        return cut

    def remove(self) -> None:
        for signum in self._signals:
            self._loop.remove_signal_handler(signum)


class SingleProcessLock:
    """A platform's single-process lock while this process holds it, for /readyz and for `run` to stop on."""

    def __init__(self, single: SingleProcess, held: HeldLock) -> None:
        self.name = f"lock {', '.join(single.locks)}"
        self._single = single
        self._held = held

    def not_ready(self) -> str | None:
        return self._held.not_held()

    async def failure(self) -> Exception:
        """Returns once another process took the lock (after this one's database connection was lost)."""
        taken = await self._held.lost()
        return AnotherInstance(f"this process lost its lock with its database connection, and meanwhile "
                               f"{self._single.refusal(taken)}")


@contextlib.asynccontextmanager
async def single_processes(database_url: str,
                           platforms: Sequence[PlatformSettings]) -> AsyncIterator[list[SingleProcessLock]]:
    """Hold the locks of each platform that only one process may serve as configured (Telegram long polling, a
    Discord shard), and what such processes must agree on (Discord's shard count), so a second process on the same
    database refuses at start-up instead of fighting over the updates."""
    async with contextlib.AsyncExitStack() as stack:
        locks = []
        for platform in platforms:
            if (single := platform.single_process()) is not None:
                try:
                    with unavailable_if_failing(database_url):  # the first use of the database: it may be away
                        for excluded in single.excluded_by:  # only looked at
                            await refuse_if_held(database_url, excluded)
                        held = await stack.enter_async_context(process_lock(database_url, *single.locks,
                                                                            agreement=single.agreement)) \
                            if single.locks or single.agreement is not None else None
                except LockHeld as taken:
                    raise AnotherInstance(single.refusal(taken)) from None
                if held is not None:
                    locks.append(SingleProcessLock(single, held))
        yield locks


async def until_stopped(stop: asyncio.Event, supervised: Sequence[Supervised]) -> Exception | None:
    """Wait for a signal to stop (then None), or for an adapter or lock that can't go on (then why)."""
    waits: list[asyncio.Task[object]] = [asyncio.create_task(stop.wait())]
    waits += [asyncio.create_task(part.failure()) for part in supervised]
    try:
        done, _pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waits:
            task.cancel()
    return next((result for task in done if isinstance(result := task.result(), Exception)), None)


def _warn_of_files_not_read(settings: Settings) -> None:
    """Once, as `validate` and /reload name them: an operator must hear why a quiz deployed as fsdp.yaml.txt, or in
    a folder of quizzes/, is not served."""
    skipped = skipped_files(settings.content_dir)
    if skipped:
        log.warning("%s:\n%s", "1 file in quizzes/ was not read" if len(skipped) == 1 else
                    f"{len(skipped)} files in quizzes/ were not read", "\n".join(f"  {warning}" for warning in skipped))


def _build(spec: PlatformSpec, engine: QuizEngine, platform: PlatformSettings) -> ChatAdapter:
    try:
        return spec.build(engine, platform)
    except ModuleNotFoundError as missing:  # the platform's library is an extra
        raise ConfigurationError([spec.library_missing(missing)]) from None
