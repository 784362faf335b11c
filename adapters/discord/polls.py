"""Public play: each question as a native Discord poll, linked in the database so votes survive restarts."""

from __future__ import annotations

import datetime
import logging

import discord

from adapters.discord import render
from adapters.discord.actors import PLATFORM
from bot.engine import QuizEngine
from bot.replies import AnswerOutcome, QuestionView, Summary

log = logging.getLogger(__name__)


def build_poll(view: QuestionView, hours: int) -> discord.Poll:
    """A poll for one question; Discord counts poll time in whole hours, at least one."""
    poll = discord.Poll(question=render.poll_question(view), duration=datetime.timedelta(hours=max(1, hours)))
    for answer in render.poll_answers(view):
        poll.add_answer(text=answer)
    return poll


class PollPlay:
    def __init__(self, engine: QuizEngine, client: discord.Client, poll_hours: int) -> None:
        self._engine = engine
        self._client = client
        self._poll_hours = poll_hours

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(channel_id)

    async def ask(self, channel_id: int, owner_id: int, view: QuestionView) -> discord.Message:
        """Post the question as a poll and remember it. Raises discord.Forbidden when the channel refuses."""
        message = await self.channel(channel_id).send(content=render.poll_content(view, owner_id),
                                                      poll=build_poll(view, self._poll_hours))
        await self._engine.link_message(PLATFORM, str(message.id), view, str(channel_id))
        return message

    async def after_answer(self, channel_id: int, poll_message_id: int, owner_id: int,
                           outcome: AnswerOutcome) -> None:
        """The owner voted: end the poll, reply with the verdict and explanation, then go on."""
        channel = self.channel(channel_id)
        poll_message = channel.get_partial_message(poll_message_id)
        try:
            await poll_message.end_poll()
        except discord.HTTPException as error:  # already ended, or deleted: carry on with the quiz
            log.info("could not end poll %s: %s", poll_message_id, error)
        if outcome.feedback is not None:
            text = f"{render.mention(owner_id)} {render.feedback(outcome.feedback)}"
            await self._send(channel, text, reference=poll_message)
        if isinstance(outcome.next, Summary):
            await self._send(channel, f"{render.mention(owner_id)} {render.summary(outcome.next)}")
        else:
            await self.ask(channel_id, owner_id, outcome.next)

    async def _send(self, channel: discord.PartialMessageable, text: str,
                    reference: discord.PartialMessage | None = None) -> None:
        for index, part in enumerate(render.split_message(text)):
            ref = reference.to_reference(fail_if_not_exists=False) if reference and index == 0 else None
            await channel.send(content=part, reference=ref)
