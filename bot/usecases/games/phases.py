"""A game's phases: lobby, then each question (open, then its results), then the podium.

Each move changes the stored game and returns what to show; the caller commits, then shows it. Both a person
(the starter pressing Start, the last player answering) and the sweep (a phase's time ran out) move a game on,
through these same functions, under the game's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from bot.content.models import Quiz, localized
from bot.games import views
from bot.games.delivery import Posted
from bot.games.records import GameMessageLink, GameRecord, GameState, unheard_key
from bot.games.replies import GameBegins, GameEvent, GameLobby, GamePodium, GameQuestion
from bot.games.rules import GRACE, RESULTS_SECONDS, places, standings
from bot.i18n import Localizer, UiTexts
from bot.ports import UnitOfWork
from bot.views import shown_options

ASKED_AGAIN = "asked again:"  # a question asked again after its message never went out, among the game's links


class SecondAsk:
    """keep_posted's word for a question's message that went up after another of the same question was kept (one
    process's send held past its time, by a 429 say, while another process asked it again, taking it for a send
    never made): the caller takes it away, else the chat has two polls of one question."""


SECOND_ASK = SecondAsk()


class Phases:
    def __init__(self, texts: UiTexts, quiz_of: Callable[[GameRecord], Quiz | None]) -> None:
        self._texts = texts
        self._quiz_of = quiz_of

    def words(self, game: GameRecord) -> Localizer:
        """The chat's words: everything everyone sees is in the game's language."""
        return self._texts.for_language(game.language)

    async def move_on(self, uow: UnitOfWork, game: GameRecord, now: datetime) -> list[GameEvent]:
        """Whatever comes next: the lobby closes, a question closes, or the next question (or podium) follows."""
        if game.state is GameState.ASKING:
            return await self.close(uow, game, now)
        if game.state in (GameState.LOBBY, GameState.SHOWING):
            return await self.ask_next(uow, game, now)
        return []

    async def ask_next(self, uow: UnitOfWork, game: GameRecord, now: datetime) -> list[GameEvent]:
        """From the lobby, the first question (after the list of players); from results, the next question or
        the podium. Questions a reload removed before they were asked leave the game (all of them when the quiz
        is gone): "Question 2 of 2" and the podium's "2 of 2 right" count only what is asked."""
        _ = self.words(game)
        quiz = self._quiz_of(game)
        events: list[GameEvent] = []
        game.position = 0 if game.state is GameState.LOBBY else game.position + 1
        # Questions a reload removed leave the game before they are asked (the rest too when the quiz is gone).
        planned = len(game.question_ids)
        game.question_ids[game.position:] = [question_id for question_id in game.question_ids[game.position:]
                                             if quiz is not None and quiz.question(question_id) is not None]
        if game.state is GameState.LOBBY and game.question_ids:  # none left: no "Game on!" over a podium at once
            events.append(await self.begins(uow, game))
        question = quiz.question(game.current_question_id or "") if quiz is not None else None
        if quiz is not None and question is not None:
            game.state, game.asked_at, game.question_message = GameState.ASKING, now, None
            # The options as shown now, which votes name by number: a reload since the lobby opened may have
            # removed or added some.
            game.option_orders[question.id] = shown_options(question, game.option_orders.get(question.id, []))
            game.asked_with(question.id, question.answer, question.options_digest, question.option_digests,
                            question.prompt_digest)
            # The vote's grace is part of the deadline: the sweep closes the question once it has passed.
            game.deadline = question_deadline(game, now)
            game.updated_at = now
            await uow.games.update(game)
            return [*events, views.question(game, question, _)]
        # Ended by the removal (else the game was over as planned): the podium says why
        return [*events, await self.finish(uow, game, now, cut_short=len(game.question_ids) < planned)]

    async def ask_unsent(self, uow: UnitOfWork, game: GameRecord, now: datetime) -> list[GameEvent]:
        """At its deadline, the open question whose message never went out (the process that asked it stopped
        before posting it: killed, or its stop cut the send off): asked again with its whole time, once, rather than
        closed with results for a question nobody saw (its answer given away, counted against everyone). Nothing
        otherwise (posted, or unheard: sent, its id unknown; answered; asked again before; removed or changed)."""
        if game.state is not GameState.ASKING or game.question_message is not None:
            return []
        again = not_again(game.platform, game.id, game.position)
        quiz = self._quiz_of(game)
        question = quiz.question(game.current_question_id or "") if quiz is not None else None
        unheard = await uow.games.link(game.platform, unheard_key(game.id))
        if (question is None or views.reworded(game, question)
                or (unheard is not None and unheard.position == game.position)
                or await uow.games.link(game.platform, again.message_key) is not None
                or await uow.games.answers(game.id, game.position)):  # (a vote on it: it went out, unheard)
            return []
        await uow.games.add_link(again)
        game.asked_at, game.updated_at, game.deadline = now, now, question_deadline(game, now)
        await uow.games.update(game)
        return [views.question(game, question, self.words(game))]

    async def begins(self, uow: UnitOfWork, game: GameRecord) -> GameBegins:
        """The lobby becomes the list of players: not who left the chat from the lobby."""
        here = [player for player in await uow.games.players(game.id) if player.left_position is None]
        return views.begins(game, here, self.words(game))

    async def close(self, uow: UnitOfWork, game: GameRecord, now: datetime) -> list[GameEvent]:
        """The current question's results; the next question follows after time to read them."""
        await uow.games.drop_unheard(game.platform, game.id)  # its poll, if unheard, takes no votes any more
        quiz = self._quiz_of(game)
        question = quiz.question(game.current_question_id or "") if quiz else None
        # A reload removed it (or the whole quiz) mid-question, or changed what its options say: no results
        if question is None or views.reworded(game, question):
            removed = game.question_message  # closed by the next question (or the podium, which finds it open)
            await _pass_over(uow, game)
            return [replace(event, passed_over=removed) if isinstance(event, GameQuestion) else event
                    for event in await self.ask_next(uow, game, now)]
        players = await uow.games.players(game.id)
        answers = await uow.games.answers(game.id, game.position)
        early = game.deadline is not None and now < game.deadline - GRACE
        game.state, game.deadline, game.updated_at = GameState.SHOWING, now + timedelta(seconds=RESULTS_SECONDS), now
        await uow.games.update(game)
        asked = views.as_asked(game, question)  # the answer its poll showed, whatever a reload named since
        return [views.results(game, asked, answers, players, self.words(game), closed_early=early)]

    async def finish(self, uow: UnitOfWork, game: GameRecord, now: datetime, *,
                     stopped_by: str | None = None, refused: str | None = None,
                     cut_short: bool = False) -> GamePodium:
        """Ranks, the game closed, and the podium (``stopped_by``: a person ended it early; ``refused``: the chat
        refused its messages, for lack of that right; ``cut_short``: a reload removed the questions left)."""
        open_question = game.question_message if game.state is GameState.ASKING else None
        if game.state is GameState.ASKING:  # its poll, if unheard, takes no votes any more
            await uow.games.drop_unheard(game.platform, game.id)
        open_lobby = game.lobby_message if game.state is GameState.LOBBY else None  # stopped before it began
        asked = game.position + (1 if game.state is GameState.SHOWING else 0)  # the questions closed
        # Stopped mid-question: that question counts only for those who answered it in time (a refused one was
        # never seen, so it counts for nobody). A last question a reload removed, passed over, is past already:
        # counted in ``asked``, and _pass_over took it off for who hadn't answered it (none answered here).
        stopped_open = game.state is GameState.ASKING and not refused
        answered_open = frozenset(answer.user_id for answer in await uow.games.answers(game.id, game.position)
                                  ) if stopped_open else frozenset()
        players = standings(await uow.games.players(game.id))
        for rank, player in zip(places(players), players, strict=True):  # a tie on points and time shares it
            player.rank = rank
            await uow.games.update_player(player)
        game.state = GameState.STOPPED if stopped_by or refused else GameState.FINISHED
        game.deadline, game.finished_at, game.updated_at = None, now, now
        await uow.games.update(game)
        quiz = self._quiz_of(game)
        title = localized(quiz.title, game.language) if quiz else game.quiz_id
        return views.podium(game, title, players, min(asked, len(game.question_ids)), self.words(game),
                            stopped_by=stopped_by, refused=refused, open_question=open_question,
                            open_lobby=open_lobby, answered_open=answered_open, questions_removed=cut_short)

    async def keep_posted(self, uow: UnitOfWork, platform: str, event: GameEvent, posted: Posted,
                          now: datetime) -> bool | GameBegins | SecondAsk:
        """Store what a platform posted for the game (the caller commits): the lobby's message, the question's
        message and, when votes name a key of their own (a poll), which question they answer (its key unknown: that
        the question went out unheard, Posted.unheard). A question's clock
        starts again ``now``, as it appears: flood control may have held it back for seconds, while a Telegram
        poll's own time (open_period) only starts when it arrives, and answer times should count from then.
        Whether it is over already: a lobby whose game ended meanwhile, or a question the game moved past
        (stopped, or closed early, in another process, which found no message to close): the caller closes the
        question, or takes the lobby's buttons away. A lobby whose game began meanwhile (in another process,
        which found no lobby message to turn into the list of players): the list it is to become, without Join
        and Start (a press on Start could only be refused). SECOND_ASK: a question's second message (SecondAsk)."""
        game = await uow.games.get(event.game_id)  # the row lock: a move elsewhere is over, or waits for this
        if game is None:
            return False
        # Kept all the same: votes and presses hear it is over
        ended = not game.state.live or (isinstance(event, GameQuestion) and not (
            game.state is GameState.ASKING and game.position == event.position))
        # Posted in a chat the game has left since (it moved as it went up): its id, that chat's, is not kept
        left = (posted.chat_id or event.chat_id) != game.chat_id
        if isinstance(event, GameLobby):
            game.lobby_message = None if left else posted.message_id
        elif isinstance(event, GameQuestion) and game.position == event.position:
            if not ended and game.question_message not in (None, posted.message_id):
                if posted.answer_key is not None:  # a vote on it before it is gone counts, as on the other
                    await uow.games.add_link(GameMessageLink(platform, posted.answer_key, game.id, event.position))
                elif posted.unheard:  # up perhaps, its id unknown: not to be taken away, but its votes count
                    await uow.games.add_unheard(platform, game.id, event.position)
                    return False
                return SECOND_ASK
            if left and posted.message_id is not None:  # it went up all the same: not to be asked again
                await _not_asked_again(uow, game)
            game.question_message = None if left else posted.message_id
            if game.state is GameState.ASKING and game.asked_at is not None and now > game.asked_at:
                game.asked_at, game.deadline = now, question_deadline(game, now)
        else:
            return ended
        await uow.games.update(game)
        if isinstance(event, GameQuestion) and posted.answer_key is not None:
            await uow.games.add_link(GameMessageLink(platform, posted.answer_key, game.id, event.position))
        elif isinstance(event, GameQuestion) and posted.unheard and not ended:
            await uow.games.add_unheard(platform, game.id, event.position)
        if isinstance(event, GameLobby) and not ended and game.state is not GameState.LOBBY:
            return await self.begins(uow, game)
        return ended


async def _pass_over(uow: UnitOfWork, game: GameRecord) -> None:
    """The open question, which a reload removed, goes without results: it took no answers once removed, so it
    counts only for the players who answered it before (as a question a game is stopped at); for the others
    there it is one not theirs to score, as one asked while they were out of the chat."""
    answered = {answer.user_id for answer in await uow.games.answers(game.id, game.position)}
    for player in await uow.games.players(game.id):
        there = player.joined_position <= game.position and (
            player.left_position is None or player.left_position > game.position)
        if there and player.user_id not in answered:
            player.away_questions += 1
            await uow.games.update_player(player)


def not_again(platform: str, game_id: str, position: int) -> GameMessageLink:
    """The link that keeps the game's question at ``position`` from being asked again by ``ask_unsent``: it was
    asked again once, or its unheard message took a vote, which may have left no answer (refused: its voter plays
    the quiz elsewhere) yet says it went out."""
    return GameMessageLink(platform, f"{ASKED_AGAIN}{game_id}/{position}", game_id, position)


def question_deadline(game: GameRecord, now: datetime) -> datetime:
    """When a question asked ``now`` closes: its seconds, and the vote's grace."""
    return now + timedelta(seconds=game.question_seconds) + GRACE


async def forget_old_chat_messages(uow: UnitOfWork, game_id: str, new_chat_id: str) -> None:
    """The game's chat got a new id (a Telegram group became a supergroup) and the game went with it: the messages it
    kept (its lobby, its open question) stay in the old chat, read-only, and their ids, which are per chat, could
    name another of the bot's messages in the new one, so they are forgotten (as gone). Its open question, posted,
    is not asked again for that (ask_unsent): it closes at its time, its results in the new chat."""
    game = await uow.games.get(game_id)
    if game is None or game.chat_id != new_chat_id or (game.lobby_message is None and game.question_message is None):
        return
    if game.state is GameState.ASKING and game.question_message is not None:
        await _not_asked_again(uow, game)
    game.lobby_message = game.question_message = None
    await uow.games.update(game)


async def _not_asked_again(uow: UnitOfWork, game: GameRecord) -> None:
    """The open question went up, though its message is not kept (left in a chat the game moved from)."""
    again = not_again(game.platform, game.id, game.position)
    if await uow.games.link(game.platform, again.message_key) is None:
        await uow.games.add_link(again)
