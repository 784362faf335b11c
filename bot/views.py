"""Pure functions that turn content and session state into the engine's localized replies."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from datetime import datetime

from bot.content.catalog import Catalog
from bot.content.models import Question, Quiz, localized
from bot.i18n import Localizer
from bot.languages import native_name
from bot.progress_replies import Progress, ProgressLine
from bot.records import QuizSession, SessionResult, SessionState
from bot.replies import Feedback, Preview, QuestionView, QuizList, QuizListEntry
from bot.review_quiz import REVIEW_QUIZ_ID
from bot.scoring import order_key
from bot.time_limits import whole_seconds


def level_label(quiz: Quiz, _: Localizer) -> str:
    levels = {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard")}
    count = _.ngettext("{n} question", "{n} questions", len(quiz.questions))
    return f"{levels[quiz.difficulty]} · {count}"


def shown_options(question: Question, order: list[str]) -> list[str]:
    """Option ids in the session's stored order; options a reload added go last, removed ones vanish."""
    current = [option.id for option in question.options]
    kept = [option_id for option_id in order if option_id in current]
    return kept + [option_id for option_id in current if option_id not in kept]


def welcome_back(quiz: Quiz, _: Localizer, away: bool = True) -> str:
    """The greeting of a session resumed; a review round's as /review says it, not as a quiz called "Review".
    ``away``: the learner left it (resuming.was_away); one who never did is told it carries on, not welcomed."""
    if quiz.id == REVIEW_QUIZ_ID:
        return _("Welcome back! Carrying on with your review.") if away else _("Carrying on with your review.")
    title = localized(quiz.title, _.language)
    return (_("Welcome back! Carrying on with {title}.", title=title) if away
            else _("Carrying on with {title}.", title=title))


def shown_in_english(_: Localizer) -> str:
    """Said wherever a question is shown in English for want of a complete translation."""
    return _("This question isn't available in {language} yet, so it is shown in English.",
             language=native_name(_.language))


def number_shown(session: QuizSession, position: int, unasked: frozenset[str]) -> int:
    """The number the session's question at ``position`` is shown with: those before it it does not count
    (``unasked``, never_asked) left out."""
    return position + 1 - sum(1 for question_id in session.question_ids[:position] if question_id in unasked)


def question_view(quiz: Quiz, session: QuizSession, question: Question, _: Localizer,
                  notices: tuple[str, ...] = (), now: datetime | None = None, *,
                  unasked: frozenset[str] = frozenset()) -> QuestionView:
    """``unasked``: the session's questions it does not count (never_asked)."""
    language = question.display_language(_.language)
    if language != _.language:
        notices += (shown_in_english(_),)
    order = shown_options(question, session.option_orders.get(question.id, []))
    texts = {option.id: option.text[language] for option in question.options}
    number, total = number_shown(session, session.position, unasked), len(session.question_ids) - len(unasked)
    deadline = session.question_deadline
    seconds_left = whole_seconds((deadline - now).total_seconds()) if deadline and now else None
    return QuestionView(
        session_id=session.id,
        quiz_id=quiz.id,
        question_id=question.id,
        number=number,
        total=total,
        label=_("Question {number} of {total}", number=number, total=total),
        prompt=question.prompt[language],
        options=tuple(texts[option_id] for option_id in order),
        correct_index=order.index(question.answer),
        explanation=question.explanation[language],
        language=language,
        notices=notices,
        deadline=deadline,
        seconds_left=seconds_left,
        words_language=_.language,
        order_key=order_key(order, question.options_digest),
    )


def feedback(question: Question, chosen: str, _: Localizer) -> Feedback:
    """What an answer earns: the verdict, the right option and why; for a wrong one, why it is wrong first."""
    language = question.display_language(_.language)
    correct = chosen == question.answer
    picked = question.option(chosen)
    why_not = picked.why_not.get(language) if picked is not None and picked.why_not and not correct else None
    answer = question.option(question.answer)
    if answer is None:
        raise ValueError(f"question {question.id!r} has no option {question.answer!r}")  # the loader refuses this
    reference = question.reference
    return Feedback(
        question_id=question.id,
        correct=correct,
        verdict=_("Correct!") if correct else _("Not quite."),
        correct_option=_("The answer: {option}", option=answer.text[language]),
        explanation=question.explanation[language],
        details=question.details.get(language) if question.details else None,
        reference=f"{reference.title} — {reference.url}" if reference else None,
        why_not=why_not,
    )


def retry_offer(missed: int, _: Localizer) -> str | None:
    """Under a summary or a stop: the offer of another go at the ``missed`` questions, if any."""
    return _.ngettext("Want another go at the question you missed?",
                      "Want another go at the {n} questions you missed?", missed) if missed else None


def choose_a_quiz(_: Localizer) -> str:
    """Where to go from a dead end (no such quiz, nothing to retry or stop, a summary with nothing missed): the
    commands written as Telegram takes them, and Discord's adapter spells them for the user's client."""
    return _("Send /quizzes to choose a quiz, or /help to see everything I can do.")


def more_due_today(due: int, _: Localizer) -> str:
    """Under a review round with nothing missed, while ``due`` more questions are due today: the next round, not
    another quiz (the terminal words it as typed there)."""
    return _.ngettext("{n} more question is due today: send /review for the next round.",
                      "{n} more questions are due today: send /review for the next round.", due)


def due_for_review(due: int, _: Localizer) -> str:
    """In the welcome of a learner with ``due`` questions due today (the terminal words it as typed there)."""
    return _.ngettext("{n} question is due for review: send /review.",
                      "{n} questions are due for review: send /review.", due)


def retry_label(missed: int, _: Localizer) -> str | None:
    """The button under the offer: one question or several, as the offer says."""
    return _.ngettext("Retry the question I missed", "Retry the questions I missed", missed) if missed else None


def quiz_list(catalog: Catalog, _: Localizer) -> QuizList:
    return QuizList(heading=_("Available quizzes:"), entries=quiz_entries(catalog.quizzes, _), language=_.language)


def quiz_entries(quizzes: Iterable[Quiz], _: Localizer) -> tuple[QuizListEntry, ...]:
    return tuple(QuizListEntry(quiz.id, localized(quiz.title, _.language), localized(quiz.description, _.language),
                               level_label(quiz, _))
                 for quiz in quizzes)


def preview(quiz: Quiz, _: Localizer) -> Preview:
    questions = []
    for question in quiz.questions:
        language = question.display_language(_.language)
        # Alphabetical, not the file's order: authors tend to rotate the answer's place, which would show.
        options = tuple(sorted((option.text[language] for option in question.options),
                               key=str.casefold))
        questions.append((question.prompt[language], options))
    return Preview(
        quiz_id=quiz.id,
        title=localized(quiz.title, _.language),
        intro=_.ngettext("{n} question. Answers and explanations appear as you play.",
                         "{n} questions. Answers and explanations appear as you play.", len(questions)),
        questions=tuple(questions),
        language=_.language,
    )


def progress(catalog: Catalog, results: list[SessionResult], _: Localizer,
             retrying: AbstractSet[str] = frozenset()) -> Progress:
    """``retrying``: the quizzes whose open round is a retry of missed questions (only the engine can tell)."""
    lines = []
    for quiz in catalog.quizzes:
        mine = [result for result in results if result.quiz_id == quiz.id]
        if not mine:
            continue
        # A retry round asks only the questions missed before: "best 2/2" would outrank a full 7/8, and it is no
        # attempt at the whole quiz (nor is a retry of a stopped round). A round started since 0024 says which it
        # is; an older one is told by its size: a retry asks fewer questions than the quiz has, and fewer than a
        # round ended before it, finished or stopped (a round played before a reload added questions is short of
        # the quiz too, but has no longer round before it; a retry of as many as a reload left is not told apart).
        finished: list[SessionResult] = []
        whole_stopped: list[SessionResult] = []  # stopped rounds of the whole quiz, not retries
        longest = 0
        for result in sorted((result for result in mine if result.state is not SessionState.ACTIVE),
                             key=lambda result: result.updated_at):
            if result.retry_round is False or (result.retry_round is None and (
                    result.total >= len(quiz.questions) or result.total >= longest)):
                (finished if result.state is SessionState.FINISHED else whole_stopped).append(result)
            longest = max(longest, result.total)
        parts = []
        if finished:
            best = max(finished, key=lambda result: result.correct)
            parts.append(_("best {correct}/{total}", correct=best.correct, total=best.total))
            parts.append(_.ngettext("{n} attempt", "{n} attempts", len(finished)))
        active = [result for result in mine if result.state is SessionState.ACTIVE]
        if active and quiz.id in retrying:
            # The quiz's own standing first: a retry's "0 of 1" alone hid the round it retries, and read as the quiz.
            if not finished and whole_stopped:
                parts += _stopped(whole_stopped[-1], _)
            # Translators: on /progress, after the quiz's own standing: a round asking only the questions missed.
            parts.append(_.ngettext("retry of {n} missed question under way: {answered} of {n} answered, "
                                    "{correct} right",
                                    "retry of {n} missed questions under way: {answered} of {n} answered, "
                                    "{correct} right", active[0].total,
                                    answered=active[0].answered, correct=active[0].correct))
            parts += _not_answered(active[0], _)
        elif active:
            # Spelled out: "3/8" here would read as a score next to "best 5/8".
            parts.append(_("in progress: {answered} of {total} answered, {correct} right",
                           answered=active[0].answered, total=active[0].total, correct=active[0].correct))
            parts += _not_answered(active[0], _)
        stopped = [result for result in mine if result.state is SessionState.STOPPED]
        if stopped and not parts:  # else the heading stood over nothing for a learner who only stopped quizzes
            # The latest stopped round of the whole quiz: a retry stopped since is no standing in the quiz.
            parts += _stopped(whole_stopped[-1] if whole_stopped else stopped[0], _)
        if parts:
            lines.append(ProgressLine(quiz.id, localized(quiz.title, _.language), " · ".join(parts)))
    heading = _("Your progress:") if lines else _("No results yet. Start a quiz to see your progress here.")
    # Translators: the title of a quiz or concept, then how the learner stands in it.
    return Progress(heading=heading, lines=tuple(lines), language=_.language, label_format=_("{title}: {text}"))


def _stopped(result: SessionResult, _: Localizer) -> list[str]:
    return [_("stopped: {answered} of {total} answered, {correct} right",
              answered=result.answered, total=result.total, correct=result.correct), *_not_answered(result, _)]


def _not_answered(result: SessionResult, _: Localizer) -> list[str]:
    """A round's skips and time-outs apart, in the words its summary's tally uses for them; none: nothing."""
    parts = []
    if skipped := result.unanswered - result.timed_out:
        parts.append(_.ngettext("{n} skipped", "{n} skipped", skipped))
    if result.timed_out:
        parts.append(_.ngettext("{n} timed out", "{n} timed out", result.timed_out))
    return parts





