"""Answers about one member alone, /progress, /timezone and /reminders: in a group, privately if we can (see
PersonalAnswers)."""

from __future__ import annotations

import asyncio

from telegram import Update

from adapters.charts import render_progress_chart
from adapters.telegram import render
from adapters.telegram.actors import command_argument, is_private
from adapters.telegram.chat import TelegramChat
from adapters.telegram.personal import PersonalAnswers, Send
from adapters.telegram.typed_commands import Context
from bot.engine import QuizEngine
from bot.replies import Actor, NoticeCode
from bot.text import shown_name


def first_name(update: Update) -> str:
    return shown_name(update.effective_user.first_name) if update.effective_user else ""


class MemberCommands:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, personal: PersonalAnswers) -> None:
        self._engine = engine
        self._chat = chat
        self._personal = personal

    async def progress(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """The text, then the chart as a photo (drawn off the event loop); in a group, both say whose they are."""
        async def prepare() -> Send:
            progress = await self._engine.progress(actor)
            chart = progress.chart
            picture = None if chart is None else await asyncio.to_thread(render_progress_chart, chart)

            async def send(to: str, owner: str | None) -> None:
                await self._chat.html(to, [render.progress(progress, owner)])
                if chart is not None and picture is not None:
                    await self._chat.photo(to, picture, render.caption(chart.title, owner))
            return send
        await self._personal.answer("progress", context.args, actor, chat, first_name(update), prepare)

    async def timezone(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        # No name: the zone in use and the command that changes it, said by the engine once.
        async def prepare() -> Send:
            notice = await self._engine.set_time_zone(actor, command_argument(context.args) or "")
            return lambda to, owner: self._chat.html(to, [render.outcome_notice(notice.text, owner)])
        await self._personal.answer("timezone", context.args, actor, chat, first_name(update), prepare)

    async def reminders(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        async def prepare() -> Send:
            notice = await self._engine.set_reminders(actor, command_argument(context.args) or "")
            _ = self._engine.localizer_for(notice.language)
            # Answered in the group only when the bot can't write to them privately: each reminder would be refused
            # (and reminders then stop), unseen. Said now, while they are here to read it.
            link = f"https://t.me/{self._chat.bot.username}"
            unreachable = {
                NoticeCode.REMINDERS_ON: _("But I can't write to you in a private chat yet, and that is where "
                                           "reminders come: open {link} and press Start.", link=link),
                # On, set here or before: refused now, they never started the bot or have blocked it since.
                NoticeCode.REMINDERS_STAND_ON: _("But I can't write to you in a private chat, and that is where "
                                                 "reminders come: open {link} and press Start, or Restart if you "
                                                 "blocked me.", link=link),
            }.get(notice.code)

            async def send(to: str, owner: str | None) -> None:
                if notice.code is NoticeCode.REMINDERS_PAUSED and is_private(to, actor):
                    await self._reached(actor, to)
                    return
                await self._chat.html(to, [render.outcome_notice(
                    notice.text, owner, unreachable if not is_private(to, actor) else None)])
            return send
        await self._personal.answer("reminders", context.args, actor, chat, first_name(update), prepare)

    async def _reached(self, actor: Actor, to: str) -> None:
        """Paused reminders asked about in a group, answered in the learner's private chat: the bot reaches them
        there again, so they are back on, and the answer says so; refused there, paused again (and the group told)."""
        notice = await self._engine.reminders_reached(actor)
        try:
            await self._chat.html(to, [render.outcome_notice(notice.text, None)])
        except Exception:  # refused (blocked, "chat not found") or not known to have arrived: paused, as they were
            await self._engine.reminders_unreached(actor)
            raise
