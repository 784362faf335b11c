"""Answers about one member alone, /progress, /timezone and /reminders: in a group, privately if we can (see
PersonalAnswers)."""

from __future__ import annotations

import asyncio

from telegram import Update
from telegram.error import Forbidden

from adapters.charts import render_progress_chart
from adapters.telegram import render
from adapters.telegram.actors import command_argument, is_private
from adapters.telegram.chat import NEVER_STARTED, TelegramChat, bot_blocked
from adapters.telegram.personal import PersonalAnswers, Send
from adapters.telegram.typed_commands import Context
from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode
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
            refused: list[Forbidden] = []  # what the member's private chat answered, if it refused the answer

            async def send(to: str, owner: str | None) -> None:
                if notice.code is NoticeCode.REMINDERS_PAUSED and is_private(to, actor):
                    try:
                        await self._reached(actor, to)
                    except Forbidden as error:
                        refused.append(error)
                        raise
                    return
                warning = None if is_private(to, actor) else self._unreachable(notice, refused)
                text = notice.text
                if warning is not None and notice.next_step and notice.code is NoticeCode.REMINDERS_PAUSED:
                    text = text.removesuffix(notice.next_step).rstrip()  # the warning says how, theirs unreachable
                try:
                    await self._chat.html(to, [render.outcome_notice(text, owner, warning)])
                except Forbidden as error:
                    refused.append(error)
                    raise
            return send
        await self._personal.answer("reminders", context.args, actor, chat, first_name(update), prepare)

    def _unreachable(self, notice: Notice, refused: list[Forbidden]) -> str | None:
        """Reminders on, answered in the group: the bot can't write to the member privately, so each reminder would
        be refused (and reminders then stop), unseen. Said now, while they are here to read it, with the button
        their private chat shows: Restart if they blocked the bot, Start if they never started it (Telegram can't
        "initiate conversation", or finds no such chat), either if Telegram's refusal says neither. Reminders paused
        for a member who blocked the bot: how to unblock it, said in place of the engine's last step (to write)."""
        _ = self._engine.localizer_for(notice.language)
        link = f"https://t.me/{self._chat.bot.username}"
        if notice.code is NoticeCode.REMINDERS_PAUSED and refused and bot_blocked(refused[-1]):
            # Blocked, they can't write to the bot privately, as the engine's answer says to: they unblock it first
            return _("You have blocked me: open {link}, press Restart (or Unblock), and they start again.", link=link)
        if notice.code not in (NoticeCode.REMINDERS_ON, NoticeCode.REMINDERS_STAND_ON):
            return None
        if refused and bot_blocked(refused[-1]):
            return _("But you have blocked me, so I can't write to you in a private chat, and that is where "
                     "reminders come: open {link} and press Restart (or Unblock).", link=link)
        if not refused or NEVER_STARTED in refused[-1].message.lower():
            return _("But I can't write to you in a private chat yet, and that is where reminders come: open {link} "
                     "and press Start.", link=link)
        return _("But I can't write to you in a private chat, and that is where reminders come: open {link} and "
                 "press Start, or Restart if you blocked me.", link=link)

    async def _reached(self, actor: Actor, to: str) -> None:
        """Paused reminders asked about in a group, answered in the learner's private chat: the bot reaches them
        there again, so they are back on, and the answer says so; refused there, paused again (and the group told)."""
        notice = await self._engine.reminders_reached(actor)
        try:
            await self._chat.html(to, [render.outcome_notice(notice.text, None)])
        except Exception:  # refused (blocked, "chat not found") or not known to have arrived: paused, as they were
            await self._engine.reminders_unreached(actor)
            raise
