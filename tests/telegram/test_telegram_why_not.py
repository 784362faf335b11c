"""After a wrong answer the learner reads first why that choice is wrong, then the explanation."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, next_poll, options, poll_id, running_bot


async def test_a_wrong_vote_is_followed_by_why_that_option_is_wrong_in_the_learners_language(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        before = len(api.sent_texts(AMINATA.id))
        await api.answer_poll(AMINATA, poll_id(first), [options(first).index("Diffusion (broadcast)")])
        await next_poll(api, AMINATA.id, 2)
        follow_up = api.sent_texts(AMINATA.id)[before]
        lines = follow_up.split("\n")
        assert lines[0] == "❌ " + BROADCAST_WHY_NOT["fr"]
        assert lines[1].startswith("All-reduce additionne sur tous les rangs")  # then the explanation
