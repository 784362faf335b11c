"""The Discord application's owner, or its team's admins and developers, as the bot's admins: as the team is now.

Read at login, then again before a decision only an admin may make for someone (/reload; a game's stop, skip or
start, or the server's language, by someone who can't manage the server): at once for someone who is an admin only
through the team (removed from it since, or made read-only, they are one no more), else once the team as read is
REFRESH_AFTER old (someone added since). An ordinary command asks Discord nothing, nor does a configured admin's
(QUIZ_DISCORD_ADMINS, admins whatever the team).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

import aiohttp
import discord

from adapters.discord.actors import PLATFORM, interaction_actor
from bot.engine import QuizEngine

log = logging.getLogger(__name__)

# How long the team as read stands for someone who isn't an admin by it: one added to the team waits that long at
# most; someone who is no admin trying /reload again and again costs Discord one read in that time.
REFRESH_AFTER = timedelta(minutes=1)


def owner_ids(application: discord.AppInfo | None) -> set[int]:
    """The application's owner, or its team's admins and developers (as discord.py's own Bot counts them), once
    they joined it: an invitation not yet accepted (it may be declined) gives no say over the team's apps."""
    if application is None:
        return set()
    if application.team is not None:
        roles = (discord.TeamMemberRole.admin, discord.TeamMemberRole.developer)
        return {member.id for member in application.team.members
                if member.role in roles and member.membership_state is discord.TeamMembershipState.accepted}
    return {application.owner.id}


class ApplicationAdmins:
    def __init__(self, client: discord.Client, engine: QuizEngine) -> None:
        self._client = client
        self._engine = engine
        self._read_at: datetime | None = None  # on the engine's clock
        self._reading = asyncio.Lock()  # one read at a time

    def found(self, application: discord.AppInfo | None) -> None:
        """The application as just read (at login, or since): its owners are the admins found on Discord."""
        self._engine.admins.replace_found(PLATFORM, (str(user_id) for user_id in owner_ids(application)))
        self._read_at = self._engine.now()

    async def settle(self, interaction: discord.Interaction) -> None:
        """Before an admin-only decision for whoever interacted: the team read again if it may have changed for
        them (the interaction deferred first, privately, if it wasn't: Discord's 3 s may not be enough for both).
        If Discord can't be asked, the team as read before stands."""
        actor = interaction_actor(interaction)
        admins = self._engine.admins
        if admins.configured(actor) or not (admins.found_only(actor) or self._stale()):
            return
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self._reading:
            if not (admins.found_only(actor) or self._stale()):  # read while this one waited
                return
            try:
                application = await self._client.application_info()
            except (discord.DiscordException, aiohttp.ClientError, OSError, TimeoutError) as error:
                log.warning("could not read the Discord application's team again; its admins stay as read: %s",
                            error)
                self._read_at = self._engine.now()  # tried again in a while, not at each refused /reload
                return
            self.found(application)

    def _stale(self) -> bool:
        return self._read_at is None or self._engine.now() - self._read_at >= REFRESH_AFTER
