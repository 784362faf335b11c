"""A learner plays a quiz in one live group game at a time: in a second one of the same quiz (another group, another
Discord channel) each question would come again after the first game's results showed its answer, scored and
reviewed twice, the second time with the answer given away."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.games.replies import GameLobby, GameQuestion
from bot.replies import Actor, NoticeCode
from tests.core.games_play import ADA, BAYO, CHAT, NAMES, open_with_three, right_index
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

OTHER = "-200"
DELE = Actor("telegram", "4", OTHER, "en")
ADA_THERE = Actor("telegram", ADA.user_id, OTHER, "en")
REFUSED = "You're playing Collectives in a group game in another chat. Play it here once that game is over."


async def _other_game(engine: QuizEngine, stage: RecordingStage, quiz: str) -> str:
    """A game of ``quiz`` in the other group, opened by Dele; its id."""
    assert await engine.games.open(DELE, "Dele", OTHER, quiz, None, stage) is None
    return stage.of(OTHER, GameLobby)[-1].game_id


async def test_a_player_of_a_live_game_cannot_join_one_of_the_same_quiz_elsewhere(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    there = await _other_game(engine, stage, "collectives")

    joined = await engine.games.join(ADA_THERE, "Ada", there, stage)
    assert (joined.text, joined.code) == (REFUSED, NoticeCode.IN_A_GAME)
    opened = await engine.games.open(Actor("telegram", ADA.user_id, "-300", "en"), "Ada", "-300", "collectives",
                                     None, stage)
    assert opened is not None and (opened.text, opened.code) == (REFUSED, NoticeCode.IN_A_GAME)
    assert not stage.of("-300", GameLobby)

    await engine.games.begin(DELE, there, False, stage)
    question = stage.of(OTHER, GameQuestion)[-1]
    reviews = len(fake_db.state.reviews)
    voted = await engine.games.vote(ADA_THERE, "Ada", there, question.position, right_index(question), stage)
    assert (voted.counted, voted.text) == (False, REFUSED)  # joining by answering: refused alike
    assert len(fake_db.state.reviews) == reviews  # nothing scored, no card reviewed
    assert [player.name for player in fake_db.state.players.values() if player.game_id == there] == ["Dele"]


async def test_another_quiz_elsewhere_and_the_same_one_after_the_game_are_joined(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    elsewhere = await _other_game(engine, stage, "long-options")
    assert not (await engine.games.join(ADA_THERE, "Ada", elsewhere, stage)).is_error
    await engine.games.stop(DELE, "Dele", False, stage)

    there = await _other_game(engine, stage, "collectives")
    assert (await engine.games.join(BAYO, NAMES[BAYO], stage.shown[CHAT][0].game_id, stage)).text \
        == "You're already in this game."  # their own game: as before
    await engine.games.stop(ADA, "Ada", False, stage)  # the first game is over: Ada is free to play it there
    assert not (await engine.games.join(ADA_THERE, "Ada", there, stage)).is_error
    await engine.games.begin(DELE, there, False, stage)
    question = stage.of(OTHER, GameQuestion)[-1]
    voted = await engine.games.vote(ADA_THERE, "Ada", there, question.position, right_index(question), stage)
    assert voted.counted
