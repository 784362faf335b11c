"""How words look in the progress chart: the shipped font, and labels shortened without splitting a letter.

The chart's words are in the learner's language, Yoruba included. matplotlib's own DejaVu Sans has no mark
anchors on the precomposed ọ, ẹ, ṣ, so the tone mark of "Ọ̀" or "ẹ́" lands inside or beside the letter; Noto Sans
(shipped in fonts/, OFL) places it above. matplotlib is imported inside the functions: nothing at import time.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from bot.text import ELLIPSIS
from bot.text import clusters as text_clusters

if TYPE_CHECKING:
    from matplotlib.font_manager import FontProperties

FONTS = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS / "NotoSans-Regular.ttf"
BOLD = FONTS / "NotoSans-Bold.ttf"


def font(text: str, size: float, *, bold: bool = False) -> FontProperties:
    """Noto Sans for ``text``, or matplotlib's DejaVu Sans when Noto lacks one of its characters (≈, −):
    a mark placed a little off beats an empty box."""
    from matplotlib import get_data_path
    from matplotlib.font_manager import FontProperties

    path = BOLD if bold else REGULAR
    if not covers(path, text):
        path = Path(get_data_path()) / "fonts" / "ttf" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return FontProperties(fname=path, size=size)


def covers(path: Path, text: str) -> bool:
    codes = charmap(path)
    return all(ord(char) in codes or char.isspace() for char in text)


@cache
def charmap(path: Path) -> frozenset[int]:
    """The code points a font has glyphs for (read once; a frozenset is safe to share between threads)."""
    from matplotlib.ft2font import FT2Font

    return frozenset(FT2Font(str(path)).get_charmap())


def clusters(text: str) -> list[str]:
    """The letters as a reader counts them (grapheme clusters): each base character with its combining marks, and
    an emoji sequence as one."""
    return text_clusters(unicodedata.normalize("NFC", text))


def shorten(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` letters, ending in "…" when cut; a tone mark stays on its letter."""
    letters = clusters(" ".join(text.split()))
    if len(letters) <= limit:
        return "".join(letters)
    return "".join(letters[: max(limit - 1, 0)]).rstrip() + ELLIPSIS
