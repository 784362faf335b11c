"""What each slash command does: defer, ask the engine, lay out the reply."""

from __future__ import annotations

import discord
from discord import app_commands

from adapters.discord import render
from adapters.discord.actors import interaction_actor
from adapters.discord.buttons import retry_view
from adapters.discord.permissions import poll_refused
from adapters.discord.polls import PollPlay
from adapters.discord.private import PrivatePlay
from adapters.discord.respond import respond
from adapters.discord.translator import command_name_for
from bot.engine import QuizEngine
from bot.replies import Actor, Notice, Preview, Started, Summary

AUTOCOMPLETE_LIMIT = 25
CHOICE_NAME_LIMIT = 100


class CommandHandlers:
    def __init__(self, engine: QuizEngine, polls: PollPlay, private: PrivatePlay) -> None:
        self._engine = engine
        self._polls = polls
        self._private = private

    async def quiz(self, interaction: discord.Interaction, reference: str | None, private: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        await self._play(interaction, actor, await self._engine.start(actor, reference), private)

    async def retry(self, interaction: discord.Interaction, session_id: str, private: bool,
                    owner_id: int | None) -> None:
        """The retry button under a summary: the missed questions, played as the quiz was (polls or private)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        if owner_id is not None and owner_id != interaction.user.id:  # a bystander: say whose button it is
            _ = await self._engine.localizer(actor)
            await respond(interaction, _("This button belongs to {mention}'s quiz. Start your own with /quiz.",
                                         mention=render.mention(owner_id)))
            return
        # Someone else's session (or nothing left to retry) comes back as a Notice, answered only to the clicker.
        await self._play(interaction, actor, await self._engine.retry_missed(actor, session_id), private)

    async def _play(self, interaction: discord.Interaction, actor: Actor, result: Started | Summary | Notice,
                    private: bool) -> None:
        """Show what starting (or retrying) gave: the first question as a poll or privately, or a notice."""
        private = private or interaction.channel_id is None  # no channel to post polls in
        if isinstance(result, Notice):
            await respond(interaction, result.text)
        elif isinstance(result, Summary):
            await respond(interaction, render.summary(result),
                          view=retry_view(result, private, interaction.user.id, await self._engine.localizer(actor)))
        elif private or interaction.channel_id is None:  # (checked again for the type checker)
            await self._private.show(interaction, result.question, result.intro)
        else:
            try:
                await self._polls.ask(interaction.channel_id, interaction.user.id, result.question)
            except discord.Forbidden:
                private_command = "/{quiz} {private}:True".format(
                    quiz=command_name_for(interaction.locale, "quiz", self._engine.localizer_for_language),
                    private=command_name_for(interaction.locale, "private", self._engine.localizer_for_language))
                await respond(interaction, poll_refused(interaction.app_permissions,
                                                        await self._engine.localizer(actor), private_command))
                return
            await respond(interaction, result.intro)

    async def quiz_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Quiz ids and titles in the user's language that contain what they typed."""
        listing = await self._engine.list_quizzes(interaction_actor(interaction))
        wanted = current.strip().casefold()
        return [
            app_commands.Choice(name=render.shorten(f"{entry.title} ({entry.quiz_id})", CHOICE_NAME_LIMIT),
                                value=entry.quiz_id)
            for entry in listing.entries
            if wanted in entry.quiz_id or wanted in entry.title.casefold()
        ][:AUTOCOMPLETE_LIMIT]

    async def quizzes(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await respond(interaction, render.quiz_list(await self._engine.list_quizzes(interaction_actor(interaction))))

    async def preview(self, interaction: discord.Interaction, reference: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self._engine.preview(interaction_actor(interaction), reference)
        await respond(interaction, render.preview(result) if isinstance(result, Preview) else result.text)

    async def stop(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await respond(interaction, (await self._engine.stop(interaction_actor(interaction))).text)

    async def language(self, interaction: discord.Interaction, choice: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await respond(interaction, (await self._engine.set_language(interaction_actor(interaction), choice)).text)

    async def progress(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await respond(interaction, render.progress(await self._engine.progress(interaction_actor(interaction))))

    async def reload(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await self._engine.reload(interaction_actor(interaction))
        lines = [report.summary, *(f"• {problem}" for problem in report.problems)]
        await respond(interaction, "\n".join(lines))

    def is_admin(self, interaction: discord.Interaction) -> bool:
        return self._engine.is_admin(interaction_actor(interaction))
