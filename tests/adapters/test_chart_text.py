"""The chart's words: a font that has every letter the translations use and puts Yoruba tone marks above the
letter, a fallback for the rest, and labels shortened without tearing a mark from its letter."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties

import content
from adapters.chart_text import BOLD, REGULAR, covers, font, shorten


def ink_top(text: str, *, bold: bool = False) -> int:
    """The highest row with ink when ``text`` is drawn large in the chart's font."""
    figure = Figure(figsize=(1.5, 1.5), dpi=100, facecolor="white")
    canvas = FigureCanvasAgg(figure)
    figure.text(0.3, 0.3, text, color="black", fontproperties=font(text, 40, bold=bold), parse_math=False)
    canvas.draw()
    rows, _ = np.nonzero(np.asarray(canvas.buffer_rgba())[:, :, 0] < 128)
    return int(rows.min())


# A tone mark over a letter with a dot below (ọ̀, Ẹ́) must sit as high as over the plain letter (ò, É). matplotlib's
# DejaVu Sans fails this: with no anchor on the precomposed ọ it leaves the mark low, inside the capital's top.
@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize(("dotted", "plain"), [("Ọ̀", "Ò"), ("Ọ́", "Ó"), ("Ẹ̀", "È"), ("ẹ́", "é"), ("ọ̀", "ò")])
def test_tone_marks_sit_as_high_on_dotted_letters_as_on_plain_ones(dotted: str, plain: str, bold: bool) -> None:
    assert abs(ink_top(dotted, bold=bold) - ink_top(plain, bold=bold)) <= 1
    assert ink_top(dotted, bold=bold) < ink_top(without_tone(dotted), bold=bold) - 5  # above, not inside


def without_tone(text: str) -> str:
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).replace("\u0300", "").replace("\u0301", ""))


def test_letters_noto_lacks_fall_back_to_dejavu() -> None:
    assert file_of(font("Ọ̀gá ìrántí", 12)) == REGULAR
    assert file_of(font("Ọ̀gá ìrántí", 12, bold=True)) == BOLD
    assert file_of(font("x ≈ y", 12)).name == "DejaVuSans.ttf"


def file_of(properties: FontProperties) -> Path:
    """The file the font is drawn from (matplotlib keeps the path `font` gives it as a str)."""
    path = properties.get_file()
    assert isinstance(path, str), path
    return Path(path)


def shipped_texts() -> list[Path]:
    root = Path(content.__file__).resolve().parent
    return [*sorted(root.glob("locales/*/LC_MESSAGES/*.po")), root / "glossary.yaml"]


@pytest.mark.parametrize("path", shipped_texts(), ids=lambda p: p.parts[-3] if p.suffix == ".po" else p.name)
def test_noto_sans_has_every_letter_of_the_translations_and_the_glossary(path: Path) -> None:
    text = unicodedata.normalize("NFC", path.read_text(encoding="utf-8"))
    assert [char for char in sorted(set(text)) if not covers(REGULAR, char) or not covers(BOLD, char)] == []


def test_shortening_keeps_tone_marks_on_their_letters() -> None:
    assert shorten("Ọ̀gá ìrántí", 26) == unicodedata.normalize("NFC", "Ọ̀gá ìrántí")
    cut = shorten("Ọ̀gá ìrántí fún èrò kọ̀ọ̀kan", 5)  # 5 letters, each with all its marks, the last being "…"
    assert cut == unicodedata.normalize("NFC", "Ọ̀gá…")
    assert shorten("ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀", 3) == unicodedata.normalize("NFC", "ọ̀ọ̀…")
    assert shorten("  two\nlines  ", 20) == "two lines"


def test_shortening_keeps_an_emoji_sequence_or_a_flag_whole() -> None:
    family = "👩\u200d👩\u200d👧\u200d👦"  # one letter to a reader, 7 code points
    assert shorten(family * 3, 2) == family + "…"
    assert shorten("🇳🇬🇰🇪🇿🇼", 2) == "🇳🇬…"
