"""A group game across a reload that changes what its options say, their ids kept, played by the engine on a real
SQLite file (what the game keeps of its questions as asked is stored, and read back, between every move): an option
removed does not hide another reworded, a closed question's explanation does not name texts its poll never showed,
and a vote delivered again is told nothing new."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.engine import QuizEngine
from bot.games.replies import GameExplanation, GameResults, GameVote, VoteRefused
from bot.games.rules import RESULTS_SECONDS
from bot.i18n import UiTexts
from bot.replies import Actor, Notice
from content import default_content_dir
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, begun_with_three, last_question, vote
from tests.core.wiring import ADMIN_ID
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.support.content import edit_question, remove_option, remove_question, swap_option_texts
from tests.support.engine_on_sqlite import engine_on_sqlite

QUESTION = "sum-everywhere"  # the collectives quiz's first question: broadcast, all-reduce (its answer), scatter
CHANGED = ("This question was changed after it was asked, so it takes no answers. The game moves on when its time "
           "is up.")
ALREADY = "You already answered this question; your first answer counts."
NOT_AS_SEEN = "This question was changed after it was asked, so I can't explain it as you saw it."
Edit = Callable[[Path], None]


def _removed_and_reworded(reworded: str) -> Edit:
    """Scatter removed, and ``reworded`` saying something else in English."""
    def edit(content_dir: Path) -> None:
        def change(question: dict[str, Any]) -> None:
            question["options"] = [option for option in question["options"] if option["id"] != "scatter"]
            next(option for option in question["options"] if option["id"] == reworded)["text"]["en"] = "All-gather"
        edit_question(content_dir, QUESTION, change)
    return edit


def _prompt_reworded(content_dir: Path) -> None:
    """The question asks something else in English, its options as they were."""
    def change(question: dict[str, Any]) -> None:
        question["prompt"]["en"] = "Which collective gives every rank one part of a buffer?"
    edit_question(content_dir, QUESTION, change)


REMOVED_AND_REWORDED: dict[str, Edit] = {
    "the answer reworded": _removed_and_reworded("all-reduce"),
    "a wrong option reworded": _removed_and_reworded("broadcast"),
}


@pytest.fixture
def texts() -> UiTexts:
    return UiTexts.load(default_content_dir() / "locales")


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    async with engine_on_sqlite(tmp_path, content_dir, clock, admins={"telegram": {ADMIN_ID}}) as (engine, _units):
        yield engine


async def _reload(engine: QuizEngine, content_dir: Path, edit: Edit) -> None:
    edit(content_dir)
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok


async def _voted_after_reload_then_passed_over(engine: QuizEngine, content_dir: Path, clock: FixedClock,
                                               edit: Edit, voter: Actor) -> GameVote:
    """Ada's vote counts, ``edit`` is reloaded, then ``voter``'s vote: returned, once the question its time up gave
    no results and the game went on to its next."""
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    asked = last_question(stage)
    assert (await vote(engine, stage, ADA, right=True)).counted
    await _reload(engine, content_dir, edit)
    voted = await vote(engine, stage, voter, right=True)
    clock.advance(timedelta(seconds=asked.seconds + 3))  # its time and the grace
    assert await engine.games.sweep("telegram", stage) == 1
    assert not stage.of(CHAT, GameResults)
    following = last_question(stage)
    assert (following.game_id, following.position) == (game_id, 1)
    return voted


@pytest.mark.parametrize("edit", REMOVED_AND_REWORDED.values(), ids=REMOVED_AND_REWORDED.keys())
async def test_the_open_question_with_one_option_removed_and_another_reworded_is_passed_over(
        edit: Edit, engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    """Before: the removed option left no digest to compare, so the question was played as asked: the vote counted,
    and the results named the answer by the text it has now ("the answer is B. All-gather")."""
    refused = await _voted_after_reload_then_passed_over(engine, content_dir, clock, edit, CHIDO)
    assert (refused.counted, refused.refused) == (False, VoteRefused.REMOVED)


async def test_the_open_question_whose_prompt_was_reworded_is_passed_over(
        engine: QuizEngine, content_dir: Path, clock: FixedClock, texts: UiTexts) -> None:
    """Before: only the options were compared, so the question was played on: the vote after the reload counted,
    and the results showed the new prompt over the answer to the one the poll asked."""
    refused = await _voted_after_reload_then_passed_over(engine, content_dir, clock, _prompt_reworded, BAYO)
    assert (refused.counted, refused.refused, refused.text) == (False, VoteRefused.REMOVED,
                                                                 texts.for_language("yo")(CHANGED))


async def test_the_open_question_with_an_option_removed_alone_is_still_played_as_asked(
        engine: QuizEngine, content_dir: Path) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await _reload(engine, content_dir, lambda content_dir: remove_option(content_dir, QUESTION, "scatter"))
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=True)).counted
    assert "All-reduce" in stage.of(CHAT, GameResults)[0].heading


EXPLAINED_AFTER: dict[str, Edit] = {
    "texts swapped": lambda content_dir: swap_option_texts(content_dir, QUESTION, "all-reduce", "broadcast"),
    "one removed, the answer reworded": REMOVED_AND_REWORDED["the answer reworded"],
    "the prompt reworded": _prompt_reworded,
}


@pytest.mark.parametrize("edit", EXPLAINED_AFTER.values(), ids=EXPLAINED_AFTER.keys())
async def test_a_closed_question_reworded_since_is_not_explained_in_its_new_words(
        edit: Edit, engine: QuizEngine, content_dir: Path, clock: FixedClock, texts: UiTexts) -> None:
    """Before: "The answer: Broadcast" (the text the answer's id has now), under a poll whose answer said
    All-reduce."""
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=True)).counted
    assert stage.of(CHAT, GameResults)  # closed: everyone answered
    clock.advance(timedelta(seconds=RESULTS_SECONDS + 1))
    assert await engine.games.sweep("telegram", stage) == 1
    assert last_question(stage).position == 1  # the question asked after it: the game keeps no digest of it
    await _reload(engine, content_dir, edit)

    explained = await engine.games.explain(BAYO, game_id, 0)
    assert isinstance(explained, Notice), explained
    assert (explained.text, explained.language) == (texts.for_language("yo")(NOT_AS_SEEN), "yo")
    assert explained.text != NOT_AS_SEEN  # in Bayo's language


async def test_a_closed_question_whose_options_still_say_what_they_said_is_explained(
        engine: QuizEngine, content_dir: Path) -> None:
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=True)).counted
    await _reload(engine, content_dir, lambda content_dir: remove_option(content_dir, QUESTION, "scatter"))
    explained = await engine.games.explain(ADA, game_id, 0)
    assert isinstance(explained, GameExplanation), explained
    assert explained.feedback.correct_option == "The answer: All-reduce"


AGAIN_AFTER: dict[str, Edit] = {
    "texts swapped": EXPLAINED_AFTER["texts swapped"],
    "one removed, another reworded": REMOVED_AND_REWORDED["a wrong option reworded"],
    "the question removed": lambda content_dir: remove_question(content_dir, QUESTION),
}


@pytest.mark.parametrize("edit", AGAIN_AFTER.values(), ids=AGAIN_AFTER.keys())
async def test_a_vote_delivered_again_after_the_reload_is_told_it_counted_already(
        edit: Edit, engine: QuizEngine, content_dir: Path) -> None:
    """Telegram delivers a vote again when no 200 came back: one counted before the reload is the same vote, told
    nothing new (Telegram says nothing for ALREADY). Before: "This question was changed after it was asked, so it
    takes no answers", privately, to a player whose answer had counted."""
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    assert (await vote(engine, stage, ADA, right=True)).counted
    await _reload(engine, content_dir, edit)

    again = await vote(engine, stage, ADA, right=True)
    assert (again.counted, again.refused, again.text) == (False, VoteRefused.ALREADY, ALREADY)
    refused = await vote(engine, stage, BAYO, right=True)  # a first vote now is refused as before
    assert (refused.counted, refused.refused) == (False, VoteRefused.REMOVED)
