"""Group games on Discord: /game start|stop|skip, /leaderboard, the server's language, and the game's buttons.
What only one person should see (a refusal, "Locked in: B", an explanation) is ephemeral, in their language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from adapters.discord import game_render
from adapters.discord.actors import interaction_actor
from adapters.discord.buttons import VIEW_BUTTON_LIMIT
from adapters.discord.game_buttons import open_view
from adapters.discord.game_surface import ChannelGameSurface
from adapters.discord.render import plain, which_quiz
from adapters.discord.respond import respond, respond_plain
from adapters.discord.team_admins import ApplicationAdmins
from adapters.discord.translator import command_name_for
from bot.engine import QuizEngine
from bot.games.delivery import Stage
from bot.games.replies import GameExplanation, Skipped
from bot.replies import Actor, Notice, NoticeCode, WhichQuiz

# engine.games.open or open_by_id: (actor, name, scope, quiz, seconds, stage) -> None when the lobby is shown
Opener = Callable[[Actor, str, str, str, int | None, Stage], Awaitable[Notice | None]]


def moderates(interaction: discord.Interaction) -> bool:
    """Discord's "Manage Server" (administrators have it too): may stop a game, skip a question, set the
    server's language."""
    return bool(interaction.permissions.manage_guild)


def discord_words(engine: QuizEngine, notice: Notice) -> Notice:
    """A refusal of /game stop, /game skip or Start, naming what Discord checks (Manage Server): the engine's
    "an admin of this chat" is Telegram's."""
    if notice.code is not NoticeCode.NOT_ALLOWED:
        return notice
    _ = engine.localizer_for(notice.language)
    return Notice(_("Only the player who started this game, or a member who can manage this server, can do that."),
                  NoticeCode.NOT_ALLOWED, notice.language)


class GameHandlers:
    def __init__(self, engine: QuizEngine, client: discord.Client, team_admins: ApplicationAdmins) -> None:
        self._engine = engine
        self._client = client
        self._team_admins = team_admins

    async def moderates(self, interaction: discord.Interaction) -> bool:
        """Whether they may manage the server; if not, the bot's admins (who may too) as the application's team is
        now, if it may have changed for them."""
        if moderates(interaction):
            return True
        await self._team_admins.settle(interaction)
        return False

    def stage(self, interaction: discord.Interaction) -> Stage:
        """Game messages for a chat; the interaction's own channel as it described it (a thread not cached is
        known only from there) with the bot's rights there, so a refusal names the right an admin must grant."""
        def surface(chat_id: str) -> ChannelGameSurface:
            if chat_id != str(interaction.channel_id):
                return ChannelGameSurface(self._client, int(chat_id))
            in_thread = isinstance(interaction.channel, discord.Thread)
            return ChannelGameSurface(self._client, int(chat_id), thread=in_thread, granted=interaction.app_permissions)
        return surface

    async def start(self, interaction: discord.Interaction, quiz: str, seconds: int | None) -> None:
        await self._open(interaction, quiz, seconds, self._engine.games.open)

    async def start_button(self, interaction: discord.Interaction, quiz_id: str, seconds: int | None) -> None:
        """A which-one button's quiz: exactly its id (one a reload removed is gone), opened by whoever pressed."""
        await self._open(interaction, quiz_id, seconds, self._engine.games.open_by_id)

    async def _open(self, interaction: discord.Interaction, quiz: str, seconds: int | None, open_: Opener) -> None:
        """A lobby in this channel for whoever typed or pressed, or why not; when the name matches several
        quizzes, which one, with a button that opens each as this /game start would have."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        _ = await self._engine.localizer(actor)
        if interaction.guild_id is None or interaction.channel_id is None:
            await respond(interaction, _("Group games are played in servers: run /game start in a channel there."))
            return
        refused = await open_(actor, interaction.user.display_name, str(interaction.guild_id), quiz, seconds,
                              self.stage(interaction))
        if isinstance(refused, WhichQuiz):
            await respond(interaction, which_quiz(refused) + self._unbuttoned(interaction, refused, seconds),
                          view=open_view(refused.choices, seconds))
            return
        await respond(interaction, _("The lobby is open: everyone here can join.") if refused is None else
                      plain(refused.text))

    def _unbuttoned(self, interaction: discord.Interaction, which: WhichQuiz, seconds: int | None) -> str:
        """How to open a game of the quizzes past the buttons a message holds (none: nothing to say)."""
        if len(which.choices.entries) <= VIEW_BUTTON_LIMIT:
            return ""
        _ = self._engine.localizer_for(which.language)
        if seconds is None:
            return "\n\n" + _("The first {count} have a button; to open a game of another, send /game start with "
                               "its id.", count=VIEW_BUTTON_LIMIT)
        option = command_name_for(interaction.locale, "seconds", self._engine.localizer_for)
        return "\n\n" + _("The first {count} have a button; to open a game of another, send /game start with its "
                           "id and {seconds}.", count=VIEW_BUTTON_LIMIT, seconds=f"{option}:{seconds}")

    async def stop(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        refused = await self._engine.games.stop(actor, interaction.user.display_name,
                                                await self.moderates(interaction), self.stage(interaction))
        if refused is not None:
            await respond_plain(interaction, discord_words(self._engine, refused).text)
            return
        _ = await self._engine.localizer(actor)
        await respond_plain(interaction, _("Game stopped."))

    async def skip(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        moved = await self._engine.games.skip(actor, await self.moderates(interaction), self.stage(interaction))
        if isinstance(moved, Notice):
            await respond_plain(interaction, discord_words(self._engine, moved).text)
            return
        _ = await self._engine.localizer(actor)  # the channel sees the move itself: the skipper is told which
        await respond_plain(interaction, {Skipped.BEGAN: _("Game started."), Skipped.CLOSED: _("Question skipped."),
                                          Skipped.NEXT: _("Next question."), Skipped.OVER: _("Game over.")}[moved])

    async def leaderboard(self, interaction: discord.Interaction, period: str, me: str | None) -> None:
        """For everyone in the channel to see; hiding or showing oneself is answered to that person only."""
        actor = interaction_actor(interaction)
        if me is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await respond(interaction, plain((await self._engine.games.set_hidden(actor, me == "hide")).text))
            return
        await interaction.response.defer(ephemeral=interaction.guild_id is None, thinking=True)
        if interaction.guild_id is None:
            _ = await self._engine.localizer(actor)
            await respond(interaction, _("Leaderboards belong to servers: run /leaderboard in a server channel."))
            return
        board = await self._engine.games.leaderboard(actor, str(interaction.guild_id), period)
        await respond(interaction, game_render.leaderboard(board), ephemeral=False)

    async def server_language(self, interaction: discord.Interaction, choice: str) -> None:
        actor = interaction_actor(interaction)
        if interaction.guild_id is None:
            await respond(interaction, plain((await self._engine.set_language(actor, choice)).text))
            return
        notice = await self._engine.games.set_chat_language(actor, str(interaction.guild_id), choice,
                                                            await self.moderates(interaction))
        if notice.code is NoticeCode.NOT_ALLOWED:  # the engine's words are Telegram's: a group admin, a private chat
            _ = self._engine.localizer_for(notice.language)
            notice = Notice(_("Only members who can manage this server can change its language. Set your own with "
                              "/language."), NoticeCode.NOT_ALLOWED, notice.language)
        await respond(interaction, plain(notice.text))

    async def click(self, interaction: discord.Interaction, verb: str, game_id: str, place: int,
                    option: int) -> None:
        actor = interaction_actor(interaction)
        name = interaction.user.display_name
        if verb == "begin":  # a start shows itself in the channel; only a refusal needs words
            await interaction.response.defer()
            refused = await self._engine.games.begin(actor, game_id, await self.moderates(interaction),
                                                     self.stage(interaction))
            if refused is not None:  # privately, its commands spelled as the presser's client shows them
                await respond(interaction, plain(discord_words(self._engine, refused).text))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if verb == "join":
            text = plain((await self._engine.games.join(actor, name, game_id, self.stage(interaction))).text)
        elif verb == "answer":
            text = plain((await self._engine.games.vote(actor, name, game_id, place, option,
                                                        self.stage(interaction))).text)
        else:
            reply = await self._engine.games.explain(actor, game_id, place)
            text = game_render.explanation(reply) if isinstance(reply, GameExplanation) else plain(reply.text)
        await respond(interaction, text)
