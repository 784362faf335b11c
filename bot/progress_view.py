"""The learner's progress in their words: sessions, mastery per quiz and concept, what is due, the streak, and
what the chart shows."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from datetime import date

from bot import views
from bot.content.catalog import Catalog
from bot.content.models import localized
from bot.dates import day_of_month
from bot.games.records import GameTotals
from bot.i18n import Localizer
from bot.mastery import Mastery, Score
from bot.progress_replies import MasteryLine, Progress, ProgressChart
from bot.records import SessionResult

CHART_DAYS = 30
DAY_LABEL_LETTERS = 10  # what a chart's day axis has room for


def progress_view(catalog: Catalog, results: list[SessionResult], mastery: Mastery, *, due_today: int,
                  streak: int, answers_per_day: list[tuple[date, int]], concept_name: Callable[[str], str],
                  _: Localizer, games: GameTotals | None = None,
                  retrying: AbstractSet[str] = frozenset()) -> Progress:
    """``retrying``: the quizzes whose open round is a retry of missed questions."""
    sessions = views.progress(catalog, results, _, retrying)
    quizzes = tuple(_line(score, _quiz_title(catalog, score.key, _), _) for score in mastery.quizzes)
    # Weakest first as the learner reads it: equal percentages in the order of their names, not their tags.
    concepts = tuple(sorted((_line(score, concept_name(score.key), _) for score in mastery.concepts),
                            key=lambda line: (line.percent, line.title.casefold())))
    notes: list[str] = []
    # Whatever is due, even with no question seen left: a reload that changed them all makes them new, yet due.
    if mastery.quizzes or due_today:
        notes.append(_.ngettext("{n} question to review today.", "{n} questions to review today.", due_today)
                     if due_today else _("Nothing to review today."))
    if streak:
        notes.append(_.ngettext("Streak: {n} day in a row.", "Streak: {n} days in a row.", streak))
    if games is not None and games.played:
        notes.append(_.ngettext("Group games: {n} played", "Group games: {n} played", games.played) + " · "
                     + _.ngettext("{n} point", "{n} points", games.points) + " · "
                     + _.ngettext("{n} win", "{n} wins", games.wins))
    answered = sum(count for _day, count in answers_per_day)
    if answered and not (sessions.lines or quizzes or notes):  # the chart alone, which the terminal doesn't draw
        notes.append(_.ngettext("{n} answer in the last {days} days.", "{n} answers in the last {days} days.",
                                answered, days=CHART_DAYS))
    chart = None
    if concepts or answered:
        chart = ProgressChart(_("Mastery by concept"), tuple((line.title, line.percent) for line in concepts),
                              _("Answers, last {n} days", n=CHART_DAYS),
                              tuple((day_label(day, _.language), count)
                                    for day, count in answers_per_day), language=_.language,
                              # Translators: a percentage on the progress chart ("77%"), as your language writes it.
                              percent_format=_("{percent}%"))
    # "No results yet" only when there is nothing at all: a streak, games played or the chart's answers are
    # results (the quizzes behind them may have been removed since).
    heading = sessions.heading if sessions.lines or not (quizzes or notes or chart) else _("Your progress:")
    return Progress(heading, sessions.lines, _.language, quizzes=quizzes, concepts=concepts, notes=tuple(notes),
                    chart=chart, quizzes_heading=_("Chance of recall a day or more after your last answer, by "
                                                   "quiz:") if quizzes else "",
                    concepts_heading=_("By concept, weakest first:") if concepts else "",
                    label_format=sessions.label_format)


def day_label(day: date, language: str) -> str:
    """A day as the chart's axis names it: "13 déc.", or in numbers where the month's short name is long (Yoruba's
    "13 Oṣù Ọ̀pẹ̀" was cut to "13 Oṣù Bé…", the month unreadable)."""
    label = day_of_month(day, language, "MMMd")
    return label if len(label) <= DAY_LABEL_LETTERS else day_of_month(day, language, "Md")


def _line(score: Score, title: str, _: Localizer) -> MasteryLine:
    # Not "remembered": the number is the chance of recall at least a day after the last answer
    # (Memory.recall_shown), low for a question just missed, which "77% remembered" seemed to contradict. The
    # quizzes' heading says it in full; each line, quiz or concept, only names it.
    text = _("recall {percent}% · questions seen: {seen}/{total}", percent=score.percent, seen=score.seen,
             total=score.total)
    if score.mastered:
        text += " · " + _("mastered")
    return MasteryLine(score.key, title, score.percent, score.mastered, text)


def _quiz_title(catalog: Catalog, quiz_id: str, _: Localizer) -> str:
    quiz = catalog.get(quiz_id)
    return localized(quiz.title, _.language) if quiz else quiz_id
