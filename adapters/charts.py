"""The /progress picture as a PNG: mastery per concept on top, answers per day over the last 30 days below.

Drawn with a Figure of its own on the Agg canvas, never pyplot: pyplot keeps global state, and the adapters call
this from a worker thread (asyncio.to_thread) so that drawing stays off the event loop. Every text sets its own
font and turns mathtext off, so nothing depends on (or changes) the process-wide rcParams, and a "$" in a concept
name is printed, not parsed.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from adapters.chart_text import font, shorten
from bot.progress_replies import ProgressChart

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.figure import SubFigure

SIZE_INCHES, DPI = (9, 7), 100  # 900×700 px: sharp in a chat, still small to send
MAX_CONCEPTS = 12  # the weakest ones: more rows would make every label too small on a phone
MIN_ROWS = 6  # a chart of two concepts keeps thin bars at the top instead of two fat blocks
LABEL_LETTERS, TITLE_LETTERS, DAY_LETTERS = 26, 48, 10
DAY_TICKS = 6  # about one label in five days: 30 day labels would collide
TITLE_PT, LABEL_PT, VALUE_PT, TICK_PT = 17, 14, 13, 12  # readable once a phone scales 900 px down to ~400
INK, BAR, LINE = "#1f2933", "#3b6fb6", "#c3cad3"


def render_progress_chart(chart: ProgressChart) -> bytes:
    """The chart as PNG bytes; the same chart gives the same bytes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    layout = ConstrainedLayoutEngine(w_pad=8 / 72, h_pad=4 / 72)  # white around the edges
    figure = Figure(figsize=SIZE_INCHES, dpi=DPI, facecolor="white", layout=layout)
    canvas = FigureCanvasAgg(figure)
    # Two sub-figures, each laid out on its own: the days get the full width, not the bars' label margin.
    top, bottom = figure.subfigures(2, 1, height_ratios=[3, 2])  # type: ignore[misc]  # two: an array of them
    draw_mastery(top, chart)
    draw_answers(bottom, chart)
    png = io.BytesIO()
    # The canvas itself, not savefig: one drawing pass, and no savefig.* rcParams another module may have set.
    # No "Software" metadata: the file carries no version string, only the picture.
    canvas.print_png(png, metadata={"Software": None})
    return png.getvalue()


def draw_mastery(part: SubFigure, chart: ProgressChart) -> None:
    """Horizontal bars from 0 to 100 %, weakest concept at the top, each with its value at the bar's end."""
    axes = part.subplots()
    concepts = chart.concepts[:MAX_CONCEPTS]  # already weakest first
    percents = [min(max(percent, 0), 100) for _, percent in concepts]
    rows = range(len(concepts))
    title(part, chart.title, chart.language)
    axes.axvline(100, color=LINE, linewidth=1.2, zorder=0)  # the goal line
    axes.barh(rows, percents, height=0.62, color=BAR)
    for row, percent in zip(rows, percents, strict=True):
        value = chart.percent(percent)
        axes.text(percent + 1.5, row, value, va="center", color=INK, fontproperties=font(value, VALUE_PT),
                  parse_math=False)
    axes.set_xlim(0, 114)  # room right of a full bar for its "100%"
    axes.set_ylim(max(len(concepts), MIN_ROWS) - 0.5, -0.5)  # top to bottom: first (weakest) first
    ticks(axes.xaxis, [0, 50, 100], [chart.percent(value) for value in (0, 50, 100)], chart.language)
    ticks(axes.yaxis, rows, [shorten(name, LABEL_LETTERS) for name, _ in concepts], chart.language, LABEL_PT)
    axes.tick_params(axis="y", length=0)
    plain(axes, keep=("bottom",))


def draw_answers(part: SubFigure, chart: ProgressChart) -> None:
    """One bar per day, oldest on the left; a few day labels, always including the last (today)."""
    axes = part.subplots()
    counts = [max(count, 0) for _, count in chart.days]
    top = max(counts, default=0)
    title(part, chart.reviews_title, chart.language)
    axes.bar(range(len(counts)), counts, width=0.75, color=BAR)
    axes.set_xlim(-0.7, max(len(counts), 1) - 0.3)
    axes.set_ylim(0, max(top, 1) * 1.08)
    axes.yaxis.grid(True, color=LINE, linewidth=0.8)
    axes.set_axisbelow(True)
    shown = labelled_days(len(counts))
    ticks(axes.xaxis, shown, [shorten(chart.days[day][0], DAY_LETTERS) for day in shown], chart.language)
    levels = count_levels(top)
    ticks(axes.yaxis, levels, [str(level) for level in levels], chart.language)
    axes.tick_params(axis="y", length=0)
    plain(axes, keep=("bottom",))


def labelled_days(days: int) -> list[int]:
    """Which days get a label: every ``step``-th counted back from the last, so today is always named."""
    step = max(math.ceil(days / DAY_TICKS), 1)
    return sorted(range(days - 1, -1, -step))


def count_levels(top: int) -> list[int]:
    """Whole-number grid levels from 0 up to the busiest day, about four of them, in steps of 1, 2 or 5 × 10ⁿ."""
    top = max(top, 1)  # a month without answers still gets a 0 and a 1
    rough = math.ceil(top / 4)
    magnitude = 10 ** (len(str(rough)) - 1)
    step = next(size * magnitude for size in (1, 2, 5, 10) if size * magnitude >= rough)
    return list(range(0, top + 1, step))


def title(part: SubFigure, text: str, language: str) -> None:
    """At the left edge of its half, above the labels too, where the eye starts reading."""
    part.suptitle(shorten(text, TITLE_LETTERS), x=0.01, ha="left", color=INK, parse_math=False,
                  language=language, fontproperties=font(text, TITLE_PT, bold=True))


def ticks(axis: Axis, positions: Sequence[int], labels: Sequence[str], language: str,
          size: float = TICK_PT) -> None:
    """Fixed ticks whose labels each get a font that has their letters."""
    axis.set_ticks(list(positions), labels=list(labels), color=INK, parse_math=False, language=language)
    for label in axis.get_ticklabels():
        label.set_fontproperties(font(label.get_text(), size))


def plain(axes: Axes, keep: Sequence[str]) -> None:
    """Only the spines that carry meaning: less ink around the bars."""
    for side, spine in axes.spines.items():
        spine.set_visible(side in keep)
        spine.set_color(LINE)
