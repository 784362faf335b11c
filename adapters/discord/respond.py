"""Answering an interaction, whether or not it was deferred, within Discord's message size."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from adapters.discord.render import plain
from adapters.discord.sending import NOT_DONE
from adapters.discord.splitting import split_message
from adapters.discord.translator import CommandTranslator

log = logging.getLogger(__name__)

_ORIGINAL_USED = "quiztutor_original_used"


async def respond(interaction: discord.Interaction, text: str, *, view: discord.ui.View | None = None,
                  ephemeral: bool = True) -> int | None:
    """Send text as the interaction's reply (the deferred one first), then as follow-ups if it is long. Commands
    it names are spelled as the user's client shows them. Returns a snowflake for when the last part appeared (None
    if Discord didn't say), to compare an interaction's id with: its message's id, or for the deferred "thinking…"
    placeholder edited into it, one for the time of the edit."""
    parts = split_message(spelled_for_client(interaction, text))
    sent: int | None = None
    for index, part in enumerate(parts):
        part_view = view if index == len(parts) - 1 and view is not None else discord.utils.MISSING
        if not interaction.response.is_done():
            sent = (await interaction.response.send_message(part, view=part_view, ephemeral=ephemeral)).message_id
            interaction.extras[_ORIGINAL_USED] = True
        elif not interaction.extras.get(_ORIGINAL_USED) and _is_deferred_message(interaction):
            # Replace the "thinking…" placeholder rather than leaving it next to a follow-up.
            edited = await interaction.edit_original_response(content=part, view=part_view)
            # Its id dates from the defer: a command sent since would look sent after what it shows now. The edit's
            # time instead, else (Discord may leave the edit that fills in a deferred reply unstamped) this
            # process's clock as it came back; never before the placeholder.
            sent = max(edited.id, discord.utils.time_snowflake(edited.edited_at or discord.utils.utcnow()))
            interaction.extras[_ORIGINAL_USED] = True
        else:
            sent = (await interaction.followup.send(part, view=part_view, ephemeral=ephemeral, wait=True)).id
    return sent


async def respond_plain(interaction: discord.Interaction, text: str) -> None:
    """An engine notice as the reply: its words shown as written (render.plain), whatever the user typed into it."""
    await respond(interaction, plain(text))


async def respond_quietly(interaction: discord.Interaction, text: str) -> None:
    """Like respond, for error paths: a failure to answer is logged, never raised."""
    try:
        await respond(interaction, text)
    except (*NOT_DONE, RuntimeError) as error:  # RuntimeError: the HTTP session closed (shutdown)
        log.warning("could not answer interaction %s: %s", interaction.id, error)


def spelled_for_client(interaction: discord.Interaction, text: str) -> str:
    """The commands ``text`` names as the user's client shows them: what they must type (see spelled_in)."""
    return spelled_for(interaction.client, text, interaction.locale)


def spelled_for(client: discord.Client, text: str, locale: discord.Locale) -> str:
    """The commands ``text`` names as a client in ``locale`` shows them (see spelled_in)."""
    tree = getattr(client, "tree", None)  # QuizClient's (client.py imports this module)
    if not isinstance(tree, app_commands.CommandTree) or not isinstance(tree.translator, CommandTranslator):
        return text
    commands = {command.name: {sub.name for sub in getattr(command, "commands", ())} for command in tree.get_commands()}
    return tree.translator.spelled_in(text, locale, commands)


def _is_deferred_message(interaction: discord.Interaction) -> bool:
    return interaction.response.type is discord.InteractionResponseType.deferred_channel_message
