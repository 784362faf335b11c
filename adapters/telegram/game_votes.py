"""Votes on a group game's polls, and what a voter hears when theirs didn't count.

Telegram marks a quiz poll's answer right or wrong for the voter as the vote lands, whether we count it or not:
a vote that didn't count (the question had closed, the voter plays the same quiz in another group's game, the
poll was forwarded out of the game's group, ...) looked counted. The group's 20 messages a minute belong to the
game, and every refused voter there would cost one, so the voter is told in their private chat with the bot,
naming the game and the question; one who never started the bot (or blocked it) can't be told anywhere else
without spending the group's budget, so nothing is said. A vote Telegram delivers again (no 200 came back)
counted the first time: nothing is said either."""

from __future__ import annotations

import logging
from datetime import datetime

from telegram import User
from telegram.error import TelegramError

from adapters.telegram.actors import player_name
from adapters.telegram.chat import TelegramChat
from adapters.telegram.chat_admins import membership_of
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.game_surface import TelegramGameSurface
from adapters.telegram.html_text import unlinked
from adapters.telegram.personal import sent_privately
from bot.engine import QuizEngine
from bot.games.replies import GameVote, VoteRefused
from bot.replies import Actor

log = logging.getLogger(__name__)
# A quiz poll takes one vote: a second is the same one delivered again. A game over told everyone so itself (its
# podium, or why it stopped: to its starter privately when its chat refused it), so a vote after it adds nothing.
SILENT = {VoteRefused.ALREADY, VoteRefused.OVER}


class GameVotes:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, polls: GamePolls) -> None:
        self._engine = engine
        self._chat = chat
        self.polls = polls

    def stage(self, chat_id: str) -> TelegramGameSurface:
        return TelegramGameSurface(self._chat, chat_id, self.polls)

    async def vote(self, actor: Actor, user: User, poll_id: str, option: int, *, wait: bool = True,
                   arrived: datetime | None = None) -> bool:
        """A vote on a game poll, scored; False when the poll is no game's (the caller tries learners' quizzes). The
        poll closes itself at the question's time (open_period): a vote it took was cast in time, however late it
        comes in (kept while the bot was down). ``wait``: for a poll nobody knows, for the game polls being sent
        now (the caller's first look only: its later looks are for another process's link). ``arrived``: when the
        vote came in, if the caller looked for its poll first: its waits are not the voter's time."""
        arrived = arrived or self._engine.now()  # before waiting for the sends under way
        known = self.polls.get(poll_id)
        if known is None:  # sent before a restart, or by another process: its link is stored
            sends = self.polls.under_way() if wait else frozenset()  # as it came in: not those sent after
            if await self._vote_on_stored(actor, user, poll_id, option, arrived):
                return True
            if not sends:
                return False
            await self.polls.settled(sends)  # or one being sent right now, whose vote beat sendPoll's reply
            known = self.polls.get(poll_id)
            if known is None:
                return await self._vote_on_stored(actor, user, poll_id, option, arrived)
        await self.tell(actor, await self._engine.games.vote(
            actor, player_name(user), known[0], known[1], option, self.stage,
            membership_of(self._chat.bot, actor.user_id), closes_at_deadline=True, arrived=arrived))
        return True

    async def vote_on_lost(self, actor: Actor, user: User, poll_id: str, option: int,
                           arrived: datetime | None = None) -> bool:
        """A vote on a poll nobody knows, while a game's poll went out unheard (sendPoll carried out, its answer
        lost), in this process or another: that poll's, if the voter is in that game's chat (a player, or a member
        Telegram confirms), scored as on it, and the poll's id stored from then on. Whether it was taken as that
        poll's (else the caller logs it as nobody's). ``arrived``: see vote."""
        if self.polls.get(poll_id) is not None:  # found by another vote on it meanwhile
            return await self.vote(actor, user, poll_id, option, arrived=arrived)
        voted = await self._engine.games.vote_on_unheard(actor, player_name(user), poll_id, option, self.stage,
                                                         membership_of(self._chat.bot, actor.user_id),
                                                         closes_at_deadline=True, arrived=arrived)
        if voted is None:  # another vote on it, handled meanwhile, learnt its id and took its marker: now stored
            return await self._vote_on_stored(actor, user, poll_id, option, arrived or self._engine.now())
        await self.tell(actor, voted)
        return True

    async def _vote_on_stored(self, actor: Actor, user: User, poll_id: str, option: int, arrived: datetime) -> bool:
        """Whether the poll's link is stored; then its vote is scored. Looked up before waiting for the sends under
        way, which may be another group's slow ones."""
        voted = await self._engine.games.vote_on_message(actor, player_name(user), poll_id, option, self.stage,
                                                         membership_of(self._chat.bot, actor.user_id),
                                                         closes_at_deadline=True, arrived=arrived)
        await self.tell(actor, voted)
        return voted is not None

    async def tell(self, actor: Actor, voted: GameVote | None) -> None:
        """Why a vote didn't count, privately; a counted one needs no words (the poll showed it)."""
        if voted is None or voted.counted or voted.refused in SILENT or not voted.text:
            return
        blocks = [*([f"<b>{unlinked(voted.about)}</b>"] if voted.about else []), unlinked(voted.text)]

        async def send(to: str, _owner: str | None) -> None:
            await self._chat.html(to, blocks)
        try:
            if not await sent_privately(send, actor.user_id):
                log.info("could not tell %s user %s privately why their game vote didn't count (%s): they never "
                         "started the bot, or blocked it", actor.platform, actor.user_id, voted.refused)
        except TelegramError as error:  # best effort: the vote was handled, and the update is done
            log.info("could not tell %s user %s privately why their game vote didn't count (%s): %s",
                     actor.platform, actor.user_id, voted.refused, error)
