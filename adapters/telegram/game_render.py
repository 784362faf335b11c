"""A group game's messages as Telegram HTML. Names and content are escaped like everything else, and the lines
that name players make no entity Telegram would find in them: no mention, link, command or hashtag
(html_text.named)."""

from __future__ import annotations

from adapters.telegram.html_text import bold, content, esc, named, said
from bot.games.replies import GameBegins, GameExplanation, GameLobby, GamePodium, GameResults, Leaderboard
from bot.text import shorten

ALERT_LIMIT = 200  # characters in a callback query's alert


def lobby(reply: GameLobby) -> str:
    return "\n".join(["🎲 " + bold(reply.title, shown=said), *(named(line) for line in reply.lines)])


def begins(reply: GameBegins) -> str:
    return named(reply.text)


def results(reply: GameResults) -> str:
    lines = ["✅ " + bold(reply.heading, None, said), content(reply.explanation), esc(reply.counts_line)]
    if reply.top:
        lines += ["", bold(reply.top_heading), *(named(line) for line in reply.top)]
    return "\n".join(lines)


def podium(reply: GamePodium) -> str:
    lines = ["🏁 " + bold(reply.heading, shown=said)]
    if reply.note:
        lines.append(named(reply.note))
    return "\n".join([*lines, *(named(line) for line in reply.lines)])


def leaderboard(reply: Leaderboard) -> str:
    return "\n".join(["🏆 " + bold(reply.heading), *(named(line) for line in reply.lines),
                      *([esc(reply.empty)] if reply.empty else [])])


def explanation_alert(reply: GameExplanation) -> str | None:
    """Plain text for the alert only the presser sees: their verdict, then why that choice is wrong (or why the
    answer is right); None when it doesn't fit and the whole explanation goes to a private chat instead."""
    text = f"{reply.verdict}\n{reply.feedback.why_not or reply.feedback.explanation}"
    return text if len(text) <= ALERT_LIMIT else None


def explanation(reply: GameExplanation) -> str:
    feedback = reply.feedback
    lines = [bold(reply.verdict)]
    if feedback.why_not:
        lines.append(f"❌ {content(feedback.why_not)}")
    lines += [content(feedback.correct_option, None), content(feedback.explanation)]  # content whole: pack() splits it
    if feedback.details:
        lines += [content(paragraph, None) for paragraph in feedback.details.splitlines()]
    if feedback.reference:
        lines.append("📖 " + content(feedback.reference, None))
    return "\n".join(lines)


def fit_alert(text: str) -> str:
    return shorten(text, ALERT_LIMIT)
