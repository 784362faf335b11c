"""`quiztutor run` as real processes against the fake Bot API (or Discord's): started, watched, stopped with SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.telegram.telegram_harness import FIXTURES, TOKEN

# What httpx reads for a proxy: none is inherited, so a test's start-up hints don't depend on the machine's.
PROXY_VARIABLES = frozenset(f"{name}_proxy" for name in ("http", "https", "all", "no"))


def bot_env(api_url: str, data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a `quiztutor run` serving Telegram through the fake, through no proxy; ``extra``: more
    QUIZ_* values, or a proxy's variables."""
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("QUIZ_") and key.lower() not in PROXY_VARIABLES}
    return {**clean, "QUIZ_TELEGRAM_TOKEN": TOKEN, "QUIZ_TELEGRAM_API_URL": api_url, "QUIZ_DATA_DIR": str(data_dir),
            "QUIZ_CONTENT_DIR": str(FIXTURES), **extra}


@dataclass
class BotProcess:
    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    _reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, env: dict[str, str], *command: str) -> BotProcess:
        """``command``: what Python runs, `quiztutor run` unless given."""
        process = await asyncio.create_subprocess_exec(
            sys.executable, *(command or ("-m", "adapters.cli.main", "run")), env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        bot = cls(process)
        bot._reader = asyncio.create_task(bot._read())
        return bot

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for line in self.process.stdout:
            self.lines.append(line.decode(errors="replace"))

    @property
    def log(self) -> str:
        return "".join(self.lines)

    async def wait_for_line(self, text: str, within: float = 30.0) -> None:
        async def seen() -> None:
            while text not in self.log:
                if self.process.returncode is not None:
                    raise AssertionError(f"the bot exited ({self.process.returncode}):\n{self.log}")
                await asyncio.sleep(0.05)
        await asyncio.wait_for(seen(), within)

    async def exited(self, within: float = 30.0) -> int:
        code = await asyncio.wait_for(self.process.wait(), within)
        if self._reader is not None:
            await self._reader
        return code

    async def stop(self, within: float = 30.0) -> int:
        """SIGTERM, then wait for the exit; killed if it won't."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
        try:
            return await self.exited(within)
        except TimeoutError:
            self.process.kill()
            return await self.exited(within)
