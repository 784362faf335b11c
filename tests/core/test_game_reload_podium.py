"""A group game whose quiz a reload changes between questions: the podium counts the questions asked, not the
ones passed over."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.games.records import GameState
from bot.games.replies import GameBegins, GamePodium, GameQuestion, GameResults
from bot.games.rules import RESULTS_SECONDS
from bot.replies import Actor
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, begun_on_content, last_question, open_with_three, vote
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_question


async def test_a_game_whose_quiz_a_reload_removed_after_one_question_is_judged_on_that_one(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine, stage, game_id, _asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    for player in (ADA, BAYO, CHIDO):  # all answered: the first question's results are up
        assert (await vote(engine, stage, player, right=player is not CHIDO)).counted
    assert stage.of(CHAT, GameResults)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok

    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    assert await engine.games.sweep("telegram", stage) == 1
    podium = stage.of(CHAT, GamePodium)[0]
    assert [line.split(" · ")[1] for line in podium.lines] == ["1 of 1 right (100%)", "1 of 1 right (100%)",
                                                               "0 of 1 right (0%)"]
    assert fake_db.state.games[game_id].state is GameState.FINISHED


async def test_a_question_a_reload_removed_before_it_was_asked_is_not_counted_as_asked(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    remove_question(content_dir, "shards-to-full")  # the second of three, before the game begins
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    await engine.games.begin(ADA, game_id, False, stage)
    for _question in range(2):
        for player in (ADA, BAYO, CHIDO):
            assert (await vote(engine, stage, player, right=True)).counted
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    assert [question.label for question in stage.of(CHAT, GameQuestion)] == [
        "Question 1 of 2", "Question 2 of 2"]
    podium = stage.of(CHAT, GamePodium)[0]
    assert [line.split(" · ")[1] for line in podium.lines] == ["2 of 2 right (100%)"] * 3


async def test_the_open_question_a_reload_removed_counts_only_for_who_answered_it_before(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # Once removed it takes no answers: those who hadn't answered it yet had no chance to, so it is not held
    # against them ("2 of 3 right" for a player right at every question they could answer); Ada's answer, given
    # before the reload, scored and stands.
    engine, stage, _game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    seconds = asked.seconds
    assert (await vote(engine, stage, ADA, right=True)).counted
    remove_question(content_dir, "sum-everywhere")  # the open one
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    assert not (await vote(engine, stage, BAYO, right=True)).counted
    clock.advance(timedelta(seconds=seconds + 3))  # its time and the grace: passed over
    assert await engine.games.sweep("telegram", stage) == 1
    for _question in range(2):
        for player in (ADA, BAYO, CHIDO):
            assert (await vote(engine, stage, player, right=True)).counted
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    podium = stage.of(CHAT, GamePodium)[0]
    assert [line.split(" · ")[1] for line in podium.lines] == ["3 of 3 right (100%)", "2 of 2 right (100%)",
                                                               "2 of 2 right (100%)"]


async def test_a_game_a_reload_leaves_without_questions_ends_saying_why(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # Begun after its quiz was removed, it went "Game on!" then "Final results" with nothing under them; then
    # "Final results" said its "remaining questions were removed" though none was asked. Stopped, saying why.
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    await engine.games.begin(ADA, game_id, False, stage)
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.note == "This quiz was removed before the game began, so the game can't be played."
    assert podium.heading == "Game stopped: collectives" and not podium.lines
    assert not stage.of(CHAT, GameBegins)
    assert fake_db.state.games[game_id].state is GameState.FINISHED


async def test_a_game_that_runs_out_of_questions_as_planned_says_nothing_of_removals(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    remove_question(content_dir, "shards-to-full")  # one of three: the game goes on with the other two
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    await engine.games.begin(ADA, game_id, False, stage)
    for _question in range(2):
        for player in (ADA, BAYO, CHIDO):
            assert (await vote(engine, stage, player, right=True)).counted
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    assert stage.of(CHAT, GamePodium)[0].note is None


async def test_the_last_question_a_reload_removed_while_open_counts_on_the_podium_only_for_who_answered_it(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    # Passed over as the last one, the game ends at once: its poll is closed by the podium, Ada's answer to it
    # (before the reload) counts, and the others had no chance to answer it, so it is not held against them.
    engine, stage, game_id, _asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    for _question in range(2):
        for player in (ADA, BAYO, CHIDO):
            assert (await vote(engine, stage, player, right=True)).counted
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    last = last_question(stage)
    assert last.position == 2
    assert (await vote(engine, stage, ADA, right=True)).counted
    remove_question(content_dir, "english-only")  # the open one, the last
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    assert await engine.games.skip(ADA, False, stage) is not None
    [podium] = stage.of(CHAT, GamePodium)
    assert podium.open_question == fake_db.state.games[game_id].question_message  # its poll closes
    assert podium.open_question is not None
    assert [line.split(" · ")[1] for line in podium.lines] == ["3 of 3 right (100%)", "2 of 2 right (100%)",
                                                               "2 of 2 right (100%)"]
    assert fake_db.state.games[game_id].state is GameState.FINISHED
