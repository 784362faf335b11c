"""`quiztutor play --user` took a name holding a control character (a newline, an escape: a script's "$(cat
file)", a pasted line): stored as the learner's id, it was a learner no later command line could name again, and
an escape sequence played on the terminal where the name is shown. It is refused as a wrong command line, exit 2."""

from __future__ import annotations

import pytest

from adapters.cli.commands import build_parser
from adapters.platforms import chat_platforms


@pytest.mark.parametrize(("name", "shown"), [("ada\nlovelace", "U+000A"), ("\x1b[31mada", "U+001B"),
                                             ("ada\tl", "U+0009"), ("ada\x7f", "U+007F"), ("ada\u200el", "U+200E"),
                                             ("ada\u2028l", "U+2028"), ("ada\x85l", "U+0085")])
def test_a_name_with_a_control_character_is_refused(name: str, shown: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser(chat_platforms()).parse_args(["play", "--user", name])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: quiztutor play"), err
    assert (f"quiztutor play: error: argument --user: it holds a control character ({shown}): give a name of "
            "letters, digits, spaces or punctuation") in err, err


def test_a_name_of_letters_spaces_and_punctuation_is_taken() -> None:
    args = build_parser(chat_platforms()).parse_args(["play", "--user", "Ada O'Neil-Ṣadé 2"])
    assert args.user == "Ada O'Neil-Ṣadé 2"
