"""A button press whose answer (the spinner's stop) Telegram failed in a way that may have gone through (a 5xx, no
answer in time): not sent again (dbf5ca3), and the press is acted on all the same (before: the failure ended its
handler, a quiz list's button starting nothing, a group's new language for games not said there)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, next_poll, running_bot

ADA = FakeUser(301, "Ada", "en")


async def test_a_quiz_lists_button_starts_the_quiz_though_its_answer_failed(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    async with running_bot(settings):
        api.fail_next("answerCallbackQuery", 502, "Bad Gateway")
        await api.press(AMINATA, "quiz:collectives")
        assert (await next_poll(api, AMINATA.id, 1)).params["question"].startswith("1/3 ")



async def test_a_groups_language_picked_by_its_admin_is_said_though_the_press_answer_failed(
        api: FakeBotApi, settings: Settings) -> None:
    api.admins[GROUP.id] = {ADA.id}
    async with running_bot(settings) as engine:
        api.fail_next("answerCallbackQuery", 502, "Bad Gateway")
        await api.press(ADA, "clang:yo", GROUP)  # the picker of /language alone in the group
        yo = engine.localizer_for("yo")
        said = yo("Games in this chat are in {name} from now on.", name="Èdè Yorùbá")
        await api.wait_for("sendMessage", 1, lambda params: params["text"] == said)
