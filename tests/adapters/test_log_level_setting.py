"""QUIZ_LOG_LEVEL: a Python logging level in any case; anything else is a configuration error, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from adapters.settings import Settings


def test_a_level_is_accepted_in_any_case(tmp_path: Path) -> None:
    assert Settings(data_dir=tmp_path, log_level="debug").log_level == "DEBUG"
    assert Settings(data_dir=tmp_path, log_level=" Warning ").log_level == "WARNING"


@pytest.mark.parametrize("level", ["verbose", "", "10"])
def test_an_unknown_level_is_refused_when_the_settings_are_read(tmp_path: Path, level: str) -> None:
    with pytest.raises(ValidationError, match="log_level"):
        Settings(data_dir=tmp_path, log_level=level)
