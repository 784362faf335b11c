"""Many group games at once on Telegram: how late questions and results go out, within Telegram's 30 msg/s.

The real Telegram adapter (PTB, its AIORateLimiter, the game sweeper) plays N simultaneous games on a SQLite
file against the tests' local fake Bot API, each game in its own group:

    .venv/bin/python -m benchmarks.games --games 1000   # from the project root: it uses the tests' fake API

Nobody answers, so every question closes on its timer: each game sends its lobby, then per question a poll and
its results, then the podium. A message is late by how long after its deadline it reached the API:

- a game's first poll: the lobby's deadline (its message + the lobby time);
- results: the question's time plus the vote grace, from when the question was asked;
- the next poll (or the podium): the results' time to read, from when the results were made.

The limit is the baseline: messages per second reaching the API against Telegram's 30 a second, in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import select

from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.spec import TELEGRAM_PER_SECOND, TelegramSettings
from bot.games.delivery import Aside, GameSurface, Posted
from bot.games.replies import GameBegins, GameLobby, GamePodium, GameQuestion, GameResults, SetAside
from bot.games.rules import GRACE, LOBBY_SECONDS, RESULTS_SECONDS
from bot.replies import Actor, Notice
from storage.tables import Game
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser

TOKEN = "123456:benchmark-token"
FIXTURES = Path(__file__).parent.parent / "tests" / "fixtures" / "content"
SENT = {"sendMessage", "sendPoll", "stopPoll", "editMessageText"}
games_table = Game.__table__


@dataclass
class Timeline:
    """Each game's timed steps: (when the step went out, when the next one is due), wall-clock seconds."""

    steps: dict[str, list[tuple[float, float | None]]] = field(default_factory=lambda: defaultdict(list))

    def step(self, game_id: str, next_due: float | None) -> None:
        self.steps[game_id].append((time.time(), next_due))

    def lateness(self, lobby_due: dict[str, float]) -> list[float]:
        """Seconds past its deadline for every poll, results and podium (never negative)."""
        late = []
        for game_id, steps in self.steps.items():
            due: float | None = lobby_due[game_id]
            for sent, next_due in steps:
                if due is not None:
                    late.append(max(0.0, sent - due))
                due = next_due
        return late


class TimedSurface:
    """The adapter's own surface, timing each step of a game."""

    def __init__(self, inner: GameSurface, timeline: Timeline) -> None:
        self._inner = inner
        self._timeline = timeline

    async def lobby(self, lobby: GameLobby) -> Posted:
        return await self._inner.lobby(lobby)

    async def begins(self, begins: GameBegins) -> None:
        await self._inner.begins(begins)

    async def ask(self, question: GameQuestion) -> Posted:
        posted = await self._inner.ask(question)  # the question was asked (its clock started) at closes_at - time
        self._timeline.step(question.game_id, question.closes_at.timestamp() + GRACE.total_seconds())
        return posted

    async def results(self, results: GameResults) -> None:
        made = time.time()  # the engine closed the question a moment ago and counts the reading time from then
        await self._inner.results(results)
        self._timeline.step(results.game_id, made + RESULTS_SECONDS)

    async def podium(self, podium: GamePodium) -> None:
        await self._inner.podium(podium)
        self._timeline.step(podium.game_id, None)

    async def close_question(self, question: GameQuestion, posted: Posted) -> None:
        await self._inner.close_question(question, posted)

    async def withdraw_question(self, question: GameQuestion, posted: Posted) -> None:
        await self._inner.withdraw_question(question, posted)

    async def close_lobby(self, lobby: GameLobby, posted: Posted) -> None:
        await self._inner.close_lobby(lobby, posted)

    async def set_aside(self, aside: SetAside) -> Aside:
        return await self._inner.set_aside(aside)

    async def tell_privately(self, person: Actor, notice: Notice) -> None:
        await self._inner.tell_privately(person, notice)


class TimedTelegram(TelegramAdapter):
    timeline = Timeline()

    def game_surface(self, chat_id: str) -> GameSurface:
        return TimedSurface(super().game_surface(chat_id), self.timeline)


async def run(games: int, seconds: int) -> None:
    api = FakeBotApi(TOKEN, clock=time.time)
    await api.start()
    with tempfile.TemporaryDirectory() as data:
        telegram = TelegramSettings(token=TOKEN, api_url=api.base_url)
        settings = Settings(data_dir=Path(data), content_dir=FIXTURES, platforms={"telegram": telegram})
        phase = time.monotonic()
        async with open_services(settings) as services:
            adapter = TimedTelegram(services.engine, telegram)
            timeline = adapter.timeline
            async with serving(services.engine, [adapter]):
                started = time.monotonic()
                print(f"started in {started - phase:.1f} s", flush=True)
                for number in range(games):
                    group = FakeChat(-1_000_000 - number, "supergroup", f"Group {number}")
                    await api.command(FakeUser(10_000 + number, f"Host {number}", "en"),
                                      f"/game collectives {seconds}", group)
                print(f"{games} games asked for in {time.monotonic() - started:.1f} s", flush=True)
                await api.wait_for("sendMessage", games, lambda p: "Final results" in p["text"], within=3600)
                elapsed = time.monotonic() - started
                async with services.database.connect() as connection:  # the first poll is due when the lobby closes
                    rows = await connection.execute(select(games_table.c.id, games_table.c.created_at))
                    lobby_due = {row.id: _utc(row.created_at).timestamp() + LOBBY_SECONDS for row in rows}
                phase = time.monotonic()
        print(f"stopped in {time.monotonic() - phase:.1f} s", flush=True)
    await api.close()
    report(api, sorted(timeline.lateness(lobby_due)), games, elapsed)


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite keeps no zone


def report(api: FakeBotApi, late: list[float], games: int, elapsed: float) -> None:
    sent = sorted(call.at for call in api.requests if call.ok and call.method in SENT)
    busiest = max(sum(1 for other in sent[index:index + 200] if other < start + 1.0)
                  for index, start in enumerate(sent))
    rate = len(sent) / (sent[-1] - sent[0])
    print(f"{games} games, {len(late)} timed messages, {len(sent)} messages in {elapsed:.0f} s")
    print(f"lateness  p50 {statistics.median(late):.2f} s   p99 {late[int(len(late) * 0.99) - 1]:.2f} s   "
          f"max {late[-1]:.2f} s")
    print(f"messages/s  mean {rate:.1f}   busiest second {busiest}   "
          f"ratio to Telegram's {TELEGRAM_PER_SECOND:.0f}/s: {rate / TELEGRAM_PER_SECOND:.2f} (busiest "
          f"{busiest / TELEGRAM_PER_SECOND:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=int, default=10, help="each question's time (10 to 300)")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.seconds))


if __name__ == "__main__":
    main()
