"""What every game use case shares: the engine's core, the game locks, the phases, and showing events."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.admins import AdminPolicy
from bot.content.models import localized
from bot.games import views
from bot.games.delivery import (
    CLOSED,
    HELD_BACK,
    MOVED_TO_A_GAME,
    TOPIC_CLOSED,
    Aside,
    ChatRefused,
    GameSurface,
    Posted,
    Stage,
    show,
)
from bot.games.records import GameRecord, GameState
from bot.games.replies import GameBegins, GameEvent, GameLobby, GamePodium, GameQuestion, SetAside
from bot.i18n import N_
from bot.locks import KeyedLocks
from bot.ports import UnitOfWork
from bot.records import UserRecord
from bot.replies import Actor, Notice, NoticeCode
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.game_holds import clock_stopped, polls_to_set_aside
from bot.usecases.games.phases import Phases, SecondAsk
from bot.usecases.games.votes_under_way import VotesUnderWay

log = logging.getLogger(__name__)

# Hears a turn's answer, None when it was done, before what it did is shown (a press waiting on its answer)
Acknowledge = Callable[[Notice | None], Awaitable[None]]


class GameTable:
    def __init__(self, core: Core, admins: AdminPolicy) -> None:
        self.core = core
        self.admins = admins
        # One game's events in this process one at a time, outside any player's lock (always taken first, so
        # a player's turn inside it can't deadlock with it). Across processes the game's row lock does the same.
        self.locks: KeyedLocks[str] = KeyedLocks()
        self.phases = Phases(core.texts, lambda game: core.library.catalog.get(game.quiz_id))
        self.votes = VotesUnderWay()  # the sweep lets those that came in on time be scored before it closes
        # Second messages being taken away (SecondAsk), per platform: outside the game's lock, so a vote never
        # waits on a best-effort delete (held seconds by a 429); a shutdown waits for them (``withdrawing``).
        self._withdrawing: dict[str, set[asyncio.Task[None]]] = {}

    async def live_game_id(self, platform: str, chat_id: str) -> str | None:
        """The id of the chat's live game, if any (read without locks: take the game's lock, then read it again)."""
        async def live(uow: UnitOfWork) -> str | None:
            game = await uow.games.live_in(platform, chat_id)
            return game.id if game else None
        return await self.core.turns.run_unlocked(live)

    async def show(self, platform: str, events: Sequence[GameEvent], stage: Stage, *, set_aside: bool = True,
                   tell_starter: bool = False) -> tuple[str, bool] | None:
        """Show events in their chat, keeping what was posted before the next one (call it under the lock). The
        right the chat lacks if its refusal stopped the game, and whether its podium said so there (not when these
        events' own podium was refused); else None (the game was over already). ``set_aside=False``: the caller sets the
        players' polls aside once the game begins (after answering who began it). ``tell_starter``: nobody who acted
        is told (the sweep, a vote): a game stopped unheard is said to its starter privately."""
        if not events:
            return None

        async def record(event: GameEvent, posted: Posted) -> None:
            async def store(uow: UnitOfWork) -> bool | GameBegins | SecondAsk:
                late = await self.phases.keep_posted(uow, platform, event, posted, self.core.clock())
                await uow.commit()
                return late
            late = await self.core.turns.run_unlocked(store)
            if isinstance(late, SecondAsk):
                if isinstance(event, GameQuestion):
                    self._withdraw_aside(platform, surface, event, posted)
            elif late is not False and isinstance(event, GameQuestion | GameLobby):
                await self._close_late(surface, event, posted, late if isinstance(late, GameBegins) else None)

        surface = stage(events[0].chat_id)
        try:
            await show(events, surface, record)
        except ChatRefused as refused:
            heard = await self._stop_refused(events[0].game_id, refused.right, surface)
            if heard is None and isinstance(events[-1], GamePodium):  # its own podium, refused: nobody saw it end
                heard = False
            if heard is False and tell_starter:
                await self._tell_starter(platform, events[0].game_id, refused.right, surface)
            return None if heard is None else (refused.right, heard)
        if set_aside and any(isinstance(event, GameBegins) for event in events):  # before its first question closes
            await self.set_aside_players_polls(platform, events[0].game_id, stage)
        return None

    def _withdraw_aside(self, platform: str, surface: GameSurface, question: GameQuestion, posted: Posted) -> None:
        tasks = self._withdrawing.setdefault(platform, set())
        task = asyncio.create_task(_withdraw(surface, question, posted))
        tasks.add(task)  # held: a task only the loop refers to may be collected mid-way
        task.add_done_callback(tasks.discard)

    def withdrawing(self, platform: str) -> set[asyncio.Task[None]]:
        """The platform's second messages still being taken away (a shutdown lets them end)."""
        return set(self._withdrawing.get(platform, ()))

    async def _tell_starter(self, platform: str, game_id: str, right: str, surface: GameSurface) -> None:
        """The game went silent by itself (its time ran out, or its last awaited answer came) where nobody can read
        why: its starter hears it privately, in their language, where the platform can reach them."""
        async def starter(uow: UnitOfWork) -> tuple[GameRecord, UserRecord] | None:
            game = await uow.games.get(game_id)
            user = await uow.users.by_id(game.starter_id) if game is not None else None
            return (game, user) if game and user else None
        try:
            found = await self.core.turns.run_unlocked(starter)
            if found is None:
                return
            game, user = found
            _ = self.core.turns.words_of(user)  # as a sweep speaks to anyone: their choice, else their last hint
            # Which game: told minutes after it began, perhaps among others, in another chat than the game's.
            quiz = self.core.library.catalog.get(game.quiz_id)
            heading = _("Game stopped: {quiz}", quiz=localized(quiz.title, _.language) if quiz else game.quiz_id)
            await surface.tell_privately(Actor(platform, user.platform_user_id, game.chat_id),
                                         Notice(f"{heading}\n{views.refused_note(right, _)}", NoticeCode.CHAT_UNHEARD,
                                                _.language))
        except Exception as error:  # the network, say: the game is over all the same
            log.warning("could not tell game %s's starter why it stopped unseen: %r", game_id, error)

    @staticmethod
    async def _close_late(surface: GameSurface, event: GameQuestion | GameLobby, posted: Posted,
                          begun: GameBegins | None) -> None:
        """A question or lobby that went up after another process moved its game past it (stopped the game, or
        closed the question early): that podium or those results found no message to close (this one was still
        being sent), so it is closed here, else its poll or buttons would stay up, every vote or press refused.
        A lobby whose game ``begun`` there becomes the list of players, as it would have there."""
        try:
            if begun is not None:
                await surface.begins(begun)
            elif isinstance(event, GameLobby):
                await surface.close_lobby(event, posted)
            else:
                await surface.close_question(event, posted)
        except Exception as error:  # the game has moved on all the same
            log.info("could not close message %s of game %s, moved past while it was sent: %s",
                     posted.message_id, event.game_id, error)

    async def set_aside_polls(self, actor: Actor, name: str, stage: Stage) -> None:
        """After the actor joined a game (or opened one, or it began): their own timed polls it holds taken away,
        each with a word where it was, and its clock stopped (see game_holds.polls_to_set_aside). Best effort:
        the game goes on without it, and a poll not set aside now is tried again when the game begins (else the
        sweep stops its clock when its time is up, Expiry._time_up)."""
        try:
            asides = await self.core.turns.run(actor, lambda turn: polls_to_set_aside(
                self.core, turn.uow, turn.actor, turn.user_id, name, turn.words), heard=False)  # maybe at a begin
        except Exception:  # the database failed: the game goes on
            log.exception("could not read %s user %s's polls held by a game", actor.platform, actor.user_id)
            return
        for aside in asides:
            try:
                if (became := await stage(aside.chat_id).set_aside(aside)) is not Aside.NOT_YET:
                    await self.core.turns.run(actor, self._clock_stopper(aside, became), heard=False)
            except Exception as error:  # the chat refused, or the network failed: the game goes on
                log.info("could not set aside poll message %s in chat %s: %s", aside.link.message_key,
                         aside.chat_id, error)

    async def set_aside_players_polls(self, platform: str, game_id: str, stage: Stage) -> None:
        """As the game begins: every player's polls not set aside when they joined (see ``set_aside_polls``)."""
        async def players(uow: UnitOfWork) -> list[tuple[Actor, str]]:
            found = [(await uow.users.by_id(player.user_id), player.name)
                     for player in await uow.games.players(game_id)]
            return [(Actor(platform, user.platform_user_id), name) for user, name in found if user is not None]
        try:
            playing = await self.core.turns.run_unlocked(players)
        except Exception:  # the game goes on
            log.exception("could not read game %s's players to set their polls aside", game_id)
            return
        for actor, name in playing:
            await self.set_aside_polls(actor, name, stage)

    def _clock_stopper(self, aside: SetAside, became: Aside) -> Callable[[Turn], Awaitable[None]]:
        async def stop(turn: Turn) -> None:
            await clock_stopped(turn.uow, aside, self.core.clock() if became is Aside.REMOVED else None)
            await turn.uow.commit()
        return stop

    async def act(self, actor: Actor, game_id: str, work: Callable[[Turn], Awaitable[list[GameEvent] | Notice]],
                  stage: Stage, *, create_user: bool = True, set_aside: bool = True,
                  acknowledge: Acknowledge | None = None, tell_starter: bool = False) -> Notice | None:
        """``work`` in the actor's turn under the game's lock, then its events shown; the actor's refusal, or why
        the game stopped if the chat refused one of them. ``set_aside``, ``tell_starter``: see ``show``.
        ``acknowledge`` hears the turn's answer (None: done) before its events are shown: best effort, the events
        are shown all the same."""
        async with self.locks.of(game_id):
            reply = await self.core.turns.run(actor, work, create_user=create_user)
            if acknowledge is not None:
                try:
                    await acknowledge(reply if isinstance(reply, Notice) else None)
                except Exception:  # the platform failed to answer: what the turn did must still be seen
                    log.exception("could not acknowledge %s user %s's action on game %s", actor.platform,
                                  actor.user_id, game_id)
            if isinstance(reply, Notice):
                return reply
            refused = await self.show(actor.platform, reply, stage, set_aside=set_aside, tell_starter=tell_starter)
        if refused is None:
            return None
        right, heard = refused
        _ = await self.core.turns.words(actor)  # after the game's lock: their own comes first
        return Notice(views.refused_note(right, _), NoticeCode.CHAT_REFUSED if heard else NoticeCode.CHAT_UNHEARD,
                      _.language)

    async def close_answered(self, platform: str, game_id: str, stage: Stage) -> None:
        """The open question closes if every player has answered it (its close was put off for votes under way)."""
        async def close(uow: UnitOfWork) -> list[GameEvent]:
            game = await uow.games.get(game_id)
            if game is None or game.state is not GameState.ASKING or not await uow.games.all_answered(
                    game.id, game.position):
                return []
            events = await self.phases.close(uow, game, self.core.clock())
            await uow.commit()
            return events
        async with self.locks.of(game_id):
            await self.show(platform, await self.core.turns.run_unlocked(close), stage, tell_starter=True)

    async def stop_removed(self, game_ids: list[str]) -> int:
        """The bot was removed from the chat (or server) these games run in: each stops now, as when its chat
        refuses a message, rather than when its next message is refused, and its players are free at once.
        Nothing is said there: the chat takes nothing from the bot any more. How many stopped."""
        stopped = 0
        for game_id in game_ids:
            async with self.locks.of(game_id):
                stopped += await self._stop_refused(game_id, N_("Send Messages"), None) is not None
        return stopped

    async def _stop_refused(self, game_id: str, right: str, surface: GameSurface | None) -> bool | None:
        """The chat won't take the game's messages: stop it, and say why if the chat still takes a text (a
        ``surface`` None: it takes nothing). Whether the chat was told why (its podium posted); None if the game
        was over already."""
        async def stop(uow: UnitOfWork) -> GamePodium | None:
            game = await uow.games.get(game_id)
            if game is None or not game.state.live:
                return None
            podium = await self.phases.finish(uow, game, self.core.clock(), refused=right)
            await uow.commit()
            return podium
        podium = await self.core.turns.run_unlocked(stop)
        if podium is None:
            return None
        if surface is None:  # nothing refused: the chat is gone for the bot
            log.warning("game %s stopped: the bot was removed from its chat, or the chat deleted", game_id)
            return False
        log.warning("game %s stopped: its chat refused a message (%s)", game_id,
                    right if right in (HELD_BACK, CLOSED, TOPIC_CLOSED, MOVED_TO_A_GAME) else f"missing {right}")
        try:
            await surface.podium(podium)
        except Exception as error:  # the chat takes nothing at all: the game is over all the same
            log.info("could not tell game %s's chat why it stopped: %s", game_id, error)
            return False
        return True

    def may_control(self, actor: Actor, game: GameRecord, user_id: int | None, moderator: bool) -> bool:
        """The starter, an admin of the game's chat (the adapter knows whose chat it asked about: the one the
        press came from, perhaps a forwarded button's), or one of the bot's admins."""
        return (user_id == game.starter_id or (moderator and actor.chat_id == game.chat_id)
                or self.admins.is_admin(actor))


async def _withdraw(surface: GameSurface, question: GameQuestion, posted: Posted) -> None:
    """A question's second message taken away (see SecondAsk): best effort, the game goes on with the first."""
    try:
        await surface.withdraw_question(question, posted)
    except Exception as error:  # the chat or the network failed: two polls of it stay up
        log.warning("could not take away message %s, game %s's question %d asked twice: %s", posted.message_id,
                    question.game_id, question.position + 1, error)
