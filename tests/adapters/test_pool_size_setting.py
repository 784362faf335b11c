"""QUIZ_DATABASE_POOL_SIZE: ten connections unless set, at least one, and a bad value names the variable."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from adapters.settings import Settings
from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


def test_the_pool_has_ten_connections_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings(data_dir=tmp_path).database_pool_size == 10
    monkeypatch.setenv("QUIZ_DATABASE_POOL_SIZE", "25")
    assert Settings(data_dir=tmp_path).database_pool_size == 25


@pytest.mark.parametrize("value", ["0", "-2", "ten", "2.5"])
def test_a_pool_size_that_cant_work_is_refused_at_start_up_naming_the_variable(value: str) -> None:
    done = quiztutor({"QUIZ_DATABASE_POOL_SIZE": value}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "  QUIZ_DATABASE_POOL_SIZE: " in done.stderr and "Traceback" not in done.stderr


def test_a_pool_size_built_in_code_is_checked_too(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="database_pool_size"):
        Settings(data_dir=tmp_path, database_pool_size=0)
