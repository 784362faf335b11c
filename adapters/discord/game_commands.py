"""The slash commands of group games, and /help. Names and descriptions are translated like the others."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from discord import Interaction, app_commands
from discord.app_commands import locale_str as N_

from adapters.discord.actors import interaction_actor
from adapters.discord.game_handlers import GameHandlers
from adapters.discord.help import help_text
from adapters.discord.language_picker import language_picker
from adapters.discord.respond import respond
from adapters.discord.translator import command_name_for
from bot.engine import QuizEngine
from bot.games.rules import MAX_QUESTION_SECONDS, MIN_QUESTION_SECONDS

QuizChoices = Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def register_game_commands(tree: app_commands.CommandTree, engine: QuizEngine, games: GameHandlers,
                           quiz_choices: QuizChoices) -> None:
    game = app_commands.Group(name=N_("game"), description=N_("a group game for everyone in this channel"),
                              allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False,
                                                                              private_channel=False))

    @game.command(name=N_("start"), description=N_("open a lobby: everyone here can join"))
    @app_commands.rename(quiz=N_("quiz"), seconds=N_("seconds"))
    @app_commands.describe(quiz=N_("The quiz to play"), seconds=N_("Seconds for each question (30 if left out)"))
    @app_commands.autocomplete(quiz=quiz_choices)
    async def start(interaction: Interaction, quiz: str,
                    seconds: app_commands.Range[int, MIN_QUESTION_SECONDS, MAX_QUESTION_SECONDS] | None = None) -> None:
        await games.start(interaction, quiz, seconds)

    @game.command(name=N_("stop"), description=N_("end the game now (its starter or a server admin)"))
    async def stop(interaction: Interaction) -> None:
        await games.stop(interaction)

    @game.command(name=N_("skip"), description=N_("close the question now (its starter or a server admin)"))
    async def skip(interaction: Interaction) -> None:
        await games.skip(interaction)

    tree.add_command(game)

    @tree.command(name=N_("leaderboard"), description=N_("this server's points from group games"))
    @app_commands.rename(period=N_("period"), me=N_("me"))
    @app_commands.describe(period=N_("This week (from Monday, UTC) or all time"),
                           me=N_("Hide yourself from leaderboards, or show yourself again"))
    @app_commands.choices(period=[app_commands.Choice(name=N_("this week"), value="week"),
                                  app_commands.Choice(name=N_("all time"), value="all")],
                          me=[app_commands.Choice(name=N_("hide me"), value="hide"),
                              app_commands.Choice(name=N_("show me"), value="show")])
    async def leaderboard(interaction: Interaction, period: str = "week", me: str | None = None) -> None:
        await games.leaderboard(interaction, period, me)

    @tree.command(name=N_("help"), description=N_("what I can do"))
    async def help_command(interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)

        def spelled(*names: str) -> str:
            return "/" + " ".join(command_name_for(interaction.locale, name, engine.localizer_for) for name in names)
        # Meeting them: until they choose a language, the picker under the reply (a hint may be a client language
        # that isn't theirs: Discord's client speaks en and fr only of QuizTutor's languages).
        profile = await engine.profile(interaction_actor(interaction))
        _ = engine.localizer_for(profile.language)
        text = help_text(_, spelled, in_server=interaction.guild_id is not None)
        if profile.language_chosen:
            await respond(interaction, text)
        else:
            await respond(interaction, text + "\n\n" + _("Which language should I speak?"), view=language_picker())
