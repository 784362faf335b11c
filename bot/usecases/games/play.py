"""Playing a game: answers (the first is final, and the last one closes the question early), and the starter
or an admin stopping the game or moving past a question."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime

from bot.games import views
from bot.games.delivery import Stage
from bot.games.records import GameAnswerRecord, GameMessageLink, GameRecord, GameState, PlayerRecord
from bot.games.replies import GameEvent, GameVote, Skipped, VoteRefused
from bot.games.rules import GRACE, points
from bot.notices import playing_elsewhere
from bot.ports import AlreadyAnswered, UnitOfWork
from bot.replies import Actor, Notice, NoticeCode
from bot.turns import Turn
from bot.usecases.games.table import GameTable

Control = Callable[[Turn, GameRecord], Awaitable[list[GameEvent]]]
# Whether the voter is a member of this chat (the game's): asked of the platform when its votes name no chat
Membership = Callable[[str], Awaitable[bool]]
SKIP_KEY = "skip:"  # a skip command's key among a game's message links


@dataclass(frozen=True)
class Voted:
    vote: GameVote
    events: list[GameEvent]  # the question's results, when this was the last answer it waited for
    joined: bool = False  # the voter joined the game by answering
    # Nothing done: the voter would join (or come back) in this chat, voting at this moment; are they a member?
    ask_membership: tuple[str, datetime] | None = None
    left_the_chat: bool = False  # asked of a player who left it: told to rejoin it, not that it is another chat


class GamePlay:
    def __init__(self, table: GameTable) -> None:
        self._table = table

    async def vote(self, actor: Actor, name: str, game_id: str, position: int, option_index: int,
                   stage: Stage, member: Membership | None = None, *, closes_at_deadline: bool = False,
                   arrived: datetime | None = None) -> GameVote:
        """Score a player's answer to the game's question at ``position`` (joining them if new). ``member``: asked
        before a vote adds a player, or brings back one who left, when the vote names no chat (a Telegram poll
        forwarded elsewhere takes votes too): someone outside the game's chat never sees its next polls, and the
        game would wait for their answer at every question. A vote's time is when it came in: the sweep waits
        for the votes under way (a check takes seconds) before it closes the question. ``closes_at_deadline``:
        the platform's poll took no vote once the question's time was up (Telegram's open_period), so one coming
        in later (kept while the bot was down) was cast in time: it counts, timed at the poll's close.
        ``arrived``: when the platform delivered it, if its adapter looked for the poll first (not the voter's time)."""
        # Before the locks: the voter's may be held by a slow call of its own
        arrived = arrived or self._table.core.clock()
        try:
            with self._table.votes.voting(game_id):
                voted = await self._scored(actor, name, game_id, position, option_index, stage, member is None,
                                           arrived, closes_at_deadline)
                if voted.ask_membership is not None and member is not None:
                    # Asked outside the game's lock (a network call: the others' votes don't wait for it), then
                    # scored as voted when it came in
                    chat_id, at = voted.ask_membership
                    if await member(chat_id):
                        voted = await self._scored(actor, name, game_id, position, option_index, stage, True, at)
                    else:
                        _ = await self._table.core.turns.words(actor)
                        elsewhere = (_("You left this game's chat: rejoin it to play.") if voted.left_the_chat
                                     else _("You're not in this game's chat: join it to play."))
                        voted = Voted(replace(voted.vote, text=elsewhere, language=_.language,
                                              refused=VoteRefused.OTHER_CHAT), [])
        finally:  # a vote that failed (its check, its turn) ends too: the close put off for it is made all the same
            if self._table.votes.close_due(game_id):  # the last vote under way: the close put off for them
                await self._table.close_answered(actor.platform, game_id, stage)
        if voted.joined:
            await self._table.set_aside_polls(actor, name, stage)
        return voted.vote

    async def _scored(self, actor: Actor, name: str, game_id: str, position: int, option_index: int, stage: Stage,
                      in_chat: bool, at: datetime | None = None, closes_at_deadline: bool = False) -> Voted:
        table = self._table
        async with table.locks.of(game_id):
            voted = await table.core.turns.run(actor, lambda turn: self._vote(turn, name, game_id, position,
                                                                              option_index, in_chat, at,
                                                                              closes_at_deadline))
            refused = await table.show(actor.platform, voted.events, stage, tell_starter=True)
        if refused is None or refused[1]:
            return voted
        # Its results and the podium refused: counted, but the voter (answered where only they see it, on Discord)
        # is told why nothing shows rather than "Locked in" alone, as if all were well.
        _ = table.core.texts.for_language(voted.vote.language)  # the vote's own words, read in its turn
        said = f"{voted.vote.text}\n{views.refused_note(refused[0], _)}"
        return replace(voted, vote=replace(voted.vote, text=said))

    async def vote_on_message(self, actor: Actor, name: str, message_key: str, option_index: int,
                              stage: Stage, member: Membership | None = None, *, closes_at_deadline: bool = False,
                              arrived: datetime | None = None) -> GameVote | None:
        """A vote on a game's poll; None when no game asked on that message. ``closes_at_deadline``, ``arrived``: see
        vote."""
        async def find(uow: UnitOfWork) -> tuple[str, int] | None:
            link = await uow.games.link(actor.platform, message_key)
            return (link.game_id, link.position) if link else None
        found = await self._table.core.turns.run_unlocked(find)
        if found is None:
            return None
        return await self.vote(actor, name, found[0], found[1], option_index, stage, member,
                               closes_at_deadline=closes_at_deadline, arrived=arrived)

    async def left(self, actor: Actor, stage: Stage, parts: str | None = None) -> None:
        """The actor left the chat (or was removed): its games, those of its parts too (the chats whose ids begin
        with ``parts``: a Telegram forum's topics), no longer wait for their answers, and each closes its open
        question now if they were the last it waited for."""
        table = self._table

        async def live(uow: UnitOfWork) -> list[str]:
            return await uow.games.live_in_chat(actor.platform, actor.chat_id or "", parts)
        for game_id in await table.core.turns.run_unlocked(live):
            await self._leave(actor, game_id, stage)

    async def bot_removed(self, platform: str, chat_id: str, parts: str | None) -> int:
        async def live(uow: UnitOfWork) -> list[str]:
            return await uow.games.live_in_chat(platform, chat_id, parts)
        return await self._table.stop_removed(await self._table.core.turns.run_unlocked(live))

    async def bot_removed_from_scope(self, platform: str, scope_id: str) -> int:
        async def live(uow: UnitOfWork) -> list[str]:
            return await uow.games.live_in_scope(platform, scope_id)
        return await self._table.stop_removed(await self._table.core.turns.run_unlocked(live))

    async def _leave(self, actor: Actor, game_id: str, stage: Stage) -> None:
        table = self._table

        async def leave(turn: Turn) -> list[GameEvent] | Notice:
            game, uow = await turn.uow.games.get(game_id), turn.uow
            user_id = turn.user.id if turn.user is not None else None  # None: never used the bot, so no player
            player = await uow.games.player(game_id, user_id) if user_id is not None and game else None
            if game is None or not game.state.live or player is None or player.left_position is not None:
                return []
            answered = game.state is GameState.ASKING and any(
                answer.user_id == player.user_id for answer in await uow.games.answers(game.id, game.position))
            # There for the open question if they answered it; for those whose results are up in any case.
            player.left_position = (0 if game.state is GameState.LOBBY
                                    else game.position + (answered or game.state is GameState.SHOWING))
            await uow.games.update_player(player)
            events: list[GameEvent] = []
            if game.state is GameState.ASKING and await uow.games.all_answered(game.id, game.position) \
                    and not table.votes.put_off_close(game.id, voting=False):  # a vote under way closes it then
                events = await table.phases.close(uow, game, table.core.clock())
            await uow.commit()
            return events

        await table.act(actor, game_id, leave, stage, create_user=False, tell_starter=True)

    async def stop(self, actor: Actor, name: str, moderator: bool, stage: Stage) -> Notice | None:
        """End the chat's game now, with the podium so far: for the starter or an admin."""
        async def stop(turn: Turn, game: GameRecord) -> list[GameEvent]:
            return [await self._table.phases.finish(turn.uow, game, self._table.core.clock(), stopped_by=name)]
        refused = await self._control(actor, moderator, stage, stop)
        if refused is None or refused.code is not NoticeCode.CHAT_UNHEARD:
            return refused
        _ = await self._table.core.turns.words(actor)  # stopped all the same: only its podium went unseen
        return replace(refused, text=_("Game stopped.") + " " + refused.text)

    async def skip(self, actor: Actor, moderator: bool, stage: Stage, command: str | None = None) -> Notice | Skipped:
        """Close the open question now (or, from the lobby or results, go on to the next one): which move it made,
        or why not. ``command``: the message that asked, where the platform may deliver it again (Telegram, after
        a 503, a replica stopped mid-update, or a slow answer: then to two replicas at once); kept with the move, so
        a delivery again moves nothing, where a second move would close a question just asked, or cut the results
        short."""
        moved = Skipped.NEXT

        async def skip(turn: Turn, game: GameRecord) -> list[GameEvent]:
            nonlocal moved
            if command is not None:
                # Beside the polls' links (no poll's id looks like it), under the game's row lock: a delivery at
                # the same moment elsewhere waits for this one and finds it.
                done = GameMessageLink(actor.platform, f"{SKIP_KEY}{command}", game.id, game.position)
                if await turn.uow.games.link(done.platform, done.message_key) is not None:
                    return []  # the group saw it happen
                await turn.uow.games.add_link(done)
            events = await self._table.phases.move_on(turn.uow, game, self._table.core.clock())
            moved = Skipped.of(events)  # set again if the turn is tried again
            return events
        refused = await self._control(actor, moderator, stage, skip)
        return moved if refused is None else refused

    async def _control(self, actor: Actor, moderator: bool, stage: Stage, action: Control) -> Notice | None:
        table = self._table
        game_id = await table.live_game_id(actor.platform, actor.chat_id or "")
        if game_id is None:
            _ = await table.core.turns.words(actor)
            return Notice(_("No game is running in this chat. Start one with /game."), NoticeCode.NO_GAME,
                          _.language)

        async def work(turn: Turn) -> list[GameEvent] | Notice:
            _, uow = turn.words, turn.uow
            game = await uow.games.get(game_id)
            if game is None or not game.state.live:
                return Notice(_("This game is over. Start a new one with /game."), NoticeCode.NO_GAME, _.language)
            if not table.may_control(turn.actor, game, turn.user.id if turn.user else None, moderator):
                return Notice(_("Only the player who started this game, or an admin of this chat, can do that."),
                              NoticeCode.NOT_ALLOWED, _.language)
            events = await action(turn, game)
            await uow.commit()
            return events

        return await table.act(actor, game_id, work, stage, create_user=False)  # e.g. a skip the chat refused

    async def _vote(self, turn: Turn, name: str, game_id: str, position: int, option_index: int,
                    in_chat: bool, at: datetime | None = None, closes_at_deadline: bool = False) -> Voted:
        """``in_chat``: the voter is known to be in the game's chat (else a vote that would add them is not kept:
        ``Voted.ask_membership``). ``at``: when the vote came in, if before now (it waited for the locks, or its
        voter's membership was asked meanwhile)."""
        core, _, uow = self._table.core, turn.words, turn.uow
        game = await uow.games.get(game_id)
        now = at or core.clock()
        if closes_at_deadline and game is not None and game.deadline is not None and now >= game.deadline:
            now = game.deadline - GRACE  # its poll's close, as late as it can have been cast (its time is unknown)
        quiz = core.library.catalog.get(game.quiz_id) if game else None
        question = quiz.question(game.current_question_id or "") if quiz and game else None
        about = views.vote_about(game, quiz, _, position) if game is not None else ""

        def refused(text: str, why: VoteRefused) -> Voted:
            return Voted(GameVote(False, text, _.language, why, about), [])
        if (game is None or game.state is not GameState.ASKING or game.position != position
                or game.deadline is None or now >= game.deadline):
            if game is not None and await _answered(uow, game.id, position, turn.user_id):
                # Their vote came in again (Telegram delivers an update again when no 200 came back): it counted
                return refused(_("You already answered this question; your first answer counts."),
                               VoteRefused.ALREADY)
            over = game is not None and not game.state.live
            return refused(_("This question is closed."), VoteRefused.OVER if over else VoteRefused.CLOSED)
        if (question is None or views.reworded(game, question)) and await _answered(uow, game.id, position,
                                                                                    turn.user_id):
            # The same vote again, counted before a reload took the question away or changed it: nothing new to say
            return refused(_("You already answered this question; your first answer counts."), VoteRefused.ALREADY)
        if question is None:  # a reload removed it (or its quiz) while its poll is open: the sweep passes it over
            return refused(_("This question was removed from the quiz, so it takes no answers. The game moves on "
                             "when its time is up."), VoteRefused.REMOVED)
        if views.reworded(game, question):  # the vote names an option that says something else now
            return refused(_("This question was changed after it was asked, so it takes no answers. The game "
                             "moves on when its time is up."), VoteRefused.REMOVED)
        order = game.option_orders.get(question.id, [])
        if not 0 <= option_index < len(order):
            return refused(_("Please choose one of the options, 1 to {count}.", count=len(order)),
                           VoteRefused.NO_SUCH_OPTION)
        option_id = order[option_index]
        if turn.actor.chat_id is not None and turn.actor.chat_id != game.chat_id:
            # A click naming its chat (Discord's) on a button forged elsewhere: refused as Join refuses it, else someone
            # outside the game's chat would become a player it waits for at every question.
            return refused(_("This game is played in another chat: join it there."), VoteRefused.OTHER_CHAT)
        player = await uow.games.player(game.id, turn.user_id)
        if not in_chat and (player is None or player.left_position is not None):
            return Voted(GameVote(False, "", _.language, about=about), [], ask_membership=(game.chat_id, now),
                         left_the_chat=player is not None)
        if player is None and await uow.games.live_played_by(turn.user_id, game.quiz_id) is not None:
            # joining by answering, as by pressing Join
            return refused(playing_elsewhere(quiz or game.quiz_id, _).text, VoteRefused.ELSEWHERE)
        asked = views.as_asked(game, question)  # with the answer the poll showed
        correct = option_id == asked.answer
        answer_ms = max(0, int((now - (game.asked_at or now)).total_seconds() * 1000))
        earned = points(correct, answer_ms, game.question_seconds)
        try:
            await uow.games.add_answer(GameAnswerRecord(game.id, position, turn.user_id, option_id, correct, earned,
                                                        answer_ms, now))
        except AlreadyAnswered:
            return refused(_("You already answered this question; your first answer counts."), VoteRefused.ALREADY)
        joined = player is None
        if player is None:  # joining by answering
            player = PlayerRecord(game.id, turn.user_id, name, now, position)
            await uow.games.add_player(player)
        player.back(position)  # in the chat again, if they had left it
        player.name, player.score, player.answer_ms = name, player.score + earned, player.answer_ms + answer_ms
        player.answered, player.correct = player.answered + 1, player.correct + correct
        await uow.games.update_player(player)
        await core.remembering.review(uow, turn.user_id, game.quiz_id, question.id, question, correct=correct,
                                      option_id=option_id, now=now, shown_at=game.asked_at, language=_.language,
                                      clock=turn.clock, shown_hash=asked.content_hash)  # stats: as judged
        events: list[GameEvent] = []
        # Everyone has answered: close now, unless another vote came in meanwhile (a joiner's being checked): in
        # time, it counts, and the last vote under way closes the question then
        if await uow.games.all_answered(game.id, position) and not self._table.votes.put_off_close(game.id):
            # Now, not when the vote came in: the results are read from now (a member's check took seconds)
            events = await self._table.phases.close(uow, game, core.clock())
        await uow.commit()
        core.metrics.answer_scored(turn.actor.platform, correct)  # counted once it is kept
        return Voted(GameVote(True, _("Locked in: {letter}", letter=views.letter(option_index)), _.language),
                     events, joined)


async def _answered(uow: UnitOfWork, game_id: str, position: int, user_id: int) -> bool:
    """Whether the user's answer to the game's question at ``position`` is kept."""
    return any(answer.user_id == user_id for answer in await uow.games.answers(game_id, position))

