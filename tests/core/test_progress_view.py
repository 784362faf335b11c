"""How /progress orders what it shows: the learner reads names and percentages, not tags and raw floats."""

from __future__ import annotations

import gettext

from bot.content.catalog import Catalog
from bot.i18n import Localizer
from bot.mastery import Mastery, Score
from bot.progress_view import progress_view

_ = Localizer("en", gettext.NullTranslations())
NAMES = {"a-tag": "Zero redundancy", "b-tag": "All-reduce", "c-tag": "Bubbles"}


def test_concepts_are_weakest_first_and_equal_percentages_go_by_name() -> None:
    concepts = (Score("c-tag", 0.40, 1, 2, False), Score("a-tag", 0.996, 1, 2, False),
                Score("b-tag", 1.0, 2, 2, True))  # the mastery order: by retrievability, then by tag
    progress = progress_view(Catalog(()), [], Mastery((), concepts), due_today=0, streak=0, answers_per_day=[],
                             concept_name=NAMES.__getitem__, _=_)
    assert [line.title for line in progress.concepts] == ["Bubbles", "All-reduce", "Zero redundancy"]
    assert [line.percent for line in progress.concepts] == [40, 100, 100]
    assert progress.concepts[1].mastered and "mastered" in progress.concepts[1].text
