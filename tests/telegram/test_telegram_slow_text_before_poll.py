"""The text said before a poll (a learner's answer's feedback, a time-up notice; a game question's whole prompt)
that Telegram answered more slowly than the bot waits: it most likely went out, and is not sent again (dbf5ca3),
but the poll must go out all the same (before: it was never sent, and nobody was told, left with no question to
answer)."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.telegram.game_steps import lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, next_poll, poll_id, running_bot
from tests.telegram.test_telegram_admin import edit_quiz
from tests.telegram.test_telegram_long_content import ADA, PROMPT, first_question
from tests.telegram.test_telegram_slow_replies import SlowOnce


async def test_the_next_poll_goes_out_though_the_text_before_it_was_answered_too_slowly(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives", GROUP)  # in a group, feedback names whose answer it was
        first = await next_poll(api, GROUP.id, 1)
        slow = SlowOnce(api, "sendMessage")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"].startswith("2/3 ")
        assert slow.arrived == 1


async def test_a_games_question_goes_up_though_the_text_before_its_poll_was_answered_too_slowly(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    # A prompt longer than a poll takes is shown whole in a message before it (test_telegram_long_content.py)
    edit_quiz(content_dir, "collectives", first_question({"prompt": PROMPT}))
    async with running_bot(settings):
        await api.command(ADA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        slow = SlowOnce(api, "sendMessage")
        await press(api, ADA, f"gb:{game_id}", GROUP)
        assert len((await next_poll(api, GROUP.id, 1)).params["question"]) == 300
        assert slow.arrived == 1
