"""QUIZ_QUESTION_SECONDS: no limit by default, at least 10 seconds when set, and handed to the engine."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from adapters.runtime import open_services
from adapters.settings import Settings

FIXTURES = Path(__file__).parent.parent / "fixtures" / "content"


def test_there_is_no_time_limit_unless_one_is_set(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    assert (settings.question_seconds, settings.question_limit) == (0, None)


def test_the_limit_is_read_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUIZ_QUESTION_SECONDS", "45")
    assert Settings(data_dir=tmp_path).question_limit == timedelta(seconds=45)


@pytest.mark.parametrize("seconds", [-1, 1, 9, 2_628_001])
def test_a_limit_too_short_to_read_a_question_or_too_long_for_telegram_is_refused(tmp_path: Path,
                                                                                  seconds: int) -> None:
    with pytest.raises(ValidationError, match="question_seconds"):
        Settings(data_dir=tmp_path, question_seconds=seconds)


async def test_the_composition_root_gives_the_engine_the_limit(tmp_path: Path) -> None:
    async with open_services(Settings(data_dir=tmp_path, content_dir=FIXTURES, question_seconds=10)) as services:
        assert services.engine.question_limit == timedelta(seconds=10)
    async with open_services(Settings(data_dir=tmp_path, content_dir=FIXTURES)) as services:
        assert services.engine.question_limit is None
