"""A quiz resumed that finishes at once (a reload removed its remaining questions) still takes away the poll of the
quiz the learner was playing until then, as a resumed question does."""

from __future__ import annotations

from pathlib import Path

from bot.engine import QuizEngine
from bot.replies import Actor, Summary
from tests.core.play import answer, next_question, start
from tests.core.wiring import ADMIN_ID
from tests.support.content import remove_question

ALICE = Actor("telegram", "alice")
ADMIN = Actor("telegram", ADMIN_ID)


async def test_a_quiz_resumed_into_its_summary_closes_the_poll_of_the_quiz_left(
        engine: QuizEngine, content_dir: Path) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=True))
    last = next_question(await answer(engine, ALICE, second, right=True))
    await engine.link_message("telegram", "poll-long", await start(engine, ALICE, "long-options"), "chat-a")
    remove_question(content_dir, last.question_id)  # all that was left of Collectives
    assert (await engine.reload(ADMIN)).ok

    finished = await engine.start(ALICE, "collectives")
    assert isinstance(finished, Summary) and finished.score == "You scored 2 out of 3 questions."
    # Long options was left for it: its poll would switch Alice back to a quiz she left.
    assert [link.message_key for link in finished.left_behind] == ["poll-long"]
