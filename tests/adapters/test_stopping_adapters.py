"""`quiztutor run` stops every adapter it started, side by side, even when one of them fails to stop."""

from __future__ import annotations

import asyncio

import pytest

from adapters.platform import ChatAdapter
from adapters.serving import stop_all
from bot.games.delivery import GameSurface
from bot.replies import Expired, Reminder


class Adapter:
    """A chat adapter that only records its stop, or fails it; stopping uses nothing else of it."""

    reminders_per_second = 1.0
    asks_on_linked_messages = False

    def __init__(self, name: str, stops: list[str], fails: bool | type[BaseException] = False, *,
                 stopping: asyncio.Event | None = None, waits_for: asyncio.Event | None = None) -> None:
        self.name = name
        self._stops = stops
        self._fails = fails
        self._stopping = stopping or asyncio.Event()  # set once its stop began
        self._waits_for = waits_for  # another adapter's stop under way: a stop that takes its time

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        self._stops.append(self.name)
        self._stopping.set()
        if self._waits_for is not None:
            await self._waits_for.wait()
        if self._fails is True:
            raise ConnectionError(f"{self.name} could not say goodbye")
        if self._fails:
            raise self._fails

    def not_ready(self) -> str | None:
        return None

    async def deliver_expired(self, expired: Expired) -> None:
        raise AssertionError("stopping delivers nothing")

    async def send_reminder(self, reminder: Reminder) -> None:
        raise AssertionError("stopping sends no reminder")

    def game_surface(self, chat_id: str) -> GameSurface:
        raise AssertionError("stopping shows no game")


async def test_adapters_stop_in_reverse_order_and_a_failed_stop_doesnt_skip_the_rest() -> None:
    stops: list[str] = []
    adapters: list[ChatAdapter] = [Adapter("telegram", stops), Adapter("discord", stops, fails=True)]
    with pytest.raises(ConnectionError, match="discord"):  # still a failure: `run` exits 1
        await stop_all(adapters)
    assert stops == ["discord", "telegram"]


async def test_when_several_fail_to_stop_the_first_failure_is_raised_and_the_others_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    stops: list[str] = []
    adapters: list[ChatAdapter] = [Adapter("telegram", stops, fails=True), Adapter("discord", stops, fails=True)]
    with pytest.raises(ConnectionError, match="discord"):
        await stop_all(adapters)
    assert stops == ["discord", "telegram"]
    assert "the telegram adapter did not stop cleanly" in caplog.text


async def test_adapters_stop_side_by_side() -> None:
    """Telegram's stop still waiting when Discord's begins: one after the other, this would never end."""
    stops: list[str] = []
    telegram_stopping, discord_stopping = asyncio.Event(), asyncio.Event()
    telegram = Adapter("telegram", stops, stopping=telegram_stopping, waits_for=discord_stopping)
    discord = Adapter("discord", stops, stopping=discord_stopping, waits_for=telegram_stopping)
    await asyncio.wait_for(stop_all([telegram, discord]), timeout=5)
    assert sorted(stops) == ["discord", "telegram"]


async def test_an_adapter_whose_own_stop_was_cancelled_is_reported_as_a_failure_not_a_cancellation() -> None:
    """Cancelled inside its own stop (a library's task), not by whoever stops: `run` must log it and exit 1."""
    stops: list[str] = []
    adapters: list[ChatAdapter] = [Adapter("telegram", stops), Adapter("discord", stops, fails=asyncio.CancelledError)]
    with pytest.raises(RuntimeError, match="the discord adapter's stop was cancelled"):
        await stop_all(adapters)
    assert sorted(stops) == ["discord", "telegram"]
