"""On Telegram, where spaced review leads next: a review round answered all right while more questions are due
today ends with how many and /review (before: "Send /quizzes to choose a quiz"), the last round with the quizzes
as before."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.support.next_step import NEXT_STEP
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import correct, for_chat, next_poll, poll_id, running_bot, wrong

ROOT = Path(__file__).resolve().parents[2]
KOFI = FakeUser(341, "Kofi", "en")
DAY = timedelta(days=1)


async def answer_polls(api: FakeBotApi, first: int, count: int, *, right: bool) -> None:
    """Kofi's polls ``first`` to ``first + count - 1`` (counted in his chat) answered all right or all wrong."""
    for number in range(first, first + count):
        poll = await next_poll(api, KOFI.id, number)
        await api.answer_poll(KOFI, poll_id(poll), [correct(poll) if right else wrong(poll)])


async def summary_text(api: FakeBotApi, count: int) -> str:
    """The ``count``-th review summary sent to Kofi."""
    done = await api.wait_for("sendMessage", count, lambda p: for_chat(KOFI.id)(p) and "Review finished" in p["text"])
    return str(done[count - 1].params["text"])


async def test_a_perfect_round_with_more_due_says_to_send_review_for_the_next(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    seeded = settings.model_copy(update={"content_dir": ROOT / "content"})  # the seed quizzes: 8 and 9 questions
    async with running_bot(seeded, clock=clock):
        await api.command(KOFI, "/quiz data-parallelism")
        await answer_polls(api, 1, 8, right=False)
        await api.command(KOFI, "/quiz fsdp")
        await answer_polls(api, 9, 3, right=False)  # 11 missed: a round holds 10
        await next_poll(api, KOFI.id, 12)  # fsdp's 4th question, left open: the 3rd answer is in
        clock.advance(3 * DAY)
        await api.command(KOFI, "/review")
        await answer_polls(api, 13, 10, right=True)
        first = await summary_text(api, 1)
        assert first.endswith("\n1 more question is due today: send /review for the next round."), first
        assert NEXT_STEP not in first
        await api.command(KOFI, "/review")
        await answer_polls(api, 23, 1, right=True)
        last = await summary_text(api, 2)
    assert last.endswith(NEXT_STEP) and "more question" not in last, last
