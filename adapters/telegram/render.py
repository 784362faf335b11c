"""The engine's neutral replies as Telegram HTML blocks. Every text from users or content is escaped."""

from __future__ import annotations

from adapters.telegram.html_text import CAPTION_LIMIT, bold, content, esc, italic, named, said, shown_length, unlinked
from bot.i18n import Localizer
from bot.progress_replies import Progress
from bot.reload_report import ReloadReport
from bot.replies import Feedback, Notice, Outcome, Preview, QuizList, Summary, WhichQuiz
from bot.text import isolated, shorten

OUTCOME_MARKS = {Outcome.CORRECT: "✅", Outcome.WRONG: "❌", Outcome.SKIPPED: "⏭", Outcome.TIMED_OUT: "⌛"}
OWNER_LIMIT = 64  # characters of a name shown before a group member's reply (its word joiners on top: see named)


def owner_prefix(owner: str | None) -> str:
    """In a group, whose quiz a message belongs to: ``<b>Ada</b> · ``. A right-to-left name isolated (cut first, so
    that the isolate closes), else the whole line would read right to left from it."""
    return f"<b>{named(isolated(shorten(owner, OWNER_LIMIT)), None)}</b> · " if owner else ""


def caption(text: str, owner: str | None = None) -> str:
    """A photo's caption, in a group for whom: within Telegram's limit, which counts the characters shown (its
    tags left out, an entity one character; TDLib's utf8_length, not UTF-16 units). The text has what the prefix
    leaves, as measured: its name's word joiners count, and may take it past OWNER_LIMIT."""
    prefix = owner_prefix(owner)
    return prefix + content(text, CAPTION_LIMIT - shown_length(prefix))


def notice(reply: Notice) -> str:
    return unlinked(reply.text)


def outcome_notice(text: str | None, owner: str | None = None, own_words: str | None = None) -> str:
    """What the engine says before the next question, e.g. that the time was up; in a group, for whom. As
    notice(), it mentions and links nobody; ``own_words``: a sentence of the adapter's after it, whose link to
    the bot (t.me/...) stays one."""
    said = " ".join([*([unlinked(text)] if text else []), *([esc(own_words)] if own_words else [])])
    return owner_prefix(owner) + said if said else ""


def polls_refused(_: Localizer) -> str:
    """Why a quiz can't go on in a group that lets its members (the bot among them) send no polls: trying again
    never helps."""
    return _("I can't post quiz polls in this chat: I'm missing the “{permission}” permission. Ask an admin to "
             "grant it, or message me privately to play.", permission=_("Send Polls"))


def question_notices(notices: tuple[str, ...]) -> str:
    return "\n".join(italic(text, shown=said) for text in notices)  # "A question of {title} was left out ..."


def intro(text: str, owner: str | None = None) -> str:
    return owner_prefix(owner) + content(text)


def follow_up(feedback: Feedback | None, owner: str | None = None) -> str:
    """After the poll's popup: for a wrong answer, why that choice is wrong, then the explanation; the details and
    the reference, if any. In a group, whose answer it explains: several members may be quizzing there."""
    if feedback is None or not (feedback.details or feedback.reference or feedback.why_not):
        return ""
    lines = [f"❌ {content(feedback.why_not)}", content(feedback.explanation)] if feedback.why_not else []
    # Content is shown whole (pack() spreads it over messages): the answer and details are what this is for.
    lines.append(content(feedback.correct_option, None))
    lines[0] = owner_prefix(owner) + lines[0]
    if feedback.details:
        lines += [content(paragraph, None) for paragraph in feedback.details.splitlines()]
    if feedback.reference:
        lines.append("📖 " + content(feedback.reference, None))
    return "\n".join(lines)


def summary(reply: Summary, owner: str | None = None) -> str:
    lines = [owner_prefix(owner) + bold(reply.title, shown=said), said(reply.score)]
    if reply.tally:  # each count beside its mark: the marks below need no legend
        lines.append(" · ".join(f"{OUTCOME_MARKS.get(part.outcome, '•')} {esc(part.text)}" for part in reply.tally))
    lines += [f"{OUTCOME_MARKS.get(line.outcome, '•')} {content(line.prompt)}" for line in reply.lines]
    if reply.still_open:
        lines.append(said(reply.still_open))
    if reply.retry_offer:
        lines.append(esc(reply.retry_offer))
    if reply.next_step:
        lines.append(esc(reply.next_step))
    return "\n".join(lines)


def quiz_list(reply: QuizList, command: str = "quiz") -> list[str]:
    """The heading, then each quiz with the ``command`` that takes it (/quiz; /preview, /game for their choices)."""
    return [bold(reply.heading), *quiz_entries(reply, command)]


def quiz_entries(reply: QuizList, command: str = "quiz", then: str = "") -> list[str]:
    """Each quiz listed, with the ``command`` that takes it and what was typed ``then`` after the quiz (a game's
    seconds)."""
    return [f"{bold(entry.title, shown=content)} · {said(entry.level)}\n{content(entry.description)}\n"
            f"/{command} {esc(entry.quiz_id)}{esc(then)}" for entry in reply.entries]


def which_quiz(reply: WhichQuiz, owner: str | None = None, command: str = "quiz", then: str = "") -> list[str]:
    """The quizzes a reference named, as /quizzes lists them; the question first, in a group asked of whom."""
    return [outcome_notice(reply.text, owner), *quiz_entries(reply.choices, command, then)]


def preview(reply: Preview, owner: str | None = None) -> list[str]:
    blocks = [f"{owner_prefix(owner)}{bold(reply.title, shown=content)}\n{content(reply.intro)}"]
    for number, (prompt, options) in enumerate(reply.questions, start=1):
        lines = [f"<b>{number}.</b> {content(prompt, None)}"]  # whole, as asked (pack() splits a long block)
        lines += [f"    • {content(option, None)}" for option in options]
        blocks.append("\n".join(lines))
    return blocks


def progress(reply: Progress, owner: str | None = None) -> str:
    """The heading in bold over what it heads; alone ("No results yet. Start a quiz ..."), a plain sentence."""
    alone = not (reply.lines or reply.quizzes or reply.concepts or reply.notes)
    lines = [owner_prefix(owner) + (esc(reply.heading) if alone else bold(reply.heading)),
             *(reply.labelled(bold(line.title, shown=content), esc(line.text), esc) for line in reply.lines)]
    for heading, mastery in ((reply.quizzes_heading, reply.quizzes), (reply.concepts_heading, reply.concepts)):
        if mastery:
            lines += ["", bold(heading)]
            lines += [f"{'🏆' if line.mastered else '•'} "
                      f"{reply.labelled(bold(line.title, shown=content), esc(line.text), esc)}"
                      for line in mastery]
    if reply.notes:
        lines += ["", *(esc(note) for note in reply.notes)]
    return "\n".join(lines)


def reload_report(report: ReloadReport, owner: str | None = None) -> str:
    """The reload outcome: the summary, then the problems with their file and question, one a line (in a group, for
    whom), and when there were too many for a message, how many more and where all are listed. Longer than a
    message, it goes on in the next: the sender's pack() cuts between lines."""
    lines = [owner_prefix(owner) + "\n".join(esc(line) for line in report.summary.splitlines())]
    lines += ["• " + esc(problem) for problem in report.problems]
    lines += [esc(report.more)] if report.more else []
    lines += [esc(report.skipped_heading), *("• " + esc(line) for line in report.skipped)] if report.skipped else []
    lines += [esc(report.skipped_more)] if report.skipped_more else []
    return "\n".join(lines)
