"""Failures: a polite ephemeral reply for the user, the details in the log, and the bot carries on."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from adapters.discord.actors import PLATFORM, interaction_actor
from adapters.discord.commands import NotAdmin
from adapters.discord.counting import observe_command
from adapters.discord.respond import respond_quietly
from adapters.error_kinds import HANDLER_FAILED
from adapters.failures import OutageLines, log_failure, unreachable
from bot.engine import QuizEngine

log = logging.getLogger(__name__)

# How long an apology or refusal waits for the person's language from the database, which may be what is stuck:
# Discord gives an interaction 3 s for its first answer ("This interaction failed" after). Then the language
# last read here, or the one the interaction came with.
LANGUAGE_WAIT = 1.5

# Discord's code for an interaction whose first answer came after its 3 s (404 Unknown interaction).
UNKNOWN_INTERACTION = 10062

TreeErrorHandler = Callable[[discord.Interaction[Any], app_commands.AppCommandError], Coroutine[Any, Any, None]]


async def apologize(engine: QuizEngine, interaction: discord.Interaction, error: BaseException | None = None) -> None:
    """``error``: what failed, if anything did (the database out of reach is not asked again for the language)."""
    _ = await engine.localizer_or_hint(interaction_actor(interaction), within=LANGUAGE_WAIT,
                                       database_down=error is not None and unreachable(error))
    await respond_quietly(interaction, _("Sorry, something went wrong. Please try again in a moment."))


def answered_too_late(error: BaseException) -> discord.NotFound | None:
    """The 404 Unknown interaction behind a failure, if that was it: Discord's 3 s passed before the first answer
    (a loaded machine), the platform's timing and not a bug; an apology can't reach that interaction either."""
    original = getattr(error, "original", error)  # a command's comes wrapped in CommandInvokeError
    return original if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION else None


def tree_error_handler(engine: QuizEngine, outages: OutageLines | None = None) -> TreeErrorHandler:
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        observe_command(engine.metrics, interaction)  # a failed command took its time too
        if isinstance(error, NotAdmin):
            _ = await engine.localizer_or_hint(interaction_actor(interaction), within=LANGUAGE_WAIT)
            await respond_quietly(interaction, _("Sorry, only the bot's admins can reload the content."))
            return
        if isinstance(error, app_commands.CommandNotFound):  # removed in an update, and not yet synced away
            log.info("/%s is no longer a command; its user was told", error.name)
            _ = await engine.localizer_or_hint(interaction_actor(interaction), within=LANGUAGE_WAIT)
            await respond_quietly(interaction, _("I don't have that command any more. Send /help to see everything "
                                                 "I can do."))
            return
        if isinstance(error, app_commands.CommandSignatureMismatch):  # its options changed, not yet synced
            log.warning("/%s's options changed since Discord's copy was registered: run `quiztutor discord-sync`",
                        error.command.qualified_name)
            _ = await engine.localizer_or_hint(interaction_actor(interaction), within=LANGUAGE_WAIT)
            await respond_quietly(interaction, _("This command changed in an update. Please try again later, or "
                                                 "send /help to see everything I can do."))
            return
        engine.metrics.error(PLATFORM, HANDLER_FAILED)
        command = interaction.command.qualified_name if interaction.command else "?"
        if late := answered_too_late(error):
            log.warning("/%s for user %s answered too late: %s", command, interaction.user.id, late)
            return
        # discord.py errors describe the request, never the token, so they are logged whole.
        log_failure(log, error, "/%s failed for user %s", command, interaction.user.id, outages=outages)
        await apologize(engine, interaction, error)

    return on_error
