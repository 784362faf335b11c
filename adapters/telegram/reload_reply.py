"""Where an admin's /reload report goes. In a private chat, there. In a group every member reads what the bot posts,
and a failed reload's problems name the server's files and folders (absolute paths, for a missing quizzes/): the
group reads one line of the outcome, named for the admin, and the whole report goes to the admin's private chat.
When the bot may not write there (never started, or blocked), the line says where the problems are listed."""

from __future__ import annotations

from adapters.telegram import render
from adapters.telegram.actors import is_private, owner_in
from adapters.telegram.chat import TelegramChat
from adapters.telegram.personal import sent_privately
from bot.i18n import Localizer
from bot.reload_report import ReloadReport
from bot.replies import Actor


async def reload_reply(telegram: TelegramChat, report: ReloadReport, _: Localizer, actor: Actor, chat: str,
                       first_name: str) -> None:
    """``_``: the admin's language, the report's."""
    if is_private(chat, actor):
        await telegram.html(chat, [render.reload_report(report)])
        return
    async def whole(to: str, _owner: str | None) -> None:
        await telegram.html(to, [render.reload_report(report)])
    if await sent_privately(whole, actor.user_id):
        where = _("I sent you the details in a private message.")
    else:  # a reload that worked has nothing the group may not read, nor any problem to look for
        # Translators: "quiztutor validate" is a command to type: keep it as it is.
        where = "" if report.ok else _("Every problem is listed by quiztutor validate (run on the content folder) "
                                       "and in the bot's log.")
    await telegram.html(chat, [render.outcome_notice(report.outcome, owner_in(chat, actor, first_name),
                                                     where or None)])
