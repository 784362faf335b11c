"""Adding a platform is one package and one line in the registry: a tiny in-memory platform proves it."""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic_settings import SettingsConfigDict

from adapters.cli.catalog_tools import validate
from adapters.cli.commands import build_parser
from adapters.cli.run import no_token_help, run
from adapters.platform import ChatAdapter, PlatformSettings, PlatformSpec, PlatformTool
from adapters.settings import Settings, load_settings
from bot.content.limits import PollLimits
from bot.engine import QuizEngine
from bot.games.delivery import GameSurface
from bot.replies import Actor, Expired, Reminder
from tests.fakes.game_stage import RecordingStage


class EchoSettings(PlatformSettings):
    model_config = SettingsConfigDict(env_prefix="QUIZ_ECHO_", extra="ignore", env_ignore_empty=True)

    greeting: str = "hello"


class EchoAdapter:
    """A platform that only remembers what happened to it."""

    name = "echo"

    def __init__(self, engine: QuizEngine, settings: PlatformSettings) -> None:
        self.engine = engine
        self.settings = settings
        self.events: list[str] = []
        self.started = asyncio.Event()
        self.games = RecordingStage()

    async def start(self) -> None:
        self.events.append("start")
        self.started.set()

    async def stop(self) -> None:
        self.events.append("stop")

    def not_ready(self) -> str | None:
        return None if self.started.is_set() else "not started"

    async def deliver_expired(self, expired: Expired) -> None:
        self.events.append(f"expired {expired.question_id}")

    reminders_per_second = 10.0
    asks_on_linked_messages = False

    async def send_reminder(self, reminder: Reminder) -> None:
        self.events.append(f"reminder {reminder.actor.user_id}")

    def game_surface(self, chat_id: str) -> GameSurface:
        return self.games(chat_id)


async def hello(settings: Settings, platform: PlatformSettings, args: argparse.Namespace) -> int:
    return 0


def echo_platform(built: asyncio.Queue[EchoAdapter] | None = None) -> PlatformSpec:
    """The whole of a platform's package, in a few lines; ``built`` receives each adapter it builds."""
    def build(engine: QuizEngine, settings: PlatformSettings) -> ChatAdapter:
        adapter = EchoAdapter(engine, settings)
        if built is not None:
            built.put_nowait(adapter)
        return adapter

    return PlatformSpec(name="echo", title="Echo", settings=EchoSettings,
                        poll_limits=PollLimits(question=30, option=8), build=build, extra="echo",
                        token_help="any word",
                        tools=(lambda: PlatformTool("echo-hello", "say hello", lambda parser: None, hello),))


ECHO = echo_platform()


def test_its_settings_are_read_from_its_own_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUIZ_ECHO_TOKEN", "s3cret")
    monkeypatch.setenv("QUIZ_ECHO_ADMINS", "7, 8")
    monkeypatch.setenv("QUIZ_ECHO_GREETING", "salut")
    settings = load_settings([ECHO])
    echo = settings.platforms["echo"]
    assert isinstance(echo, EchoSettings) and echo.enabled and echo.greeting == "salut"
    assert settings.admins() == {"echo": {"7", "8"}} and settings.secrets() == ["s3cret"]
    assert ECHO.env("token") == "QUIZ_ECHO_TOKEN" and "QUIZ_ECHO_TOKEN" in no_token_help([ECHO])


def test_its_poll_limits_reach_validate_and_its_tools_reach_the_command_line(fixture_content: Path) -> None:
    out = io.StringIO()
    assert validate(fixture_content, {"echo": ECHO.poll_limits}, out) == 0
    assert ("  echo: collectives/sum-everywhere: question is over 22 characters (the poll's 30, less 8 for its label "
            '"10/10 · ")') in out.getvalue()
    assert build_parser([ECHO]).parse_args(["echo-hello"]).tool.name == "echo-hello"


async def test_run_serves_it_with_its_own_settings_and_admins_and_stops_it_on_sigterm(
        tmp_path: Path, fixture_content: Path) -> None:
    echo = EchoSettings(token="s3cret", admins=frozenset({"7"}))
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, platforms={"echo": echo})
    built: asyncio.Queue[EchoAdapter] = asyncio.Queue()
    serving = asyncio.create_task(run(settings, [echo_platform(built)]))
    adapter = await asyncio.wait_for(built.get(), 10)
    await asyncio.wait_for(adapter.started.wait(), 10)
    assert adapter.settings is echo  # its own settings, nobody else's
    assert adapter.engine.is_admin(Actor("echo", "7")) and not adapter.engine.is_admin(Actor("echo", "8"))
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(serving, 10) == 0
    assert adapter.events == ["start", "stop"]


async def test_nothing_enabled_means_nothing_to_run(tmp_path: Path) -> None:
    assert await run(Settings(data_dir=tmp_path, platforms={"echo": EchoSettings()}), [ECHO]) == 2


def test_the_registry_loads_no_platform_library() -> None:
    """A terminal-only install (no [telegram] or [discord] extra) can still read settings and validate."""
    code = ("import sys; from adapters.platforms import chat_platforms; from adapters.settings import load_settings;"
            "load_settings(chat_platforms()); print(sorted(m for m in ('telegram', 'discord') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")})
    assert done.stdout.strip() == "[]", done.stderr
