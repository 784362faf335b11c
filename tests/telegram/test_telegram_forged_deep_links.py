"""A /start payload shaped like a game's Explain link (gx_<game>_<place>) but with a NUL in its game id: the bot
never made such a link (its game ids are hex), and PostgreSQL refuses a NUL even in a look-up, so it must be told
from the bot's own links before the database is asked. Before, SQLite found no game ("This game is over") and
PostgreSQL failed with a traceback and the apology: now both welcome the learner as for any other payload."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from storage.database import sqlite_url
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, running_bot
from tests.telegram.test_telegram_webhook_presses import SORRY


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, settings: Settings) -> str:
    if request.param == "sqlite":
        return sqlite_url(settings.data_dir)
    url: str = request.getfixturevalue("postgres_url")
    return url


async def test_an_explain_link_with_a_nul_in_its_game_id_is_none_of_the_bots(
        api: FakeBotApi, settings: Settings, database_url: str) -> None:
    async with running_bot(settings.model_copy(update={"database_url": database_url})) as engine:
        fr = engine.localizer_for("fr")
        await api.command(AMINATA, "/start gx_0f\x00_0")
        said = (await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(AMINATA.id)))[-1].params["text"]
        assert said != fr(SORRY)
        assert said.startswith(fr("Hello, {name}! I'm QuizTutor: I ask quiz questions and explain the answers.",
                                  name="Aminata"))
