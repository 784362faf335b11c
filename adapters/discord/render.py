"""The engine's neutral replies laid out as Discord message text, within Discord's limits."""

from __future__ import annotations

import re

from discord.utils import escape_markdown

from adapters.discord.spec import DISCORD_LIMITS
from bot.progress_replies import Progress
from bot.reload_report import ReloadReport
from bot.replies import Feedback, Outcome, Preview, QuestionView, QuizList, Summary, WhichQuiz
from bot.text import ELLIPSIS, shorten

MESSAGE_LIMIT = 2000
# The same limits `quiztutor validate` reports against, so the two can't drift apart.
POLL_QUESTION_LIMIT = DISCORD_LIMITS.question
POLL_ANSWER_LIMIT = DISCORD_LIMITS.option
BUTTON_LABEL_LIMIT = 80
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
OUTCOME_MARKS = {Outcome.CORRECT: "✅", Outcome.WRONG: "❌", Outcome.SKIPPED: "➖", Outcome.TIMED_OUT: "⌛"}
# A link Discord shows a preview (an embed) of under the message, ending where its client ends one: wrapped in <>,
# it shows the same and stays a link, without that preview.
PREVIEWED = re.compile(r"https?://[^\s<>]+[^<>.,:;\"')\]\s]", re.IGNORECASE)
# A link plain() wrapped in <> whose ">" a cut dropped: Discord shows the "<" and the preview after all.
OPEN_LINK = re.compile(r"<https?://[^\s<>]*\Z", re.IGNORECASE)
# A list item escape_markdown leaves as it is at a line's start: "1. " and "+ " (its "- " and "* " it escapes).
LIST_ITEM = re.compile(r"^(\s*\d*)([.+])(?=\s)", re.MULTILINE)
# An indented "- " escape_markdown escaped before its blanks ("\\  - "), where Discord shows the backslash.
INDENTED_DASH = re.compile(r"^\\(\s+)-", re.MULTILINE)
# "@everyone" and "@here" outside a web address (where an escape would change the address).
EVERYONE = re.compile(r"(https?://[^\s<>]+)|@(?=everyone|here)", re.IGNORECASE)
# A "[" that begins a masked link ("[text](https://…)": the text drawn as a link to a site it needn't name), outside
# a web address (where none begins): escape_markdown escapes only a line's first, so "[a](b) [x](https://…)" kept the
# second. Escaped, a "[" is one after an odd run of backslashes (escape_markdown doubles those a user typed).
BRACKET = re.compile(r"(https?://[^\s<>]+)|(?<!\\)((?:\\\\)*)\[", re.IGNORECASE)


def plain(text: str) -> str:
    """An engine text shown as written: the engine's words are plain, and what a user typed (a name, a quiz id
    echoed in "There is no quiz called “…”") must not turn into formatting, links or a "<@id>" drawn as another
    member (nobody is pinged either way: the client allows no mentions), nor into a channel link, a clickable
    command, a timestamp or a custom emoji (``<#id>``, ``</reload:id>``, ``<t:…>``, ``<:name:id>``). A web address
    in it (a nickname "https://example.com") stays a link, without the preview of that site Discord would add
    under the bot's message. Nor is "[text](https://…)" a masked link (only its text shown, drawn as a link): it
    shows as typed, as does a line beginning "1. ", "+ " or "  - " (a list item, a backslash shown before it).
    Escaped with backslashes only: what it shows, a reader copies, with no invisible character in it."""
    escaped = INDENTED_DASH.sub(r"\1\\-", escape_markdown(text))
    escaped = LIST_ITEM.sub(_escaped_item, escaped)
    # "\@everyone" shows as typed and pings nobody, where escape_mentions' zero-width space after the "@" was
    # copied with it (the client allows no mentions anyway: the escape only keeps it from looking like one).
    escaped = EVERYONE.sub(lambda found: found[1] or "\\@", escaped).replace("<", "\\<")
    return PREVIEWED.sub(r"<\g<0>>", BRACKET.sub(_escaped_bracket, escaped))


def _escaped_item(found: re.Match[str]) -> str:
    """"1. " as "1\\. ", "+ " as "\\+ "; a "." alone (no number before it) begins no list."""
    before, mark = found.groups()
    numbered = bool(before.strip())
    return f"{before}\\{mark}" if numbered == (mark == ".") else found[0]


def _escaped_bracket(found: re.Match[str]) -> str:
    return found[1] or f"{found[2]}\\["


def mention(user_id: int | str) -> str:
    return f"<@{user_id}>"


def needs_letters(options: tuple[str, ...], limit: int) -> bool:
    """Whether any option is too long for a poll answer or a button label, so letters stand in."""
    return any(len(option) > limit for option in options)


def lettered_options(options: tuple[str, ...]) -> list[str]:
    return [f"**{LETTERS[index]}.** {plain(option)}" for index, option in enumerate(options)]


def poll_question(view: QuestionView) -> str:
    """The poll's question, labelled "3/8", cut to Discord's 300 characters."""
    return shorten(f"{view.short_label} · {view.prompt}", POLL_QUESTION_LIMIT)


def poll_answers(view: QuestionView) -> list[str]:
    if needs_letters(view.options, POLL_ANSWER_LIMIT):
        return [LETTERS[index] for index in range(len(view.options))]
    return list(view.options)


def time_left(view: QuestionView) -> str:
    """`` · ⏱ in 30 seconds``: Discord shows a timestamp counting down, in each reader's own language."""
    return f" · ⏱ <t:{int(view.deadline.timestamp())}:R>" if view.deadline else ""


def poll_content(view: QuestionView, owner_id: int) -> str:
    """The text above a poll: whose question it is, its time limit, notices, and what the poll can't hold."""
    lines = [f"{mention(owner_id)} · {plain(view.label)}{time_left(view)}"]
    lines += [f"*{plain(notice)}*" for notice in view.notices]
    # The poll shows only the start of a long prompt: the whole of it goes above. (A poll's own question and
    # answers Discord shows as written: they stay unescaped.)
    long = len(poll_question(view)) < len(f"{view.short_label} · {view.prompt}")
    prompt = plain(view.prompt) if long else None
    options = lettered_options(view.options) if needs_letters(view.options, POLL_ANSWER_LIMIT) else []
    return fit(lines, prompt, options, bold=True)


def fit(before: list[str], prompt: str | None, after: list[str], *, bold: bool = False) -> str:
    """The lines as one message; over Discord's limit, the prompt is cut before the end is: the options (or a
    game's answer and standings) after it matter more than the prompt's last words."""
    def joined(prompt: str | None) -> str:
        middle = [] if prompt is None else [f"**{prompt}**" if bold else prompt]
        return "\n".join([*before, *middle, *after])
    over = len(joined(prompt)) - MESSAGE_LIMIT
    if over > 0 and prompt is not None:
        prompt = cut(prompt, max(1, len(prompt) - over))
    return cut(joined(prompt), MESSAGE_LIMIT)


def cut(text: str, limit: int) -> str:
    """Escaped text shortened as ``shorten`` does it, never between a backslash and the character it escapes:
    left open, the escape showed as a stray "\\" before the "…", or took the bold's "*" after a cut prompt. Nor
    inside a link wrapped in <>: it is dropped whole."""
    short = shorten(text, limit)
    if short == text:
        return text
    kept = short.removesuffix(ELLIPSIS)
    kept = kept[:opened.start()].rstrip() if (opened := OPEN_LINK.search(kept)) else kept
    while (len(kept) - len(kept.rstrip("\\"))) % 2:  # an odd run of backslashes: the last escapes nothing
        kept = kept[:-1].rstrip()
    return kept + ELLIPSIS


def button_labels(view: QuestionView) -> list[str]:
    if needs_letters(view.options, BUTTON_LABEL_LIMIT):
        return [LETTERS[index] for index in range(len(view.options))]
    return list(view.options)


def private_question(view: QuestionView, intro: str | None = None) -> str:
    lines = [plain(intro), ""] if intro else []
    lines += [f"**{plain(view.label)}**{time_left(view)}", plain(view.prompt)]
    lines += [f"*{plain(notice)}*" for notice in view.notices]
    if needs_letters(view.options, BUTTON_LABEL_LIMIT):
        lines += lettered_options(view.options)
    return "\n".join(lines)


def feedback(result: Feedback) -> str:
    # Quiz texts are plain text, as Telegram and the group games show them: a `*` or `||` an author wrote is
    # shown, not made formatting.
    lines = [f"{'✅' if result.correct else '❌'} **{plain(result.verdict)}**"]
    if result.why_not:  # why that choice is wrong comes first, then the general explanation
        lines.append(f"*{plain(result.why_not)}*")
    lines += [plain(result.correct_option), plain(result.explanation)]
    if result.details:
        lines.append(plain(result.details))
    if result.reference:
        lines.append(f"📖 {plain(result.reference)}")
    return "\n".join(lines)


def summary(result: Summary) -> str:
    lines = [f"🏁 **{plain(result.title)}**", plain(result.score)]
    if result.tally:  # each count beside its mark: the marks below need no legend
        lines.append(" · ".join(f"{OUTCOME_MARKS.get(part.outcome, '•')} {plain(part.text)}" for part in result.tally))
    lines += [f"{OUTCOME_MARKS.get(line.outcome, '•')} {plain(line.prompt)}" for line in result.lines]
    if result.still_open:
        lines += ["", f"*{plain(result.still_open)}*"]
    if result.missed and result.retry_offer:  # the retry button goes under it
        lines += ["", plain(result.retry_offer)]
    if result.next_step:
        lines += ["", plain(result.next_step)]
    return "\n".join(lines)


def quiz_list(result: QuizList) -> str:
    return "\n".join([f"**{plain(result.heading)}**", *_quiz_entries(result)])


def which_quiz(result: WhichQuiz) -> str:
    """The quizzes a reference named, as /quizzes lists them, under the question which one."""
    return "\n".join([plain(result.text), *_quiz_entries(result.choices)])


def _quiz_entries(result: QuizList) -> list[str]:
    return [f"• **{plain(entry.title)}** (`{entry.quiz_id}`) · {plain(entry.level)}\n  {plain(entry.description)}"
            for entry in result.entries]


def preview(result: Preview) -> str:
    lines = [f"**{plain(result.title)}** (`{result.quiz_id}`)", plain(result.intro)]
    for number, (prompt, options) in enumerate(result.questions, start=1):
        lines.append(f"\n**{number}.** {plain(prompt)}")
        lines += [f"  • {plain(option)}" for option in options]
    return "\n".join(lines)


def progress(result: Progress) -> str:
    """The heading in bold over what it heads; alone ("No results yet. Start a quiz ..."), a plain sentence."""
    alone = not (result.lines or result.quizzes or result.concepts or result.notes)
    lines = [plain(result.heading) if alone else f"**{plain(result.heading)}**"]
    lines += [f"• {result.labelled(f'**{plain(line.title)}**', plain(line.text), plain)}" for line in result.lines]
    for heading, mastery in ((result.quizzes_heading, result.quizzes), (result.concepts_heading, result.concepts)):
        if mastery:
            lines += ["", f"**{plain(heading)}**"]
            lines += [f"{'🏆' if line.mastered else '•'} "
                      f"{result.labelled(f'**{plain(line.title)}**', plain(line.text), plain)}" for line in mastery]
    if result.notes:
        lines += ["", *(plain(note) for note in result.notes)]
    return "\n".join(lines)


def reload_report(report: ReloadReport) -> str:
    """The reload outcome: the summary, then the problems with their file and question, one a line, and when some
    were left out, how many more and where all are listed; then the files in quizzes/ not read, likewise. Longer
    than a message, respond() goes on in the next, between lines."""
    lines = [plain(report.summary), *(f"• {plain(problem)}" for problem in report.problems)]
    lines += [plain(report.more)] if report.more else []
    lines += [plain(report.skipped_heading), *(f"• {plain(line)}" for line in report.skipped)] if report.skipped else []
    lines += [plain(report.skipped_more)] if report.skipped_more else []
    return "\n".join(lines)
