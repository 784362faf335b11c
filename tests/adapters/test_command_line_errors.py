"""A wrong argument to a `quiztutor` subcommand is told by that subcommand, with its own usage line.

argparse leaves an argument no subcommand knows to the top-level parser, which printed `usage: quiztutor [-h]
COMMAND ...` and `quiztutor: error: unrecognized arguments: --frob`: nothing about the options the command does
take, and `scripts/play --frob` never said it was `play` that refused it."""

from __future__ import annotations

import pytest

from adapters.cli.commands import build_parser
from adapters.platforms import chat_platforms


@pytest.mark.parametrize(("argv", "usage", "unknown"), [
    (["play", "--frob"], "usage: quiztutor play [-h] [--lang LANG]", "--frob"),
    (["run", "extra"], "usage: quiztutor run [-h]", "extra"),
    (["validate", "a", "b"], "usage: quiztutor validate [-h] [--strict] [dir]", "b"),
    (["export", "--strict"], "usage: quiztutor export [-h] [dir]", "--strict"),
    (["stats", "--frob", "x"], "usage: quiztutor stats [-h] [--quiz QUIZ] [--json]", "--frob x"),
    (["schema", "extra"], "usage: quiztutor schema [-h] [--check]", "extra"),
    (["discord-sync", "--frob"], "usage: quiztutor discord-sync [-h] [--guild GUILD]", "--frob"),
])
def test_an_unknown_argument_is_told_by_its_command(argv: list[str], usage: str, unknown: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser(chat_platforms()).parse_args(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage), err
    assert f"quiztutor {argv[0]}: error: unrecognized arguments: {unknown}" in err, err


def test_an_unknown_command_is_still_told_at_the_top(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser(chat_platforms()).parse_args(["nosuch"])
    assert ended.value.code == 2
    assert "quiztutor: error: argument COMMAND: invalid choice: 'nosuch'" in capsys.readouterr().err


def test_arguments_it_knows_still_parse() -> None:
    args = build_parser(chat_platforms()).parse_args(["validate", "somewhere", "--strict"])
    assert (args.command, str(args.dir), args.strict) == ("validate", "somewhere", True)


def test_an_unknown_option_before_the_command_is_the_top_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser(chat_platforms()).parse_args(["--frob", "validate"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: quiztutor [-h] [--version] COMMAND ...") and (
        "quiztutor: error: unrecognized arguments: --frob" in err), err
