"""A group game's messages as Discord text. Engine texts are plain, so Markdown in names or content is escaped."""

from __future__ import annotations

import string

from adapters.discord.render import BUTTON_LABEL_LIMIT, MESSAGE_LIMIT, cut, fit, needs_letters, plain
from bot.games.replies import GameBegins, GameExplanation, GameLobby, GamePodium, GameQuestion, GameResults, Leaderboard

LETTERS = string.ascii_uppercase


def lobby(reply: GameLobby) -> str:
    return _fit(["🎲 **" + plain(reply.title) + "**", *(plain(line) for line in reply.lines)])


def begins(reply: GameBegins) -> str:
    """The lobby's message as the game begins: every player's name, cut to a message (else Discord refuses the
    edit, and the lobby keeps its Join and Start buttons in a game under way)."""
    return _fit([plain(reply.text)])


def question(reply: GameQuestion, deadline: int | None = None) -> str:
    """The question with lettered options (the buttons carry the letters, or the options when they fit)."""
    timer = f" · ⏱ <t:{deadline}:R>" if deadline else f" · ⏱ {reply.seconds} s"
    lines = [f"**{plain(reply.label)}**{timer}", *(f"*{plain(notice)}*" for notice in reply.notices)]
    options = [f"**{LETTERS[index]}.** {plain(option)}" for index, option in enumerate(reply.options)]
    return fit(lines, plain(reply.prompt), options)


def button_labels(reply: GameQuestion) -> list[str]:
    if needs_letters(reply.options, BUTTON_LABEL_LIMIT - 3):
        return [LETTERS[index] for index in range(len(reply.options))]
    return [f"{LETTERS[index]}. {option}" for index, option in enumerate(reply.options)]


def results(reply: GameResults, asked: str = "") -> str:
    """What replaces the question: the question (``asked``), then the answer, why, the counts and the top five."""
    # The question's own notices (shown in English) go with it: this message replaces the one that said them.
    lines = [*(f"*{plain(notice)}*" for notice in reply.notices), "✅ **" + plain(reply.heading) + "**",
             plain(reply.explanation), plain(reply.counts_line)]
    if reply.top:
        lines += ["", "**" + plain(reply.top_heading) + "**", *(plain(line) for line in reply.top)]
    return fit([], asked or None, lines)  # the question asked gives way to its answer and standings


def podium(reply: GamePodium) -> str:
    lines = ["🏁 **" + plain(reply.heading) + "**", *([plain(reply.note)] if reply.note else [])]
    return _fit([*lines, *(plain(line) for line in reply.lines)])


def leaderboard(reply: Leaderboard) -> str:
    return _fit(["🏆 **" + plain(reply.heading) + "**", *(plain(line) for line in reply.lines),
                 *([plain(reply.empty)] if reply.empty else [])])


def explanation(reply: GameExplanation) -> str:
    feedback = reply.feedback
    lines = ["**" + plain(reply.verdict) + "**"]
    if feedback.why_not:
        lines.append("❌ " + plain(feedback.why_not))
    lines += [plain(feedback.correct_option), plain(feedback.explanation)]
    if feedback.details:
        lines.append(plain(feedback.details))
    if feedback.reference:
        lines.append("📖 " + plain(feedback.reference))
    return "\n".join(lines)  # whole: respond() splits it over messages, where a cut lost the details' end


def _fit(lines: list[str]) -> str:
    return cut("\n".join(lines), MESSAGE_LIMIT)
