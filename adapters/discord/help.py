"""/help on Discord: the commands, and how group games score."""

from __future__ import annotations

from bot.games.views import game_rules
from bot.i18n import Localizer


def help_text(_: Localizer, skip: str, stop: str) -> str:
    """Descriptions share their msgids with the commands themselves (and the Telegram menu); ``skip`` and ``stop``
    are the game's commands as the reader's Discord client spells them."""
    commands = [
        ("/quiz", _("start or resume a quiz")),
        ("/quizzes", _("list the quizzes")),
        ("/review", _("review the questions due today")),
        ("/progress", _("your results so far")),
        ("/game start", _("open a lobby: everyone here can join")),
        ("/leaderboard", _("this server's points from group games")),
        ("/preview", _("show a quiz's questions without answers")),
        ("/language", _("change language: en, fr, sw, yo, sn")),
        ("/timezone", _("set your time zone, e.g. Africa/Lagos")),
        ("/reminders", _("a daily reminder when questions are due: on 19:00, or off")),
    ]
    lines = [_("I ask quiz questions as polls: tap an answer to see whether it is right, and why.")]
    lines += [f"**{name}** — {description}" for name, description in commands]
    lines.append("*" + game_rules(_, skip, stop) + "*")
    return "\n".join(lines)
