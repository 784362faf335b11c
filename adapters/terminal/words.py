"""What the terminal says in its own words (not the engine's replies): one function per message, each given the
learner's Localizer as ``_`` so that pybabel extract finds the text."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.notices import ECHOED
from bot.text import echoed
from storage.errors import storage_full


def welcome(_: Localizer) -> str:
    return _("Welcome to QuizTutor! Type “help” for commands, “quit” to leave.")


def chat_only(_: Localizer, verb: str) -> str:
    """A chat bot's command that can't work here: where it does, not "no quiz called …"."""
    if verb == "reminders":
        return _("Reminders come as chat messages, so they work with the bot on Telegram or Discord, not in the "
                 "terminal. Type “review” for the questions due today.")
    return _("Group games and leaderboards are played in Telegram and Discord groups, not in the terminal. Type "
             "“help” for what works here.")


def unknown_command(_: Localizer, typed: str) -> str:
    """``typed``: "/foo", as the learner typed it; said back cut short, as the engine says back a quiz's name."""
    return _("There is no command called “{command}” here. Type “help” to see the commands.",
             command=echoed(typed, ECHOED))


def choose_a_quiz(_: Localizer) -> str:
    """The engine's next step after a dead end (views.choose_a_quiz), its commands as typed here."""
    return _("Type “quizzes” to choose a quiz, or “help” to see everything I can do.")


def start_it(_: Localizer, quiz_id: str) -> str:
    """After /review's suggestion of a quiz not played yet (it names its title): how to start it, as typed here."""
    return _("Type “{command}” to start it.", command=f"quiz {quiz_id}")


def more_due_today(_: Localizer, due: int) -> str:
    """Under a review round with nothing missed, while more are due today (views.more_due_today), as typed here."""
    return _.ngettext("{n} more question is due today: type “review” for the next round.",
                      "{n} more questions are due today: type “review” for the next round.", due)


def due_for_review(_: Localizer, due: int) -> str:
    """At start-up with no quiz in progress, when questions are due (views.due_for_review), as typed here."""
    return _.ngettext("{n} question is due for review: type “review”.",
                      "{n} questions are due for review: type “review”.", due)


def number_please(_: Localizer, count: int) -> str:
    return _("Please type a number from 1 to {count}, or “help”.", count=count)


def quiz_number_please(_: Localizer, count: int) -> str:
    """Not "type a number from 1 to 4": with a question open, that reads as about its options. One quiz is not a
    range ("1 to 1")."""
    if count == 1:
        return _("Please choose the quiz by its number, 1, or by its id.")
    return _("Please choose a quiz by its number, 1 to {count}, or by its id.", count=count)


def not_done(_: Localizer, error: Exception) -> str:
    """A line the terminal could not act on; nothing of it was kept (the engine's transaction rolled back)."""
    if storage_full(error):  # on the learner's own machine, most likely: they can free the space
        return _("Sorry, that was not saved: the disk is full. Free some space on it, then try again.")
    return _("Sorry, something went wrong. Please try again in a moment.")


def goodbye(_: Localizer, *, last_unsaved: bool) -> str:
    """``last_unsaved``: the last line acted on failed, so its answer or choice was not saved."""
    if last_unsaved:
        return _("Bye! Your last step was not saved; everything before it is. Run the same command to carry on.")
    return _("Bye! Your progress is saved: run the same command to carry on.")
