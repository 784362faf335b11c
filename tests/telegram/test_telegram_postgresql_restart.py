"""PostgreSQL itself stopped and started again (`pg_ctl stop -m fast`, then start: a restart, an upgrade) while a
learner is mid-quiz, as an operator meets it: every pooled connection dies, and new ones are refused until it is
back. The bot keeps running throughout; nothing needs restarting once the server is."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import make_url

from adapters.serving import serving
from adapters.settings import Settings
from bot.replies import Actor
from tests.pg_cluster import Cluster, pg_bindir
from tests.support.http_probe import get, wait_for_status
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, correct, for_chat, next_poll, poll_id
from tests.telegram.test_telegram_health import with_endpoint

PASSWORD = "pw-never-logged-4e1"  # the throwaway cluster trusts local connections: any password is taken
JUMA_SW = FakeUser(106, "Juma", "sw")


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A cluster of this test's own: the suite's shared one (or QUIZ_TEST_POSTGRES_URL's) can't be stopped."""
    bindir = pg_bindir()
    if bindir is None:
        if os.environ.get("QUIZ_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL is required (QUIZ_REQUIRE_POSTGRES=1) but its server binaries are missing")
        pytest.skip("no PostgreSQL server binaries to run a cluster of the test's own")
    own = Cluster(bindir)
    with own.running():
        yield own


async def test_a_server_restart_mid_quiz_is_told_in_the_learners_language_and_healed_without_restarting_the_bot(
        api: FakeBotApi, settings: Settings, cluster: Cluster, caplog: pytest.LogCaptureFixture) -> None:
    url = make_url(cluster.url).set(password=PASSWORD).render_as_string(hide_password=False)
    caplog.set_level(logging.INFO)
    async with with_endpoint(settings.model_copy(update={"database_url": url})) as served, \
            serving(served.engine, [served.adapter], game_interval=3600.0):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.settle()  # the poll's link stored: the command handled whole before the restart
        assert (await get(served.base + "/readyz")).status == 200

        await asyncio.to_thread(cluster.stop_server)
        down = await wait_for_status(served.base + "/readyz", 503)
        assert down.text.startswith("not ready: database: "), down.text
        told = len(api.sent_texts(AMINATA.id))
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # lost: told so, in French
        await api.command(JUMA_SW, "/progress")  # told in Swahili
        fr, sw = served.engine.localizer_for("fr"), served.engine.localizer_for("sw")
        said = await api.wait_for("sendMessage", told + 1, for_chat(AMINATA.id), within=30)
        assert said[-1].params["text"] == fr("Sorry, I couldn't save your answer just now. In a moment, send /quiz "
                                             "to see your question again.")
        [sorry] = await api.wait_for("sendMessage", 1, for_chat(JUMA_SW.id), within=30)
        assert sorry.params["text"] == sw("Sorry, something went wrong. Please try again in a moment.")

        await asyncio.to_thread(cluster.start_server)
        back = await wait_for_status(served.base + "/readyz", 200, within=30)
        assert (back.status, back.text) == (200, "ready\n")
        await api.command(AMINATA, "/quiz")  # on fresh connections: the dead pooled ones were replaced
        again = await next_poll(api, AMINATA.id, 2)
        await api.answer_poll(AMINATA, poll_id(again), [correct(again)])
        await next_poll(api, AMINATA.id, 3)
        progress = await served.engine.progress(Actor("telegram", str(AMINATA.id)))
    assert progress.lines[0].text == fr("in progress: {answered} of {total} answered, {correct} right",
                                        answered=1, total=3, correct=1)
    failures = [record.getMessage() for record in caplog.records if record.name == "adapters.telegram.errors"
                and record.levelno >= logging.WARNING]
    assert len(failures) == 1, failures  # two updates failed: said once
    assert PASSWORD not in caplog.text
