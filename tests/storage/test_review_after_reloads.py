"""Spaced review across content reloads, on a real database: a question removed and then brought back."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass, review_round
from tests.fakes.clock import FixedClock
from tests.support.content import change_answer, remove_question

ADMIN = Actor("telegram", "admin-1")


async def test_a_question_removed_then_brought_back_comes_back_for_review(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """Met among the due questions while a reload had removed it, its card was put aside for good: once the
    question was back, /progress showed it fading week after week, and /review never asked it again."""
    content = tmp_path / "content"
    shutil.copytree(fixture_content, content)
    quiz_file = content / "quizzes" / "collectives.yaml"
    original = quiz_file.read_text(encoding="utf-8")
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        engine.allow_admin(ADMIN.platform, ADMIN.user_id)
        await play_collectives(engine, ALL_WRONG)
        remove_question(content, "sum-everywhere")
        assert (await engine.reload(ADMIN)).ok
        clock.advance(timedelta(days=2))
        assert await review_round(engine) == ["collectives/shards-to-full", "collectives/english-only"]

        quiz_file.write_text(original, encoding="utf-8")  # the author puts it back
        assert (await engine.reload(ADMIN)).ok
        clock.advance(timedelta(days=1))
        assert "1 question to review today." in (await engine.progress(ADA)).notes
        assert await review_round(engine) == ["collectives/sum-everywhere"]


ALL_RIGHT = {"sum-everywhere": True, "shards-to-full": True, "english-only": True}


async def test_a_question_whose_answer_a_reload_changed_is_due_at_once_and_no_longer_counts_as_known(
        tmp_path: Path, content_dir: Path, database_url: str) -> None:
    """Mastered after six weeks of reviews, the quiz stayed "recall 100% · questions seen: 3/3 · mastered" after a
    reload changed one question's answer, and /review said the next review was months away: the learner was not
    asked the corrected question until then."""
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        engine.allow_admin(ADMIN.platform, ADMIN.user_id)
        await engine.set_reminders(ADA, "on 09:00")  # the time of the reminder pass below: a late one isn't sent
        await play_collectives(engine, ALL_RIGHT)
        for _day in range(43):  # every question reviewed, right, whenever it falls due
            clock.advance(timedelta(days=1))
            await review_round(engine)
        (before,) = (await engine.progress(ADA)).quizzes
        assert before.text.endswith("questions seen: 3/3 · mastered")  # what the learner knew before the reload

        change_answer(content_dir, "shards-to-full", "reduce-scatter")
        assert (await engine.reload(ADMIN)).ok
        clock.advance(timedelta(days=1))
        progress = await engine.progress(ADA)
        (after,) = progress.quizzes
        assert after.text.endswith("questions seen: 2/3")  # a new question to the learner: not seen, not mastered
        assert not after.mastered
        assert "1 question to review today." in progress.notes
        assert "all-gather" not in {line.key for line in progress.concepts}  # its only question is new again
        _claimed, reminders = await reminder_pass(engine)
        assert [reminder.due for reminder in reminders] == [1]
        assert await review_round(engine) == ["collectives/shards-to-full"]  # asked now, with its new answer

        (answered,) = (await engine.progress(ADA)).quizzes
        assert answered.text.endswith("questions seen: 3/3")  # seen again, as a new card: not mastered yet
        assert not answered.mastered
        assert "Nothing to review today." in (await engine.progress(ADA)).notes
