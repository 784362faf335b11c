"""A group game's messages go ahead of everything else the bot sends that group.

PTB's AIORateLimiter keeps a group to its 20 messages a minute in arrival order: answers to members' commands
queued before a game's next question would delay it past its time. So, in a group, any other message waits
outside the limiter while a game message waits for its turn there, and leaves the last few of the minute's
messages (a question's worth) free for the game, which then never queues behind anything.
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from typing import Any, ParamSpec, TypeVar

from aiolimiter import AsyncLimiter

GAME_RESERVE = 4  # a question's calls at most: a lettered message, the poll, stopPoll and the results
WAIT_STEP = 0.5  # seconds between looks at the group's budget, for a message that isn't a game's

P = ParamSpec("P")
T = TypeVar("T")
_for_game: ContextVar[bool] = ContextVar("telegram_for_game", default=False)


@contextmanager
def game_messages() -> Iterator[None]:
    """What the block sends is a game's: ahead of the group's other messages."""
    token = _for_game.set(True)
    try:
        yield
    finally:
        _for_game.reset(token)


def for_game(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """A game surface's method: what it sends is the game's."""
    @functools.wraps(method)
    async def sending(*args: P.args, **kwargs: P.kwargs) -> T:
        with game_messages():
            return await method(*args, **kwargs)
    return sending


class GameFirst:
    def __init__(self, reserve: int = GAME_RESERVE) -> None:
        self._reserve = reserve
        self._games_waiting: Counter[object] = Counter()  # group -> game messages waiting for or taking a turn

    @asynccontextmanager
    async def turn(self, group: object, limiter: AsyncLimiter) -> AsyncIterator[None]:
        """Until a message to ``group`` may enter ``limiter``: at once for a game's; for another, once no game
        message waits and the group has more than the reserve left this minute."""
        if _for_game.get():
            self._games_waiting[group] += 1
            try:
                yield
            finally:
                self._games_waiting[group] -= 1
                if not self._games_waiting[group]:
                    del self._games_waiting[group]
            return
        # has_capacity and the limiter's own first look run with no await between: nothing takes the slot seen.
        # The budget comes back bit by bit as time passes, with no event to wait for: looked at again and again.
        while self._games_waiting[group] or not limiter.has_capacity(1 + self._reserve):  # noqa: ASYNC110
            await asyncio.sleep(WAIT_STEP)
        yield
