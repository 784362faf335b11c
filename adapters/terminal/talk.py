"""What the terminal player's parts share: the engine and the learner, the screen, and the language to speak."""

from __future__ import annotations

from adapters.terminal import render, words
from adapters.terminal.lines import LineIO
from adapters.terminal.surface import TerminalSurface
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.replies import Actor, NothingDue, Notice, Stopped


class Talk:
    """``words``: the learner's language, kept from each reply (no look-up per prompt)."""

    def __init__(self, engine: QuizEngine, actor: Actor, io: LineIO, screen: TerminalSurface) -> None:
        self.engine = engine
        self.actor = actor
        self.io = io
        self.screen = screen
        self.words: Localizer = engine.localizer_for("en")

    def speak(self, language: str) -> Localizer:
        """From now on in ``language`` (a reply's): its words, also returned."""
        self.words = self.engine.localizer_for(language)
        return self.words

    def say(self, text: str) -> None:
        self.io.write(render.wrap(text))

    def say_notice(self, notice: Notice, *, list_follows: bool = False) -> None:
        self.speak(notice.language)
        text = notice.text
        if notice.next_step:  # the engine's "Send /quizzes ...": worded as typed here, unless the list follows
            text = text.removesuffix(notice.next_step).rstrip()
            text = text if list_follows else f"{text} {words.choose_a_quiz(self.words)}"
        if isinstance(notice, NothingDue) and notice.fresh is not None:  # the quiz it suggests, as typed here
            text = f"{text} {words.start_it(self.words, notice.fresh.quiz_id)}"
        self.say(text)
        if isinstance(notice, Stopped) and notice.retry_offer:  # as under a summary
            self.say(notice.retry_offer + " → retry")
