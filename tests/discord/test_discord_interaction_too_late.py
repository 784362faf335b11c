"""An interaction answered after Discord's 3 s (404 Unknown interaction, code 10062: a loaded machine) is the
platform's timing, not a bug: one warning line, no traceback logged as an error."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from adapters.settings import Settings
from tests.discord.endpoints import serving
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_records import Call
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import button_for, first_answer, message_id

UNKNOWN_INTERACTION = {"code": 10062, "message": "Unknown interaction"}


@dataclass
class LateFake(FakeDiscord):
    """As Discord, refusing every interaction's first answer with 404 Unknown interaction once ``too_late``."""

    too_late: bool = False

    def _route(self, call: Call) -> tuple[int, Any]:
        if self.too_late and re.fullmatch(r"/interactions/\d+/[^/]+/callback", call.path):
            return 404, UNKNOWN_INTERACTION
        return super()._route(call)


@pytest.fixture
async def late() -> AsyncIterator[LateFake]:
    async with serving(LateFake()) as server:
        yield server


def _logged(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno == level and record.name.startswith("adapters.")]


async def test_a_command_answered_too_late_is_one_warning_not_an_error(
        settings: Settings, late: LateFake, caplog: pytest.LogCaptureFixture) -> None:
    late.too_late = True
    async with running_bot(settings, late):
        await late.slash("help", user_id=LEARNER_ID)
        await late.wait_until(lambda: _logged(caplog, logging.WARNING) or None, within=10)
        await late.quiet()
    assert _logged(caplog, logging.ERROR) == []
    warnings = _logged(caplog, logging.WARNING)
    assert len(warnings) == 1 and warnings[0].exc_info is None and "/help" in warnings[0].getMessage()


async def test_a_click_answered_too_late_is_one_warning_not_an_error(
        settings: Settings, late: LateFake, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, late):
        listing = await late.wait_until(first_answer(late, await late.slash("quizzes", user_id=LEARNER_ID)))
        await late.quiet()
        late.too_late = True
        await late.click(message_id(listing), button_for(listing, "▶ Collectives"), user_id=LEARNER_ID)
        await late.wait_until(lambda: _logged(caplog, logging.WARNING) or None, within=10)
        await late.quiet()
    assert _logged(caplog, logging.ERROR) == []
    warnings = _logged(caplog, logging.WARNING)
    assert len(warnings) == 1 and warnings[0].exc_info is None
