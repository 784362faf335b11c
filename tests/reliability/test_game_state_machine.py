"""Hypothesis drives group games on the real engine (a SQLite file, or PostgreSQL) through random sequences of
what a group does: open a game in either of two chats, join, begin, vote by button or poll (in time or late, in
range or not, twice), skip, stop (allowed or not), ask for an explanation, look at the leaderboard, play a quiz
alone meanwhile, let time pass for the sweeps, restart on the same database. After every step the stored games,
what each chat was shown and the replies must keep what players rely on (tests/reliability/game_model.py), and
nothing may be logged as an error."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from bot.content.library import ContentLibrary
from bot.games.delivery import Posted
from bot.games.replies import GameBegins, GameExplanation, GameQuestion, GameResults, GameVote, Leaderboard, Skipped
from bot.reload_report import ReloadReport
from bot.replies import Actor, AnswerOutcome, Expired, Notice, Started, Summary
from tests.fakes.game_stage import RecordingStage
from tests.pg_cluster import empty_database
from tests.reliability import content_edits
from tests.reliability import engine_model as model
from tests.reliability import game_model as games
from tests.reliability.engine_runner import EngineRunner

PLAYERS = st.integers(0, 2)
CHATS = ("-100", "-200")
OPTION = st.integers(-1, 3)  # the fixture's questions have 2 or 3 options: some picks are out of range
NAMES = ("Ada", "Bayo", "Chido")
OPERATOR = Actor("terminal", "operator")  # trusted with admin commands


class KeyedStage(RecordingStage):
    """Game polls with keys of their own (never a solo poll's), remembered by game and position."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: dict[tuple[str, int], str] = {}

    def posted(self, chat_id: str) -> Posted:
        posted = super().posted(chat_id)
        event = self.shown[chat_id][-1]  # what was just shown: the lobby, or the question this poll asks
        if not isinstance(event, GameQuestion):
            return posted
        key = self.keys[(event.game_id, event.position)] = f"game-{posted.answer_key}"
        return Posted(posted.message_id, key)


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class GameMachine(EngineRunner, RuleBasedStateMachine):
    def __init__(self, database_url: str | None = None) -> None:
        RuleBasedStateMachine.__init__(self)
        self.errors = ErrorLog()
        self.stage = KeyedStage()
        self.served = content_edits.EDITS[0]
        self.polls: list[str] = []
        self.surfaces = [model.RecordingSurface(str(n + 1), self.polls) for n in range(len(NAMES))]
        EngineRunner.__init__(self, database_url)
        logging.getLogger().addHandler(self.errors)  # once set up: teardown removes it
        self.stored = self.run(games.read_games(self.database))

    def teardown(self) -> None:
        logging.getLogger().removeHandler(self.errors)
        super().teardown()

    def actor(self, player: int, chat: str | None) -> Actor:
        """The player in a group chat, or (None) in their own private chat."""
        return Actor("telegram", str(player + 1), chat or str(player + 1), ("en", "yo", "sn")[player])

    def step(self, call: Coroutine[Any, Any, object], tick: bool = True) -> object:
        """One engine call, a second after the last unless not ``tick``; everything checked after it."""
        shown = {chat: len(self.stage.shown[chat]) for chat in CHATS}
        if tick:
            self.clock.advance(timedelta(seconds=1))
        reply = self.run(call)
        after = self.run(games.read_games(self.database))
        problems = games.games_problems(self.catalog, self.stored, after)
        for chat in CHATS:
            problems += games.shown_problems(self.catalog, after, self.stage.shown[chat], shown[chat])
        problems += [f"logged: {record.getMessage()}" for record in self.errors.records]
        assert not problems, (reply, problems, {chat: self.stage.shown[chat][shown[chat]:] for chat in CHATS})
        self.before, self.stored = self.stored, after
        return reply

    def game_in(self, chat: str) -> str | None:
        """The chat's latest game, live or not (a button on an old lobby or question still names it)."""
        mine = [game_id for game_id, game in self.stored.games.items() if game.chat_id == chat]
        shown = [event.game_id for event in self.stage.shown[chat] if event.game_id in mine]
        return shown[-1] if shown else None

    # -- what a group does --------------------------------------------------------------------------------

    @initialize(quizzes=st.lists(st.sampled_from(["collectives", "long-options"]), min_size=2, max_size=2),
                begun=st.booleans())
    def groups_gather(self, quizzes: list[str], begun: bool) -> None:
        """A game in each chat, opened by another player, everyone joined; the first one begun maybe."""
        for starter, (chat, quiz) in enumerate(zip(CHATS, quizzes, strict=True)):
            self.open_game(starter, chat, quiz, None)
            for player in range(len(NAMES)):
                self.join(player, chat)
        if begun:
            self.begin(0, CHATS[0], False)

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), quiz=st.sampled_from(["collectives", "long-options", "x"]),
          seconds=st.sampled_from([None, 10, 45]))
    def open_game(self, player: int, chat: str, quiz: str, seconds: int | None) -> None:
        live_before = [game_id for game_id in self.stored.live() if self.stored.games[game_id].chat_id == chat]
        reply = self.step(self.engine.games.open(self.actor(player, chat), NAMES[player], chat, quiz, seconds,
                                                 self.stage))
        added = set(self.stored.games) - set(self.before.games)
        assert isinstance(reply, Notice) != bool(added), (reply, added)  # opened and shown, or told why not
        assert not (added and live_before), (live_before, added)  # one live game per chat

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS))
    def join(self, player: int, chat: str) -> None:
        if (game_id := self.game_in(chat)) is not None:
            reply = self.step(self.engine.games.join(self.actor(player, chat), NAMES[player], game_id, self.stage))
            assert isinstance(reply, Notice), reply

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), moderator=st.booleans())
    def begin(self, player: int, chat: str, moderator: bool) -> None:
        if (game_id := self.game_in(chat)) is not None:
            reply = self.step(self.engine.games.begin(self.actor(player, chat), game_id, moderator, self.stage))
            assert reply is None or isinstance(reply, Notice), reply

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), option=st.integers(0, 1), by_poll=st.booleans())
    def vote(self, player: int, chat: str, option: int, by_poll: bool) -> None:
        """On the chat's latest question, with an option it has."""
        self._vote(player, chat, option, by_poll, 0)

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), option=OPTION, by_poll=st.booleans(), age=st.integers(0, 2))
    def vote_again(self, player: int, chat: str, option: int, by_poll: bool, age: int) -> None:
        """On an older question (a late vote, a second tap), or an option out of range."""
        self._vote(player, chat, option, by_poll, age)

    def _vote(self, player: int, chat: str, option: int, by_poll: bool, age: int) -> None:
        asked = self.stage.of(chat, GameQuestion)
        if not asked:
            return
        question = asked[max(0, len(asked) - 1 - age)]
        game = self.stored.games[question.game_id]
        self.clock.advance(timedelta(seconds=1))
        key = (question.game_id, question.position, str(player + 1))
        # A question a reload removed (or its whole quiz) takes no votes; the game passes it over when it moves on.
        exists = model.answer_key(self.catalog, game.quiz_id, game.question_ids[question.position]) is not None
        counts = (exists and game.state == "asking" and game.position == question.position and game.deadline is not None
                  and self.clock() < game.deadline and 0 <= option < len(question.options)
                  and key not in self.stored.answers)
        actor = self.actor(player, chat)
        reply = self.step(self.engine.games.vote_on_message(
            actor, NAMES[player], self.stage.keys[(question.game_id, question.position)], option, self.stage)
            if by_poll else self.engine.games.vote(actor, NAMES[player], question.game_id, question.position,
                                                   option, self.stage), tick=False)
        assert isinstance(reply, GameVote) and reply.counted == counts, (reply, counts, game, self.clock())
        assert set(self.stored.answers) - set(self.before.answers) == ({key} if counts else set())

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), moderator=st.booleans(), stop=st.booleans())
    def skip_or_stop(self, player: int, chat: str, moderator: bool, stop: bool) -> None:
        """Move past the open question, or end the game (the starter or an admin only)."""
        if not stop:
            reply = self.step(self.engine.games.skip(self.actor(player, chat), moderator, self.stage))
            assert isinstance(reply, Notice | Skipped), reply
            return
        live = [game_id for game_id in self.stored.live() if self.stored.games[game_id].chat_id == chat]
        reply = self.step(self.engine.games.stop(self.actor(player, chat), NAMES[player], moderator, self.stage))
        assert reply is None or isinstance(reply, Notice), reply
        if reply is None:  # stopped: the chat's game ended
            assert live and self.stored.games[live[0]].state == "stopped", (live, self.stored.games)

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), offset=st.integers(-1, 1))
    def explain(self, player: int, chat: str, offset: int) -> None:
        """The "explain in my language" button, next to the game's question: never the answer of a question
        still open, or not yet asked."""
        if (game_id := self.game_in(chat)) is None:
            return
        game = self.stored.games[game_id]
        position = max(0, game.position + offset)
        results = {event.position for event in self.stage.shown[chat]
                   if event.game_id == game_id and isinstance(event, GameResults)}
        begun = any(isinstance(event, GameBegins) and event.game_id == game_id for event in self.stage.shown[chat])
        # Its results are up, or the game ended after it was asked: stopping closes the open question, and so
        # does a chat refusing to show it (nobody saw it, nobody can play it any more).
        closed = position in results or (game.state in games.ENDED and begun and position <= game.position)
        reply = self.step(self.engine.games.explain(self.actor(player, chat), game_id, position))
        assert isinstance(reply, GameExplanation | Notice), reply
        assert closed or isinstance(reply, Notice), (reply, game, results)

    @rule(player=PLAYERS, chat=st.sampled_from(CHATS), period=st.sampled_from(["week", "all"]))
    def leaderboard(self, player: int, chat: str, period: str) -> None:
        reply = self.step(self.engine.games.leaderboard(self.actor(player, chat), chat, period))
        assert isinstance(reply, Leaderboard), reply

    @rule(player=PLAYERS, quiz=st.sampled_from(["collectives", "long-options"]))
    def play_alone(self, player: int, quiz: str) -> None:
        """A quiz alone in the private chat, maybe the one a game plays: the game holds it meanwhile."""
        reply = self.step(self.engine.start_by_id(self.actor(player, None), quiz, self.surfaces[player]))
        assert isinstance(reply, Started | Notice | Summary), reply

    @rule(player=PLAYERS, option=OPTION, by_poll=st.booleans())
    def answer_alone(self, player: int, option: int, by_poll: bool) -> None:
        if not (asked := self.surfaces[player].asked):
            return
        key, view = asked[-1]
        actor, surface = self.actor(player, None), self.surfaces[player]
        reply = self.step(self.engine.answer_message(actor, key, option, surface) if by_poll else
                          self.engine.answer(actor, view.session_id, view.question_id, option, surface))
        assert isinstance(reply, AnswerOutcome | Notice), reply

    @rule(seconds=st.sampled_from([3, 12, 31, 50]))
    def time_passes(self, seconds: int) -> None:
        """The sweeps come by: every game's phase that is due moves on, and solo questions time out."""
        self.clock.advance(timedelta(seconds=seconds))

        async def tell(expired: Expired) -> None:
            await self.engine.deliver(expired.outcome, self.surfaces[int(expired.actor.user_id) - 1], "telegram")

        async def sweep() -> None:
            await self.engine.games.sweep("telegram", self.stage)
            await self.engine.expire_overdue("telegram", tell)
        self.step(sweep(), tick=False)
        late = [game_id for game_id in self.stored.live() if (deadline := self.stored.games[game_id].deadline)
                and deadline <= self.clock()]
        assert not late, [self.stored.games[game_id] for game_id in late]

    @rule(refusing=st.sampled_from([None, None, "Send Polls"]), failing_asides=st.integers(0, 2))
    def chats_change(self, refusing: str | None, failing_asides: int) -> None:
        """An admin takes the bot's right to post polls (games there stop), or gives it back; taking players'
        own polls away fails for a while (the games go on)."""
        self.stage.refusing, self.stage.failing_asides = refusing, failing_asides

    @rule(edit=st.sampled_from(content_edits.EDITS))
    def reload(self, edit: str) -> None:
        """An admin reloads edited content: games and sessions go on with what is left of their quiz."""
        content_edits.write(self.content, edit)
        report = self.step(self.engine.reload(OPERATOR))  # checked against the old content: a reload moves no game
        assert isinstance(report, ReloadReport) and report.ok == (edit != "broken"), report
        if not report.ok:  # still served: the files a restart loads
            content_edits.write(self.content, self.served)
            return
        self.served, self.catalog = edit, ContentLibrary.load(self.content).catalog

    @rule()
    def restart(self) -> None:
        """Close everything and open the same database again: the games stand where they stood."""
        self.reopen()
        assert self.run(games.read_games(self.database)) == self.stored

    @invariant()
    def nothing_moves_between_steps(self) -> None:
        assert self.run(games.read_games(self.database)) == self.stored


class TimedGameMachine(GameMachine):
    """Solo questions with a minute each, timing out in the sweeps, and held while a game plays their quiz."""
    limit = timedelta(minutes=1)


SMALL = settings(max_examples=20, stateful_step_count=40, deadline=None, derandomize=True, database=None)
GameMachine.TestCase.settings = TimedGameMachine.TestCase.settings = SMALL
TestGameStateMachine, TestTimedGameStateMachine = GameMachine.TestCase, TimedGameMachine.TestCase


class GamesOnPostgres(GameMachine):
    server_url = ""  # the test server's database: the test makes a subclass naming it

    def __init__(self) -> None:
        asyncio.run(empty_database(self.server_url))  # the last example's engine is disposed by now
        super().__init__(self.server_url)


class TimedGamesOnPostgres(GamesOnPostgres, TimedGameMachine):
    pass


@pytest.mark.parametrize("machine", [GamesOnPostgres, TimedGamesOnPostgres], ids=["untimed", "timed"])
def test_group_games_keep_what_players_rely_on_on_postgresql(machine: type[GamesOnPostgres],
                                                             postgres_server_url: str) -> None:
    on_this_server = type(machine.__name__, (machine,), {"server_url": postgres_server_url})
    run_state_machine_as_test(on_this_server, settings=settings(SMALL, max_examples=8))
