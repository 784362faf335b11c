"""The slash commands as Discord sees them.

Texts are marked with N_ (a default gettext keyword) for extraction, and translated per Discord locale
by the tree's Translator when the commands are synced. Descriptions share their msgids with the
Telegram command menu, so one translation serves both.
"""

from __future__ import annotations

from discord import Interaction, app_commands
from discord.app_commands import locale_str as N_

from adapters.discord.counting import Suggest
from adapters.discord.game_handlers import GameHandlers
from adapters.discord.handlers import CommandHandlers
from adapters.discord.moving_on import MovingOn
from bot.languages import NATIVE_NAMES


class NotAdmin(app_commands.CheckFailure):
    """Raised by the /reload check for anyone but the configured admins and the application's owner (or team)."""


def register_commands(tree: app_commands.CommandTree, handlers: CommandHandlers, games: GameHandlers,
                      autocomplete_quiz: Suggest, moving_on: MovingOn) -> None:
    """``autocomplete_quiz``: the quiz names suggested as a user types one (see counting.counted_suggestions)."""
    async def admin_only(interaction: Interaction) -> bool:
        # default_permissions only hides a command, and servers can override it: this check enforces.
        if not await handlers.is_admin(interaction):
            raise NotAdmin()
        return True

    @tree.command(name=N_("quiz"), description=N_("start or resume a quiz"))
    @app_commands.rename(quiz=N_("quiz"), private=N_("private"))
    @app_commands.describe(quiz=N_("The quiz to play; leave it empty to carry on"),
                           private=N_("Play alone, with buttons only you can see"))
    @app_commands.autocomplete(quiz=autocomplete_quiz)
    async def quiz(interaction: Interaction, quiz: str | None = None, private: bool = False) -> None:
        await handlers.quiz(interaction, quiz, private)

    @tree.command(name=N_("quizzes"), description=N_("list the quizzes"))
    async def quizzes(interaction: Interaction) -> None:
        await handlers.quizzes(interaction)

    @tree.command(name=N_("preview"), description=N_("show a quiz's questions without answers"))
    @app_commands.rename(quiz=N_("quiz"))
    @app_commands.describe(quiz=N_("The quiz to preview"))
    @app_commands.autocomplete(quiz=autocomplete_quiz)
    async def preview(interaction: Interaction, quiz: str) -> None:
        await handlers.preview(interaction, quiz)

    @tree.command(name=N_("stop"), description=N_("stop the current quiz (your answers are kept)"))
    async def stop(interaction: Interaction) -> None:
        await handlers.stop(interaction)

    @tree.command(name=N_("skip"), description=N_("skip the current question"))
    @app_commands.rename(private=N_("private"))
    @app_commands.describe(private=N_("Play alone, with buttons only you can see"))
    async def skip(interaction: Interaction, private: bool | None = None) -> None:  # None: as its question was
        await moving_on.skip(interaction, private)

    @tree.command(name=N_("retry"), description=N_("retry the questions you missed in the last quiz"))
    @app_commands.rename(private=N_("private"))
    @app_commands.describe(private=N_("Play alone, with buttons only you can see"))
    async def retry(interaction: Interaction, private: bool | None = None) -> None:  # None: as the quiz was played
        await moving_on.retry(interaction, private)

    @tree.command(name=N_("language"), description=N_("change the language I speak"))
    @app_commands.rename(language=N_("language"), server=N_("server"))
    @app_commands.describe(language=N_("Your language"),
                           server=N_("For the whole server's group games instead (Manage Server)"))
    @app_commands.choices(language=[app_commands.Choice(name=name, value=code) for code, name in NATIVE_NAMES.items()])
    async def language(interaction: Interaction, language: str, server: bool = False) -> None:
        if server:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await games.server_language(interaction, language)
        else:
            await handlers.language(interaction, language)

    @tree.command(name=N_("progress"), description=N_("your results so far"))
    async def progress(interaction: Interaction) -> None:
        await handlers.progress(interaction)

    @tree.command(name=N_("review"), description=N_("review the questions due today"))
    @app_commands.rename(private=N_("private"))
    @app_commands.describe(private=N_("Play alone, with buttons only you can see"))
    async def review(interaction: Interaction, private: bool = False) -> None:
        await handlers.review(interaction, private)

    @tree.command(name=N_("timezone"), description=N_("set your time zone, e.g. Africa/Lagos or UTC+1"))
    @app_commands.rename(zone=N_("zone"))
    @app_commands.describe(zone=N_("A time zone, e.g. Africa/Nairobi or UTC+3; leave it empty to see the one in use"))
    async def timezone(interaction: Interaction, zone: str = "") -> None:
        await handlers.timezone(interaction, zone)

    @tree.command(name=N_("reminders"), description=N_("a daily reminder when questions are due: on 19:00, or off"))
    @app_commands.rename(setting=N_("setting"))
    @app_commands.describe(setting=N_("on 19:00, a time, or off; leave it empty to see how it stands"))
    async def reminders(interaction: Interaction, setting: str = "") -> None:
        await handlers.reminders(interaction, setting)

    @tree.command(name=N_("reload"), description=N_("re-read the quiz content (admins only)"))
    @app_commands.check(admin_only)
    async def reload(interaction: Interaction) -> None:
        await handlers.reload(interaction)
