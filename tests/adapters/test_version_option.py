"""`quiztutor --version`, the first thing many try, said "the following arguments are required: COMMAND" (exit 2):
as if the command line lacked something, when it asked which release is installed (what a bug report needs)."""

from __future__ import annotations

from importlib.metadata import version

import pytest

from adapters.cli.main import main


def test_version_says_the_installed_release(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr() == (f"quiztutor {version('quiz-tutor')}\n", "")
