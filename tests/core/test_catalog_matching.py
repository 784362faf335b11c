"""What a typed reference names: /quiz takes the quiz it names alone or asks which one, Discord's autocomplete
offers them all, best first."""

from __future__ import annotations

from bot.content.library import ContentLibrary
from content import default_content_dir


def test_an_exact_id_comes_first_and_the_quizzes_it_names_otherwise_follow() -> None:
    catalog = ContentLibrary.load(default_content_dir()).catalog
    # "fsdp" is a quiz's id and another quiz's tag: both are offered, the quiz with that id first.
    assert [quiz.id for quiz in catalog.matching("fsdp")] == ["fsdp", "zero-sharded-optimizers"]
    assert [quiz.id for quiz in catalog.matching("   ")] == [] and catalog.named("") == []


def test_a_reference_names_the_quiz_with_that_id_or_whole_title_else_all_it_matches() -> None:
    catalog = ContentLibrary.load(default_content_dir()).catalog
    assert [quiz.id for quiz in catalog.named("FSDP ")] == ["fsdp"]  # an id, though another quiz has it as a tag
    assert [quiz.id for quiz in catalog.named("zero")] == ["zero-sharded-optimizers", "fsdp"]  # ask which
    # A whole title (Swahili) that is also the start of another quiz's title: that quiz, not a choice.
    assert [quiz.id for quiz in catalog.matching("usambamba wa data")] == ["data-parallelism", "fsdp"]
    assert [quiz.id for quiz in catalog.named("Usambamba wa Data")] == ["data-parallelism"]
    assert catalog.named("nothing of the kind") == []
