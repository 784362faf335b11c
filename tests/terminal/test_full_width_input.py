"""What a Chinese or Japanese input method, or a phone, sends for plain ASCII: full-width letters, digits and
slash ("／ｑｕｉｚ　ｃｏｌｌｅｃｔｉｖｅｓ"), an ideographic space, styled letters (NFKC's compatibility forms). The
terminal reads them as the ASCII they look like, in every language; "²" and "①" still are no numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.terminal import words
from adapters.terminal.commands import Line, parse
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "ime", "terminal")


@pytest.mark.parametrize("answering", [False, True])
@pytest.mark.parametrize(("typed", "line"), [
    ("／start", Line("start")), ("／ｓｔａｒｔ", Line("start")), ("ＳＴＡＲＴ", Line("start")),
    ("／quiz collectives", Line("quiz", "collectives")),
    ("／ｑｕｉｚ\u3000ｃｏｌｌｅｃｔｉｖｅｓ\u3000", Line("quiz", "collectives")),
    ("ｓｔａｒｔ　ｃｏｌｌｅｃｔｉｖｅｓ", Line("quiz", "collectives")),
    ("ｑｕｉｔ", Line("quit")), ("Ｑ", Line("quit")), ("／ｅｘｉｔ", Line("quit")),
    ("ｌａｎｇｕａｇｅ　ｆｒ", Line("language", "fr")),
    ("／ｔｉｍｅｚｏｎｅ Ａｆｒｉｃａ／Ｌａｇｏｓ", Line("timezone", "Africa/Lagos")),
    ("𝐡𝐞𝐥𝐩", Line("help")),  # mathematical bold, as a "fancy text" keyboard sends it
    ("／ｆｏｏ", Line("unknown", "／ｆｏｏ")),  # said back as typed
])
def test_a_full_width_command_reads_as_its_ascii_twin(typed: str, line: Line, answering: bool) -> None:
    assert parse(typed, answering) == line


@pytest.mark.parametrize("typed", ["ｃｏｌｌｅｃｔｉｖｅｓ", "ｃｏｌｌｅｃｔｉｖｅｓ\u3000"])
def test_a_quiz_named_in_full_width_is_named_in_ascii(typed: str) -> None:
    assert parse(typed, answering=False) == Line("choose", "collectives")


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_whole_game_typed_with_an_input_method_on_works_in_every_language(tmp_path: Path,
                                                                                  language: str) -> None:
    lines = ["／ｓｔａｒｔ", "／ｑｕｉｚ　ｃｏｌｌｅｃｔｉｖｅｓ", "１", "Ａ　", "／ｐｒｏｇｒｅｓｓ", "ｑｕｉｔ", "1"]
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io).play(language=language)
        _ = services.engine.localizer_for(language)
    said = " ".join(io.transcript.split())  # as wrapped to the terminal's width
    assert said.count(" ".join(words.welcome(_).split())) == 2  # at start-up, and for "／ｓｔａｒｔ"
    assert _("Question {number} of {total}", number=3, total=3) in said  # "１" and "Ａ　" answered
    assert " ".join(words.number_please(_, 3).split()) not in said
    assert "／" not in said  # never "There is no quiz called “／ｓｔａｒｔ”", nor no command called so
    assert said.rstrip().endswith(" ".join(_("Bye! Your progress is saved: run the same command to carry on.")
                                           .split()))  # "ｑｕｉｔ" left: the "1" after it was never read


@pytest.mark.parametrize(("typed", "answering", "line"), [
    ("\u200b2", False, Line("choose", "2", 2)), ("2\u200e", False, Line("choose", "2", 2)),
    ("\ufeff1", True, Line("answer", "1", 0)), ("b\u2060", True, Line("answer", "b", 1)),
    ("\u200bquiz collectives", False, Line("quiz", "collectives")), ("quit\u200b", True, Line("quit")),
    ("quiz col\u00adlectives", True, Line("quiz", "collectives")), ("\u200b \ufeff", True, Line("nothing")),
])
def test_invisible_characters_pasted_with_a_line_are_not_part_of_it(typed: str, answering: bool, line: Line) -> None:
    """A zero-width space or a word joiner copied from a web page, a byte order mark from a file joined to
    another, a soft hyphen: "\u200b2" was answered "There is no quiz called “2”" under a list with a 2 in it."""
    assert parse(typed, answering) == line
