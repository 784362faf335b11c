"""The learner's progress as the engine replies it: words already in their language, laid out by the adapters."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.replies import ui_language


@dataclass(frozen=True)
class ProgressLine:
    quiz_id: str
    title: str
    text: str  # "best 7/8 · 2 attempts" or "in progress: 3/8"


@dataclass(frozen=True)
class MasteryLine:
    key: str  # a quiz id or a concept tag
    title: str  # the quiz's title or the concept's name, in the learner's language
    percent: int  # how likely the learner remembers its questions seen so far (mean FSRS retrievability, bot/memory.py)
    mastered: bool  # every question seen is stable for 21 days or more
    text: str  # "recall 62% · questions seen: 3/8"


@dataclass(frozen=True)
class ProgressChart:
    """What the progress picture shows, with its words already in the learner's language."""

    title: str  # "Mastery by concept"
    concepts: tuple[tuple[str, int], ...]  # (concept name, percent), weakest first
    reviews_title: str  # "Answers, last 30 days"
    days: tuple[tuple[str, int], ...]  # (day label, answers that day), oldest first
    language: str = ui_language()
    # A percentage as the language writes it ("{percent}%"; French "{percent} %"). Required, as Progress's
    # label_format is: a default would let the chart show English typography.
    percent_format: str = field(kw_only=True)

    def percent(self, value: int) -> str:
        return self.percent_format.format(percent=value)


@dataclass(frozen=True)
class Progress:
    heading: str
    lines: tuple[ProgressLine, ...] = field(default_factory=tuple)
    language: str = ui_language()
    quizzes: tuple[MasteryLine, ...] = ()  # mastery per quiz
    concepts: tuple[MasteryLine, ...] = ()  # mastery per concept, weakest first
    quizzes_heading: str = ""  # "Chance of recall a day or more after your last answer, by quiz:"
    concepts_heading: str = ""  # "By concept, weakest first:"
    notes: tuple[str, ...] = ()  # "3 questions to review today." / "Streak: 4 days."
    chart: ProgressChart | None = None  # None until something was answered
    # A line's title and text as the language joins them (French: "{title} : {text}"). Required: a default would
    # let a view that forgets it show English punctuation.
    label_format: str = field(kw_only=True)

    def labelled(self, title: str, text: str, escape: Callable[[str], str] = str) -> str:
        """A line's ``title`` and ``text``, each already rendered for the platform, joined as the learner's
        language joins them; ``escape`` renders the joining characters themselves."""
        return escape(self.label_format).format(title=title, text=text)
