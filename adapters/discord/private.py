"""Private play: questions as ephemeral messages with buttons, answered in the clicker's language."""

from __future__ import annotations

import logging

import discord

from adapters.discord import render
from adapters.discord.actors import interaction_actor
from adapters.discord.buttons import answer_view, retry_view
from adapters.discord.respond import respond
from bot.engine import QuizEngine
from bot.replies import Notice, QuestionView, Summary

log = logging.getLogger(__name__)


class PrivatePlay:
    def __init__(self, engine: QuizEngine) -> None:
        self._engine = engine

    async def show(self, interaction: discord.Interaction, question: QuestionView, intro: str | None = None) -> None:
        await respond(interaction, render.private_question(question, intro), view=answer_view(question))

    async def on_click(self, interaction: discord.Interaction, session_id: str, question_id: str,
                       option_index: int) -> None:
        # Acknowledge at once (the engine touches the database); replies then come as follow-ups.
        await interaction.response.defer()
        actor = interaction_actor(interaction)
        result = await self._engine.answer(actor, session_id, question_id, option_index)
        if isinstance(result, Notice):  # stale, forged or repeated click: a polite refusal, only for the clicker
            await interaction.followup.send(result.text, ephemeral=True)
            return
        try:
            await interaction.edit_original_response(view=None)  # the answered question loses its buttons
        except discord.HTTPException as error:
            log.info("could not remove answered buttons: %s", error)
        if result.notice is not None:  # e.g. the time was up: not scored
            await respond(interaction, result.notice)
        if result.feedback is not None:
            await respond(interaction, render.feedback(result.feedback))
        if isinstance(result.next, Summary):
            await respond(interaction, render.summary(result.next),
                          view=retry_view(result.next, True, interaction.user.id, await self._engine.localizer(actor)))
        else:
            await self.show(interaction, result.next)
