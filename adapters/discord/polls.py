"""Public play: each question as a native Discord poll, linked in the database so votes survive restarts."""

from __future__ import annotations

import datetime
import logging
import math

import discord

from adapters.discord import render
from adapters.discord.actors import PLATFORM, vote_actor
from adapters.discord.buttons import retry_view
from bot.engine import QuizEngine
from bot.replies import AnswerOutcome, Expired, QuestionView, Summary

log = logging.getLogger(__name__)
MAX_POLL_HOURS = 768  # Discord's longest poll: 32 days


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
        """The owner voted (or the time ran out): end the poll, reply with the verdict and explanation, go on."""
        try:
            await self.channel(channel_id).get_partial_message(poll_message_id).end_poll()
        except discord.HTTPException as error:  # already ended, or deleted: carry on with the quiz
            log.info("could not end poll %s: %s", poll_message_id, error)
        if outcome.notice is not None:
            await self.post(channel_id, f"{render.mention(owner_id)} {outcome.notice}", reply_to=poll_message_id)
        if outcome.feedback is not None:
            await self.post(channel_id, f"{render.mention(owner_id)} {render.feedback(outcome.feedback)}",
                            reply_to=poll_message_id)
        if isinstance(outcome.next, Summary):
            _ = await self._engine.localizer(vote_actor(owner_id, channel_id))  # the owner's language
            await self.post(channel_id, f"{render.mention(owner_id)} {render.summary(outcome.next)}",
                            view=retry_view(outcome.next, False, owner_id, _))
        else:
            await self.ask(channel_id, owner_id, outcome.next)

    async def after_expiry(self, expired: Expired) -> None:
        """A question's time ran out: end its poll, say so, then the next poll or the summary.

        A question asked privately (buttons, ephemeral) can't be followed up unasked: the learner's next
        click says the time was up and shows the next question.
        """
        link = expired.link
        if link is None or link.chat_id is None:
            log.debug("question %s of session %s timed out unseen", expired.question_id, expired.session_id)
            return
        await self.after_answer(int(link.chat_id), int(link.message_key), int(expired.actor.user_id),
                                expired.outcome)

    async def post(self, channel_id: int, text: str, reply_to: int | None = None,
                   view: discord.ui.View | None = None) -> None:
        """Send text to the channel, as a reply to ``reply_to`` when the bot may reply there; ``view`` goes last."""
        channel = self.channel(channel_id)
        parts = render.split_message(text)
        for index, part in enumerate(parts):
            part_view = view if index == len(parts) - 1 else None
            if reply_to is not None and index == 0:
                reference = channel.get_partial_message(reply_to).to_reference(fail_if_not_exists=False)
                try:
                    await channel.send(content=part, reference=reference, view=part_view)
                    continue
                except discord.Forbidden:  # replying needs Read Message History; a plain message doesn't
                    log.info("could not reply in channel %s; sending a plain message", channel_id)
            await channel.send(content=part, view=part_view)
