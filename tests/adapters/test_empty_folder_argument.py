"""`quiztutor validate ''` (a variable left empty in a script: `validate "$CONTENT"`) read the current folder, as
Path('') is '.': a verdict on a folder nobody named. An empty DIR is refused as a wrong command line (exit 2)."""

from __future__ import annotations

import pytest

from adapters.cli.commands import build_parser
from adapters.cli.main import main
from adapters.platforms import chat_platforms


@pytest.mark.parametrize("command", ["validate", "export"])
def test_an_empty_folder_argument_is_refused(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser(chat_platforms()).parse_args([command, ""])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: quiztutor {command} [-h]"), err
    assert (f"quiztutor {command}: error: argument dir: an empty folder name: give the folder that contains "
            "quizzes/, or leave it out for QUIZ_CONTENT_DIR") in err, err


@pytest.mark.parametrize("command", ["validate", "export"])
@pytest.mark.parametrize("blank", [" ", "  \t"])
def test_a_blank_folder_argument_is_refused_as_an_empty_one(command: str, blank: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`quiztutor validate ' '` looked for a folder named by spaces: "1 problem in  :", exit 1, as if the content
    were wrong. Refused as `--quiz ' '` is, exit 2."""
    with pytest.raises(SystemExit) as ended:
        main([command, blank])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert (f"quiztutor {command}: error: argument dir: a blank folder name (only spaces): give the folder that "
            "contains quizzes/, or leave it out for QUIZ_CONTENT_DIR") in err, err
