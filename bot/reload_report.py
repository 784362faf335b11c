"""What an admin is told after a content reload."""

from __future__ import annotations

from dataclasses import dataclass

from bot.content.library import ReloadResult
from bot.i18n import Localizer
from bot.replies import ui_language


@dataclass(frozen=True)
class ReloadReport:
    ok: bool
    summary: str
    problems: tuple[str, ...] = ()  # for content editors: file and question, in the admin's language
    language: str = ui_language()


def reload_report(result: ReloadResult, _: Localizer) -> ReloadReport:
    catalog = result.catalog
    if not result.ok:
        return ReloadReport(
            ok=False,
            summary=_.ngettext(
                "The new content has {n} problem, so I kept serving the previous content:",
                "The new content has {n} problems, so I kept serving the previous content:",
                len(result.problems)),
            problems=tuple(problem.said(_) for problem in result.problems),
            language=_.language,
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
    return ReloadReport(ok=True, summary="\n".join(lines), language=_.language)
