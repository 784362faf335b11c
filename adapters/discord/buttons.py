"""Answer buttons for private play: DynamicItems whose custom_id holds everything, so they survive a restart."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import discord

from adapters.discord import render
from bot.replies import QuestionView, QuizList, Stopped, Summary
from bot.text import shorten_words

# qt:a:<session id>:<question>:<option index>:<order>, within Discord's 100 characters. The question is its
# place in the session, #0 for the first (a review round's question ids name their quiz too, and would not fit);
# buttons sent before carry the question's id, a content slug of at most 48 characters. The order names the order
# of the options the message showed (QuestionView.order_key): the option index counts in it, so a click on a
# message from before the question was shown again in another order is refused, not scored by its place. Buttons
# sent before it was added have none.
CUSTOM_ID = re.compile(r"qt:a:(?P<session>[0-9a-f]{1,40}):(?P<question>[a-z0-9-]{1,48}|#[0-9]{1,5})"
                       r":(?P<option>[0-9]{1,2})(?::(?P<order>[0-9a-f]{8}))?")


# qt:r:<mode>:<session id>[:<owner id>]: "retry the questions I missed" under a summary; mode p = polls in the
# channel, v = private (ephemeral, with buttons), as the quiz was played. The owner, so a bystander who taps it
# can be told whose it is (buttons sent before it was added have none).
RETRY_ID = re.compile(r"qt:r:(?P<mode>[pv]):(?P<session>[0-9a-f]{1,40})(?::(?P<owner>[0-9]{1,20}))?")

VIEW_BUTTON_LIMIT = 25  # Discord's most per message (five rows of five)


def answer_custom_id(session_id: str, question_id: str, option_index: int, order: str | None = None) -> str:
    return f"qt:a:{session_id}:{question_id}:{option_index}" + (f":{order}" if order else "")


@runtime_checkable
class AnswerClickHandler(Protocol):
    """The client that buttons hand their clicks to (buttons are rebuilt by discord.py, so they can't hold it)."""

    async def handle_answer_click(self, interaction: discord.Interaction, session_id: str, question_id: str,
                                  option_index: int, order: str | None) -> None: ...


@runtime_checkable
class RetryClickHandler(Protocol):
    """The client that retry buttons hand their clicks to."""

    async def handle_retry_click(self, interaction: discord.Interaction, session_id: str, private: bool,
                                 owner_id: int | None) -> None: ...


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID):
    def __init__(self, session_id: str, question_id: str, option_index: int, label: str,
                 order: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=shorten_words(label, render.BUTTON_LABEL_LIMIT),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=answer_custom_id(session_id, question_id, option_index, order)))
        self.session_id = session_id
        self.question_id = question_id
        self.option_index = option_index
        self.order = order

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AnswerButton:
        label = getattr(item, "label", None) or "?"
        return cls(match["session"], match["question"], int(match["option"]), label, match["order"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, AnswerClickHandler):
            await client.handle_answer_click(interaction, self.session_id, self.question_id, self.option_index,
                                             self.order)


def answer_view(question: QuestionView) -> discord.ui.View:
    """One button per option, in the order this learner sees them."""
    view = discord.ui.View(timeout=None)
    for index, label in enumerate(render.button_labels(question)):
        view.add_item(AnswerButton(question.session_id, f"#{question.number - 1}", index, label,
                                   question.order_key or None))
    return view


class RetryButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=RETRY_ID):
    def __init__(self, session_id: str, private: bool, owner_id: int | None, label: str) -> None:
        owner = f":{owner_id}" if owner_id is not None else ""
        custom_id = f"qt:r:{'v' if private else 'p'}:{session_id}{owner}"
        super().__init__(discord.ui.Button(label=shorten_words(label, render.BUTTON_LABEL_LIMIT),
                                           style=discord.ButtonStyle.secondary, custom_id=custom_id))
        self.session_id = session_id
        self.private = private
        self.owner_id = owner_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RetryButton:
        label = getattr(item, "label", None) or "?"
        owner = int(match["owner"]) if match["owner"] else None
        return cls(match["session"], match["mode"] == "v", owner, label)

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, RetryClickHandler):
            await client.handle_retry_click(interaction, self.session_id, self.private, self.owner_id)


# qt:rv: "review now" under a reminder (in direct messages): the learner's review round, privately.
REVIEW_ID = re.compile(r"qt:rv")


@runtime_checkable
class ReviewClickHandler(Protocol):
    async def handle_review_click(self, interaction: discord.Interaction) -> None: ...


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REVIEW_ID):
    def __init__(self, label: str) -> None:
        super().__init__(discord.ui.Button(label=shorten_words(label, render.BUTTON_LABEL_LIMIT),
                                           style=discord.ButtonStyle.success, custom_id="qt:rv"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReviewButton:
        return cls(getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, ReviewClickHandler):
            await client.handle_review_click(interaction)


def review_view(label: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(label))
    return view


# qt:q:<mode>:<quiz id>: one of the quizzes a /quiz reference named, to start it (mode as a retry's: p polls in the
# channel, v private), under the question which one the learner meant.
QUIZ_ID = re.compile(r"qt:q:(?P<mode>[pv]):(?P<quiz>[a-z0-9-]{1,48})")


@runtime_checkable
class QuizClickHandler(Protocol):
    async def handle_quiz_click(self, interaction: discord.Interaction, quiz_id: str, private: bool) -> None: ...


class QuizButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=QUIZ_ID):
    def __init__(self, quiz_id: str, private: bool, label: str) -> None:
        super().__init__(discord.ui.Button(label=shorten_words(label, render.BUTTON_LABEL_LIMIT),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"qt:q:{'v' if private else 'p'}:{quiz_id}"))
        self.quiz_id = quiz_id
        self.private = private

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> QuizButton:
        return cls(match["quiz"], match["mode"] == "v", getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, QuizClickHandler):
            await client.handle_quiz_click(interaction, self.quiz_id, self.private)


def quiz_view(choices: QuizList, private: bool) -> discord.ui.View:
    """A button for each quiz a reference named, that starts it as the /quiz that named them would have."""
    return choices_view(choices, lambda quiz_id, label: QuizButton(quiz_id, private, label))


def choices_view(choices: QuizList, button: Callable[[str, str], discord.ui.Item[Any]]) -> discord.ui.View:
    """The which-one buttons: ``button(quiz id, label)`` for each of the first quizzes a message has room for."""
    view = discord.ui.View(timeout=None)
    for entry in choices.entries[:VIEW_BUTTON_LIMIT]:
        view.add_item(button(entry.quiz_id, f"▶ {entry.title}"))
    return view


def retry_view(ended: Summary | Stopped, private: bool, owner_id: int) -> discord.ui.View | None:
    """The retry button under a summary or a stop, when any question was missed; None otherwise."""
    if not ended.retry_label or ended.session_id is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RetryButton(ended.session_id, private, owner_id, ended.retry_label))
    return view
