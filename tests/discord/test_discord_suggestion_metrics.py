"""/metrics over real HTTP: a quiz name suggested as the user types (an autocomplete interaction, answered within
Discord's 3 s and never deferred) is timed as the other interactions are, and one that fails is an error."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest

from adapters.settings import Settings
from tests.discord.endpoints import serving
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_records import Call
from tests.discord.test_discord_health import served
from tests.support.http_probe import get, sample

UNKNOWN_INTERACTION = {"code": 10062, "message": "Unknown interaction"}
SUGGESTIONS = 8  # an interaction callback's type for autocomplete choices


@dataclass
class LateSuggestions(FakeDiscord):
    """As Discord, refusing suggestions with 404 Unknown interaction (sent after its 3 s) once ``too_late``."""

    too_late: bool = False

    def _route(self, call: Call) -> tuple[int, Any]:
        if (self.too_late and re.fullmatch(r"/interactions/\d+/[^/]+/callback", call.path)
                and call.body.get("type") == SUGGESTIONS):
            return 404, UNKNOWN_INTERACTION
        return super()._route(call)


@pytest.fixture
async def late() -> AsyncIterator[LateSuggestions]:
    async with serving(LateSuggestions()) as server:
        yield server


async def test_suggestions_are_timed_and_one_that_fails_counts_as_an_error(settings: Settings,
                                                                           late: LateSuggestions) -> None:
    async with served(settings, late) as (_bot, base):
        for command, subcommand in (("quiz", None), ("game", "start")):
            token = await late.slash(command, {"quiz": "coll"}, autocomplete="quiz", subcommand=subcommand)
            await late.wait_until(partial(late.interaction_calls, token))
        late.too_late = True
        token = await late.slash("preview", {"quiz": "coll"}, autocomplete="quiz")
        await late.wait_until(lambda: late.interaction_calls(token))
        await late.quiet()
        page = await get(base + "/metrics")

    assert [call.status for call in late.interaction_calls(token)] == [404]  # refused, not sent again
    text = page.text
    assert sample(text, "quiztutor_updates_total", platform="discord", kind="autocomplete") == 3
    assert sample(text, "quiztutor_handler_seconds_count", platform="discord", kind="autocomplete") == 3
    assert sample(text, "quiztutor_errors_total", platform="discord", kind="handler") == 1
