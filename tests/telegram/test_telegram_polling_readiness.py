"""/readyz while Telegram long polling fails: through real HTTP, the real adapter against the fake Bot API."""

from __future__ import annotations

from adapters.serving import serving
from adapters.settings import Settings
from tests.support.http_probe import get, sample, wait_for_status
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, for_chat
from tests.telegram.test_telegram_health import with_endpoint


async def test_readyz_fails_while_polling_for_updates_fails_and_recovers_once_a_poll_succeeds(
        api: FakeBotApi, settings: Settings) -> None:
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=3600.0):
        assert (await get(served.base + "/readyz")).status == 200
        for _ in range(3):  # PTB waits 1 s, then 1.5 s, then 2.25 s before polling again
            api.fail_next("getUpdates", 502, "Bad Gateway")
        await api.command(AMINATA, "/start")  # ends the long poll under way: the next three fail
        failing = await wait_for_status(served.base + "/readyz", 503, within=5)
        # Telegram's updates no longer reach this process: it is no more connected than a Discord gateway that is
        # reconnecting (and a load balancer, or whoever watches, must hear so).
        assert (failing.status, failing.text) == (503, "not ready: telegram: polling for updates failed: "
                                                       "HTTP 502\n")
        assert (await get(served.base + "/healthz")).status == 200  # the process itself is fine

        back = await wait_for_status(served.base + "/readyz", 200, within=15)
        assert (back.status, back.text) == (200, "ready\n")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))  # the update the failures held back
        page = await get(served.base + "/metrics")
    assert sample(page.text, "quiztutor_errors_total", platform="telegram", kind="polling") == 3
