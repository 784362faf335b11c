"""Browsing: the quiz list and a preview, in the learner's language, never giving answers away."""

from __future__ import annotations

from dataclasses import astuple

from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode, Preview, QuizListEntry

FRENCH = Actor("telegram", "amelie", language_hint="fr-CA")


async def test_the_quiz_list_gives_title_difficulty_and_question_count_in_english(engine: QuizEngine) -> None:
    listing = await engine.list_quizzes(Actor("telegram", "alice"))
    assert listing.heading == "Available quizzes:"
    assert listing.entries == (
        QuizListEntry("collectives", "Collectives", "Which collective does what.", "Medium · 3 questions"),
        QuizListEntry("long-options", "Long options", "Options too long for polls.", "Hard · 1 question"),
    )


async def test_the_quiz_list_uses_the_learners_language(engine: QuizEngine) -> None:
    swahili = await engine.list_quizzes(Actor("discord", "juma", language_hint="sw-KE"))
    assert [(entry.title, entry.description) for entry in swahili.entries] == [
        ("Mawasiliano ya pamoja", "Operesheni ipi ya pamoja hufanya nini."),
        ("Chaguo ndefu", "Chaguo ndefu mno kwa kura."),
    ]


async def test_a_preview_lists_every_question_and_its_options_alphabetically(engine: QuizEngine) -> None:
    preview = await engine.preview(Actor("telegram", "alice"), "collectives")
    assert isinstance(preview, Preview)
    assert (preview.quiz_id, preview.title) == ("collectives", "Collectives")
    assert preview.intro == "3 questions. Answers and explanations appear as you play."
    assert preview.questions[0] == ("Which collective leaves the sum of all gradients on every rank?",
                                    ("All-reduce", "Broadcast", "Scatter"))
    assert [len(options) for _, options in preview.questions] == [3, 2, 2]


async def test_a_preview_gives_away_neither_answers_nor_explanations(engine: QuizEngine) -> None:
    preview = await engine.preview(Actor("telegram", "alice"), "collectives")
    assert isinstance(preview, Preview)
    shown = repr(astuple(preview))
    for secret in ("All-reduce sums across ranks", "All-gather concatenates", "NVLink joins", "Ring all-reduce",
                   "NCCL collective operations"):
        assert secret not in shown


async def test_a_preview_in_french_shows_the_english_only_question_whole_in_english(engine: QuizEngine) -> None:
    preview = await engine.preview(FRENCH, "collectives")
    assert isinstance(preview, Preview)
    assert preview.questions[0][0].startswith("Quelle collective laisse la somme")
    assert preview.questions[2] == ("Which link usually carries tensor-parallel traffic inside one node?",
                                    ("Ethernet", "NVLink"))


async def test_previewing_an_unknown_quiz_says_so(engine: QuizEngine) -> None:
    reply = await engine.preview(Actor("telegram", "alice"), "nothing-like-this")
    assert isinstance(reply, Notice) and reply.code is NoticeCode.QUIZ_NOT_FOUND

