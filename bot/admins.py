"""Who may run admin commands: configured user ids per platform."""

from __future__ import annotations

from bot.replies import Actor


class AdminPolicy:
    def __init__(self, admins: dict[str, set[str]] | None = None) -> None:
        self._admins = {platform: set(ids) for platform, ids in (admins or {}).items()}

    def allow(self, platform: str, user_id: str) -> None:
        """Add an admin found at run time, such as a Discord application's owner."""
        self._admins.setdefault(platform, set()).add(user_id)

    def is_admin(self, actor: Actor) -> bool:
        # The terminal is operated by whoever runs the process, so it is trusted.
        return actor.platform == "terminal" or actor.user_id in self._admins.get(actor.platform, set())
