"""A reload that rewords or swaps the texts of the open question's options, their ids kept: the game passes the
question over, as one removed, rather than judge votes and show results in words its players were never shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.content.library import ContentLibrary
from bot.games import views
from bot.games.records import GameRecord, GameState
from bot.games.replies import GameResults, VoteRefused
from bot.replies import Actor
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, begun_on_content, last_question, vote
from tests.core.wiring import ADMIN_ID
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import edit_question, remove_option, swap_option_texts

CHANGED = ("This question was changed after it was asked, so it takes no answers. The game moves on when its time "
           "is up.")
Edit = Callable[[Path], None]


def _option_text(option_id: str, language: str, text: str) -> Edit:
    def edit(content_dir: Path) -> None:
        def change(question: dict[str, Any]) -> None:
            next(option for option in question["options"] if option["id"] == option_id)["text"][language] = text
        edit_question(content_dir, "sum-everywhere", change)
    return edit


def _add_option(content_dir: Path) -> None:
    added = {"id": "reduce", "text": {code: "Reduce" for code in ("en", "fr", "sw", "yo", "sn")}}
    edit_question(content_dir, "sum-everywhere", lambda question: question["options"].append(added))


REWORDED: dict[str, Edit] = {
    "texts swapped": lambda content_dir: swap_option_texts(content_dir, "sum-everywhere", "all-reduce", "broadcast"),
    "the answer reworded": _option_text("all-reduce", "en", "All-gather"),
    "a wrong option reworded": _option_text("scatter", "en", "Reduce-scatter"),
}
AS_ASKED: dict[str, Edit] = {
    "a translation fixed": _option_text("all-reduce", "fr", "All-reduce (somme partout)"),
    "an option added": _add_option,
    "an option removed": lambda content_dir: remove_option(content_dir, "sum-everywhere", "scatter"),
}


@pytest.mark.parametrize("edit", REWORDED.values(), ids=REWORDED.keys())
async def test_the_open_question_whose_options_say_something_else_takes_no_votes_and_gets_no_results(
        edit: Edit, content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine, stage, game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    assert (await vote(engine, stage, ADA, right=True)).counted  # before the reload: as shown, counted
    edit(content_dir)
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok

    refused = await vote(engine, stage, BAYO, right=True)
    assert (refused.counted, refused.refused, refused.text) == (False, VoteRefused.REMOVED, CHANGED)
    clock.advance(timedelta(seconds=asked.seconds + 3))  # its time and the grace
    assert await engine.games.sweep("telegram", stage) == 1
    assert not stage.of(CHAT, GameResults)
    following = last_question(stage)
    assert (following.game_id, following.position) == (game_id, 1)
    assert (await vote(engine, stage, CHIDO, right=True)).counted  # the game goes on


@pytest.mark.parametrize("edit", AS_ASKED.values(), ids=AS_ASKED.keys())
async def test_the_open_question_whose_options_still_say_what_they_said_is_played_as_asked(
        edit: Edit, content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine, stage, _game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    edit(content_dir)
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=True)).counted
    results = stage.of(CHAT, GameResults)[0]
    assert f"the answer is {views.letter(asked.correct_index)}. All-reduce" in results.heading


def test_a_question_an_older_release_asked_is_as_asked_whatever_its_options_say(content_dir: Path) -> None:
    # During a rolling deploy a replica of the release before asks the question and keeps its id alone: what its
    # options said then is not known, so nothing is passed over for it.
    quiz = ContentLibrary.load(content_dir).catalog.quizzes[0]
    question = quiz.questions[0]
    start = datetime(2026, 12, 5, tzinfo=UTC)
    game = GameRecord("g1", "telegram", "chat", "chat", quiz.id, 1, "en", [question.id],
                      {question.id: [option.id for option in question.options]}, 30, start, start, GameState.ASKING,
                      asked_question=question.id, asked_answer=question.answer)
    assert not views.reworded(game, question)
    assert views.as_asked(game, question).answer == question.answer
    asked = replace(game, asked_question=f"{question.id} {question.options_digest}")
    assert (asked.asked_id, asked.asked_options) == (question.id, question.options_digest)
    assert not views.reworded(asked, question)
    assert views.reworded(replace(asked, asked_question=f"{question.id} 000000000000"), question)
