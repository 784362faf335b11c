"""After a wrong answer the learner reads first why that choice is wrong, then the explanation."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import running_bot
from tests.telegram.wrong_vote import follow_up_to_broadcast


async def test_a_wrong_vote_is_followed_by_why_that_option_is_wrong_in_the_learners_language(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)
    async with running_bot(settings):
        follow_up = await follow_up_to_broadcast(api)
        lines = follow_up.split("\n")
        assert lines[0] == "❌ " + BROADCAST_WHY_NOT["fr"]
        assert lines[1].startswith("All-reduce additionne sur tous les rangs")  # then the explanation
