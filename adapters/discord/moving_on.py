"""/skip and /retry: a learner's own quiz moved past its open question, or another go at what the last one missed,
as Telegram's commands do; played as /quiz plays (polls in the channel, or private buttons)."""

from __future__ import annotations

from collections.abc import Callable

import discord

from adapters.discord.actors import interaction_actor
from adapters.discord.handlers import CommandHandlers
from adapters.discord.private_asks import PrivateAsks
from bot.asked_links import asked_privately
from bot.engine import QuizEngine
from bot.records import OpenQuestion


def sent_before(interaction: discord.Interaction, private: PrivateAsks) -> Callable[[OpenQuestion], bool]:
    """Whether the command was sent before every message known to have asked the open question (snowflake ids grow
    with time): the first poll that asked it in the same channel (else the one asking it), and the first private
    message that asked it here (PrivateAsks). A /skip sent twice before the next question appeared skips one
    question, not two; one sent as the question is asked again (its quiz resumed, or in another language) skips it:
    it was seen."""
    def before(question: OpenQuestion) -> bool:
        first = question.first_asked  # not a private question's link: its key is no message id
        poll = first if first is not None and not asked_privately(first.message_key) else question.asked
        known = [int(poll.message_key)] if poll is not None and poll.chat_id == str(interaction.channel_id) \
            and poll.message_key.isdigit() else []
        if (shown := private.first_message_id(interaction.user.id, question.session_id, question.question_id)):
            known.append(shown)
        return bool(known) and interaction.id < min(known)
    return before


class MovingOn:
    def __init__(self, engine: QuizEngine, handlers: CommandHandlers, private: PrivateAsks) -> None:
        self._engine = engine
        self._handlers = handlers
        self._private = private

    async def skip(self, interaction: discord.Interaction, private: bool | None) -> None:
        """The open question counted as skipped (due for review); its poll ended, as a timed-out one's is (a
        private question's buttons then say it is no longer open), and the next question or the summary shown:
        ``private`` None (not given), as the open question was asked, so a learner playing privately is not shown
        to the channel."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        await self._handlers.play(
            interaction, private,
            lambda surface: self._engine.skip(actor, surface, sent_before=sent_before(interaction, self._private)),
            command="skip", resume="quiz")

    async def retry(self, interaction: discord.Interaction, private: bool | None) -> None:
        """The questions missed in the learner's last quiz, finished or stopped (as the retry button under its
        summary, which names that quiz): ``private`` None (not given), played as that quiz was (the reply's
        played_as_polls), as the button plays it, so a learner who played privately is not shown to the channel."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        await self._handlers.play(interaction, private,
                                  lambda surface: self._engine.retry_missed(actor, None, surface), command="retry")
