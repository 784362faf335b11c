"""Who may run admin commands: configured user ids per platform, and those found at run time."""

from __future__ import annotations

from collections.abc import Iterable

from bot.replies import Actor


class AdminPolicy:
    def __init__(self, admins: dict[str, set[str]] | None = None) -> None:
        self._configured = {platform: set(ids) for platform, ids in (admins or {}).items()}
        # Found at run time (a Discord application's owner, or its team's admins): they may change while it runs.
        self._found: dict[str, set[str]] = {}

    def allow(self, platform: str, user_id: str) -> None:
        """Add an admin found at run time, such as a Discord application's owner."""
        self._found.setdefault(platform, set()).add(user_id)

    def replace_found(self, platform: str, user_ids: Iterable[str]) -> None:
        """The admins found at run time on ``platform`` as they are now: one no longer among them (removed from
        the application's team) is an admin no more, unless configured."""
        self._found[platform] = set(user_ids)

    def configured(self, actor: Actor) -> bool:
        return actor.user_id in self._configured.get(actor.platform, set())

    def found_only(self, actor: Actor) -> bool:
        """An admin only as found at run time, which may have changed since."""
        return actor.user_id in self._found.get(actor.platform, set()) and not self.configured(actor)

    def is_admin(self, actor: Actor) -> bool:
        # The terminal is operated by whoever runs the process, so it is trusted.
        return (actor.platform == "terminal" or self.configured(actor)
                or actor.user_id in self._found.get(actor.platform, set()))
