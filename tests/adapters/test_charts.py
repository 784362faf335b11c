"""The /progress chart: a valid PNG of a sensible size in any language, the same bytes for the same chart,
safe from worker threads, at most 12 concepts, and sparse axis labels."""

from __future__ import annotations

import struct
import warnings
import zlib
from concurrent.futures import ThreadPoolExecutor

from adapters.charts import MAX_CONCEPTS, count_levels, labelled_days, render_progress_chart
from bot.progress_replies import ProgressChart

SIGNATURE = b"\x89PNG\r\n\x1a\n"
YORUBA_CONCEPTS = (
    ("ìgbésẹ̀ ìdánilẹ́kọ̀ọ́", 8), ("Ọ̀gá ìrántí", 17), ("ṣíṣe ìbánisọ̀rọ̀ pọ̀ mọ́ ìṣirò", 29), ("Ìpínkiri dátà", 41),
    ("ipò optimizer", 55), ("ẹ̀dà", 63), ("ṣàkóso", 78), ("pàrámítà", 100),
)
DAYS = tuple((f"{day:02d}/05", (day * 7) % 5) for day in range(1, 31))


def yoruba_chart(concepts: tuple[tuple[str, int], ...] = YORUBA_CONCEPTS) -> ProgressChart:
    return ProgressChart(title="Ọ̀gá ìrántí fún èrò kọ̀ọ̀kan", concepts=concepts,
                         reviews_title="Ìdáhùn, ọjọ́ 30 tó kọjá", days=DAYS, language="yo",
                         percent_format="{percent}%")


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG whose chunks are all whole and pass their CRC, from IHDR to IEND."""
    assert png.startswith(SIGNATURE)
    offset, names = len(SIGNATURE), []
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset:offset + 4])
        name, data = png[offset + 4:offset + 8], png[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", png[offset + 8 + length:offset + 12 + length])
        assert len(data) == length and zlib.crc32(name + data) == crc, f"chunk {name!r} is damaged"
        names.append(name)
        offset += 12 + length
    assert names[0] == b"IHDR" and names[-1] == b"IEND" and b"IDAT" in names
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def assert_sensible(png: bytes) -> None:
    width, height = png_size(png)
    assert 600 <= width <= 1600 and 400 <= height <= 1400
    assert len(png) < 300_000


def test_a_yoruba_chart_is_a_sensible_png_drawn_without_a_missing_glyph() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib warns "Glyph ... missing from font(s)" for an empty box
        png = render_progress_chart(yoruba_chart())
    assert_sensible(png)


def test_an_empty_chart_still_renders_at_the_same_size() -> None:
    empty = ProgressChart(title="Mastery by concept", concepts=(), reviews_title="Answers, last 30 days", days=(),
                          percent_format="{percent}%")
    png = render_progress_chart(empty)
    assert_sensible(png)
    assert png_size(png) == png_size(render_progress_chart(yoruba_chart()))
    assert png != render_progress_chart(yoruba_chart())


def test_only_the_weakest_concepts_are_drawn() -> None:
    many = tuple((f"concept {number}", number) for number in range(40))
    assert render_progress_chart(yoruba_chart(many)) == render_progress_chart(yoruba_chart(many[:MAX_CONCEPTS]))
    assert render_progress_chart(yoruba_chart(many)) != render_progress_chart(yoruba_chart(many[1:]))


def test_the_same_chart_gives_the_same_bytes() -> None:
    assert render_progress_chart(yoruba_chart()) == render_progress_chart(yoruba_chart())


def test_worker_threads_draw_the_same_charts_as_one_thread() -> None:
    charts = [yoruba_chart(), yoruba_chart(YORUBA_CONCEPTS[:3])] * 4
    alone = [render_progress_chart(chart) for chart in charts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(render_progress_chart, charts)) == alone


def test_dollar_signs_in_a_name_are_printed_not_parsed_as_mathtext() -> None:
    assert_sensible(render_progress_chart(yoruba_chart((("cost $\\frac{$ per GPU", 30),))))


def test_day_labels_are_few_and_always_name_today() -> None:
    assert labelled_days(30) == [4, 9, 14, 19, 24, 29]
    assert labelled_days(7) == [0, 2, 4, 6]
    assert labelled_days(0) == []


def test_count_levels_are_whole_and_reach_the_busiest_day() -> None:
    assert count_levels(0) == [0, 1]
    assert count_levels(7) == [0, 2, 4, 6]
    assert count_levels(40) == [0, 10, 20, 30, 40]
    assert count_levels(5000) == [0, 2000, 4000]
