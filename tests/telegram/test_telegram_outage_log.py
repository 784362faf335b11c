"""What the log says while PostgreSQL is out of reach: every learner's update fails alike, and an operator needs
to read that the database is down, not the same line once per learner per second."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy.engine import make_url

from adapters.settings import Settings
from tests.support.tcp_proxy import proxied
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, running_bot

LEARNERS = [FakeUser(400 + n, f"Learner {n}", "en") for n in range(5)]
PASSWORD = "pw-never-logged-9f3"  # the test cluster trusts local connections: any password is taken


def update_failures(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.name == "adapters.telegram.errors" and record.levelno >= logging.WARNING]


async def test_an_outage_is_logged_once_not_once_per_learner_and_never_with_the_password(
        api: FakeBotApi, settings: Settings, postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    proxy, through_proxy = await proxied(postgres_url)
    with_password = make_url(through_proxy).set(password=PASSWORD).render_as_string(hide_password=False)
    try:
        async with running_bot(settings.model_copy(update={"database_url": with_password})):
            await proxy.cut()
            caplog.set_level(logging.INFO)
            for learner in LEARNERS:
                await api.command(learner, "/start")
                await api.wait_for("sendMessage", 1, for_chat(learner.id), within=30)  # each one is answered
            said = update_failures(caplog)
            assert len(said) == 1 and "a service is unreachable" in said[0], said

            await proxy.open()
            await api.command(LEARNERS[0], "/start")  # served again: the welcome after the apology
            await api.wait_for("sendMessage", 2, for_chat(LEARNERS[0].id), within=30)
        assert PASSWORD not in caplog.text
    finally:
        await proxy.cut()
