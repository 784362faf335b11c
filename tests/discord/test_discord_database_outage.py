"""The database out of reach (a real outage: PostgreSQL through a TCP forwarder the test cuts): a slash command
fails, its user hears an apology, and the log says so once, without asking the failed database again."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy.engine import make_url

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import first_answer
from tests.support.tcp_proxy import TcpProxy, proxied


async def test_a_command_an_outage_stops_is_apologized_for_and_logged_once(
        fake: FakeDiscord, settings: Settings, postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    server = make_url(postgres_url)
    proxy = TcpProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.open()
    through_proxy = server.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    try:
        async with running_bot(settings.model_copy(update={"database_url": through_proxy}), fake):
            french = await fake.wait_until(first_answer(fake, await fake.slash("help", {}, user_id=LEARNER_ID,
                                                                               locale="fr")))
            assert "/révision" in french.content  # read and answered while the database answers

            await proxy.cut()  # PostgreSQL can't be reached
            caplog.clear()
            caplog.set_level(logging.INFO)
            token = await fake.slash("progress", {}, user_id=LEARNER_ID, locale="fr")
            sorry = await fake.wait_until(first_answer(fake, token))
            assert sorry.content == "Désolé, un problème est survenu. Réessayez dans un instant."
            # Its failure, once: the apology speaks the language last read, rather than ask the database that
            # just failed (one more connection attempt and one more warning for each command in an outage).
            # (The sweepers, on their own clock, say the outage in lines of their own, bot.sweeper's.)
            warned = [record.getMessage() for record in caplog.records
                      if record.levelno >= logging.WARNING and record.name != "bot.sweeper"]
            assert len(warned) == 1 and "/progress failed" in warned[0] and "unreachable" in warned[0], warned
            await proxy.open()  # the outage over, before the bot stops
    finally:
        await proxy.cut()


async def test_every_members_command_failing_in_an_outage_is_one_line_not_one_each(
        fake: FakeDiscord, settings: Settings, postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with running_bot(settings.model_copy(update={"database_url": through_proxy}), fake):
            await proxy.cut()
            caplog.set_level(logging.INFO)
            for member in range(4):  # each one is answered
                await fake.wait_until(first_answer(fake, await fake.slash("progress", {}, user_id=LEARNER_ID + member,
                                                                          locale="fr")))
            warned = [record.getMessage() for record in caplog.records
                      if record.levelno >= logging.WARNING and record.name != "bot.sweeper"]
            assert len(warned) == 1 and "unreachable" in warned[0], warned
            await proxy.open()
    finally:
        await proxy.cut()
