"""`quiztutor stats --quiz ''` said "no quiz ''" and exited 1, while `play --quiz ''` took the empty id for none and
showed the list: a variable left empty in a script (`stats --quiz "$QUIZ"`) was read two ways. Both refuse an empty
or blank quiz id as a wrong command line (exit 2), as every other empty argument is refused (`validate ''`,
`--user ''`, `--lang ''`, `discord-sync --guild ''`), saying what leaving the option out does."""

from __future__ import annotations

import pytest

from adapters.cli.commands import build_parser
from adapters.platforms import chat_platforms


@pytest.mark.parametrize(("command", "without"), [("stats", "for every quiz"), ("play", "to choose from the list")])
@pytest.mark.parametrize("value", ["", "   ", "\t"])
def test_an_empty_quiz_id_is_refused_saying_what_leaving_it_out_does(
        command: str, without: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser(chat_platforms()).parse_args([command, "--quiz", value])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: quiztutor {command} [-h]"), err
    assert (f"quiztutor {command}: error: argument --quiz: an empty quiz id: give a quiz's id or topic, or leave "
            f"--quiz out {without}") in err, err


@pytest.mark.parametrize("command", ["stats", "play"])
def test_a_quiz_id_is_taken_as_typed(command: str) -> None:
    assert build_parser(chat_platforms()).parse_args([command, "--quiz", "fsdp"]).quiz == "fsdp"
    assert build_parser(chat_platforms()).parse_args([command]).quiz is None
