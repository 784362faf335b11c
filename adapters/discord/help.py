"""/help on Discord: the commands, and how group games score."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.views import game_rules
from bot.i18n import Localizer
from bot.languages import listed_codes


def help_text(_: Localizer, spelled: Callable[..., str], *, in_server: bool = True) -> str:
    """Descriptions share their msgids with the commands themselves (and the Telegram menu). ``spelled("game",
    "stop")`` is a command as the reader's Discord client shows it ("/game arrêter" for a French client): what
    they must type. Read in a DM (not ``in_server``), a server's commands are said to be a server's: /game isn't
    offered in a DM, and /leaderboard there only says leaderboards are in servers."""
    server_commands = [
        (spelled("game", "start"), _("open a lobby: everyone here can join")),
        (spelled("leaderboard"), _("this server's points from group games")),
    ]
    commands = [
        (spelled("quiz"), _("start or resume a quiz")),
        (spelled("skip"), _("skip the current question")),
        (spelled("retry"), _("retry the questions you missed in the last quiz")),
        (spelled("stop"), _("stop the current quiz (your answers are kept)")),
        (spelled("quizzes"), _("list the quizzes")),
        (spelled("review"), _("review the questions due today")),
        (spelled("progress"), _("your results so far")),
        *(server_commands if in_server else []),
        (spelled("preview"), _("show a quiz's questions without answers")),
        (spelled("language"), _("change language: {codes}", codes=listed_codes())),
        (spelled("timezone"), _("set your time zone, e.g. Africa/Lagos or UTC+1")),
        (spelled("reminders"), _("a daily reminder when questions are due: on 19:00, or off")),
    ]
    lines = [_("I ask quiz questions as polls: tap an answer to see whether it is right, and why.")]
    lines += [f"**{name}** — {description}" for name, description in commands]
    if not in_server:
        lines.append("*" + _("In a server: {game} opens a game for everyone in the channel, and {leaderboard} shows "
                             "the server's points.", game=spelled("game", "start"), leaderboard=spelled("leaderboard"))
                     + "*")
    lines.append("*" + game_rules(_, spelled("game", "skip"), spelled("game", "stop")) + "*")
    return "\n".join(lines)
