"""/start's welcome: who the bot is, what to send next (a review due too), and how to choose a language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from adapters.telegram.callback_data import Action
from adapters.telegram.chat import TelegramChat
from adapters.telegram.html_text import esc, named, said
from adapters.telegram.keyboards import language_picker
from adapters.telegram.menu import how_to_change_language, next_steps
from adapters.telegram.personal import Send
from bot.engine import QuizEngine
from bot.replies import Actor


def welcome(engine: QuizEngine, telegram: TelegramChat, actor: Actor, name: str,
            starting: str | None = None) -> Callable[[], Awaitable[Send]]:
    """The welcome, prepared as PersonalAnswers.answer takes it; with the language picker when neither a choice
    nor the client's language tells us. ``starting``: the quiz a link's /start starts next (see engine.profile)."""
    async def prepare() -> Send:
        profile = await engine.profile(actor, with_due=True, starting=starting)
        _ = engine.localizer_for(profile.language)
        lines = [named(_("Hello, {name}! I'm QuizTutor: I ask quiz questions and explain the answers.", name=name)),
                 esc(next_steps(_))]
        if profile.open_note:  # or the quiz they left open
            lines.append(said(profile.open_note))  # "{title} is still in progress ..."
        if profile.due_note:  # a returning learner's next step may be a review
            lines.append(esc(profile.due_note))
        if not profile.language_known:
            lines.append(esc(_("Which language should I speak?")))
            return lambda to, _owner: telegram.html(to, ["\n".join(lines)], language_picker(Action.WELCOME_LANGUAGE))
        # No picker: say how to change it, as the app's language may not be theirs; in the private chat only
        # (no ``owner``), as in a group /language is the group's.
        change = esc(how_to_change_language(_))
        return lambda to, owner: telegram.html(to, ["\n".join(lines if owner is not None else [*lines, change])])
    return prepare
