"""/metrics over real HTTP: a chat refusing the bot, as chats may (blocked, no polls allowed), is no failure."""

from __future__ import annotations

from adapters.serving import serving
from adapters.settings import Settings
from tests.support.http_probe import get, sample
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, correct, next_poll, poll_id
from tests.telegram.test_telegram_health import with_endpoint
from tests.telegram.test_telegram_polls import GROUP

POLLS_REFUSED = "Bad Request: not enough rights to send polls to the chat"


async def test_a_learner_who_blocked_the_bot_and_a_group_refusing_polls_count_no_handler_error(
        api: FakeBotApi, settings: Settings) -> None:
    """Both are the chat's choice, logged as a warning, and nothing to fix: as a time-out or a reminder refused
    alike, and as a Discord channel refusing polls, they count as no error (an alert on errors would fire for them)."""
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=3600.0):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        api.refusing[AMINATA.id] = Failure(403, "Forbidden: bot was blocked by the user")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # kept, but the reply is refused
        await api.settle()
        del api.refusing[AMINATA.id]

        api.fail_next("sendPoll", 400, POLLS_REFUSED)
        await api.command(AMINATA, "/quiz collectives", GROUP)
        await api.settle()
        assert any("Envoyer des sondages" in text for text in api.sent_texts(GROUP.id))  # told what to grant
        page = await get(served.base + "/metrics")

    assert sample(page.text, "quiztutor_answers_scored_total", platform="telegram", result="correct") == 1
    assert not sample(page.text, "quiztutor_errors_total", platform="telegram", kind="handler")
