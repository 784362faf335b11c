"""Where a Discord learner's replies appear: polls in a channel, or ephemeral replies with buttons."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Literal

import discord

from adapters.discord import render
from adapters.discord.buttons import answer_view, retry_view
from adapters.discord.polls import PollPlay
from adapters.discord.private_asks import PrivateAsks
from adapters.discord.respond import respond
from adapters.left_open import left_behind
from bot.delivery import Asked, Shown
from bot.records import MessageLink
from bot.replies import Feedback, QuestionView, Started, Summary

log = logging.getLogger(__name__)


class ChannelSurface:
    """Public play: questions as polls in the channel, replies mentioning the owner. After a vote (or a
    time-out) the answered poll is ended first and what follows replies to it. From a slash command or a button
    (``interaction``), the intro, a summary and what is said before it go only to the one who asked."""

    def __init__(self, polls: PollPlay, channel_id: int, owner_id: int, *, answered_poll: int | None = None,
                 interaction: discord.Interaction | None = None, language: str | None = None,
                 left_behind: tuple[MessageLink, ...] = ()) -> None:
        """``language``: the reply's, for the commands what is posted names (a reply to an interaction follows its
        locale). ``left_behind``: polls the reply leaves asking nothing whatever becomes of it (a question skipped,
        a quiz left for another: left_open.left_behind), ended with the answered one, before anything is posted:
        Discord posts an ended poll's results as a message, which came under the next question."""
        self._polls = polls
        self._left_behind = left_behind
        self.ended_left_behind = False  # one of those is ended: it asks nothing now, should what follows fail
        self._language = language
        self._channel_id = channel_id
        self._owner_id = owner_id
        self._answered_poll = answered_poll
        self._poll_to_end = answered_poll
        self._interaction = interaction

    @property
    def chat_id(self) -> str:
        return str(self._channel_id)

    async def say(self, text: str) -> None:
        # An engine line may name a quiz ("Welcome back! Carrying on with {title}."): shown as written.
        await self._post(render.plain(text))

    async def feedback(self, feedback: Feedback) -> None:
        await self._post(render.feedback(feedback))

    async def _post(self, text: str) -> None:
        """``text``, already rendered for Discord."""
        if self._interaction is not None:  # before a summary only the one who asked sees: to them too
            await respond(self._interaction, text)
            return
        await self._end_answered_poll()
        await self._polls.post(self._channel_id, f"{render.mention(self._owner_id)} {text}",
                               reply_to=self._answered_poll, language=self._language)

    async def ask(self, question: QuestionView, intro: str | None) -> Asked:
        """Raises discord.Forbidden when the channel refuses the poll (the caller names the missing right)."""
        await self._end_answered_poll()
        message = await self._polls.ask(self._channel_id, self._owner_id, question)
        if intro and self._interaction is not None:
            await respond(self._interaction, render.plain(intro))  # it names the quiz, its title as written
        return Asked(str(message.id))  # votes come back naming the poll's message

    async def summarize(self, summary: Summary) -> None:
        await self._end_answered_poll()
        view = retry_view(summary, False, self._owner_id)
        if self._interaction is not None:
            await respond(self._interaction, render.summary(summary), view=view)
        else:
            await self._polls.post(self._channel_id, f"{render.mention(self._owner_id)} {render.summary(summary)}",
                                   view=view, language=summary.language)

    async def flush(self) -> None:
        await self._end_answered_poll()

    async def _end_answered_poll(self) -> None:
        """Once, before anything else: the question is closed, so Discord shows its poll as ended."""
        poll, self._poll_to_end = self._poll_to_end, None
        if poll is not None:
            await self._polls.end(self._channel_id, poll)
        left, self._left_behind = self._left_behind, ()
        for link in left:  # best effort; closing_left_open's end of them after then ends none again
            if await self._polls.end_linked(link):
                self.ended_left_behind = True


def in_channel(polls: PollPlay, interaction: discord.Interaction, channel_id: int) -> Callable[[Shown], ChannelSurface]:
    """Public play from a command or a button: what the reply leaves behind ended before its poll goes up, the old
    poll of a question asked again too (a quiz resumed). Should the new poll then fail, the caller says why and how
    to carry on (/quiz, or private play), which asks that question again."""
    return lambda reply: ChannelSurface(polls, channel_id, interaction.user.id, interaction=interaction,
                                        left_behind=(*left_behind(reply), *asked_before(reply)))


def asked_before(reply: Shown) -> tuple[MessageLink, ...]:
    """The poll of a question the reply asks again (or of a round it resumes to its summary)."""
    if isinstance(reply, Started | Summary) and reply.asked_before is not None:
        return (reply.asked_before,)
    return ()


class PrivateSurface:
    """Private play: each question an ephemeral message with buttons, answered in the clicker's language.
    After a click (``clicked``), the answered question loses its buttons before anything else is shown. Each
    question's message is told to ``asks``, if given (for /skip: see PrivateAsks). The engine links each question
    before it is shown here, withdrawn from the start (delivery.AsksPrivately). ``left_behind``: polls the reply
    leaves asking nothing, ended with ``polls`` before anything is shown, as ChannelSurface ends them: their results
    message comes in the channel the learner reads these replies in, and came under the private question."""

    asks_privately: Literal[True] = True

    def __init__(self, interaction: discord.Interaction, *, clicked: bool = False,
                 asks: PrivateAsks | None = None, polls: PollPlay | None = None,
                 left_behind: tuple[MessageLink, ...] = ()) -> None:
        self._interaction = interaction
        self._clear_clicked = clicked
        self._asks = asks
        self._polls = polls
        self._left_behind = left_behind if polls is not None else ()

    @property
    def chat_id(self) -> str | None:
        return str(self._interaction.channel_id) if self._interaction.channel_id else None

    async def say(self, text: str) -> None:
        await self._clear()
        await respond(self._interaction, render.plain(text))  # as ChannelSurface.say

    async def feedback(self, feedback: Feedback) -> None:
        await self._clear()
        await respond(self._interaction, render.feedback(feedback))

    async def ask(self, question: QuestionView, intro: str | None) -> Asked | None:
        await self._clear()
        sent = await respond(self._interaction, render.private_question(question, intro), view=answer_view(question))
        if self._asks is not None:
            self._asks.asked(self._interaction.user.id, question, sent)
        return None  # the buttons carry the session and question themselves: no link but the private one

    async def summarize(self, summary: Summary) -> None:
        await self._clear()
        await respond(self._interaction, render.summary(summary),
                      view=retry_view(summary, True, self._interaction.user.id))

    async def flush(self) -> None:
        await self._end_left_behind()

    async def _clear(self) -> None:
        await self._end_left_behind()
        if not self._clear_clicked:
            return
        self._clear_clicked = False
        try:
            await self._interaction.edit_original_response(view=None)
        except discord.HTTPException as error:
            log.info("could not remove answered buttons: %s", error)

    async def _end_left_behind(self) -> None:
        """Once, before anything is shown; best effort, as closing_left_open's end of them after ends none again."""
        left, self._left_behind = self._left_behind, ()
        for link in left:
            if self._polls is not None:
                await self._polls.end_linked(link)


def privately(interaction: discord.Interaction, polls: PollPlay, *, clicked: bool = False,
              asks: PrivateAsks | None = None) -> Callable[[Shown], PrivateSurface]:
    """Private play from a command or a button: what the reply leaves behind (a poll skipped, a quiz left) ended
    before it shows. Not the old poll of a question asked again privately (a quiz resumed): that question shows at
    once, the poll's end under way (see PollPlay.end_linked), as a slow end must not hold it back."""
    return lambda reply: PrivateSurface(interaction, clicked=clicked, asks=asks, polls=polls,
                                        left_behind=left_behind(reply))
