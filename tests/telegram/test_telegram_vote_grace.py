"""A vote on a poll this process can't find yet: with webhook replicas, another process may have sent it a
moment ago and not stored its link. It is looked for again a few times before counting as lost."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from adapters.telegram.game_polls import GamePolls
from adapters.telegram.game_votes import GameVotes
from adapters.telegram.interactions import Interactions
from bot.replies import Actor, Notice, NoticeCode
from tests.fakes.clock import START

ACTOR = Actor("telegram", "7")
LOST = Notice("That question is no longer open.", NoticeCode.LOST_MESSAGE, "en", "7")
SCORED = Notice("scored", NoticeCode.ALREADY_ANSWERED, "en", "7")  # anything that isn't "no such poll"


class Engine:
    def __init__(self, replies: list[Notice]) -> None:
        self.replies = replies
        self.asked = 0
        self.key_shown: list[bool] = []

    def now(self) -> datetime:
        return START

    async def answer_message(self, actor: Actor, key: str, option: int, where: Any, *,
                             key_shown: bool = False, closes_at_deadline: bool = False) -> Notice:
        self.asked += 1
        self.key_shown.append(key_shown)
        return self.replies.pop(0) if self.replies else LOST


class Games:
    """Votes on group games' polls (GameVotes.vote): a game's poll found after ``game_poll_after`` looks."""

    def __init__(self, game_poll_after: int | None = None) -> None:
        self.looks = 0
        self._after = game_poll_after

    async def vote(self, actor: Actor, user: Any, poll_id: str, option: int, *, wait: bool = True,
                   arrived: datetime | None = None) -> bool:
        self.looks += 1
        return self._after is not None and self.looks > self._after


class GroupGames:
    def __init__(self, votes: Games | GameVotes) -> None:
        self.votes = votes


class Commands:
    """The one part of the adapter's commands a vote needs: its group games' votes."""

    def __init__(self, games: Games | GameVotes) -> None:
        self.games = GroupGames(games)


NO_WAIT = (0.0, 0.0, 0.0)  # three more looks, at once


def interactions_with(engine: Engine, games: Games) -> Interactions:
    # No chat: a vote's scoring sends nothing itself.
    return Interactions(engine, None, Commands(games), link_grace=NO_WAIT)  # type: ignore[arg-type]


async def test_a_poll_linked_a_moment_later_is_scored() -> None:
    engine = Engine([LOST, LOST, SCORED])
    result = await interactions_with(engine, Games())._score_vote(ACTOR, None, "p", 0, None)  # type: ignore[arg-type]
    assert result is SCORED and engine.asked == 3
    assert engine.key_shown == [True] * 3  # a Telegram quiz poll shows its key as the vote lands (scoring.judge)


async def test_a_game_poll_linked_a_moment_later_is_voted_on() -> None:
    engine, games = Engine([]), Games(game_poll_after=1)
    result = await interactions_with(engine, games)._score_vote(ACTOR, None, "p", 0, None)  # type: ignore[arg-type]
    assert result is None and games.looks == 2


async def test_a_poll_never_linked_is_lost_after_the_last_look() -> None:
    engine = Engine([])
    result = await interactions_with(engine, Games())._score_vote(ACTOR, None, "p", 0, None)  # type: ignore[arg-type]
    assert result is LOST and engine.asked == len(NO_WAIT) + 1


class NoStoredGamePolls:
    """The engine's games: no game's poll is linked in the database."""

    async def vote_on_message(self, *args: Any, **kwargs: Any) -> None:
        return None


class EngineWithGames(Engine):
    games = NoStoredGamePolls()


class NoBot:
    bot = None  # nobody is asked whether they are in a chat: no vote here adds a player


async def test_a_vote_waits_once_and_only_for_the_game_polls_under_way_as_it_came_in() -> None:
    """A vote on a poll nobody knows may be on a game poll whose sendPoll hasn't returned yet: it waits for the
    game polls being sent as it comes in (Telegram can't have taken a vote on a poll sent later), and only once.
    Before, each of its four looks waited until no game poll at all was being sent (up to 10 s each): in busy
    groups, polls sent one after another, so the voter's reply (their lost poll asked again) came 40 s late,
    and their next updates waited behind it."""
    polls = GamePolls()
    engine = EngineWithGames([])
    votes = GameVotes(engine, NoBot(), polls)  # type: ignore[arg-type]
    interactions = Interactions(engine, None, Commands(votes), link_grace=NO_WAIT)  # type: ignore[arg-type]
    first_over, second_over = asyncio.Event(), asyncio.Event()

    async def send(over: asyncio.Event) -> None:
        async with polls.sending():
            await over.wait()
    first = asyncio.create_task(send(first_over))
    await asyncio.sleep(0.05)  # under way
    vote = asyncio.create_task(interactions._score_vote(ACTOR, None, "p", 0, None))  # type: ignore[arg-type]
    await asyncio.sleep(0.1)  # the vote came in, and waits for the first send
    second = asyncio.create_task(send(second_over))  # a poll sent after the vote came in
    await asyncio.sleep(0.05)
    first_over.set()
    try:
        result = await asyncio.wait_for(vote, 5)  # not held by the second send
    finally:
        second_over.set()
        await asyncio.gather(first, second)
    assert result is LOST and engine.asked == len(NO_WAIT) + 1
