"""The command menu (setMyCommands in every language the bot speaks, a private chat's without the group commands,
and in a private chat the language its learner chose) and the /help text built from it."""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Bot, BotCommand, BotCommandScope, BotCommandScopeAllPrivateChats, BotCommandScopeChat
from telegram.error import TelegramError

from adapters.telegram.html_text import esc, italic
from bot.games.views import game_rules
from bot.i18n import Localizer
from bot.languages import DEFAULT_LANGUAGE, NATIVE_NAMES, SUPPORTED_LANGUAGES, listed_codes

log = logging.getLogger(__name__)

GROUP_COMMANDS = ("game", "leaderboard")  # what a private chat's /help leaves to its "In a group: ..." line


def command_descriptions(_: Localizer) -> list[tuple[str, str]]:
    """Everyone's commands, in menu order, described in one language."""
    return [
        ("quizzes", _("list the quizzes")),
        ("quiz", _("start or resume a quiz")),
        ("skip", _("skip the current question")),
        ("stop", _("stop the current quiz (your answers are kept)")),
        ("retry", _("retry the questions you missed in the last quiz")),
        ("review", _("review the questions due today")),
        ("game", _("a group game for everyone in this chat: /game QUIZ [SECONDS]")),
        ("leaderboard", _("this group's leaderboard: week or all; hide or show yourself")),
        ("progress", _("your results so far")),
        ("preview", _("show a quiz's questions without answers")),
        ("language", _("change language: {codes}", codes=listed_codes())),
        ("timezone", _("set your time zone, e.g. Africa/Lagos or UTC+1")),
        ("reminders", _("a daily reminder when questions are due: on 19:00, or off")),
        ("help", _("what I can do")),
        ("start", _("welcome, and choose a language")),
    ]


def private_commands(_: Localizer) -> list[tuple[str, str]]:
    """A private chat's: the group commands there only say that games and leaderboards are in groups."""
    return [(name, description) for name, description in command_descriptions(_) if name not in GROUP_COMMANDS]


def as_menu(commands: list[tuple[str, str]]) -> list[BotCommand]:
    return [BotCommand(name, description) for name, description in commands]


def next_steps(_: Localizer) -> str:
    return _("Send /quizzes to choose a quiz, or /help to see everything I can do.")


def how_to_change_language(_: Localizer) -> str:
    """For a welcome without the picker: the languages named in themselves, so a Yoruba or Shona speaker whose app is
    in English (Telegram's apps come in neither) sees theirs is spoken here."""
    return _("To change language, send /language: {languages}.", languages=", ".join(NATIVE_NAMES.values()))


def how_to_answer(_: Localizer) -> str:
    """For a line typed while a question waits: most likely its answer, which only a tap on the poll gives."""
    return _("To answer, tap an option in the question's poll. Send /quiz to see it again, /skip to move on, or "
             "/stop to end the quiz.")


def help_text(_: Localizer, *, admin: bool, group: bool) -> str:
    lines = [esc(_("I ask quiz questions as polls: tap an answer to see whether it is right, and why."))]
    # In a private chat, a group's commands are said below as a group's, not listed as if they worked there.
    commands = command_descriptions(_) if group else private_commands(_)
    if admin:
        commands.append(("reload", _("re-read the quiz content (admins only)")))
    lines += [f"/{name} — {esc(description)}" for name, description in commands]
    if group:
        lines.append(italic(_("In a group, /quiz starts your own quiz: only your answers count for it.")))
        lines.append(italic(_("In a group, what is for you alone (/progress, /preview, and what a command says when "
                              "there is nothing to do for you) comes in your private chat with me, once you have "
                              "pressed Start there.")))
        # /language there is the group's (see Commands.language): "change language" above would read as theirs.
        lines.append(italic(_("In a group, /language sets the language of its games, for its admins only: choose "
                              "your own in a private chat with me.")))
    else:
        lines.append(italic(_("In a group: /game QUIZ [SECONDS] starts a game for everyone there, /leaderboard shows "
                              "its points, and an admin sets the language of its games with /language.")))
    lines.append(italic(game_rules(_)))
    return "\n".join(lines)


async def publish_commands(bot: Bot, localizer_for: Callable[[str], Localizer]) -> None:
    """Set the menu for each language, plus the English default for clients in other languages: every command in
    the default scope (groups'), and all private chats' without the group commands."""
    targets: list[str | None] = [None, *SUPPORTED_LANGUAGES]
    for language in targets:
        _ = localizer_for(language or DEFAULT_LANGUAGE)
        menus: list[tuple[list[BotCommand], BotCommandScope | None]] = [
            (as_menu(command_descriptions(_)), None), (as_menu(private_commands(_)), BotCommandScopeAllPrivateChats())]
        for commands, scope in menus:
            try:
                await bot.set_my_commands(commands, scope=scope, language_code=language)
            except TelegramError as error:  # the bot works without a menu; don't refuse to start over it
                log.warning("could not set the Telegram command menu for %s%s: %s", language or "default",
                            " (private chats)" if scope else "", error)


async def set_chat_menu(bot: Bot, chat_id: str, _: Localizer) -> None:
    """The menu of one private chat in the language its learner chose: Telegram shows the menu of the app's language
    (publish_commands), and its apps come in neither Yoruba nor Shona, so theirs would stay English. A chat's own
    menu (BotCommandScopeChat) comes before every language's, and Telegram keeps it across the bot's restarts."""
    try:
        await bot.set_my_commands(as_menu(private_commands(_)), scope=BotCommandScopeChat(int(chat_id)))
    except TelegramError as error:  # the language is set and said; only the menu stays as it was
        log.warning("could not set the Telegram command menu of chat %s in %s: %s", chat_id, _.language, error)
