"""The /progress chart writes its percentages as the learner's language does, as the text lines beside it do."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.figure import Figure, SubFigure

from adapters.charts import draw_mastery
from tests.core.review_play import ADA, play_collectives
from tests.fakes.clock import FixedClock
from tests.support.engine_on_sqlite import services_on_sqlite

SOME_RIGHT = {"sum-everywhere": True, "shards-to-full": False, "english-only": True}


async def percent_labels(tmp_path: Path, content: Path, language: str) -> tuple[list[str], list[str], list[str]]:
    """A learner's /progress in ``language`` (on a SQLite file): its concept lines, then the values at the chart's
    bars and the labels of its 0-100 axis, as drawn on a real matplotlib figure."""
    async with services_on_sqlite(tmp_path, content, clock=FixedClock()) as services:
        await services.engine.set_language(ADA, language)
        await play_collectives(services.engine, SOME_RIGHT)
        progress = await services.engine.progress(ADA)
    assert progress.chart is not None
    part = Figure().subfigures(1, 1)
    assert isinstance(part, SubFigure)  # one: a sub-figure, not an array of them
    draw_mastery(part, progress.chart)
    (axes,) = part.axes
    return ([line.text for line in progress.concepts], [text.get_text() for text in axes.texts],
            [label.get_text() for label in axes.get_xticklabels()])


async def test_french_percentages_have_their_space_before_the_sign(tmp_path: Path, fixture_content: Path) -> None:
    """French writes "95 %" (no-break space), and the lines of /progress did ("rétention 95 %"); the chart sent
    with them said "95%"."""
    lines, values, axis = await percent_labels(tmp_path, fixture_content, "fr")
    assert all("\u00a0%" in line for line in lines)
    assert values and all(value.endswith("\u00a0%") and value[:-2].isdigit() for value in values)
    assert axis == ["0\u00a0%", "50\u00a0%", "100\u00a0%"]


@pytest.mark.parametrize("language", ["en", "sw", "yo", "sn"])
async def test_other_languages_keep_the_sign_against_the_number(tmp_path: Path, fixture_content: Path,
                                                                language: str) -> None:
    _lines, values, axis = await percent_labels(tmp_path, fixture_content, language)
    assert values and all(value.endswith("%") and value[:-1].isdigit() for value in values)
    assert axis == ["0%", "50%", "100%"]
