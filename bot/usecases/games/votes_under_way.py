"""Votes under way in this process, by game: a vote that would add a player waits for its voter's check (are they
in the game's chat? a network call, seconds on a slow day), and the question's time may run out meanwhile, or its
last awaited answer come in."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

# Seconds the sweep waits at most for a game's votes under way before it closes the question. A check is one call
# to the platform, which its own time-outs and retries end within this (Telegram's: 5 s a try, three retries).
VOTES_WAIT = 30.0
# The game a vote being handled arrived for (VotesUnderWay.arriving, around its handler): not another vote to wait for
_OWN_ARRIVAL: ContextVar[str | None] = ContextVar("own_arrival", default=None)


class VotesUnderWay:
    def __init__(self) -> None:
        self._under_way: dict[str, set[asyncio.Future[None]]] = {}
        # Votes the platform delivered that wait their turn before they reach the engine (their voter's earlier
        # updates first): waited for as those under way are
        self._arriving: dict[str, set[asyncio.Future[None]]] = {}
        self._put_off: set[str] = set()  # games whose early close waits for the votes under way

    def voting(self, game_id: str) -> contextlib.AbstractContextManager[None]:
        """A vote on the game, from its arrival until it is scored or refused."""
        return _held(self._under_way, game_id)

    def arriving(self, game_id: str) -> contextlib.AbstractContextManager[None]:
        """A vote on the game the platform delivered, from then until it was handled (``voting`` from when it
        reaches the engine): it may first wait for its voter's earlier updates, a wait that is not the voter's."""
        return _arriving(self._arriving, game_id)

    def _others(self, game_id: str, *, voting: bool) -> int:
        """How many other votes on the game are under way or arriving than the caller's own."""
        own_arrival = _OWN_ARRIVAL.get() == game_id
        return (len(self._under_way.get(game_id, ())) - int(voting)
                + len(self._arriving.get(game_id, ())) - int(own_arrival))

    def put_off_close(self, game_id: str, *, voting: bool = True) -> bool:
        """Called when every player has answered the open question (by a vote under way, ``voting``, or as the last
        awaited one left): whether its close waits, as another vote on the game came in and is still under way (its
        voter's check, say, or its voter's earlier updates: a vote in time counts); then the last of them to end
        makes it (``close_due``)."""
        if self._others(game_id, voting=voting) <= 0:
            return False
        self._put_off.add(game_id)
        return True

    def close_due(self, game_id: str) -> bool:
        """After a vote ended: whether a close put off for the votes under way is now to be made (none is left)."""
        if game_id not in self._put_off or self._others(game_id, voting=False) > 0:
            return False
        self._put_off.discard(game_id)
        return True

    async def settled(self, game_id: str) -> None:
        """Wait for the game's votes under way now (not those that come in meanwhile: they came after the time
        this sweep found up, so they are late), at most VOTES_WAIT seconds."""
        votes = set(self._under_way.get(game_id, ())) | set(self._arriving.get(game_id, ()))
        if votes:
            await asyncio.wait(votes, timeout=VOTES_WAIT)


@contextlib.contextmanager
def _held(held: dict[str, set[asyncio.Future[None]]], game_id: str) -> Iterator[None]:
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    held.setdefault(game_id, set()).add(done)
    try:
        yield
    finally:
        done.set_result(None)
        votes = held[game_id]
        votes.discard(done)
        if not votes:
            del held[game_id]


@contextlib.contextmanager
def _arriving(held: dict[str, set[asyncio.Future[None]]], game_id: str) -> Iterator[None]:
    own = _OWN_ARRIVAL.set(game_id)
    try:
        with _held(held, game_id):
            yield
    finally:
        _OWN_ARRIVAL.reset(own)
