"""A review round's quiz is built once per round and catalog, not on every answer."""

from __future__ import annotations

from pathlib import Path

from bot.content.library import ContentLibrary
from bot.content.models import LocalizedText
from bot.review_quiz import ReviewRounds, ref


class Titles:
    """The round's title, counting how often it was asked for (once per build)."""

    def __init__(self) -> None:
        self.built = 0

    def __call__(self) -> LocalizedText:
        self.built += 1
        return {"en": "Review"}


def test_a_round_is_built_once_and_again_for_a_new_catalog_or_once_pushed_out(content_dir: Path) -> None:
    catalog = ContentLibrary.load(content_dir).catalog
    quiz = catalog.quizzes[0]
    rounds, titles = ReviewRounds(limit=2), Titles()
    first = [ref(quiz.id, question.id) for question in quiz.questions[:2]]
    second, third = first[:1], first[1:]

    built = rounds.quiz(catalog, first, titles)
    assert rounds.quiz(catalog, list(first), titles) is built and titles.built == 1
    assert [question.id for question in built.questions] == first

    reloaded = ContentLibrary.load(content_dir).catalog
    assert rounds.quiz(reloaded, first, titles) is not built and titles.built == 2

    rounds.quiz(reloaded, second, titles)
    rounds.quiz(reloaded, third, titles)  # the limit is 2: the least recently used, ``first``, goes
    assert titles.built == 4
    rounds.quiz(reloaded, first, titles)
    assert titles.built == 5
