"""Poll votes: the owner's first vote answers the question; other votes get at most a one-line hint."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

import discord

from adapters.discord import render
from adapters.discord.actors import vote_actor
from adapters.discord.permissions import thread_locked
from adapters.discord.polls import PollPlay
from adapters.discord.private_asks import PrivateAsks
from adapters.discord.sending import NOT_DONE
from adapters.discord.surfaces import ChannelSurface
from adapters.discord.translator import command_name_in
from adapters.left_open import closing_left_open, left_behind
from adapters.once_per import OncePer
from bot.engine import QuizEngine
from bot.i18n import N_
from bot.records import MessageLink
from bot.replies import Actor, Notice, NoticeCode

log = logging.getLogger(__name__)
# What a vote on no linked question says when it may be on its voter's own poll, whose link was lost.
UNLINKED = frozenset({NoticeCode.LOST_MESSAGE, NoticeCode.ASKED_SINCE})


class VoteHandler:
    def __init__(self, engine: QuizEngine, client: discord.Client, polls: PollPlay, private: PrivateAsks) -> None:
        self._engine = engine
        self._client = client
        self._polls = polls
        self._private = private  # the questions asked with private buttons, which link no message
        # One hint per (poll message, voter), so a voter who keeps clicking isn't spammed.
        self._hinted = OncePer(None)

    async def on_vote_add(self, event: discord.RawPollVoteActionEvent, *, replayed: bool = False) -> None:
        """``replayed``: a vote found after a restart (adapters/discord/catch_up.py), looked for again after each."""
        if self._client.user is not None and event.user_id == self._client.user.id:
            return
        actor = self._actor(event)
        kept_private = False
        try:
            # A vote back in a left quiz: the poll of the quiz played until then is ended before anything is posted
            # (its results message came under the left quiz's next question), also when the next poll is refused.
            # The surface in the reply's language: what it posts names commands as a client in it does.
            async with closing_left_open(self._polls.end_linked,
                                         lambda reply: self._after_vote(event, reply.language,
                                                                        left_behind(reply))) as shown:
                # Poll answer ids start at 1; the engine counts options from 0. Discord reports votes on every poll
                # in every server: the engine leaves those alone without recording their voters.
                # Every question shown is linked (one asked privately too, withdrawn from the start), so a vote on an
                # answered poll whose next question has no link is one a crash kept from going out: asked now.
                # Sent at its id's time: a question asked well after it on no linked message was asked privately
                # (before private questions were linked).
                result = await self._engine.answer_message(actor, str(event.message_id), event.answer_id - 1, shown,
                                                           sent_at=discord.utils.snowflake_time(event.message_id))
                if isinstance(result, Notice) and result.code in UNLINKED and await self._is_own_poll_for(event):
                    # Not its open question's lost poll if that was asked privately since: asked again here, a
                    # private quiz would go on in public. The vote is told so instead. This process remembers a
                    # question it asked privately a moment ago; the session's time tells one another process asked
                    # (the DMs' shard), or this one before a restart.
                    kept_private = result.code is NoticeCode.ASKED_SINCE \
                        or self._private.asked_since(event.user_id, event.message_id)
                    result = result if kept_private else await self._engine.ask_again(actor, shown)
        except discord.Forbidden:  # the answer is kept; the channel stopped taking the next poll (a right revoked)
            await self._polls.say_polls_refused(event.channel_id, event.user_id, await self._engine.localizer(actor))
            return
        except discord.RateLimited as limited:  # the answer is kept; /quiz shows what follows (nothing goes out here)
            log.warning("Discord holds back messages in channel %s for %.0f s: what follows %s's vote is not shown",
                        event.channel_id, limited.retry_after, event.user_id)
            return
        except discord.HTTPException as error:  # a vote found after a restart, its thread closed and locked since
            if not thread_locked(error):
                raise
            log.info("thread %s is closed and locked: what follows %s's vote is not shown (the answer is kept)",
                     event.channel_id, event.user_id)
            return
        if isinstance(result, Notice):
            try:
                await self._say(event, result, replayed, kept_private)
            except discord.RateLimited as limited:  # a hint held back for minutes: too late to help by then
                log.info("Discord holds back messages in channel %s for %.0f s: %s's vote not answered (%s)",
                         event.channel_id, limited.retry_after, event.user_id, result.code)
            except discord.Forbidden as error:  # the server took the right to send there: a hint, not a failure
                log.info("could not answer %s's vote in channel %s (%s): %s", event.user_id, event.channel_id,
                         result.code, error)
            except discord.HTTPException as error:  # a thread closed and locked: a hint, or that the quiz is gone
                if not thread_locked(error):
                    raise
                log.info("thread %s is closed and locked: %s's vote not answered (%s)", event.channel_id,
                         event.user_id, result.code)

    async def say_not_saved(self, event: discord.RawPollVoteActionEvent) -> None:
        """A vote the database was out of reach for: its voter is told under the poll, in their language as last
        heard here (the database isn't asked again), rather than wait in silence for a verdict. Discord lets them
        take it back and vote again, which answers once the database is back. A failure here is only logged."""
        try:
            _ = await self._engine.localizer_or_hint(self._actor(event), database_down=True)
            text = _("{mention} Sorry, I couldn't save your vote just now. In a moment, take it back and vote again.",
                     mention=render.mention(event.user_id))
            await self._polls.post(event.channel_id, text, reply_to=event.message_id, language=_.language)
        except Exception as error:  # Discord may be out of reach too, or the channel closed to the bot
            log.warning("could not tell %s their vote on %s was not saved: %r", event.user_id, event.message_id, error)

    async def _say(self, event: discord.RawPollVoteActionEvent, result: Notice, replayed: bool,
                   kept_private: bool) -> None:
        """What a vote that answered nothing says, if anything. ``kept_private``: on the learner's own poll that lost
        its link, their quiz asked privately since."""
        if kept_private:
            if self._hinted.allow((event.message_id, event.user_id)):  # ends the poll, replies to it
                said = self._goes_on_privately(result.language)
                await self._or_by_dm(event, self._after_vote(event, result.language).say(said), render.plain(said))
        elif result.code is NoticeCode.NOT_YOUR_SESSION:
            await self._hint(event)
        elif result.code is NoticeCode.IN_A_GAME:  # their own poll: else the vote seems lost while the game goes on
            # Not for a replayed vote: every restart would find it again, and say it again.
            if not replayed and self._hinted.allow((event.message_id, event.user_id)):
                text = f"{render.mention(event.user_id)} {render.plain(result.text)}"
                await self._polls.post(event.channel_id, text, reply_to=event.message_id, language=result.language)
        elif result.code is NoticeCode.QUIZ_NOT_FOUND:  # a reload removed the quiz, and closed the session
            await self._or_by_dm(event, self._after_vote(event, result.language).say(result.text),  # ends the poll
                                 render.plain(result.text))
        else:  # a changed vote, a closed question, a poll that isn't ours: no reply
            log.debug("vote on %s by %s ignored: %s", event.message_id, event.user_id, result.code)

    async def _or_by_dm(self, event: discord.RawPollVoteActionEvent, posted: Awaitable[None], said: str) -> None:
        """``posted`` in the vote's channel; when the channel refuses the bot (Send Messages taken there), ``said``
        (rendered for Discord) by direct message to the voter instead, led by the channel's mention, once
        (PollPlay.tell_by_dm)."""
        try:
            await posted
        except discord.Forbidden:
            await self._polls.tell_by_dm(event.channel_id, event.user_id, f"<#{event.channel_id}> · {said}")

    def _actor(self, event: discord.RawPollVoteActionEvent) -> Actor:
        """The voter, with their server (whose chosen language the engine reads) and its preferred locale (from the
        gateway's cache) for when the bot knows nothing of them; a DM vote has no server."""
        guild = self._client.get_guild(event.guild_id) if event.guild_id is not None else None
        return vote_actor(event.user_id, event.channel_id, event.guild_id,
                          guild.preferred_locale if guild is not None else None)

    def _after_vote(self, event: discord.RawPollVoteActionEvent, language: str,
                    left: tuple[MessageLink, ...] = ()) -> ChannelSurface:
        """The owner voted: end the poll (and ``left``, the polls the vote leaves asking nothing), reply to it with
        the verdict and explanation (in ``language``), then go on."""
        return ChannelSurface(self._polls, event.channel_id, event.user_id, answered_poll=event.message_id,
                              language=language, left_behind=left)

    async def _is_own_poll_for(self, event: discord.RawPollVoteActionEvent) -> bool:
        """Whether the bot posted this poll for this voter (its text starts with their mention): a quiz poll
        whose link was lost. Asked only when the voter has a question open, so it costs a request rarely."""
        try:
            message = await self._polls.channel(event.channel_id).fetch_message(event.message_id)
        except NOT_DONE as error:
            log.info("could not look at poll %s: %s", event.message_id, error)
            return False
        mine = self._client.user is not None and message.author.id == self._client.user.id
        return mine and message.content.startswith(render.mention(event.user_id))

    def _goes_on_privately(self, language: str) -> str:
        _ = self._engine.localizer_for(language)
        # No locale to go by (a vote): the command as a client in the learner's language spells it.
        command = f"/{command_name_in(_, 'quiz')} {command_name_in(_, 'private')}:True"
        return _("Your quiz goes on privately, with buttons only you can see: this poll counts for nothing now. "
                 "Send {command} to see your question again.", command=command)

    async def _hint(self, event: discord.RawPollVoteActionEvent) -> None:
        if not self._hinted.allow((event.message_id, event.user_id)):
            return
        _ = await self._engine.localizer(self._actor(event))  # reads only
        hint = N_("{mention} this poll belongs to someone else's quiz: your vote doesn't count for it. "
                  "Start your own with /quiz.")
        text = _(hint, mention=render.mention(event.user_id))
        posted = self._polls.post(event.channel_id, text, reply_to=event.message_id, language=_.language)
        await self._or_by_dm(event, posted, _(hint, mention="").strip())  # no need to mention them in their DMs
