"""The part of the engine's façade that no learner's action calls: upkeep (QuizEngine inherits it).

Sweepers' passes (time limits, questions a crash left unsent, reminders) and their deliveries, and the platform's
bookkeeping: which question a message asks, a message taken away, a chat that got a new id. Split from
bot/engine.py, the façade for people's actions, to keep each file to one job.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.delivery import Asked, Shown, Surface, deliver
from bot.ports import UnitOfWork
from bot.records import MessageLink, UnansweredLink
from bot.replies import Actor, Expired, QuestionView
from bot.usecases.core import Core
from bot.usecases.expiry import Deliver, Expiry
from bot.usecases.games.phases import forget_old_chat_messages
from bot.usecases.reminding import Reminding, Send
from bot.usecases.unsent import UNSENT_BATCH, UnsentLook


class Upkeep:
    def __init__(self, core: Core) -> None:
        self._core = core  # shared with QuizEngine's own use cases
        self._expiry = Expiry(core)
        self._reminding = Reminding(core)

    async def deliver(self, reply: Shown, surface: Surface, platform: str, actor: Actor | None = None) -> None:
        """Show a reply the engine gave earlier, linking any poll it asks. For a sweeper's deliveries, which
        already run under the learner's lock (``actor``'s: then a poll held back moves its deadline); adapters
        otherwise pass their Surface to the action itself."""
        await deliver(reply, surface, self._core.linker(platform, actor))

    # -- messages --------------------------------------------------------------------------------

    def asks_on_messages(self, platform: str) -> None:
        """The platform links every quiz question it shows (Telegram's polls; Discord's, and its private buttons,
        linked withdrawn: delivery.AsksPrivately): an open question with no link after one a message still asked is
        one a crash left unsent, not timed out by the learner's own /stop or /quiz."""
        self._core.on_messages.add(platform)

    async def link_message(self, platform: str, message_key: str, question: QuestionView,
                           chat_id: str | None) -> None:
        """Remember which question a platform message asks, so answers survive restarts."""
        await self._core.linker(platform)(question, Asked(message_key), chat_id)

    async def message_link(self, platform: str, message_key: str) -> MessageLink | None:
        async def find(uow: UnitOfWork) -> MessageLink | None:
            return await uow.links.get(platform, message_key)
        return await self._core.turns.run_unlocked(find)

    async def unanswered_links(self, platform: str, within: timedelta, limit: int,
                               older_than: MessageLink | None = None) -> list[UnansweredLink]:
        """The platform's messages of the last ``within`` still asking an active session's unanswered question,
        newest first, at most ``limit`` (a page: those after ``older_than``, the last of the page before): where a
        vote cast while no process listened may wait."""
        async def find(uow: UnitOfWork) -> list[UnansweredLink]:
            return await uow.links.unanswered(platform, self._core.clock() - within, limit, older_than)
        return await self._core.turns.run_unlocked(find)

    async def withdrawn(self, link: MessageLink) -> None:
        """A message the platform's adapter took away (deleted) rather than closed, a HeldLink's: nothing is sent
        to it any more (Core.asked_before passes it by), while a vote that was on its way still finds its
        question."""
        async def withdraw(uow: UnitOfWork) -> None:
            await uow.links.withdraw(link.platform, link.message_key, self._core.clock())
            await uow.commit()
        await self._core.turns.run_unlocked(withdraw)

    async def move_chat(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        """A chat got a new id (a Telegram group that became a supergroup): what was kept under the old one,
        its language, games, leaderboard and the quizzes played in it, carries on under the new one; its live game's
        messages, in the old chat, are forgotten."""
        async def move(uow: UnitOfWork) -> None:
            moving = await uow.games.live_in(platform, old_chat_id)
            await uow.chats.move(platform, old_chat_id, new_chat_id)
            if moving is not None:
                await forget_old_chat_messages(uow, moving.id, new_chat_id)
            await uow.commit()
        await self._core.turns.run_unlocked(move)

    # -- reminders and time limits -----------------------------------------------------------------

    async def send_reminders(self, platform: str, send: Send, per_second: float) -> int:
        """One pass of the platform's due reminders (the reminder sweeper calls this)."""
        return await self._reminding.send_due(platform, send, per_second)

    async def reminders_unreached(self, actor: Actor) -> None:
        """The platform refused a private message to the learner (``reminders_reached``'s answer): their reminders
        paused again, as after a refused reminder."""
        await self._reminding.stop(actor)

    @property
    def question_limit(self) -> timedelta | None:
        """How long a learner has for each question; None: as long as they like."""
        return self._core.timer.limit

    async def expire_overdue(self, platform: str, deliver: Deliver | None = None, *,
                             unsent: bool = False) -> list[Expired]:
        """Skip this platform's questions whose time ran out, once each (Expiry.expire_overdue)."""
        return await self._expiry.expire_overdue(platform, deliver, unsent=unsent)

    def now(self) -> datetime:
        """The engine's clock (a test's may stand still): when a process started, for ask_unsent."""
        return self._core.clock()

    async def ask_unsent(self, platform: str, look: UnsentLook, deliver: Deliver, limit: int = UNSENT_BATCH) -> int:
        """Ask again, once, each open question a crash left unsent (Expiry.ask_unsent); how many were."""
        return await self._expiry.ask_unsent(platform, look, deliver, limit)

    async def sweep_overdue(self, platform: str, deliver: Deliver | None = None, *, unsent: bool = False) -> int:
        """A sweeper's pass of ``expire_overdue``: how many sessions it settled, told or not (more may wait)."""
        return await self._expiry.sweep(platform, deliver, unsent=unsent)
