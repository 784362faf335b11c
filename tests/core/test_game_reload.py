"""A group game across a content reload: votes, results and explanations name the options the players were shown."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.games import views
from bot.games.records import GameRecord, GameState
from bot.games.replies import GameExplanation, GameResults
from bot.games.rules import RESULTS_SECONDS
from bot.replies import Actor, Notice
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, begun_on_content, last_question, open_with_three, vote
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase
from tests.support.content import change_answer, edit_question, remove_option, remove_question


@pytest.mark.parametrize("seed", [1, 2, 3, 4])  # the options' shuffle: the removed one first, last, between
async def test_players_who_pick_the_right_option_shown_after_a_reload_score_it(
        seed: int, content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # The game shuffles every question's options when its lobby opens; a reload then removes one. The question
    # is shown without it, and a vote's number must name what was shown, not the place in the lobby's shuffle.
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock, seed=seed)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    remove_option(content_dir, "sum-everywhere", "broadcast")
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    await engine.games.begin(ADA, game_id, False, stage)
    assert len(last_question(stage).options) == 2
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=True)).counted
    results = stage.of(CHAT, GameResults)[0]
    assert [line.rsplit(" — ", 1)[1] != "0 points" for line in results.top] == [True, True, True]


async def test_a_vote_on_the_open_question_a_reload_removed_is_told_so_and_the_game_passes_it_over(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine, stage, game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    assert asked.position == 0  # the quiz's first question: sum-everywhere
    remove_question(content_dir, "sum-everywhere")
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok

    refused = await engine.games.vote(BAYO, "Bayo", game_id, 0, asked.correct_index, stage)
    assert not refused.counted
    assert refused.text == ("This question was removed from the quiz, so it takes no answers. The game moves on "
                            "when its time is up.")

    clock.advance(timedelta(seconds=asked.seconds + 3))  # its time and the grace
    assert await engine.games.sweep("telegram", stage) == 1
    assert not stage.of(CHAT, GameResults)  # no results for a question that is gone
    following = last_question(stage)
    assert (following.game_id, following.position) == (game_id, 1)
    late = await engine.games.vote(CHIDO, "Chido", game_id, 0, asked.correct_index, stage)  # passed over now
    assert (late.counted, late.text) == (False, "This question is closed.")
    assert (await vote(engine, stage, BAYO, right=True)).counted


@pytest.mark.parametrize("seed", [1, 2, 3, 4])  # the options' shuffle: the removed one first, last, between
async def test_results_and_explanations_name_the_options_by_the_letters_the_open_question_showed(
        seed: int, content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # A reload removes an option while the question is open: its poll still shows every option, so the results'
    # letters (and each player's explanation) are the poll's, and the votes for the removed option still count.
    engine, stage, game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=seed)
    removed = next(index for index, text in enumerate(asked.options) if text.startswith("Broadcast"))
    remove_option(content_dir, "sum-everywhere", "broadcast")
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    for player, option in ((ADA, asked.correct_index), (BAYO, removed), (CHIDO, asked.correct_index)):
        assert (await engine.games.vote(player, "?", game_id, 0, option, stage)).counted
    results = stage.of(CHAT, GameResults)[0]
    assert f"the answer is {views.letter(asked.correct_index)}." in results.heading
    assert dict(results.counts) == {views.letter(index): {asked.correct_index: 2, removed: 1}.get(index, 0)
                                    for index in range(len(asked.options))}
    explained = await engine.games.explain(BAYO, game_id, 0)
    assert isinstance(explained, GameExplanation)
    assert explained.verdict == f"You chose {views.letter(removed)}: not quite."


ADDED = {"id": "reduce", "text": {code: "Reduce" for code in ("en", "fr", "sw", "yo", "sn")}}


@pytest.mark.parametrize("edit", ["answer changed", "option added as the answer"])
async def test_a_reload_that_changes_the_open_questions_answer_judges_votes_by_the_answer_the_poll_showed(
        edit: str, content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # Telegram's quiz poll told the players its answer when they voted: a fix to the file between the poll and
    # the votes must not turn every one of them wrong (nobody could pick an option the poll never showed).
    engine, stage, _game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    if edit == "answer changed":
        change_answer(content_dir, "sum-everywhere", "scatter")
    else:
        edit_question(content_dir, "sum-everywhere", lambda question: question.update(
            options=[*question["options"], ADDED], answer="reduce"))
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=player is not CHIDO)).counted
    results = stage.of(CHAT, GameResults)[0]
    assert f"the answer is {views.letter(asked.correct_index)}. All-reduce" in results.heading
    assert [line.rsplit(" — ", 1)[1] != "0 points" for line in results.top] == [True, True, False]


def test_an_answer_kept_for_another_question_is_not_this_ones(content_dir: Path) -> None:
    # During a rolling deploy a replica of the version before asks the next question and keeps no answer: the one
    # left behind is the previous question's, whose option ids the next one may share (fsdp's all-gather...).
    quiz = ContentLibrary.load(content_dir).catalog.quizzes[0]
    start = datetime(2026, 12, 5, tzinfo=UTC)
    first, second = quiz.questions[0], quiz.questions[1]
    other = next(option.id for option in second.options if option.id != second.answer)
    game = GameRecord("g1", "telegram", "chat", "chat", quiz.id, 1, "en", [first.id, second.id], {}, 30,
                      start, start, GameState.ASKING, position=1, asked_question=first.id, asked_answer=other)
    assert views.as_asked(game, second).answer == second.answer
    kept = replace(game, asked_question=second.id)
    assert views.as_asked(kept, second).answer == other  # its own: what its poll showed


async def test_a_question_explained_after_the_game_moved_on_keeps_the_answer_its_votes_were_judged_by(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # An admin fixes the open question's answer (the players say the key is wrong): its results still go by what
    # the poll showed, and so must its explanation once the next question is asked, not say "Correct!" under
    # "not quite" (or "Not quite." to one the results scored).
    engine, stage, game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=player is ADA)).counted
    change_answer(content_dir, "sum-everywhere", "scatter")
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    assert await engine.games.sweep("telegram", stage) == 1
    assert last_question(stage).position == 1  # the game moved on
    ada = await engine.games.explain(ADA, game_id, asked.position)
    assert isinstance(ada, GameExplanation)
    assert ada.verdict == f"You chose {views.letter(asked.correct_index)}: correct!"
    assert ada.feedback.correct
    assert ada.feedback.correct_option == f"The answer: {asked.options[asked.correct_index]}"


async def test_explaining_a_closed_question_a_reload_removed_says_so_not_that_the_game_is_over(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine, stage, game_id, _asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    for player in (ADA, BAYO, CHIDO):
        assert (await vote(engine, stage, player, right=True)).counted
    remove_question(content_dir, "sum-everywhere")  # its results are up, the game goes on
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    gone = await engine.games.explain(BAYO, game_id, 0)
    yo = engine.localizer_for("yo")
    assert isinstance(gone, Notice) and gone.language == "yo"
    assert gone.text == yo("This question was removed from the quiz, so I can't explain it any more.")
    forged = await engine.games.explain(BAYO, game_id, 7)  # no such place: as before
    assert isinstance(forged, Notice) and forged.text == yo("This game is over. Start a new one with /game.")
