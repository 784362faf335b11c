"""`quiztutor run` stopped while it still starts: a container's stop, or Ctrl-C, is obeyed at once, not once the
start-up's own waits (a silent database, a Bot API out of reach) run out."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.telegram.processes import BotProcess, bot_env

STOPPED_WITHIN = 10.0  # seconds; the start-up's own waits are 25 s (Telegram's retries) and 60 s (connecting)


@asynccontextmanager
async def silent_server() -> AsyncIterator[tuple[int, asyncio.Event]]:
    """A port that takes connections and never answers; and an event set once something connected."""
    connected = asyncio.Event()
    held: list[asyncio.StreamWriter] = []

    async def hold(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        connected.set()

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1], connected
    finally:
        for writer in held:
            writer.close()
        server.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
@pytest.mark.parametrize("silent", ["bot api", "database"])
async def test_a_signal_during_start_up_stops_the_process_at_once_and_cleanly(
        tmp_path: Path, silent: str, signum: signal.Signals) -> None:
    async with silent_server() as (port, connected):
        env = (bot_env(f"http://127.0.0.1:{port}/bot", tmp_path) if silent == "bot api" else
               bot_env("http://127.0.0.1:9/bot", tmp_path,
                       QUIZ_DATABASE_URL=f"postgresql+asyncpg://quiz:pw@127.0.0.1:{port}/quiz"))
        bot = await BotProcess.start(env)
        try:
            await asyncio.wait_for(connected.wait(), 30)  # it waits on the silent server now
            bot.process.send_signal(signum)
            code = await bot.exited(within=STOPPED_WITHIN)
        finally:
            await bot.stop()
    assert code == 0, bot.log
    assert "stopped while starting" in bot.log, bot.log
    assert "Traceback" not in bot.log and "failed" not in bot.log, bot.log
