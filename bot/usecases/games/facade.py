"""Group games as adapters see them: ``engine.games``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from bot.admins import AdminPolicy
from bot.games import views
from bot.games.delivery import Stage
from bot.games.records import PLAYER_NAME_LIMIT
from bot.games.replies import GameExplanation, GameVote, Leaderboard, Skipped
from bot.ports import UnitOfWork
from bot.replies import Actor, Notice, NoticeCode
from bot.text import shorten, shown_name, without_controls
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.games.board import GameBoards
from bot.usecases.games.lobby import GameLobbies
from bot.usecases.games.play import GamePlay, Membership
from bot.usecases.games.sweep import GameSweep
from bot.usecases.games.table import Acknowledge, GameTable
from bot.usecases.games.unheard_votes import UnheardVotes


def player_name(name: str) -> str:
    return shorten(shown_name(without_controls(name)), PLAYER_NAME_LIMIT) or views.UNNAMED


class Games:
    """``stage`` in every call that shows something: where a chat's game appears on the caller's platform.
    ``name`` is the player as the chat shows them; ``moderator`` whether the platform says they administer the
    chat (Telegram administrators, Discord members who may manage the server)."""

    def __init__(self, core: Core, admins: AdminPolicy) -> None:
        self._core = core
        table = GameTable(core, admins)
        self._lobbies = GameLobbies(table)
        self._play = GamePlay(table)
        self._votes = table.votes
        self._unheard = UnheardVotes(self._play, core.turns)
        self._boards = GameBoards(table)
        self._sweep = GameSweep(table)
        self._table = table

    async def open(self, actor: Actor, name: str, scope_id: str, quiz: str | None, seconds: int | None,
                   stage: Stage) -> Notice | None:
        """A lobby in the actor's chat; None when it is shown, else why not."""
        return await self._lobbies.open(actor, player_name(name), scope_id, quiz, seconds, stage)

    async def open_by_id(self, actor: Actor, name: str, scope_id: str, quiz_id: str, seconds: int | None,
                         stage: Stage, acknowledge: Acknowledge | None = None) -> Notice | None:
        """As ``open``, for the quiz with exactly this id (a button's): a quiz a reload removed is no quiz.
        ``acknowledge`` hears the answer (None: opened) before the lobby is shown, as ``join``'s does."""
        return await self._lobbies.open(actor, player_name(name), scope_id, quiz_id, seconds, stage, exact=True,
                                        acknowledge=acknowledge)

    async def open_typed(self, actor: Actor, name: str, scope_id: str, typed: str, stage: Stage) -> Notice | None:
        """As ``open``, from ``QUIZ [SECONDS]`` typed as one line; a mistyped number of seconds is said to be one."""
        return await self._lobbies.open_typed(actor, player_name(name), scope_id, typed, stage)

    async def join(self, actor: Actor, name: str, game_id: str, stage: Stage,
                   acknowledge: Callable[[Notice], Awaitable[None]] | None = None) -> Notice:
        return await self._lobbies.join(actor, player_name(name), game_id, stage, acknowledge)

    async def begin(self, actor: Actor, game_id: str, moderator: bool, stage: Stage,
                    acknowledge: Callable[[Notice | None], Awaitable[None]] | None = None) -> Notice | None:
        return await self._lobbies.begin(actor, game_id, moderator, stage, acknowledge)

    async def vote(self, actor: Actor, name: str, game_id: str, position: int, option_index: int,
                   stage: Stage, member: Membership | None = None, *, closes_at_deadline: bool = False,
                   arrived: datetime | None = None) -> GameVote:
        """``member``: whether the voter is in a chat, for platforms whose votes name none; ``closes_at_deadline``:
        the poll takes no vote after the question's time, so one coming in later was cast in time; ``arrived``:
        when the vote came in, if the adapter looked for its poll first (see GamePlay.vote)."""
        return await self._play.vote(actor, player_name(name), game_id, position, option_index, stage, member,
                                     closes_at_deadline=closes_at_deadline, arrived=arrived)

    def vote_arriving(self, game_id: str) -> AbstractContextManager[None]:
        """Around a vote on the game from when the platform delivered it, if it may wait before it is handed to
        ``vote`` (its voter's earlier updates first): the sweep waits for it before it closes the question."""
        return self._votes.arriving(game_id)

    async def vote_on_message(self, actor: Actor, name: str, message_key: str, option_index: int,
                              stage: Stage, member: Membership | None = None, *, closes_at_deadline: bool = False,
                              arrived: datetime | None = None) -> GameVote | None:
        """A vote on a game's poll; None when the message asks no game's question. ``closes_at_deadline``,
        ``arrived``: see vote."""
        return await self._play.vote_on_message(actor, player_name(name), message_key, option_index, stage,
                                                member, closes_at_deadline=closes_at_deadline, arrived=arrived)

    async def vote_on_unheard(self, actor: Actor, name: str, message_key: str, option_index: int,
                              stage: Stage, member: Membership | None = None, *, closes_at_deadline: bool = False,
                              arrived: datetime | None = None) -> GameVote | None:
        """A vote on a message nobody knows, taken as one of a game question's that went out unheard; None when
        it is none's (see UnheardVotes.vote)."""
        return await self._unheard.vote(actor, player_name(name), message_key, option_index, stage, member,
                                        closes_at_deadline=closes_at_deadline, arrived=arrived)

    async def left(self, actor: Actor, stage: Stage, parts: str | None = None) -> None:
        """The actor is no longer a member of the chat: its games (those of its parts too, the chats whose ids
        begin with ``parts``) stop waiting for their answers."""
        await self._play.left(actor, stage, parts)

    async def bot_removed(self, platform: str, chat_id: str, parts: str | None = None) -> int:
        """The bot is no longer in the chat (removed, or the chat deleted): its live games, those of its parts
        too (``parts`` as in ``left``), stop now; how many."""
        return await self._play.bot_removed(platform, chat_id, parts)

    async def bot_removed_from_scope(self, platform: str, scope_id: str) -> int:
        """As ``bot_removed``, for every chat of a scope (a Discord server's channels and threads)."""
        return await self._play.bot_removed_from_scope(platform, scope_id)

    async def chat_of_game(self, game_id: str) -> str | None:
        """The chat the game is shown in now (a chat that got a new id: whether the game went with it)."""
        async def read(uow: UnitOfWork) -> str | None:
            game = await uow.games.get(game_id)
            return game.chat_id if game is not None else None
        return await self._core.turns.run_unlocked(read)

    async def stop(self, actor: Actor, name: str, moderator: bool, stage: Stage) -> Notice | None:
        refused = await self._play.stop(actor, player_name(name), moderator, stage)
        if refused is not None and refused.code is NoticeCode.NO_GAME:
            return await self._own_quiz_instead(actor, refused, stopping=True)
        return refused

    async def skip(self, actor: Actor, moderator: bool, stage: Stage, command: str | None = None) -> Notice | Skipped:
        moved = await self._play.skip(actor, moderator, stage, command)
        if isinstance(moved, Notice) and moved.code is NoticeCode.NO_GAME:
            return await self._own_quiz_instead(actor, moved)
        return moved

    async def _own_quiz_instead(self, actor: Actor, refused: Notice, *, stopping: bool = False) -> Notice:
        """No game to skip in (or stop): when a question of the learner's own quiz is open, /skip (or /stop) is
        what they meant, not starting a game."""
        return await self.own_quiz_instead(actor, stopping=stopping) or refused

    async def own_quiz_instead(self, actor: Actor, *, stopping: bool = False) -> Notice | None:
        """A game's skip (or stop) asked where no game runs, by a learner with a question of their own quiz open:
        that /skip (or /stop) is what they meant, in their words; None when no question of theirs is open (a
        private chat, where no game is ever played, asks it too). Reads only."""
        async def read(turn: Turn) -> Notice | None:
            session = await turn.uow.sessions.active(turn.user_id) if turn.user is not None else None
            if session is None or session.current_question_id is None:
                return None
            _ = turn.words
            return Notice(_("No game is running in this chat. To stop your own quiz, send /stop.") if stopping else
                          _("No game is running in this chat. To skip a question of your own quiz, send /skip."),
                          NoticeCode.NO_GAME, _.language)
        return await self._core.turns.run(actor, read, create_user=False)

    async def explain(self, actor: Actor, game_id: str, position: int) -> GameExplanation | Notice:
        return await self._boards.explain(actor, game_id, position)

    async def nameless(self, platform: str, scope_id: str, *, opening_game: bool = False) -> Notice:
        """Why a message posted in a chat's own name (no person behind it) gets nothing done."""
        return await self._boards.nameless(platform, scope_id, opening_game=opening_game)

    async def leaderboard(self, actor: Actor, scope_id: str, period: str) -> Leaderboard:
        return await self._boards.leaderboard(actor, scope_id, period)

    async def set_hidden(self, actor: Actor, hidden: bool) -> Notice:
        return await self._boards.set_hidden(actor, hidden)

    async def greet_once(self, platform: str, chat_id: str) -> datetime | None:
        """The claim to greet a group the bot was just added to, None if not to: once, not again for a day (across
        restarts and processes), unless the greeting is refused (``greeting_refused``)."""
        return await self._boards.greet_once(platform, chat_id)

    async def greeting_refused(self, platform: str, chat_id: str, claim: datetime) -> None:
        await self._boards.greeting_refused(platform, chat_id, claim)

    async def set_chat_language(self, actor: Actor, scope_id: str, choice: str, moderator: bool) -> Notice:
        return await self._boards.set_chat_language(actor, scope_id, choice, moderator)

    async def sweep(self, platform: str, stage: Stage) -> int:
        """Move on the platform's games whose phase is due, each shown when it returns; how many moved."""
        return await self._sweep.sweep(platform, stage)

    async def sweep_in_background(self, platform: str, stage: Stage) -> int:
        """As ``sweep``, but each game moves on in a task of its own, not waited for (the game sweeper calls this:
        one chat slow to take its messages holds up no other); how many of the platform's moves moved a game
        since the last call. ``moving`` gives those still under way."""
        return await self._sweep.sweep_in_background(platform, stage)

    def moving(self, platform: str) -> set[asyncio.Task[Any]]:
        """What the platform's games still have under way in the background: moves the sweep started, and second
        messages of a question being taken away (outside the game's lock); a stop lets them end."""
        return self._sweep.moving(platform) | self._table.withdrawing(platform)
