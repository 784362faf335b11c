"""Poll limits, and which questions exceed a platform's (those use a lettered fallback). The numbers belong to
each platform's spec (adapters/<platform>/spec.py): the core knows no platform."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.content.models import Quiz
from bot.text import line_fed


@dataclass(frozen=True)
class PollLimits:
    question: int
    option: int
    explanation: int | None = None
    # Line breaks a poll's explanation may hold (Telegram's 2): the lines after are joined into the last. None: any.
    explanation_line_feeds: int | None = None


# Polls put the question's place in front of it ("10/12 · "), so the prompt itself has that much less room: at
# least a review round's (up to 10 questions of any quizzes), and a quiz's own widest ("100/120 · ").
LABEL_EXAMPLE = "10/10 · "  # what a poll's question starts with


def widest_label(quiz: Quiz) -> str:
    """The longest label a poll of ``quiz``'s questions may start with."""
    total = len(quiz.questions)
    return max(LABEL_EXAMPLE, f"{total}/{total} · ", key=len)


def fits_poll(limits: PollLimits, question: str, options: tuple[str, ...] | list[str]) -> bool:
    """Whether a question (with its label) and its options fit a platform's native poll."""
    return len(question) <= limits.question and all(len(option) <= limits.option for option in options)


@dataclass(frozen=True)
class Overflow:
    quiz_id: str
    question_id: str
    platform: str
    languages: tuple[str, ...]
    reason: str  # "option 'x' has 72 characters (limit 55)"


def poll_overflows(quiz: Quiz, platforms: Mapping[str, PollLimits]) -> list[Overflow]:
    """Every question and platform where some language exceeds a poll limit."""
    found = []
    example = widest_label(quiz)
    for question in quiz.questions:
        for platform, limits in platforms.items():
            reasons: dict[str, list[str]] = {}
            # The poll's question is a label and the prompt: validate says why the prompt's limit is below the
            # platform's.
            label = f" (the poll's {limits.question}, less {len(example)} for its label \"{example}\")"
            texts = [("question", question.prompt, limits.question - len(example), label)]
            texts += [(f"option {option.id!r}", option.text, limits.option, "") for option in question.options]
            for name, text, limit, why in texts:
                for language, value in text.items():
                    if len(value) > limit:
                        reasons.setdefault(f"{name} is over {limit} characters{why}", []).append(language)
            for reason, languages in reasons.items():
                found.append(Overflow(quiz.id, question.id, platform, tuple(sorted(languages)), reason))
    return found


def joined_explanations(quiz: Quiz, platforms: Mapping[str, PollLimits]) -> list[Overflow]:
    """Every question and platform where some language's explanation has more lines than the poll's popup shows,
    so that its last lines read as one (a list's last items run together)."""
    found = []
    for question in quiz.questions:
        for platform, limits in platforms.items():
            most = limits.explanation_line_feeds
            languages = tuple(sorted(language for language, text in question.explanation.items()
                                     if most is not None and line_fed(text).count("\n") > most))
            if languages:
                found.append(Overflow(quiz.id, question.id, platform, languages,
                                      f"explanation has more than {most} line breaks"))
    return found
