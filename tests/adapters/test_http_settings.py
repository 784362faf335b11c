"""QUIZ_HTTP_PORT and QUIZ_HTTP_HOST: read like every other setting, an impossible port refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.settings import Settings
from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


@pytest.mark.parametrize("value", ["0", "65536", "http", "-1"])
def test_an_impossible_http_port_is_refused_naming_its_variable(value: str) -> None:
    done = quiztutor({"QUIZ_HTTP_PORT": value}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stderr
    assert "  QUIZ_HTTP_PORT: " in done.stderr


def test_the_http_endpoint_is_off_unless_a_port_is_set(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert Settings(data_dir=tmp_path).http_port is None
    monkeypatch.setenv("QUIZ_HTTP_PORT", "")  # empty counts as unset, like every QUIZ_* variable
    assert Settings(data_dir=tmp_path).http_port is None
    monkeypatch.setenv("QUIZ_HTTP_PORT", "9100")
    monkeypatch.setenv("QUIZ_HTTP_HOST", "127.0.0.1")
    settings = Settings(data_dir=tmp_path)
    assert (settings.http_port, settings.http_host) == (9100, "127.0.0.1")
    assert Settings(data_dir=tmp_path, http_port=65535).http_port == 65535
