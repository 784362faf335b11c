"""The game polls this process sent, and the ones being sent right now.

A vote names only its poll. Telegram may deliver it before sendPoll has even returned: a vote on a poll nobody
knows waits for the sends under way as it came in (once), then looks again. A known poll names its game and
question at once (the vote then waits for the game's lock, which its sender holds until the poll's link is
stored), and skips the look-up among learners' own quizzes. Polls sent before a restart, or by another process,
are found in the database instead, as are the questions whose polls went out unheard (sendPoll carried out, its
answer lost: the poll's id never known), which a vote on a poll nobody knows may be for (GameVotes.vote_on_lost).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager

from telegram import Update

from bot.engine import QuizEngine

KEEP = 10_000  # recent poll ids remembered; older ones are found in the database
SETTLE_TIMEOUT = 10.0  # seconds a vote waits for sends under way
Sends = frozenset[asyncio.Event]  # game polls being sent at one moment, each set once its send is over


class GamePolls:
    def __init__(self) -> None:
        self._known: OrderedDict[str, tuple[str, int]] = OrderedDict()  # poll id -> (game id, question's place)
        self._under_way: set[asyncio.Event] = set()  # one per game poll being sent, set once it is over

    @contextlib.asynccontextmanager
    async def sending(self) -> AsyncIterator[None]:
        """Around sending a game poll and storing its link."""
        over = asyncio.Event()
        self._under_way.add(over)
        try:
            yield
        finally:
            self._under_way.discard(over)
            over.set()

    def add(self, poll_id: str, game_id: str, position: int) -> None:
        self._known[poll_id] = (game_id, position)
        while len(self._known) > KEEP:
            self._known.popitem(last=False)

    def get(self, poll_id: str) -> tuple[str, int] | None:
        return self._known.get(poll_id)

    def under_way(self) -> Sends:
        """The game polls being sent now: a vote coming in may be on one of theirs, not on one sent after it
        (Telegram took it on a poll it had made)."""
        return frozenset(self._under_way)

    async def settled(self, sends: Sends) -> None:
        """Wait until those sends are over (or the settle timeout passed), not for any sent since: in busy groups
        game polls go out one after another, and a vote waiting for none to be under way waited its whole time."""
        if sends:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(over.wait() for over in sends)), SETTLE_TIMEOUT)


def vote_held(polls: GamePolls, engine: QuizEngine) -> Callable[[Update], AbstractContextManager[None] | None]:
    """What a poll answer holds from when it came in until it is handled: on a game poll this process sent, the
    game's sweep waits for it before closing the question, as for a vote under way, though it still waits behind
    its voter's earlier updates (a reply of theirs paced, or waiting out a 429): a wait that is not the voter's.
    None for any other poll answer."""
    def held(update: Update) -> AbstractContextManager[None] | None:
        answer = update.poll_answer  # one the handler takes to the engine: a person's, naming an option
        scored = answer is not None and answer.user is not None and answer.voter_chat is None and answer.option_ids
        known = polls.get(answer.poll_id) if answer is not None and scored else None
        return engine.games.vote_arriving(known[0]) if known is not None else None
    return held
