"""How one question becomes a Telegram quiz poll, with a lettered message first when it is too long."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Protocol

from adapters.telegram.html_text import bold, content
from adapters.telegram.spec import EXPLANATION_LINE_FEEDS
from adapters.telegram.spec import TELEGRAM_LIMITS as LIMITS
from bot.content.limits import fits_poll
from bot.text import isolated, line_fed, shorten

OWNER_LIMIT = 32
MIN_OWNER = 8  # letters of a name (its "…" among them) cut to keep a native poll: fewer would name nobody


class PollQuestion(Protocol):
    """What a poll shows: a learner's QuestionView or a group game's GameQuestion."""

    @property
    def label(self) -> str: ...
    @property
    def short_label(self) -> str: ...
    @property
    def prompt(self) -> str: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def correct_index(self) -> int: ...
    @property
    def explanation(self) -> str: ...


@dataclass(frozen=True)
class PollLayout:
    question: str  # the poll's question, labelled "3/8 · ..."
    options: tuple[str, ...]
    correct_index: int
    explanation: str  # the popup's HTML (explanation_parse_mode), as content() shows content
    lettered: str | None = None  # HTML with the full question and lettered options, sent before the poll


def poll_layout(view: PollQuestion, owner: str | None = None) -> PollLayout:
    """A native poll when everything fits Telegram's limits; otherwise a lettered message and an A/B/C poll.

    In a group, ``owner`` names whose quiz the poll belongs to, since several may run side by side (a right-to-left
    name isolated: else the question would read right to left from it).
    """
    label = f"{view.short_label} ({owner_label(view, owner)})" if owner else view.short_label
    question = f"{label} · {view.prompt}"
    explanation = content(fit_explanation(view.explanation), None)  # cut as shown: tags count nothing
    if fits_poll(LIMITS, question, view.options):
        return PollLayout(question, view.options, view.correct_index, explanation)
    letters = string.ascii_uppercase[: len(view.options)]
    lines = [bold(view.label), content(view.prompt, None)]  # whole: the poll shows only its first 300 characters
    lines += [f"<b>{letter}.</b> {content(option, None)}" for letter, option in zip(letters, view.options, strict=True)]
    return PollLayout(shorten(question, LIMITS.question), tuple(letters), view.correct_index, explanation,
                      lettered="\n".join(lines))


def owner_label(view: PollQuestion, owner: str) -> str:
    """The name in a group poll's label: cut to the room Telegram's question limit leaves beside the prompt, so
    that a long name doesn't make a lettered poll of a question that fits one (if a few letters of it fit); a
    right-to-left one isolated after the cut, so that the isolate closes, its two marks counted in the room."""
    room = LIMITS.question - len(f"{view.short_label} () · {view.prompt}")
    letters = room - (len(isolated(owner)) - len(owner))
    return isolated(shorten(owner, letters if room >= MIN_OWNER and letters < OWNER_LIMIT else OWNER_LIMIT))


def fit_explanation(text: str) -> str:
    """Within Telegram's explanation length and 2 line feeds, as it requires of a quiz explanation (it refuses the
    poll otherwise): the lines after the second are joined into it, which validate names (joined_explanations). A
    line or paragraph separator breaks a line as "\n" does, in the popup as in the count."""
    head, *tail = line_fed(text).split("\n", EXPLANATION_LINE_FEEDS)
    kept = "\n".join([head, *tail[:-1], re.sub(r"\s*\n\s*", " ", tail[-1])]) if tail else head
    return shorten(kept, LIMITS.explanation or len(kept))
