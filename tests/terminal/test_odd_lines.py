"""Lines a new learner may type or paste that are neither answers nor commands as meant: each gets a reply in
their language, never the apology for a failure."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from adapters.terminal import words
from adapters.terminal.lines import MAX_LINE_CHARS, ScriptedLineIO, StdLineIO
from adapters.terminal.player import TerminalPlayer
from bot.i18n import Localizer, UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.notices import ECHOED
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
ACTOR = Actor("terminal", "newcomer", "terminal")


async def play(tmp_path: Path, lines: list[str], language: str, quiz: str | None = "collectives") -> str:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io).play(quiz=quiz, language=language)
    return io.transcript


def words_in(language: str) -> Localizer:
    return UiTexts.load(LOCALES).for_language(language)


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_negative_or_huge_number_at_the_quiz_picker_gets_the_numbers_there_are(tmp_path: Path,
                                                                                        language: str) -> None:
    """"0" and "5" were told the numbers there are (1 to 2), but "-1" and "99999999999999999999" that no quiz was
    called so, under a list numbered 1 and 2: as if they had been taken for names."""
    typed = ["-1", "99999999999999999999", "quiz -1", "( -3 )", "+7", "quit"]
    said = " ".join((await play(tmp_path, typed, language, quiz=None)).split())
    _ = words_in(language)
    assert said.count(" ".join(words.quiz_number_please(_, 2).split())) == 5, said
    for number in typed[:2]:
        assert " ".join(_("There is no quiz called “{name}”.", name=number).split()) not in said


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_long_unknown_command_is_said_back_cut_short(tmp_path: Path, language: str) -> None:
    """"/" and 499 more characters were said back whole: six lines of "There is no command called “////…”"."""
    said = await play(tmp_path, ["/" + "x" * (MAX_LINE_CHARS - 1), "quit"], language)
    reply = " ".join(said.split("> ")[1].split())  # after the first prompt
    assert reply.startswith(" ".join(words.unknown_command(words_in(language), "/").split("/")[0].split())), reply
    assert "x" * 40 in reply and reply.count("x") < ECHOED and "…" in reply


async def test_a_time_zone_of_hundreds_of_parts_is_an_unknown_zone(tmp_path: Path) -> None:
    """zoneinfo looks a name up as nested packages, one import per part: 245 of them overflowed the stack
    (RecursionError), and the learner got "Sorry, something went wrong" and the log an error."""
    command = "timezone "
    parts = "A/" * ((MAX_LINE_CHARS - len(command)) // 2) + "A"
    transcript = await play(tmp_path, [command + parts, "timezone Africa/Lagos", "quit"], "fr")
    flat = " ".join(transcript.split())  # as wrapped to the terminal's width, and French's no-break spaces
    assert "Je ne connais pas le fuseau horaire « A/A/A/" in flat
    assert "Votre fuseau horaire est désormais Africa/Lagos" in flat
    assert "Désolé" not in flat


async def test_a_byte_order_mark_before_the_first_line_is_not_part_of_it(tmp_path: Path) -> None:
    """A file saved by Windows' Notepad starts with one: piped in, its first line "2" was "\\ufeff2", and the
    learner read "There is no quiz called “2”" under a list with a 2 in it."""
    script = tmp_path / "answers.txt"
    script.write_bytes(codecs.BOM_UTF8 + b"2\r\n\xef\xbb\xbf3\n")
    with script.open(encoding="utf-8") as stdin, (tmp_path / "shown.txt").open("w", encoding="utf-8") as stdout:
        io = StdLineIO(stdin, stdout)
        assert [await io.read_line("> "), await io.read_line("> "), await io.read_line("> ")] == ["2", "\ufeff3", None]


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_every_number_off_the_options_gets_the_same_reply(tmp_path: Path, language: str) -> None:
    """"0" and "4" were told to choose one of the options 1 to 3, but "-1" to type a number (it had typed one), and
    so "99999999999999999999" and "(-2)"."""
    typed = ["0", "4", "-1", "99999999999999999999", "(-2)", "+9"]
    said = " ".join((await play(tmp_path, [*typed, "quit"], language)).split())
    _ = words_in(language)
    off = " ".join(_("Please choose one of the options, 1 to {count}.", count=3).split())
    assert said.count(off) == len(typed), said
    assert " ".join(words.number_please(_, 3).split()) not in said
