"""/skip on a quiz a reload removed: it said "You have no quiz in progress" while the quiz was still open, and the
learner's next /quiz then said "This quiz has been removed, so your session was closed." The skip now says the
quiz was removed and closes it, as an answer on its poll or /quiz does, and ends its poll."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, for_chat, next_poll, running_bot


async def test_a_skip_on_a_quiz_a_reload_removed_says_so_and_closes_it(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        (content_dir / "quizzes" / "collectives.yaml").unlink()
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        fr = engine.localizer_for("fr")
        closed = fr("This quiz has been removed, so your session was closed.")
        before = len(api.sent_texts(AMINATA.id))
        await api.command(AMINATA, "/skip")
        await api.wait_for("sendMessage", before + 1, for_chat(AMINATA.id))
        await api.command(AMINATA, "/quiz")
        await api.wait_for("sendMessage", before + 2, for_chat(AMINATA.id))
        await api.settle()
        stopped = [str(call.params["message_id"]) for call in api.calls("stopPoll")]
    assert stopped == [str(first.result["message_id"])]  # its votes would count for nothing
    said = api.sent_texts(AMINATA.id)[before:]
    assert said[0] == closed
    assert said[1].startswith(fr("You have no quiz in progress. Choose one to start.")), said
