"""Opening a game in a chat, joining it, and beginning it before the lobby's time is up."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.content.models import Quiz
from bot.games import views
from bot.games.delivery import Stage
from bot.games.ports import GameAlreadyRunning
from bot.games.records import GameRecord, GameState, PlayerRecord
from bot.games.replies import GameEvent
from bot.games.rules import (
    LOBBY_SECONDS,
    MAX_QUESTION_SECONDS,
    MIN_QUESTION_SECONDS,
    QUESTION_SECONDS,
    clamp_seconds,
    typed_seconds,
)
from bot.i18n import Localizer
from bot.notices import named_quiz, playing_elsewhere, quiz_not_found
from bot.replies import Actor, Notice, NoticeCode
from bot.turns import Turn
from bot.usecases.games.chat_language import games_language
from bot.usecases.games.table import Acknowledge, GameTable


class GameLobbies:
    def __init__(self, table: GameTable) -> None:
        self._table = table

    async def open(self, actor: Actor, name: str, scope_id: str, reference: str | None, seconds: int | None,
                   stage: Stage, *, before_last: str | None = None, exact: bool = False,
                   acknowledge: Acknowledge | None = None) -> Notice | None:
        """A lobby for the named quiz in the actor's chat, with them as its first player; or why not.
        ``scope_id``: whose leaderboard the game counts for (the Telegram group, the Discord server).
        ``before_last``: see ``open_typed``. ``exact``: ``reference`` is a quiz id (a button's), taken as it is: a
        quiz a reload removed is no quiz, not another that its id names by tag or in part. ``acknowledge`` hears
        the answer (None: opened) before the lobby is shown and the starter's polls are set aside, as ``join``'s
        does: a press Telegram waits on must not wait for the group's messages, nor for other chats."""
        game_id = f"{self._table.core.rng.getrandbits(128):032x}"
        # Under the new game's lock: its id is kept before anyone can press Start. A refused lobby is said to its
        # starter alone: nobody else saw the game.
        refused = await self._table.act(actor, game_id, lambda turn: self._open(
            turn, game_id, name, scope_id, reference, seconds, before_last, exact), stage, acknowledge=acknowledge)
        if refused is None:  # the starter plays from the lobby on: their own polls the game holds are set aside
            await self._table.set_aside_polls(actor, name, stage)
        return refused

    async def open_typed(self, actor: Actor, name: str, scope_id: str, typed: str, stage: Stage) -> Notice | None:
        """As ``open``, from ``QUIZ [SECONDS]`` typed as one line (Telegram's /game). The seconds come last, if
        they are a number; every word before them names the quiz (a title has spaces: "/game mawasiliano ya
        pamoja 20"). A last word that isn't a number is part of the name, so "/game fsdp 20s" isn't 30 seconds
        chosen silently; but when the words before it name a quiz and all of them don't, that word was the
        seconds mistyped ("/game fsdp -3", "10.5"): said so, not "no quiz"."""
        words = typed.split()
        named, seconds = typed_seconds(words)
        before_last = " ".join(words[:-1]) if seconds is None and len(words) > 1 else None
        return await self.open(actor, name, scope_id, " ".join(named) or None, seconds, stage,
                               before_last=before_last)

    async def join(self, actor: Actor, name: str, game_id: str, stage: Stage,
                   acknowledge: Callable[[Notice], Awaitable[None]] | None = None) -> Notice:
        """Join a live game (the answer goes only to the one who pressed Join); ``stage`` shows where the player's
        own polls the game holds are set aside. ``acknowledge`` hears the answer before that: a press Telegram
        waits on for its answer must not wait for messages to other chats as well."""
        async with self._table.locks.of(game_id):
            joined = await self._table.core.turns.run(actor, lambda turn: self._join(turn, name, game_id))
        if acknowledge is not None:
            await acknowledge(joined)
        if not joined.is_error:
            await self._table.set_aside_polls(actor, name, stage)
        return joined

    async def begin(self, actor: Actor, game_id: str, moderator: bool, stage: Stage,
                    acknowledge: Acknowledge | None = None) -> Notice | None:
        """Start now rather than when the lobby's time is up: for the starter or an admin. The players' own polls
        the game holds are set aside once it has begun. ``acknowledge`` hears the answer (None: begun) before the
        list of players and the first question are shown, as ``open``'s does: the press waits for its answer,
        not for the group's messages (behind its 20 a minute) nor each player's reads and messages. What the
        chat then refuses is returned (its podium said why in the chat, if it could: CHAT_REFUSED)."""
        refused = await self._table.act(actor, game_id, lambda turn: self._begin(turn, game_id, moderator), stage,
                                        set_aside=False, acknowledge=acknowledge)
        if refused is None:
            await self._table.set_aside_players_polls(actor.platform, game_id, stage)
        return refused

    async def _open(self, turn: Turn, game_id: str, name: str, scope_id: str, reference: str | None,
                    seconds: int | None, before_last: str | None = None,
                    exact: bool = False) -> list[GameEvent] | Notice:
        """``before_last``: the words typed before a last word that isn't a number, if the whole names no quiz."""
        core, _, uow = self._table.core, turn.words, turn.uow
        catalog = core.library.catalog
        if reference is None:
            example = catalog.quizzes[0].id if catalog.quizzes else "…"
            return Notice(_("Send /game followed by a quiz id, for example: /game {quiz_id}", quiz_id=example),
                          NoticeCode.NAME_A_QUIZ, _.language)
        quiz = (catalog.get(reference) or quiz_not_found(reference, _)) if exact \
            else named_quiz(catalog, reference, _)
        if isinstance(quiz, Notice) and quiz.code is NoticeCode.QUIZ_NOT_FOUND and before_last:
            named = named_quiz(catalog, before_last, _)
            if isinstance(named, Quiz):
                return _seconds_mistyped(named, _)
            if named.code is NoticeCode.WHICH_QUIZ:  # the words before it name several: which one, first
                return named
        if isinstance(quiz, Notice):
            return quiz
        now = core.clock()
        language = await games_language(uow, turn.actor, scope_id) or _.language
        game = GameRecord(game_id, turn.actor.platform, turn.actor.chat_id or scope_id, scope_id, quiz.id,
                          turn.user_id, language, [question.id for question in quiz.questions],
                          self._shuffled_options(quiz), clamp_seconds(seconds), now, now,
                          deadline=now + timedelta(seconds=LOBBY_SECONDS))
        try:
            await uow.games.add(game)
        except GameAlreadyRunning:
            return Notice(_("A game is already running in this chat. Play along, or wait for it to end."),
                          NoticeCode.GAME_RUNNING, _.language)
        if await uow.games.live_played_by(turn.user_id, quiz.id) is not None:  # not this one: nobody is in it yet
            return playing_elsewhere(quiz, _)  # not committed: the game added is rolled back
        await uow.games.add_player(PlayerRecord(game.id, turn.user_id, name, now, 0))
        players = await uow.games.players(game.id)
        await uow.commit()
        return [views.lobby(game, quiz, players, name, self._table.phases.words(game), seconds)]

    def _shuffled_options(self, quiz: Quiz) -> dict[str, list[str]]:
        """One order per question for everyone in the game (the files put the answer anywhere; so does this)."""
        orders = {}
        for question in quiz.questions:
            order = [option.id for option in question.options]
            self._table.core.rng.shuffle(order)
            orders[question.id] = order
        return orders

    async def _join(self, turn: Turn, name: str, game_id: str) -> Notice:
        core, _, uow = self._table.core, turn.words, turn.uow
        game = await uow.games.get(game_id)
        if game is None or not game.state.live:
            return Notice(_("This game is over. Start a new one with /game."), NoticeCode.NO_GAME, _.language)
        if turn.actor.chat_id != game.chat_id:  # its lobby forwarded elsewhere: the game's polls never reach there,
            # and the game would wait for this player's answer at every question
            return Notice(_("This game is played in another chat: join it there."), NoticeCode.NO_GAME, _.language)
        if game.state is GameState.LOBBY and core.library.catalog.get(game.quiz_id) is None:  # a reload removed it
            return Notice(_("This quiz was removed before the game began, so the game can't be played."),
                          NoticeCode.NO_GAME, _.language)
        # Joined at the question now open (its answer still counts), or at the next one once its results are up.
        joined_at = 0 if game.state is GameState.LOBBY else game.position + (game.state is GameState.SHOWING)
        if joined_at >= len(game.question_ids):  # the last results are up: a player would score on nothing
            return Notice(_("No questions are left in this game. Join the next one!"), NoticeCode.NO_GAME,
                          _.language)
        if (elsewhere := await uow.games.live_played_by(turn.user_id, game.quiz_id)) is not None \
                and elsewhere.id != game.id:
            return playing_elsewhere(core.library.catalog.get(game.quiz_id) or game.quiz_id, _)
        added = await uow.games.add_player(PlayerRecord(game.id, turn.user_id, name, core.clock(), joined_at))
        if not added:
            player = await uow.games.player(game.id, turn.user_id)
            if player is None or player.left_position is None:
                return Notice(_("You're already in this game."), language=_.language)
            player.back(joined_at)  # left the chat and came back: waited for again, as a vote of theirs does
            await uow.games.update_player(player)
        count = sum(player.left_position is None for player in await uow.games.players(game.id))  # not who left
        await uow.commit()
        return Notice(_.ngettext("You're in! {n} player so far.", "You're in! {n} players so far.", count),
                      language=_.language)

    async def _begin(self, turn: Turn, game_id: str, moderator: bool) -> list[GameEvent] | Notice:
        table, _, uow = self._table, turn.words, turn.uow
        game = await uow.games.get(game_id)
        if game is None or not game.state.live:
            return Notice(_("This game is over. Start a new one with /game."), NoticeCode.NO_GAME, _.language)
        if game.state is not GameState.LOBBY:
            return Notice(_("This game has already begun."), NoticeCode.NO_GAME, _.language)
        if not table.may_control(turn.actor, game, turn.user_id, moderator):
            return Notice(_("Only the player who started this game, or an admin of this chat, can do that."),
                          NoticeCode.NOT_ALLOWED, _.language)
        events = await table.phases.ask_next(uow, game, table.core.clock())
        await uow.commit()
        return events


def _seconds_mistyped(quiz: Quiz, _: Localizer) -> Notice:
    """The seconds typed after a quiz's name aren't a whole number (clamp_seconds brings a number into range)."""
    return Notice(_("The seconds per question must be a whole number from {low} to {high}, for example: "
                    "/game {quiz_id} {seconds}", low=MIN_QUESTION_SECONDS, high=MAX_QUESTION_SECONDS,
                    quiz_id=quiz.id, seconds=QUESTION_SECONDS), language=_.language)
