"""The one outbound walk: what an answer, a start or a time-out leads to, shown on any platform's Surface.

Notice, then feedback, then the next question or the summary: every platform shows an outcome in this order,
so the order lives here once. A platform only says how to show each piece.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from bot.asked_links import private_key
from bot.records import MessageLink
from bot.replies import AnswerOutcome, Feedback, Notice, QuestionView, Started, Summary

Shown = Started | AnswerOutcome | Summary


class MaybeDelivered(Exception):
    """A message the platform may have shown all the same, its answer lost (a time-out, a 5xx from its front): not
    sent again, as it could show twice. Expected, and nothing to fix: a warning, not a traceback."""


@dataclass(frozen=True)
class Asked:
    """The message a question was asked on."""

    key: str  # what its answers come back on: a poll's id
    message_id: str | None = None  # the message itself, where closing its poll needs that instead (Telegram)
    # Set when the message went out late (flood control held it back) and counts its time down from when it
    # appeared, in seconds (a Telegram poll's open_period): the question's deadline then moves to match.
    late_countdown: int | None = None


Link = Callable[[QuestionView, Asked, "str | None"], Awaitable[None]]


class Surface(Protocol):
    """Where one learner's replies appear: a chat, a channel, an ephemeral reply, a terminal."""

    @property
    def chat_id(self) -> str | None:
        """The chat a message asked here lives in (stored with its link)."""
        ...

    async def say(self, text: str) -> None:
        """A line before what comes next: time's up, a question skipped, a poll asked again."""
        ...

    async def feedback(self, feedback: Feedback) -> None: ...

    async def ask(self, question: QuestionView, intro: str | None) -> Asked | None:
        """Show the question; return the message its answers will come back on (a poll), so it can be linked,
        or None when answers name the question themselves (buttons, a terminal)."""
        ...

    async def summarize(self, summary: Summary) -> None: ...

    async def flush(self) -> None:
        """Send whatever was held back (a surface may gather lines into one message)."""
        ...


class AsksPrivately(Protocol):
    """A Surface whose questions only their learner sees, on messages no answer comes back on (Discord's ephemeral
    buttons, which name their question). Each such question is linked before it is shown, withdrawn from the start
    (asked_links.private_key): nothing takes the link for a message asking it, while a question with no link at all
    after one a poll asked is surely one whose poll a crash lost (unsent.lost_in_a_crash). Linked first, so a crash
    as it is shown can't leave it looking lost, to be asked again as a poll in the channel."""

    asks_privately: Literal[True]


async def deliver(reply: Shown, surface: Surface, link: Link) -> None:
    """Show ``reply`` on ``surface``; a question asked on a message is linked before this returns."""
    if isinstance(reply, Summary):
        await summarize(reply, surface)
    elif isinstance(reply, Started):
        await _ask(reply.question, reply.intro, surface, link)
    else:
        if reply.notice is not None:
            await surface.say(reply.notice)
        if reply.feedback is not None:
            await surface.feedback(reply.feedback)
        if isinstance(reply.next, Summary):
            await summarize(reply.next, surface)  # what it says first: review questions answered elsewhere
        else:
            await _ask(reply.next, None, surface, link)
    await surface.flush()


async def summarize(summary: Summary, surface: Surface) -> None:
    """A summary on its own (a quiz resumed straight to its end): what it says first, then the summary."""
    for notice in summary.notices:
        await surface.say(notice)
    await surface.summarize(summary)


async def _ask(question: QuestionView, intro: str | None, surface: Surface, link: Link) -> None:
    # Read as an attribute, not isinstance: a runtime-checkable Protocol's check walks the class's members on every
    # call, a few microseconds of every answer's reply on Python 3.11 (benchmarks/HISTORY.md, engine.py, stop 67).
    if getattr(surface, "asks_privately", False) is True:
        await link(question, Asked(private_key()), surface.chat_id)
    asked = await surface.ask(question, intro)
    if asked is not None:
        await link(question, asked, surface.chat_id)


# Where to show a reply: a Surface, or a function that finds one from the reply itself (a poll answer carries
# no chat: its reply says where the quiz is played). None: nowhere (e.g. a question nobody can be shown now).
SurfaceFor = Callable[[Shown], "Surface | None"]
Target = Surface | SurfaceFor


def surface_for(target: Target, reply: Shown) -> Surface | None:
    return target(reply) if callable(target) else target


def polls_to_close(reply: object) -> tuple[MessageLink, ...]:
    """The polls a reply leaves asking what nobody should answer any more (a start, a skip, a left quiz's answer)."""
    if isinstance(reply, Notice):
        return reply.left_behind
    if isinstance(reply, Started):
        return (*((reply.asked_before,) if reply.asked_before else ()), *reply.left_behind)
    if isinstance(reply, AnswerOutcome):
        return (*((reply.skipped_poll,) if reply.skipped_poll else ()), *reply.left_behind)
    if isinstance(reply, Summary):
        return (*((reply.asked_before,) if reply.asked_before else ()), *reply.left_behind)
    return ()
