"""Public play's Discord calls: a question as a native poll, ending a poll, and posting replies in a channel."""

from __future__ import annotations

import datetime
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.utils import MISSING

from adapters.discord import render
from adapters.discord.permissions import missing_permission_names, poll_refused, sends_refused_by_dm
from adapters.discord.respond import spelled_for
from adapters.discord.sending import NOT_DONE, send_through_503
from adapters.discord.splitting import split_message
from adapters.discord.translator import command_name_in, locale_of
from adapters.once_per import OncePer
from bot.i18n import Localizer
from bot.records import HeldLink, MessageLink
from bot.replies import QuestionView

log = logging.getLogger(__name__)
MAX_POLL_HOURS = 768  # Discord's longest poll: 32 days
Withdrawn = Callable[[MessageLink], Awaitable[None]]
ENDED_KEPT = 10_000  # polls ended lately, by link, not ended again (a skipped one is ended before the next poll)


def poll_hours(view: QuestionView, configured: int) -> int:
    """Whole hours, 1 to 768: as configured, or longer so that Discord never closes a poll the engine still takes."""
    needed = math.ceil(view.seconds_left / 3600) if view.seconds_left else 0
    return min(max(configured, needed, 1), MAX_POLL_HOURS)


def build_poll(view: QuestionView, hours: int) -> discord.Poll:
    """A poll for one question; Discord counts poll time in whole hours."""
    poll = discord.Poll(question=render.poll_question(view),
                        duration=datetime.timedelta(hours=poll_hours(view, hours)))
    for answer in render.poll_answers(view):
        poll.add_answer(text=answer)
    return poll


class PollPlay:
    def __init__(self, client: discord.Client, poll_hours: int, withdrawn: Withdrawn) -> None:
        """``withdrawn``: the engine's, for a poll ended whose question is not over (QuizEngine.withdrawn)."""
        self._client = client
        self._poll_hours = poll_hours
        self._withdrawn = withdrawn
        self._ended = OncePer(None, remembered=ENDED_KEPT)  # links ended lately (see end_linked)
        # (channel, learner) told by DM that the channel refuses the bot: once, until a poll of theirs goes out there
        self._told_by_dm = OncePer(None)

    async def say_polls_refused(self, channel_id: int, user_id: int, _: Localizer) -> None:
        """Tell the learner in the channel, as text, which right the bot lacks for the quiz's next poll, and how to
        play on privately. This text can only go out with the right to send, so when nothing is visibly missing,
        polls are what's refused."""
        channel = self._client.get_channel(channel_id)  # a thread too; None when not cached
        granted = None
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread) and channel.guild.me is not None:
            granted = channel.permissions_for(channel.guild.me)
        # No locale to go by (a vote, a time-out): the command as a client in the learner's language spells it.
        private_command = f"/{command_name_in(_, 'quiz')} {command_name_in(_, 'private')}:True"
        refused = poll_refused(granted, _, private_command, refused_only_polls=True,
                               in_thread=isinstance(channel, discord.Thread))
        try:
            await self.post(channel_id, f"{render.mention(user_id)} {refused}")
        except discord.Forbidden:  # no right to send either: nothing the learner reads there, so by DM
            names = missing_permission_names(granted, _, in_thread=isinstance(channel, discord.Thread))
            await self.tell_by_dm(channel_id, user_id, sends_refused_by_dm(
                _, f"<#{channel_id}>", names, private_command))
        except NOT_DONE as error:  # held back, or a thread locked: nothing more to be done here
            log.info("could not tell %s that polls are refused in %s: %s", user_id, channel_id, error)

    async def tell_by_dm(self, channel_id: int, user_id: int, text: str) -> None:
        """What ``channel_id`` refused to show ``user_id``, said by direct message instead: once per channel and
        quiz (until a poll of theirs goes out there again), not at each vote or time-out; with their DMs closed too,
        logged once, as nothing more can reach them."""
        if not self._told_by_dm.allow((channel_id, user_id)):
            return
        try:
            dm = await self._client.create_dm(discord.Object(user_id))
            await send_through_503(dm, content=text)
        except NOT_DONE as error:
            log.info("could not tell %s by direct message that channel %s refuses the bot's messages: %s", user_id,
                     channel_id, error)

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(channel_id)

    async def ask(self, channel_id: int, owner_id: int, view: QuestionView) -> discord.Message:
        """Post the question as a poll. Raises discord.Forbidden when the channel refuses."""
        channel = self.channel(channel_id)
        asked = await self._sent(channel, content=render.poll_content(view, owner_id),
                                 poll=build_poll(view, self._poll_hours))
        self._told_by_dm.forget((channel_id, owner_id))  # the channel takes the bot's messages again
        return asked

    async def end(self, channel_id: int, poll_message_id: int) -> bool:
        """Whether the poll was ended."""
        try:
            await self.channel(channel_id).get_partial_message(poll_message_id).end_poll()
        except NOT_DONE as error:  # already ended, or deleted: carry on with the quiz
            log.info("could not end poll %s: %s", poll_message_id, error)
            return False
        return True

    async def end_linked(self, asked: MessageLink) -> bool:
        """End the poll a stored link names (only a Discord poll's: a channel and a message id). One whose question
        is not over (a HeldLink: asked again, say with private buttons, which link no message of their own) is marked
        withdrawn, ended or not (Discord refused, the poll over by itself): it asks nothing now, so neither a
        time-out nor a /skip takes it for the question's message, which would post to the channel for a learner
        playing privately; a vote on it still finds its question. Best effort, as ending it is: whether it is ended
        (now, or by this process before)."""
        if asked.chat_id is None or not asked.chat_id.isdigit() or not asked.message_key.isdigit():
            return False
        key = (asked.chat_id, asked.message_key)
        # Not twice: a skipped question's poll is ended before the next one goes up, and again after by the caller.
        ended = not self._ended.allow(key) or await self.end(int(asked.chat_id), int(asked.message_key))
        if not ended:
            self._ended.forget(key)  # not ended: a later try may end it
        if isinstance(asked, HeldLink):
            try:
                await self._withdrawn(asked)
            except Exception:  # the database failed: its question's time-out is told under the ended poll
                log.exception("could not mark poll message %s withdrawn", asked.message_key)
        return ended

    async def post(self, channel_id: int, text: str, reply_to: int | None = None,
                   view: discord.ui.View | None = None, *, language: str | None = None) -> None:
        """Send text to the channel, as a reply to ``reply_to`` when the bot may reply there; ``view`` goes last.
        ``language``: the text's, whose readers' clients spell the commands it names (else as written, in English)."""
        channel = self.channel(channel_id)
        if language is not None:
            text = spelled_for(self._client, text, locale_of(language))
        parts = split_message(text)
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            part_view = view if last and view is not None else MISSING  # no components (its stubs refuse None)
            if reply_to is not None and index == 0:
                reference = channel.get_partial_message(reply_to).to_reference(fail_if_not_exists=False)
                try:
                    await self._sent(channel, content=part, reference=reference, view=part_view)
                    continue
                except discord.Forbidden:  # replying needs Read Message History; a plain message doesn't
                    log.info("could not reply in channel %s; sending a plain message", channel_id)
            await self._sent(channel, content=part, view=part_view)

    async def _sent(self, channel: discord.PartialMessageable, **message: Any) -> discord.Message:
        return await send_through_503(channel, **message)
