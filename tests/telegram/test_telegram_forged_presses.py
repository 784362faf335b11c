"""A press whose data this bot never sent (an old client's, or forged) with a NUL in its id: PostgreSQL refuses
a NUL in any text, even one only looked for, so it must be told from the bot's own ids before the database is
asked (on SQLite it found nothing; on PostgreSQL it failed with a traceback and an apology, as if the bot broke)."""

from __future__ import annotations

from collections.abc import Callable

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP
from tests.telegram.test_telegram_webhook_presses import SORRY, answers, webhook_bot


async def test_a_press_with_a_nul_in_its_id_is_no_button_of_the_bots(
        api: FakeBotApi, settings: Settings, postgres_url: str, reserve_port: Callable[[], int]) -> None:
    async with webhook_bot(settings, postgres_url, reserve_port()) as (engine, hook):
        for data in ("gj:0f\x00", "gb:\x00", "gx:\x00/0", "retry:\x00"):
            press = hook.press(AMINATA, data, GROUP)
            assert await hook.post(press) == 200
            await api.settle()
            assert engine.localizer_for("fr")(SORRY) not in answers(api, press), data
