"""The summary of a finished quiz or review round: each question's outcome and a tally of them (split from
bot/views.py by job)."""

from __future__ import annotations

from functools import lru_cache

from bot.content.models import Quiz, localized
from bot.i18n import Localizer
from bot.records import AnswerRecord, QuizSession
from bot.replies import Outcome, Summary, SummaryLine, TallyPart
from bot.review_quiz import REVIEW_QUIZ_ID
from bot.sessions import never_asked, questions_to_retry
from bot.text import shorten_words
from bot.views import choose_a_quiz, retry_label, retry_offer

SUMMARY_PROMPT_CHARS = 70


def summary(quiz: Quiz, session: QuizSession, answers: list[AnswerRecord], _: Localizer) -> Summary:
    by_question = {answer.question_id: answer for answer in answers}
    lines, unasked = [], never_asked(quiz, session, answers)
    for question_id in session.question_ids:
        if question_id in unasked:
            continue
        answer = by_question.get(question_id)
        question = quiz.question(question_id)
        # A question a reload removed still counts (in a quiz), as in the session's "Question 3 of 8" and in
        # /progress.
        prompt = (localized(question.prompt, question.display_language(_.language)) if question
                  else _("(a question removed since)"))
        lines.append(SummaryLine(question_id, summary_prompt(prompt), outcome_of(answer)))
    correct = sum(1 for line in lines if line.outcome is Outcome.CORRECT)
    total = len(lines)
    missed = len(questions_to_retry(quiz, session, answers))
    return Summary(
        session_id=session.id,
        quiz_id=quiz.id,
        title=(_("Review finished") if quiz.id == REVIEW_QUIZ_ID else
               _("Quiz finished: {title}", title=localized(quiz.title, _.language))),
        score=_.ngettext("You scored {correct} out of {n} question.",
                         "You scored {correct} out of {n} questions.", total, correct=correct),
        correct=correct,
        total=total,
        lines=tuple(lines),
        missed=missed,
        retry_offer=retry_offer(missed, _),
        retry_label=retry_label(missed, _),
        next_step=None if missed else choose_a_quiz(_),
        language=_.language,
        tally=tally(lines, _) if correct < total else (),
    )


def outcome_of(answer: AnswerRecord | None) -> Outcome:
    """A question's outcome by its answer: none stored (not reached, or passed over as removed) reads as skipped."""
    if answer is None or answer.option_id is None:
        return Outcome.TIMED_OUT if answer is not None and answer.timed_out else Outcome.SKIPPED
    return Outcome.CORRECT if answer.correct else Outcome.WRONG


def tally(lines: list[SummaryLine], _: Localizer) -> tuple[TallyPart, ...]:
    """Each outcome the lines have, with how many: their counts add up to the lines'."""
    # Translators: the counts under a quiz's score, each beside the mark its questions have in the summary.
    words = {Outcome.CORRECT: lambda n: _.ngettext("{n} right", "{n} right", n),
             Outcome.WRONG: lambda n: _.ngettext("{n} wrong", "{n} wrong", n),
             Outcome.SKIPPED: lambda n: _.ngettext("{n} skipped", "{n} skipped", n),
             # Translators: questions left unanswered until their time ran out (not skipped by the learner).
             Outcome.TIMED_OUT: lambda n: _.ngettext("{n} timed out", "{n} timed out", n)}
    counts = {outcome: sum(1 for line in lines if line.outcome is outcome) for outcome in words}
    return tuple(TallyPart(outcome, count, say(count)) for outcome, say in words.items() if (count := counts[outcome]))


# Cached by the content's own text (no learner's): a quiz's summary cuts the same prompts for every learner who
# finishes it, and finding their grapheme clusters took a twentieth of an answer's CPU on PostgreSQL
# (benchmarks/HISTORY.md, "postgres.py", stop 52).
@lru_cache(maxsize=4096)
def summary_prompt(prompt: str) -> str:
    """A question's prompt as a summary's line shows it."""
    return shorten_words(prompt, SUMMARY_PROMPT_CHARS)
