"""A question a reload removed while its poll was open: the game passes it over without results, and its poll is
stopped as the next question goes up (before: it stayed open for its own time after a skip, every vote refused)."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question
from tests.telegram.game_steps import begun
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP, for_chat, next_poll, running_bot

ADA = FakeUser(301, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def test_the_open_poll_a_reload_removed_is_stopped_when_the_starter_skips_it(
        api: FakeBotApi, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, GROUP, (AMINATA,))
        remove_question(content_dir, "sum-everywhere")  # the quiz's first question, whose poll is open
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        await api.command(ADA, "/game skip", GROUP)
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"] != first.params["question"]
        stopped = api.calls("stopPoll")
        assert [(call.params["chat_id"], str(call.params["message_id"])) for call in stopped] == [
            (str(GROUP.id), str(first.result["message_id"]))]
        # Stopped before the next poll went up: nobody answers the one that is gone in the meantime
        assert api.requests.index(stopped[0]) < api.requests.index(second)


async def test_the_next_question_goes_up_though_stopping_the_removed_ones_poll_failed(
        api: FakeBotApi, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    # Stopping the poll is a courtesy to the voters: a failure of it (Telegram's 5xx, which the bot no longer sends
    # again as it may have gone through) must not keep the game's next question from going up
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, GROUP, (AMINATA,))
        remove_question(content_dir, "sum-everywhere")
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        api.fail_next("stopPoll", 502, "Bad Gateway")
        await api.command(ADA, "/game skip", GROUP)
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"] != first.params["question"]

