"""What admins do: reload the content. Who is one is configured per platform (and found at run time).

A reload reaches every process: the reloading one stores the new content's fingerprint in the database, and
the others, looking every half minute (follow_content), reload from their own files when it changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.admins import AdminPolicy
from bot.content.catalog import Catalog
from bot.content.library import ReloadResult
from bot.content.problems import ContentProblem
from bot.i18n import Localizer
from bot.ports import UnitOfWork
from bot.reload_report import ReloadReport, first_problems, reload_report
from bot.replies import Actor
from bot.usecases.core import Core

log = logging.getLogger(__name__)


class Admin:
    def __init__(self, core: Core, admins: AdminPolicy, reloaded_before: str | None = None) -> None:
        self._core = core
        self._admins = admins
        # The stored fingerprint this process last reloaded for; at first, the one stored before it read its files
        # (that reload is in them, or a deploy replaced it): not one to follow.
        self._followed = reloaded_before
        self._behind = False  # whether following self._followed failed, to be tried again at the next look

    async def reload(self, actor: Actor) -> ReloadReport:
        """Re-read the content (admins only); a reload that fails validation keeps serving the previous one."""
        _ = await self._core.turns.words(actor)
        if not self._admins.is_admin(actor):
            return ReloadReport(ok=False, summary=_("Sorry, only the bot's admins can reload the content."),
                                language=_.language)
        # Stored before this process serves it: if the database fails, nothing changed anywhere, and the admin's
        # error is the whole truth. (Stored after, the other processes would miss a reload that happened here.)
        result = await self._core.library.reload(before_serving=self._publish)
        if not result.ok:  # the admin's chat shows the first problems; here, in one entry, all of them
            await _logged(logging.WARNING, "an admin's content reload failed validation, so the previous content "
                          "still serves; %d problems:\n%s", len(result.problems),
                          listing=lambda: "\n".join(f"  {problem}" for problem in result.problems))
        return reload_report(result, _)

    async def follow_content(self) -> ReloadResult | None:
        """Reload if an admin reloaded, in any process, content other than this process serves; None if not (nor
        when a look again changed nothing). A process whose files fail validation or hold other content says so
        once and keeps serving what it has, but looks again at every call until its files hold that content."""
        wanted = await self._core.turns.run_unlocked(lambda uow: uow.content.fingerprint())
        if wanted is None or wanted == self._core.library.catalog.fingerprint:
            return None
        again = wanted == self._followed
        if again and not self._behind:  # followed already, or stored before this process read its files
            return None
        self._followed = wanted
        result = await self._core.library.reload(expect=wanted)
        if result.served_already:  # this process's own reload, stored but not yet served when it looked
            return None
        # Looked at again and again: the files may have been caught half-written or not yet synced (a replica's own
        # copy), and once they are whole this process must serve what the others do, not the old content for good.
        self._behind = not result.swapped
        if result.swapped:
            log.info("followed a content reload made in another process")
        elif again:
            return None  # said at the first look
        elif not result.ok:
            # The admin's process logs every problem (its files, likely these); here what its chat shows, in
            # English: a million problems (a 1 MB file of broken questions) made a 50 MB line in each replica's log.
            await _logged(logging.ERROR, "an admin reloaded the content elsewhere, but these files fail validation; "
                          "%d problems:\n%s", len(result.problems),
                          listing=lambda: _first_listed(result.problems, self._core.texts.for_language("en")))
        else:
            log.warning("an admin reloaded the content elsewhere, but this process's files hold other content")
        return result

    def is_admin(self, actor: Actor) -> bool:
        return self._admins.is_admin(actor)

    def allow_admin(self, platform: str, user_id: str) -> None:
        """Make a user an admin for this run, e.g. a Discord application's owner found at login."""
        self._admins.allow(platform, user_id)

    async def _publish(self, catalog: Catalog) -> None:
        """Store the fingerprint of what this process is about to serve, for the others to follow."""
        async def store(uow: UnitOfWork) -> None:
            await uow.content.set_fingerprint(catalog.fingerprint, self._core.clock())
            await uow.commit()
        await self._core.turns.run_unlocked(store)


def _first_listed(problems: tuple[ContentProblem, ...], english: Localizer) -> str:
    """The problems the admin's chat would show, one a line (in ``english``: the log's), then how many more and
    where to see them all."""
    shown = first_problems(problems, english)
    more = [f"  …and {len(problems) - len(shown)} more: quiztutor validate (run on this process's content folder) "
            "lists them all"] if len(shown) < len(problems) else []
    return "\n".join([*(f"  {line}" for line in shown), *more])


async def _logged(level: int, message: str, *args: object, listing: Callable[[], str]) -> None:
    """Log ``message`` with ``args`` and then ``listing()``, in a thread: a million problems (a 1 MB file of broken
    questions) take seconds to say and write, which would hold every learner's turn on the event loop."""
    await asyncio.to_thread(lambda: log.log(level, message, *args, listing()))
