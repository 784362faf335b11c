"""A review round under way when a group game of one of its quizzes begins, on a real database: the round leaves
that quiz's questions out (they stay due for the next /review) and so no longer counts them. Before, it went on
counting them as skipped: "Question 1 of 4", then "Question 3 of 4", the summary scored 3 out of 4 with two
lines the learner never saw, and offered "Want another go at the question you missed?" for one never asked."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor, Started
from tests.core.games_play import ADA, BAYO, SCOPE
from tests.core.play import answer, missed_all, next_question, summary_of
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

ADA_ALONE = Actor("telegram", ADA.user_id, ADA.user_id, "en")  # Ada's private chat with the bot


async def test_questions_left_out_for_a_game_do_not_count_in_the_round(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        for quiz_id in ("collectives", "long-options"):  # 3 and 1 questions, all missed
            await missed_all(engine, ADA_ALONE, quiz_id)
        clock.advance(timedelta(days=3))
        started = await engine.review(ADA_ALONE)  # Collectives, Long options, then Collectives twice
        assert isinstance(started, Started), started
        first = started.question
        assert (first.number, first.total) == (1, 4) and first.question_id.startswith("collectives/")

        stage = RecordingStage()  # Bayo opens a game of Long options in the group, and Ada joins it
        assert await engine.games.open(BAYO, "Bayo", SCOPE, "long-options", None, stage) is None
        await engine.games.join(ADA, "Ada", stage.shown[SCOPE][0].game_id, stage)

        second = next_question(await answer(engine, ADA_ALONE, first, right=True))
        assert second.question_id.startswith("collectives/")
        assert any("left out of this round" in notice for notice in second.notices), second.notices
        assert (second.number, second.total, second.label) == (2, 3, "Question 2 of 3")
        third = next_question(await answer(engine, ADA_ALONE, second, right=True))
        assert (third.number, third.total, third.label) == (3, 3, "Question 3 of 3")
        summary = summary_of(await answer(engine, ADA_ALONE, third, right=True))
        assert summary.score == "You scored 3 out of 3 questions."
        assert not any(line.question_id.startswith("long-options/") for line in summary.lines)
        assert summary.missed == 0 and summary.retry_offer is None
