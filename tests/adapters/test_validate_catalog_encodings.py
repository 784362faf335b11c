"""`quiztutor validate` (and start-up, which reads the same way) on a translation catalog in another encoding than
UTF-8. gettext lets a catalog declare its charset; babel reads one saved as its header says (``charset=ISO-8859-1``),
but the check for unclosed strings decoded every file as UTF-8: a valid Latin-1 catalog, which msgfmt --check
accepts, was refused, the bot would not start (exit 3), with "'utf-8' codec can't decode byte 0xe9 in position
227: invalid continuation byte". It is now read in the charset its header declares. And a catalog saved in Latin-1
by an editor while its header says UTF-8 (the usual mistake) was refused with such a position in a line it didn't
name: now with the line, as a quiz file is."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from adapters.cli.catalog_tools import validate
from adapters.platforms import chat_platforms
from bot.i18n import UiTexts

ROOT = Path(__file__).resolve().parents[2]
BYE = "Bye! Your progress is saved: run the same command to carry on."


def content_with_french(tmp_path: Path, catalog: bytes) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "tests" / "fixtures" / "content", content)
    french = content / "locales" / "fr" / "LC_MESSAGES"
    french.mkdir(parents=True)
    (french / "quiztutor.po").write_bytes(catalog)
    return content


def catalog(charset: str, translation: str, encoding: str) -> bytes:
    return (f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset={charset}\\n"\n'
            f'"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
            f'msgid "{BYE}"\nmsgstr "{translation}"\n').encode(encoding)


def run_validate(content: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = validate(content, {spec.name: spec.poll_limits for spec in chat_platforms()}, out)
    return code, out.getvalue()


def test_a_catalog_in_the_latin_1_its_header_declares_is_read(tmp_path: Path) -> None:
    content = content_with_french(tmp_path, catalog("ISO-8859-1", "Au revoir ! Progression enregistrée.", "latin-1"))
    code, said = run_validate(content)
    assert code == 0 and said.startswith("OK: "), said
    assert UiTexts.load(content / "locales").for_language("fr")(BYE) == "Au revoir ! Progression enregistrée."


def test_a_catalog_saved_in_latin_1_under_a_utf_8_header_is_refused_with_its_line(tmp_path: Path) -> None:
    content = content_with_french(tmp_path, catalog("UTF-8", "Au revoir ! Progression enregistrée.", "latin-1"))
    code, said = run_validate(content)
    assert code == 1
    assert said.splitlines()[1:] == ["  locales/fr/LC_MESSAGES/quiztutor.po: can't be read: line 7 is not UTF-8 "
                                     "(byte 0xE9): save the file as UTF-8"], said
