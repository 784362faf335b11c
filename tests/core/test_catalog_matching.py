"""What a typed reference names: /quiz takes the best match, Discord's autocomplete offers them all, best first."""

from __future__ import annotations

from bot.content.library import ContentLibrary
from content import default_content_dir


def test_an_exact_id_comes_first_and_the_quizzes_it_names_otherwise_follow() -> None:
    catalog = ContentLibrary.load(default_content_dir()).catalog
    # "fsdp" is a quiz's id and another quiz's tag: both are offered, the quiz with that id first.
    assert [quiz.id for quiz in catalog.matching("fsdp")] == ["fsdp", "zero-sharded-optimizers"]
    assert [quiz.id for quiz in catalog.matching("   ")] == [] and catalog.find("") is None
