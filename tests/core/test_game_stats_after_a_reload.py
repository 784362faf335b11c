"""`quiztutor stats` after a reload changed the answer of a group game's open question: the votes are judged by the
answer the poll showed (bot/games/views.as_asked), so they are logged under the question as asked, not counted
among the answers to the question as it is now, where one naming the old answer was counted right and a pick of a
wrong option at once."""

from __future__ import annotations

from pathlib import Path

from bot.content.library import ContentLibrary
from bot.item_stats import ItemStat, item_statistics
from bot.replies import Actor
from tests.core.games_play import ADA, BAYO, CHIDO, begun_on_content, vote
from tests.core.wiring import ADMIN_ID
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import change_answer

QUESTION = "sum-everywhere"


def _item(content_dir: Path, fake_db: FakeDatabase) -> ItemStat:
    """The question's figures from every review kept, against the quizzes of ``content_dir`` as they are now."""
    items = item_statistics(ContentLibrary.load(content_dir).catalog.quizzes, fake_db.state.reviews.values())
    (item,) = [item for item in items if item.question_id == QUESTION]
    return item


async def test_votes_judged_by_the_answer_the_poll_showed_count_under_the_question_as_asked(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    original = (content_dir / "quizzes" / "collectives.yaml").read_text(encoding="utf-8")
    engine, stage, _game_id, asked = await begun_on_content(content_dir, fake_db, clock, seed=1)
    assert asked.position == 0  # sum-everywhere, whose answer is all-reduce
    change_answer(content_dir, QUESTION, "scatter")
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok
    for player in (ADA, BAYO, CHIDO):  # judged by the poll's answer, all-reduce: two right
        assert (await vote(engine, stage, player, right=player is not CHIDO)).counted

    now = _item(content_dir, fake_db)
    assert (now.answered, now.right) == (0, 0)  # nobody was asked it with scatter the answer
    (content_dir / "quizzes" / "collectives.yaml").write_text(original, encoding="utf-8")
    as_asked = _item(content_dir, fake_db)
    assert (as_asked.answered, as_asked.right) == (3, 2)
