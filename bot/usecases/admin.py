"""What admins do: reload the content. Who is one is configured per platform (and found at run time)."""

from __future__ import annotations

from bot.admins import AdminPolicy
from bot.reload_report import ReloadReport, reload_report
from bot.replies import Actor
from bot.usecases.core import Core
from bot.usecases.profile import Profiles


class Admin:
    def __init__(self, core: Core, admins: AdminPolicy, profiles: Profiles) -> None:
        self._core = core
        self._admins = admins
        self._profiles = profiles

    async def reload(self, actor: Actor) -> ReloadReport:
        """Re-read the content (admins only); a reload that fails validation keeps serving the previous one."""
        _ = await self._profiles.words(actor)
        if not self._admins.is_admin(actor):
            return ReloadReport(ok=False, summary=_("Sorry, only the bot's admins can reload the content."),
                                language=_.language)
        return reload_report(await self._core.library.reload(), _)

    def is_admin(self, actor: Actor) -> bool:
        return self._admins.is_admin(actor)

    def allow_admin(self, platform: str, user_id: str) -> None:
        """Make a user an admin for this run, e.g. a Discord application's owner found at login."""
        self._admins.allow(platform, user_id)
