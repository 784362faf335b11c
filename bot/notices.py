"""Refusals the engine gives from more than one action, worded once."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.replies import Notice, NoticeCode


def quiz_not_found(reference: str, _: Localizer) -> Notice:
    return Notice(_("There is no quiz called “{name}”.", name=reference[:60]), NoticeCode.QUIZ_NOT_FOUND)


def already_answered(_: Localizer) -> Notice:
    return Notice(_("You already answered this question; your first answer counts."), NoticeCode.ALREADY_ANSWERED)
