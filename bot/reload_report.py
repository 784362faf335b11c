"""What an admin is told after a content reload."""

from __future__ import annotations

from dataclasses import dataclass

from bot.content.library import ReloadResult
from bot.content.problems import ContentProblem
from bot.i18n import Localizer
from bot.replies import ui_language
from bot.text import shorten

# What of a failed reload's problems goes to the admin's chat: about a Telegram message (two of Discord's), not a
# million lines (a 1 MB file of broken questions), which would hold the bot's sends for hours. The rest are
# counted, and `quiztutor validate` and the log list them all.
SHOWN_CHARACTERS = 3000
FIRST_OF_EACH_FILE = 5  # a file with thousands of problems leaves room for the next files' first ones
LINE_CHARACTERS = 400  # a problem quoting a long text is cut, its file and question (said first) kept


@dataclass(frozen=True)
class ReloadReport:
    ok: bool
    summary: str
    problems: tuple[str, ...] = ()  # for content editors: file and question, in the admin's language
    more: str = ""  # after the problems, when some were left out: how many, and where to see them all
    # One line of the outcome, for a group to read where an admin reloaded: the report (its problems name the
    # server's folders) goes to the admin alone.
    outcome: str = ""
    language: str = ui_language()
    # A failed reload's warnings, after its problems (a successful one says them as its problems): the files in
    # quizzes/ it did not read, maybe why a quiz is missing, under their heading.
    skipped_heading: str = ""
    skipped: tuple[str, ...] = ()
    skipped_more: str = ""  # after them, when some were left out: how many, and where to see them all


def reload_report(result: ReloadResult, _: Localizer) -> ReloadReport:
    catalog = result.catalog
    if not result.ok:
        shown = first_problems(result.problems, _)
        room = SHOWN_CHARACTERS - sum(len(line) + 1 for line in shown)  # the problems first: they are why
        left_out = len(result.problems) - len(shown)
        skipped = first_problems(result.skipped, _, room)
        return ReloadReport(
            ok=False,
            summary=_.ngettext(
                "The new content has {n} problem, so I kept serving the previous content:",
                "The new content has {n} problems, so I kept serving the previous content:",
                len(result.problems)),
            problems=shown,
            # Translators: "quiztutor validate" is a command to type: keep it as it is.
            more=_.ngettext("…and {n} more problem. Every problem is listed by quiztutor validate (run on the "
                            "content folder) and in the bot's log.",
                            "…and {n} more problems. Every problem is listed by quiztutor validate (run on the "
                            "content folder) and in the bot's log.", left_out) if left_out else "",
            language=_.language,
            outcome=_.ngettext("The new content has {n} problem, so I kept serving the previous content.",
                               "The new content has {n} problems, so I kept serving the previous content.",
                               len(result.problems)),
            skipped_heading=_skipped_heading(result, _) if result.skipped else "",
            skipped=skipped,
            skipped_more=_skipped_more(len(result.skipped) - len(skipped), _),
        )
    lines = [
        _("Content reloaded: {quizzes}, {questions}.",
          quizzes=_.ngettext("{n} quiz", "{n} quizzes", len(catalog.quizzes)),
          questions=_.ngettext("{n} question", "{n} questions", catalog.question_count)),
        _("Complete languages: {languages}.", languages=", ".join(sorted(catalog.languages))),
    ]
    changes = result.changes
    if changes is None or not changes.any:
        lines.append(_("Nothing changed since the last load."))
    else:
        if changes.any_question:
            lines.append(_("Questions added: {added}, removed: {removed}, changed: {changed}.",
                           added=changes.added_questions, removed=changes.removed_questions,
                           changed=changes.changed_questions))
        if changes.added_quizzes:
            lines.append(_("New quizzes: {ids}.", ids=", ".join(changes.added_quizzes)))
        if changes.removed_quizzes:
            lines.append(_("Removed quizzes: {ids}.", ids=", ".join(changes.removed_quizzes)))
        if changes.changed_quizzes:  # a title, a description, a guide, the questions' order...
            lines.append(_("Quiz details changed: {ids}.", ids=", ".join(changes.changed_quizzes)))
        if changes.changed_concept_names:
            lines.append(_("Concept names changed."))
        if changes.reordered_quizzes:  # a renamed file moves its quiz: `quiz 2` may start another one now
            lines.append(_("The quizzes' order changed."))
    if result.skipped:  # the files then follow, as a failed reload's problems do
        lines.append(_skipped_heading(result, _))
    skipped = first_problems(result.skipped, _)
    return ReloadReport(ok=True, summary="\n".join(lines), problems=skipped,
                        more=_skipped_more(len(result.skipped) - len(skipped), _), language=_.language,
                        outcome=lines[0])


def _skipped_heading(result: ReloadResult, _: Localizer) -> str:
    return _.ngettext("{n} file in quizzes/ was not read:", "{n} files in quizzes/ were not read:",
                      len(result.skipped))


def _skipped_more(left_out: int, _: Localizer) -> str:
    """How many files not read the chat left out, and where each is named; nothing when none was."""
    if not left_out:
        return ""
    # Translators: "quiztutor validate" is a command to type: keep it as it is.
    return _.ngettext("…and {n} more file not read: quiztutor validate (run on the content folder) names it.",
                      "…and {n} more files not read: quiztutor validate (run on the content folder) names them all.",
                      left_out)


def first_problems(problems: tuple[ContentProblem, ...], _: Localizer,
                   room: int = SHOWN_CHARACTERS) -> tuple[str, ...]:
    """Every problem said if they fit in ``room`` characters; else the first of each file, then the second of each,
    and so on up to the first few, then the next ones in reading order while they fit (problems come sorted by
    file, and stay so)."""
    said: dict[int, str] = {}

    def take(index: int) -> bool:
        nonlocal room
        line = shorten(problems[index].said(_), LINE_CHARACTERS)  # between letters: a tone mark stays on its own
        if len(line) + 1 > room and said:  # the first always goes: the admin must see what is wrong
            return False
        said[index], room = line, room - len(line) - 1
        return True

    # Each problem's place in its file: a file's first problems go round by round, so that many broken files are
    # each named before any of them fills the message with its next ones.
    of_file: dict[str, int] = {}
    places: list[int] = []
    for problem in problems:
        of_file[problem.file] = of_file.get(problem.file, 0) + 1
        places.append(of_file[problem.file])
    rounds = sorted((index for index, place in enumerate(places) if place <= FIRST_OF_EACH_FILE),
                    key=lambda index: (places[index], index))
    for index in rounds:
        if not take(index):
            break
    else:
        for index in range(len(problems)):
            if index not in said and not take(index):
                break
    return tuple(said[index] for index in sorted(said))
